import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

@DictionaryModel
struct Node: Equatable {
    var name = ""
    var children: [Node] = []
}

@DictionaryModel
struct Numbers: Equatable {
    var values: [Int] = []
}

@DictionaryModel
struct Scores: Equatable {
    var scores: [String: Int] = [:]
}

/// A link of a chain that a caller may close into a loop, which writing follows until a limit stops it.
@DictionaryModel
final class ChainLink {
    var name = ""
    var next: ChainLink?

    init(name: String) {
        self.name = name
    }
}

@Suite("Hostile input: deep, large, truncated and malformed", .timeLimit(.minutes(1)))
struct HostileInputTests {
    @Test("Writing a loop of objects stops with tooDeep: at the maximum, or at the depth the stack allowed")
    func writingLoop() throws {
        let link = ChainLink(name: "loop")
        link.next = link
        defer { link.next = nil }
        #expect(throws: MappingError(.tooDeep(limit: EncodingOptions().maximumDepth), at: ValuePath())) {
            try link.jsonData()
        }
        // Raised past what the stack holds, the limit is where the stack guard stopped, not the maximum asked for.
        var options = EncodingOptions()
        options.maximumDepth = 10_000_000
        do {
            _ = try link.jsonData(options: options)
            Issue.record("a loop must not be written")
        } catch let error as MappingError {
            guard case .tooDeep(let limit) = error.reason else {
                Issue.record("\(error)")
                return
            }
            #expect(limit >= StackGuard.checkedDepth && limit < options.maximumDepth, "\(error)")
        }
        // A maximum below the depth where the stack is checked stops the loop there.
        var shallow = EncodingOptions()
        shallow.maximumDepth = 3
        #expect(throws: MappingError(.tooDeep(limit: 3), at: ValuePath())) { try link.jsonData(options: shallow) }
    }

    @Test("100,000-deep JSON nesting is an error that names the limit, not a stack overflow")
    func deepJSON() throws {
        let depth = 100_000
        let arrays = Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        expectMappingError(.tooDeep(limit: 512)) { try Value(data: arrays) }
        var objects = ""
        for _ in 0..<depth { objects += #"{"name":"n","children":["# }
        objects += String(repeating: "]}", count: depth)
        do {
            _ = try Node(data: Data(objects.utf8))
            Issue.record("100,000-deep nesting must fail")
        } catch let error as MappingError {
            #expect(error.reason == .tooDeep(limit: 512), "\(error)")
        }
    }

    @Test("Deep Foundation objects stop at the depth limit; a custom limit is honoured")
    func deepObjects() throws {
        var node: [String: Any] = ["name": "leaf"]
        for _ in 0..<5_000 { node = ["name": "n", "children": [node]] }
        expectMappingError(.tooDeep(limit: 512)) { try Node(dictionary: node) }
        // A limit raised far past what the stack holds still ends in an error, not a stack overflow.
        var options = DecodingOptions()
        options.maximumDepth = 1_000_000
        do {
            let decoded = try Node(dictionary: node, options: options)
            #expect(decoded.children.first?.name == "n")
        } catch let error as MappingError {
            guard case .tooDeep = error.reason else {
                Issue.record("unexpected \(error)")
                return
            }
        }
        var shallow = DecodingOptions()
        shallow.maximumDepth = 4
        expectMappingError(.tooDeep(limit: 4)) {
            try Node(dictionary: ["children": [["children": [["children": [["name": "x"]]]]]]], options: shallow)
        }
    }

    @Test("A 1,000,000-element array decodes")
    func millionElements() throws {
        var text = #"{"values":["#
        text += (0..<1_000_000).map(String.init).joined(separator: ",")
        text += "]}"
        let numbers = try Numbers(data: Data(text.utf8))
        #expect(numbers.values.count == 1_000_000)
        #expect(numbers.values.last == 999_999)
    }

    @Test("An array longer than the collection limit is refused")
    func collectionLimit() {
        var options = DecodingOptions()
        options.maximumCollectionCount = 10
        #expect(throws: MappingError(.tooLarge("more than 10 elements"), at: "values")) {
            try Numbers(dictionary: ["values": Array(0..<11)], options: options)
        }
    }

    @Test("A dictionary with more entries than the collection limit is refused, from JSON and from objects")
    func dictionaryLimit() throws {
        var options = DecodingOptions()
        options.maximumCollectionCount = 3
        let entries = Dictionary(uniqueKeysWithValues: (0..<4).map { ("k\($0)", $0) })
        let error = MappingError(.tooLarge("more than 3 entries"), at: "scores")
        #expect(throws: error) { try Scores(dictionary: ["scores": entries], options: options) }
        let json = try JSONSerialization.data(withJSONObject: ["scores": entries])
        #expect(throws: error) { try Scores(json: json, options: options) }
        options.maximumCollectionCount = 4
        #expect(try Scores(json: json, options: options).scores == entries)
    }

    @Test("A Value tree keeps the collection limit, in the same words as a model's collections")
    func valueTreeLimit() throws {
        var options = DecodingOptions()
        options.maximumCollectionCount = 3
        #expect(throws: MappingError(.tooLarge("more than 3 elements"), at: "a")) {
            try Value(json: Data(#"{"a":[1,2,3,4]}"#.utf8), options: options)
        }
        #expect(throws: MappingError(.tooLarge("more than 3 entries"), at: ValuePath())) {
            try Value(json: Data(#"{"a":1,"b":2,"c":3,"d":4}"#.utf8), options: options)
        }
        #expect(try Value(json: Data(#"{"a":[1,2,3]}"#.utf8), options: options) == ["a": [1, 2, 3]])
    }

    @Test("Truncated JSON at every length is an error with a location, never a crash")
    func truncatedJSON() throws {
        let data = try RepositoryData.contents(of: "bench/user.json")
        for length in stride(from: 0, to: data.count, by: 7) {
            do {
                _ = try Value(data: data.prefix(length))
                Issue.record("a prefix of \(length) bytes must not decode")
            } catch let error as MappingError {
                guard case .malformedData(let format, let location, _) = error.reason else {
                    Issue.record("unexpected error \(error)")
                    continue
                }
                #expect(format == "JSON")
                #expect(location.contains("line"), "\(error)")
            }
        }
    }

    @Test("Malformed files name the file and where in it")
    func malformedFile() throws {
        let folder = try TemporaryFolder()
        let file = folder.file("apps.json")
        try Data("[\n  {\"name\": \"Maps\",\n   \"icon\": }\n]".utf8).write(to: file)
        do {
            _ = try [AppInfo](contentsOf: file)
            Issue.record("a malformed file must not decode")
        } catch {
            #expect("\(error)".contains("apps.json line 3, column"), "\(error)")
        }
        let missing = folder.file("none.json")
        #expect(
            throws: MappingError(
                .file(path: missing.path, detail: "cannot be read: no such file or no permission"), at: ValuePath())
        ) { try [AppInfo](contentsOf: missing) }
    }

    @Test("Every malformed JSONTestSuite file is refused at the model entry point, with where in it")
    func conformanceAsModels() throws {
        for url in try RepositoryData.jsonConformanceFiles(prefix: "n_") {
            let name = url.lastPathComponent
            let data = try Data(contentsOf: url)
            let error = #expect(throws: MappingError.self, "\(name)") { try Value(data: data) }
            guard let error else { continue }
            if name == "n_structure_100000_opening_arrays.json" || name == "n_structure_open_array_object.json" {
                // Nesting past the limit is refused before the end of the data shows it malformed.
                #expect(error.reason == .tooDeep(limit: 512), "\(name): \(error)")
                continue
            }
            guard case .malformedData(let format, let location, _) = error.reason else {
                Issue.record("\(name): \(error) is not malformedData")
                continue
            }
            // A file that starts with `<` is read, and refused, as an XML property list.
            let expectedFormat = ModelFileFormat.detect(data) == .xmlPropertyList ? "XML property list" : "JSON"
            #expect(format == expectedFormat, "\(name)")
            #expect(location.wholeMatch(of: /line [1-9][0-9]*, column [1-9][0-9]*/) != nil, "\(name): \(location)")
        }
    }

    @Test(
        "Malformed property lists are refused with the file's name and where in it",
        arguments: [
            ("malformed_dict.bplist", "binary property list", "malformed_dict.bplist byte offset 34"),
            ("invalid_tag.plist", "XML property list", "invalid_tag.plist line 3, column 14"),
        ])
    func malformedPropertyLists(name: String, format: String, location: String) throws {
        let url = try RepositoryData.file("conformance/plist/\(name)")
        let error = #expect(throws: MappingError.self, "\(name)") { try Value(contentsOf: url) }
        guard case .malformedData(let foundFormat, let foundLocation, _)? = error?.reason else {
            Issue.record("\(name): \(String(describing: error)) is not malformedData")
            return
        }
        #expect(foundFormat == format)
        #expect(foundLocation == location)
    }
}
