import Testing

@testable import ModelKitGenerator

/// The choices quicktype makes that `modelkit generate` made differently before (issue 30): roots keyed by data,
/// shapes in another key order or with a few more keys, values that are numbers in one sample and text in another.
@Suite struct ShapeChoiceTests {
    @Test func aRootKeyedByDataIsAMap() throws {
        let source = try body(#"{"1": {"a": 1}, "2": {"a": 2, "b": "x"}}"#)
        #expect(
            source == """
                import ModelKit

                typealias Root = [String: RootValue]

                @DictionaryModel
                struct RootValue: Sendable {
                    var a: Int
                    var b: String?
                }

                """)
        let graph = try ModelGenerator().graph(for: samples(#"{"1": {"a": 1}}"#))
        #expect(graph.rootType == .map(.model("RootValue")))
        // Turned off, the root is a model again.
        #expect(try body(#"{"1": {"a": 1}}"#, options: options { $0.detectsMaps = false }).contains("struct Root:"))
    }

    @Test func aWideRootOfNamesIsAMapOfItsValueShape() throws {
        // 300 keys that are names, not data, each an object of one shape: a map, not a 300-property struct.
        let entries = (1...300).map { #""project-\#($0)": {"title": "t\#($0)", "stars": \#($0)}"# }
        let source = try body("{\(entries.joined(separator: ", "))}", options: options { $0.rootName = "Gsoc" })
        #expect(source.contains("typealias Gsoc = [String: GsocValue]"))
        #expect(source.contains("struct GsocValue: Sendable {\n    var title: String\n    var stars: Int\n}"))
    }

    @Test func aWideObjectOfMixedValuesSeenOnceIsAMapButARecurringOneIsAModel() throws {
        let wide = (1...300).map { #""k\#($0)": \#($0 % 2 == 0 ? "1" : "\"x\"")"# }.joined(separator: ", ")
        #expect(try body("{\"settings\": {\(wide)}}").contains("var settings: [String: Value]"))
        // The same keys in both of two records: the data has them, so the struct is kept.
        let source = try body("{\"rows\": [{\(wide)}, {\(wide)}]}")
        #expect(source.contains("var rows: [Row]"))
        #expect(source.contains("    var k300: Int\n}"))
    }

    @Test func identicalShapesInAnotherKeyOrderAreOneType() throws {
        let source = try body(#"{"author": {"id": 1, "login": "a"}, "owner": {"login": "b", "id": 2}}"#)
        #expect(
            source == """
                import ModelKit

                @DictionaryModel
                struct Root: Sendable {
                    var author: Author
                    var owner: Author
                }

                @DictionaryModel
                struct Author: Sendable {
                    var id: Int
                    var login: String
                }

                """)
        // Turned off, shapes that only differ in order are still one type: they are identical.
        #expect(
            try body(
                #"{"author": {"id": 1, "login": "a"}, "owner": {"login": "b", "id": 2}}"#,
                options: options { $0.combinesSimilarShapes = false }
            ).contains("var owner: Author"))
    }

    @Test func shapesThatDifferByAFewKeysAreCombined() throws {
        let user = #""id": 1, "login": "a", "url": "https://x.y/a", "site_admin": false"#
        let source = try body(
            #"{"actor": {\#(user)}, "payload": {"sender": {\#(user), "type": "User"}}, "repo": {"id": 2, "name": "r"}}"#
        )
        #expect(
            source == """
                import Foundation
                import ModelKit

                @DictionaryModel
                struct Root: Sendable {
                    var actor: Actor
                    var payload: Payload
                    var repo: Repo
                }

                @DictionaryModel(keyStrategy: .snakeCase)
                struct Actor: Sendable {
                    var id: Int
                    var login: String
                    var url: URL
                    var siteAdmin: Bool
                    var type: String?
                }

                @DictionaryModel
                struct Payload: Sendable {
                    var sender: Actor
                }

                @DictionaryModel
                struct Repo: Sendable {
                    var id: Int
                    var name: String
                }

                """)
        let separate = try body(
            #"{"actor": {\#(user)}, "payload": {"sender": {\#(user), "type": "User"}}}"#,
            options: options { $0.combinesSimilarShapes = false })
        #expect(separate.contains("var sender: Sender"))
    }

    @Test func aTypeIsNeverCombinedWithOneItHolds() throws {
        // A status and its retweeted status differ by one key, but a struct cannot hold itself.
        let source = try body(
            #"{"id": 1, "text": "a", "user": "u", "retweeted_status": {"id": 2, "text": "b", "user": "v"}}"#)
        #expect(source.contains("var retweetedStatus: RetweetedStatus"))
        #expect(source.contains("struct RetweetedStatus: Sendable"))
    }

    @Test func numbersAndTextAtOnePositionAreReadByNumberOrText() throws {
        let source = try body(
            #"{"price": 19.99, "code": 12, "count": 3, "ratio": 0.5, "items": [1, "a"]}"#,
            #"{"price": "19.99", "code": "A-12", "count": "4", "ratio": "0.125", "items": []}"#,
            #"{"code": 7, "items": []}"#)
        #expect(
            source == """
                import Foundation
                import ModelKit

                @DictionaryModel
                struct Root: Sendable {
                    // A number in some samples and text in others: NumberOrText reads both, in strict mode too.
                    @Transform(NumberOrText<Decimal>().optional) var price: Decimal?
                    // A number in some samples and text in others: NumberOrText reads both, in strict mode too.
                    @Transform(NumberOrText<String>()) var code: String
                    // A number in some samples and text in others: NumberOrText reads both, in strict mode too.
                    @Transform(NumberOrText<Int>().optional) var count: Int?
                    // A number in some samples and text in others: NumberOrText reads both, in strict mode too.
                    @Transform(NumberOrText<Double>().optional) var ratio: Double?
                    var items: [Value]
                }

                """)
    }

    @Test func theFallbackCaseAnEnumAddsIsDocumentedAsInNoSample() throws {
        let sample =
            #"{"items": [{"kind": "cat"}, {"kind": "dog"}, {"kind": "cat"}, {"kind": "dog"}, {"kind": "cat"}, {"kind": "dog"}]}"#
        let source = try body(
            sample,
            options: options {
                $0.makesEnums = true; $0.access = .public
            })
        #expect(
            source.contains(
                """
                    /// `dog` in the data.
                    case dog
                    /// In no sample: the case that a value none of the others names becomes in lenient mode.
                    case unknown
                """))
        #expect(!source.contains("`unknown` in the data"))
    }
}
