import Foundation
import ModelKit
import Testing

@Suite("Model(json:): JSON through the entry point compiled in ModelKit")
struct JSONEntryPointTests {
    static let household = Data(
        #"{"owner": {"name": "Ann", "age": "40"}, "pets": [{"name": "Rex", "age": 3}], "scores": [1, "2"]}"#.utf8)

    @Test("It decodes nested models, arrays and conversions as init(data:) does")
    func decodesAsInitData() throws {
        let model = try Household(json: Self.household)
        #expect(model == (try Household(data: Self.household)))
        #expect(model.owner == Pet(name: "Ann", age: 40))
        #expect(model.pets == [Pet(name: "Rex", age: 3)])
        #expect(model.scores == [1, 2])
    }

    @Test("A slice of a larger buffer decodes: the bytes are read from the slice's start")
    func slice() throws {
        let padded = Data("xx".utf8) + Self.household + Data("yy".utf8)
        let slice = padded[2..<(padded.count - 2)]
        #expect(slice.startIndex == 2)
        #expect(try Household(json: slice) == (try Household(json: Self.household)))
    }

    @Test("decode(json:) returns what the lenient rules did, each with its key path")
    func diagnostics() throws {
        let decoded = try Household.decode(json: Self.household)
        #expect(decoded.model == (try Household(json: Self.household)))
        let paths = Set(decoded.diagnostics.map { "\($0.path)" })
        #expect(paths.contains("owner.age"))
        #expect(paths.contains("scores[1]"))
        let strict = #expect(throws: MappingError.self) { try Household(json: Self.household, options: .strict) }
        #expect(strict.map { "\($0.path)" } == "owner.age")
    }

    @Test("A mismatch names its key path; malformed JSON its line and column")
    func errors() {
        let mismatch = #expect(throws: MappingError.self) {
            try Household(json: Data(#"{"pets": [{"name": "Rex"}, {"name": ["x"]}]}"#.utf8), options: .strict)
        }
        #expect(mismatch.map { "\($0.path)" } == "pets[1].name")
        expectMalformedJSON(at: "line 2, column 11") { try Pet(json: Data("{\n  \"name\": ,}".utf8)) }
    }

    @Test("Property lists are not told from the bytes: they fail as JSON")
    func propertyListsAreJSONErrors() throws {
        let plist = try Pet(name: "Rex", age: 3).data(format: .xmlPropertyList)
        #expect(try Pet(data: plist) == Pet(name: "Rex", age: 3))
        expectMalformedJSON(at: "line 1, column 1") { try Pet(json: plist) }
    }

    @Test("The input's size and depth limits hold")
    func limits() {
        var small = DecodingOptions()
        small.maximumInputBytes = 8
        #expect(throws: MappingError.self) { try Pet(json: Data(#"{"name": "Rex"}"#.utf8), options: small) }
        var shallow = DecodingOptions()
        shallow.maximumDepth = 2
        let deep = Data(#"{"owner": {"name": "Ann"}, "pets": [{"name": {"x": [1]}}]}"#.utf8)
        #expect(throws: MappingError.self) { try Household(json: deep, options: shallow) }
        #expect(throws: Never.self) { try Household(json: Data(#"{"pets": []}"#.utf8), options: shallow) }
    }

    @Test("A null root is nil for an optional and an error naming the type for a model")
    func nullRoot() throws {
        #expect(try Pet?(json: Data("null".utf8)) == nil)
        #expect(try [Pet](json: Data("[]".utf8)) == [])
        let error = #expect(throws: MappingError.self) { try Pet(json: Data(" null ".utf8)) }
        #expect(error.map { "\($0)" }?.contains("Pet") == true)
    }
}

/// Expects `body` to fail as malformed JSON at `location` ("line 2, column 11").
private func expectMalformedJSON<Result>(
    at location: String, sourceLocation: SourceLocation = #_sourceLocation, performing body: () throws -> Result
) {
    let error = expectMappingError(kind: .malformedData, sourceLocation: sourceLocation, performing: body)
    guard case .malformedData(let format, let found, _)? = error?.reason else { return }
    #expect(format == "JSON", sourceLocation: sourceLocation)
    #expect(found == location, sourceLocation: sourceLocation)
}
