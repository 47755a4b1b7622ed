import Foundation
import ModelKit
import Testing

/// A plain Codable type: no macro, no ModelKit conformance.
struct Repository: Codable, Equatable {
    struct Owner: Codable, Equatable {
        var login: String
        var id: Int
    }

    var name: String
    var stars: Int
    var fork: Bool
    var score: Double
    var topics: [String]
    var owner: Owner
    var homepage: URL?
    var created: Date
    var license: String?
}

@Suite("Plain Codable types through ModelDecoder")
struct ModelDecoderTests {
    let messy: [String: Any] = [
        "name": "ModelKit", "stars": "12", "fork": "yes", "score": "4.5", "topics": ["swift", 2],
        "owner": ["login": "ann", "id": "7"], "homepage": "https://example.com", "created": "2024-05-01T10:00:00Z",
        "license": NSNull(), "unused": true,
    ]

    @Test("From [String: Any] under the lenient rules, with diagnostics")
    func fromDictionary() throws {
        let decoded = try ModelDecoder().decodeWithDiagnostics(Repository.self, from: messy)
        let repository = decoded.model
        #expect(repository.stars == 12)
        #expect(repository.fork)
        #expect(repository.score == 4.5)
        #expect(repository.topics == ["swift", "2"])
        #expect(repository.owner == Repository.Owner(login: "ann", id: 7))
        #expect(repository.homepage == URL(string: "https://example.com"))
        #expect(repository.created == Date(timeIntervalSince1970: 1_714_557_600))
        #expect(repository.license == nil)
        let notes = Set(decoded.diagnostics.map(\.description))
        #expect(notes.contains("stars: converted string \"12\" to Int"))
        #expect(notes.contains("owner.id: converted string \"7\" to Int"))
        #expect(notes.contains("unused: no property reads this key"))
    }

    @Test("From JSON and from property lists, the same model")
    func fromData() throws {
        var clean = messy
        clean["license"] = "MIT"
        clean["created"] = 1_714_557_600
        let json = try JSONSerialization.data(withJSONObject: clean)
        let plist = try PropertyListSerialization.data(fromPropertyList: clean, format: .binary, options: 0)
        let xml = try PropertyListSerialization.data(fromPropertyList: clean, format: .xml, options: 0)
        let expected = Repository(
            name: "ModelKit", stars: 12, fork: true, score: 4.5, topics: ["swift", "2"],
            owner: .init(login: "ann", id: 7), homepage: URL(string: "https://example.com"),
            created: Date(timeIntervalSince1970: 1_714_557_600), license: "MIT")
        #expect(try ModelDecoder().decode(Repository.self, from: json) == expected)
        #expect(try ModelDecoder().decode(Repository.self, from: plist) == expected)
        #expect(try ModelDecoder().decode(Repository.self, from: xml) == expected)
    }

    @Test("Errors carry the full path; strict mode applies")
    func errors() {
        var bad = messy
        bad["owner"] = ["login": "ann", "id": "seven"]
        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: "string \"seven\""), at: "owner.id")) {
            try ModelDecoder().decode(Repository.self, from: bad)
        }
        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: "string \"12\""), at: "stars")) {
            try ModelDecoder(options: .strict).decode(Repository.self, from: messy)
        }
        var missing = messy
        missing["owner"] = ["login": "ann"]
        #expect(throws: MappingError(.missingKey, at: "owner.id")) {
            try ModelDecoder().decode(Repository.self, from: missing)
        }
    }
}
