import Testing

@testable import ModelKitGenerator

/// One small case per inference rule, each pinned to the exact source it generates.
@Suite struct InferenceGoldenTests {
    @Test func aKeyMissingOrNullInSomeSampleIsOptional() throws {
        let source = try body(
            #"{"id": 1, "name": "a", "note": null}"#,
            #"{"id": 2, "note": "b", "extra": true}"#)
        #expect(
            source == """
                import ModelKit

                @DictionaryModel
                struct Root: Sendable {
                    var id: Int
                    var name: String?
                    var note: String?
                    var extra: Bool?
                }

                """)
    }

    @Test func numbersAreIntDoubleOrDecimalByTheirDigits() throws {
        let source = try body(
            #"{"count": 3, "ratio": 1, "price": 12345678901234.5678, "big": 18446744073709551615, "lat": -65.613616999999977}"#,
            #"{"count": 4, "ratio": 0.5, "price": 1, "big": 1, "lat": 1.5}"#)
        #expect(
            source == """
                import Foundation
                import ModelKit

                @DictionaryModel
                struct Root: Sendable {
                    var count: Int
                    var ratio: Double
                    var price: Decimal
                    var big: UInt64
                    var lat: Double
                }

                """)
    }

    @Test func stringsThatAllParseBecomeDatesURLsAndUUIDs() throws {
        let source = try body(
            #"""
            {"created_at": "Tue May 31 17:46:55 +0800 2011", "day": "2024-05-01", "stamp": "2024-05-01T10:00:00.250Z",
             "link": "https://example.com/a?b=c", "uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "word": "hello",
             "updated_at": 1700000000, "mixed": "2024-05-01"}
            """#,
            #"{"created_at": "Wed Jun 01 10:00:00 +0000 2011", "mixed": "soon"}"#)
        #expect(
            source == """
                import Foundation
                import ModelKit

                @DictionaryModel(keyStrategy: .snakeCase)
                struct Root: Sendable {
                    var createdAt: Date
                    var day: Date?
                    var stamp: Date?
                    var link: URL?
                    var uuid: UUID?
                    var word: String?
                    var updatedAt: Date?
                    var mixed: String
                }

                """)
    }

    @Test func numbersInTextStayStringsUnlessAsked() throws {
        let sample = #"{"age": "10", "price": "12.50", "ratio": "0.125", "zip": "007"}"#
        #expect(try body(sample).contains("var age: String\n    var price: String\n    var ratio: String"))
        #expect(
            try body(sample, options: options { $0.typesNumbersInText = true }) == """
                import Foundation
                import ModelKit

                @DictionaryModel
                struct Root: Sendable {
                    var age: Int
                    var price: Decimal
                    var ratio: Double
                    var zip: String
                }

                """)
    }

    @Test func arraysOfArraysAndMixedArraysTakeTheWidestType() throws {
        let source = try body(
            #"{"grid": [[1, 2], [3.5]], "mixed": [1, "a"], "empty": [], "holes": [1, null], "flags": [true]}"#)
        #expect(
            source == """
                import ModelKit

                @DictionaryModel
                struct Root: Sendable {
                    var grid: [[Double]]
                    var mixed: [Value]
                    var empty: [Value]
                    var holes: [Int?]
                    var flags: [Bool]
                }

                """)
    }

    @Test func nestedTypesAreNamedFromKeysSingularForElementsAndIdenticalShapesMerge() throws {
        let source = try body(
            #"""
            {"statuses": [{"user": {"id": 1}, "categories": [{"name": "a"}]}],
             "owner": {"id": 2}, "search_metadata": {"count": 1}}
            """#)
        #expect(
            source == """
                import ModelKit

                @DictionaryModel(keyStrategy: .snakeCase)
                struct Root: Sendable {
                    var statuses: [Status]
                    var owner: User
                    var searchMetadata: SearchMetadata
                }

                @DictionaryModel
                struct Status: Sendable {
                    var user: User
                    var categories: [Category]
                }

                @DictionaryModel
                struct User: Sendable {
                    var id: Int
                }

                @DictionaryModel
                struct Category: Sendable {
                    var name: String
                }

                @DictionaryModel
                struct SearchMetadata: Sendable {
                    var count: Int
                }

                """)
    }

    @Test func similarShapesUnderOneNameBecomeOneTypeAndDifferentOnesDoNot() throws {
        let source = try body(
            #"""
            {"user": {"id": 1, "name": "a", "bio": "x"}, "retweet": {"user": {"id": 2, "name": "b"}, "entities": {"y": 1}},
             "entities": {"x": 1}}
            """#)
        #expect(
            source == """
                import ModelKit

                @DictionaryModel
                struct Root: Sendable {
                    var user: User
                    var retweet: Retweet
                    var entities: RootEntities
                }

                @DictionaryModel
                struct User: Sendable {
                    var id: Int
                    var name: String
                    var bio: String?
                }

                @DictionaryModel
                struct Retweet: Sendable {
                    var user: User
                    var entities: Entities
                }

                @DictionaryModel
                struct Entities: Sendable {
                    var y: Int
                }

                @DictionaryModel
                struct RootEntities: Sendable {
                    var x: Int
                }

                """)
    }

    @Test func dictionariesKeyedByDataAreMapsUnlessTurnedOff() throws {
        let sample = #"{"events": {"138586341": {"id": 1}, "138586345": {"id": 2}}, "empty": {}}"#
        #expect(
            try body(sample) == """
                import ModelKit

                @DictionaryModel
                struct Root: Sendable {
                    var events: [String: Event]
                    var empty: [String: Value]
                }

                @DictionaryModel
                struct Event: Sendable {
                    var id: Int
                }

                """)
        let objects = try body(sample, options: options { $0.detectsMaps = false })
        // Without the heuristic the ids are property names, and the values' type is named after its parent and the first id.
        #expect(objects.contains("@Key(\"138586341\") var _138586341: Events138586341"))
        #expect(objects.contains("struct Empty: Sendable {\n}"))
    }

    @Test func manyKeysWithOneValueShapeAreAMap() throws {
        let entries = (1...25).map { #""name\#($0)": {"x": \#($0)}"# }.joined(separator: ", ")
        let source = try body("{\"byName\": {\(entries)}}")
        #expect(source.contains("var byName: [String: ByName]"))
    }

    @Test func aTopLevelArrayGivesAnArrayOfTheRoot() throws {
        let samples = try samples(#"[{"id": 1}, {"id": 2, "tag": "a"}]"#)
        var options = GeneratorOptions()
        options.rootName = "Item"
        let graph = try ModelGenerator(options: options).graph(for: samples)
        #expect(graph.rootType == .array(.model("Item")))
        let source = try ModelGenerator(options: options).source(for: samples)
        #expect(source.contains("`[Item].decode(data:)`"))
        #expect(source.contains("struct Item: Sendable {\n    var id: Int\n    var tag: String?\n}"))
    }

    @Test func smallClosedSetsOfStringsBecomeEnumsWhenAsked() throws {
        let sample =
            #"{"items": [{"kind": "cat"}, {"kind": "dog"}, {"kind": "cat"}, {"kind": "dog"}, {"kind": "cat"}, {"kind": "dog"}]}"#
        #expect(try body(sample).contains("var kind: String"))
        #expect(
            try body(sample, options: options { $0.makesEnums = true }) == """
                import ModelKit

                @DictionaryModel
                struct Root: Sendable {
                    var items: [Item]
                }

                @DictionaryModel
                struct Item: Sendable {
                    var kind: Kind
                }

                enum Kind: String, ModelEnum, Sendable {
                    case cat
                    case dog
                    case unknown

                    static var fallback: Kind? { .unknown }
                }

                """)
    }

    @Test func idsTextAndColorsAreNeverEnums() throws {
        let items = (0..<12).map { index in
            #"{"id_str": "\#(index % 2)", "text": "a b", "link_color": "0084B4", "lang": "en"}"#
        }
        let source = try body("[\(items.joined(separator: ", "))]", options: options { $0.makesEnums = true })
        #expect(
            source.contains("var idStr: String\n    var text: String\n    var linkColor: String\n    var lang: String"))
    }

    @Test func propertyListsKeepTheirDatesAndData() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>when</key><date>2024-05-01T10:00:00Z</date>
            <key>blob</key><data>AAEC</data>
            <key>Name</key><string>x</string>
            </dict></plist>
            """
        #expect(
            try body(plist) == """
                import Foundation
                import ModelKit

                @DictionaryModel
                struct Root: Sendable {
                    var when: Date
                    var blob: Data
                    @Key("Name") var name: String
                }

                """)
    }
}
