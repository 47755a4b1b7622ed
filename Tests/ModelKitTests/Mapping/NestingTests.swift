import Foundation
import ModelKit
import Testing

@DictionaryModel
struct Pet: Hashable {
    var name = ""
    var age = 0
}

@DictionaryModel
struct Household: Equatable {
    var owner: Pet?
    var pets: [Pet] = []
    var petSet: Set<Pet> = []
    var petsByName: [String: Pet] = [:]
    var scores: [Int] = []
    var tags: Set<String> = []
    var grid: [[Int]] = []
    var counts: [String: Int] = [:]
    var nestedPets: [[Pet]] = []
}

@Suite("Nested models and collections")
struct NestingTests {
    @Test("Arrays, sets and dictionaries of models and scalars, and arrays of arrays")
    func collections() throws {
        let model = try Household(dictionary: [
            "owner": ["name": "Ann", "age": "40"],
            "pets": [["name": "Rex", "age": 3], ["name": "Tom", "age": "2"]],
            "petSet": [["name": "Rex"], ["name": "Rex"]],
            "petsByName": ["rex": ["name": "Rex", "age": 3]],
            "scores": [1, "2", 3.0],
            "tags": ["a", "b", "a"],
            "grid": [[1, 2], [3]],
            "counts": ["x": "1", "y": 2],
            "nestedPets": [[["name": "A"]], []],
        ])
        #expect(model.owner == Pet(name: "Ann", age: 40))
        #expect(model.pets == [Pet(name: "Rex", age: 3), Pet(name: "Tom", age: 2)])
        #expect(model.petSet == [Pet(name: "Rex", age: 0)])
        #expect(model.petsByName["rex"] == Pet(name: "Rex", age: 3))
        #expect(model.scores == [1, 2, 3])
        #expect(model.tags == ["a", "b"])
        #expect(model.grid == [[1, 2], [3]])
        #expect(model.counts == ["x": 1, "y": 2])
        #expect(model.nestedPets == [[Pet(name: "A", age: 0)], []])
    }

    @Test("Lossy arrays: a bad element is dropped with a diagnostic, not the whole array")
    func lossyArray() throws {
        let decoded = try Household.decode(object: ["scores": [1, "two", 3, NSNull()]])
        #expect(decoded.model.scores == [1, 3])
        let notes = decoded.diagnostics.map(\.description)
        #expect(notes.contains { $0.hasPrefix("scores[1]: expected Int, found string \"two\"") })
        #expect(notes.contains { $0.hasPrefix("scores[3]: expected Int, found null") })
    }

    @Test("Strict mode: a bad element fails the whole decode, with its path")
    func strictArray() {
        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: "string \"two\""), at: "scores[1]")) {
            try Household(dictionary: ["scores": [1, "two"]], options: .strict)
        }
    }

    @Test("A nested model of the wrong kind takes the default in lenient mode, fails in strict mode")
    func nestedWrongKind() throws {
        let decoded = try Household.decode(object: ["owner": "Ann", "pets": ["name": "Rex"]])
        #expect(decoded.model.owner == nil)
        #expect(decoded.model.pets == [])
        let invalid = decoded.diagnostics.filter {
            if case .defaultedInvalid = $0.kind { return true }
            return false
        }
        #expect(Set(invalid.map(\.path.description)) == ["owner", "pets"])
        #expect(throws: MappingError.self) { try Household(dictionary: ["owner": "Ann"], options: .strict) }
    }
}
