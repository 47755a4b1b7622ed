import Foundation
import ModelKit
import Testing

@DictionaryModel
struct WordedOwner: Equatable {
    var name: String
    var age = 0
}

@DictionaryModel
struct WordedHousehold: Equatable {
    var count = -1
    var owner = WordedOwner(name: "nobody")
    var owners: [WordedOwner] = []
}

@Suite("Diagnostics name their path once")
struct DiagnosticWordingTests {
    /// The notes, less those of keys simply absent from the small inputs here.
    static func notes(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map(\.description).filter { !$0.hasSuffix("missing, default used") }
    }

    @Test("A default put in for a bad value is noted with its path once, from trees and from bytes")
    func defaultedInvalidValue() throws {
        let json = Data(#"{"count": "abc"}"#.utf8)
        for notes in [
            try WordedHousehold.decode(object: ["count": "abc"]).diagnostics,
            try WordedHousehold.decode(data: json).diagnostics,
        ] {
            #expect(Self.notes(notes) == [#"count: expected Int, found string "abc"; default used"#])
        }
    }

    @Test("An error below the defaulted property is worded relative to it")
    func defaultedNestedValue() throws {
        let notes = Self.notes(try WordedHousehold.decode(object: ["owner": ["age": 3]]).diagnostics)
        #expect(notes == ["owner: name: required key is missing; default used"])
    }

    @Test("A dropped element is noted where its error is, with the path once")
    func droppedElement() throws {
        let decoded = try WordedHousehold.decode(object: ["owners": [["name": "Ann"], ["age": 1]]])
        #expect(decoded.model.owners == [WordedOwner(name: "Ann")])
        #expect(Self.notes(decoded.diagnostics) == ["owners[1].name: required key is missing; element dropped"])
    }
}
