import Foundation
import ModelKit
import PropertyBased
import Testing

// This target is compiled with MODELKIT_DECODING_TABLES (Package.swift): the JSON and Foundation-object entry points
// of its public models decode through their field tables, as in an optimized build. Each public model here has an
// internal twin declared alike, which has no entry points of its own and decodes through the key switch of its
// generic initializer; the two must decode every input alike.

/// A public model every kind of slot serves: the common scalars, a scalar that is not one of them, a property with
/// two keys, a required one, an array, a nested model and an array of them.
@DictionaryModel
public struct Listing: Equatable, Sendable {
    /// An integer.
    public var id = 0
    /// Read from `user_name`, else from `name`.
    @Key("user_name", "name") public var name: String?
    /// A double.
    public var score = 0.0
    /// An optional Boolean.
    public var active: Bool?
    /// A required string.
    public var title: String
    /// A 64-bit integer, decoded through the slot's own function.
    public var count: Int64 = 0
    /// A decimal.
    public var price: Decimal = 0
    /// Strings.
    public var tags: [String] = []
    /// A nested model.
    public var seller: Seller?
    /// Nested models.
    public var offers: [Seller] = []
}

/// A public model nested in ``Listing``.
@DictionaryModel
public struct Seller: Equatable, Sendable {
    /// The seller's name.
    public var name = ""
    /// The seller's rating.
    public var rating: Double?
}

@DictionaryModel
struct ListingTwin: Equatable {
    var id = 0
    @Key("user_name", "name") var name: String?
    var score = 0.0
    var active: Bool?
    var title: String
    var count: Int64 = 0
    var price: Decimal = 0
    var tags: [String] = []
    var seller: SellerTwin?
    var offers: [SellerTwin] = []
}

@DictionaryModel
struct SellerTwin: Equatable {
    var name = ""
    var rating: Double?
}

/// A public model with a key path, which its table would have no slot for: it keeps the key switch.
@DictionaryModel
public struct Located: Equatable, Sendable {
    /// Read from inside `meta`.
    @Key("meta.id") public var id = 0
    /// Read directly.
    public var label = ""
}

@Suite("Models decoding through their field tables (MODELKIT_DECODING_TABLES)")
struct DecodingTablesTests {
    // The tables are named here so that this file compiles only where the macro wrote them: what the tests below
    // go through.
    @Test("The target is compiled with the condition, and a public model has its table")
    func conditionIsSet() {
        #if MODELKIT_DECODING_TABLES
            let isSet = true
        #else
            let isSet = false
        #endif
        #expect(isSet)
        _ = [Listing._fieldTable, Seller._fieldTable]
    }

    @Test("JSON and Foundation objects decode with conversions, both keys of a property, nested models and arrays")
    func decodes() throws {
        let json = Data(
            #"{"id":"10","name":"Ann","user_name":"ann_k","score":"2.5","active":"yes","title":"Lamp","count":"7","price":"3.25","tags":["a","b"],"seller":{"name":"S","rating":"4"},"offers":[{"name":"T"},{"name":"U","rating":1}],"extra":[1,{"x":2}]}"#
                .utf8)
        let expected = Listing(
            id: 10, name: "ann_k", score: 2.5, active: true, title: "Lamp", count: 7, price: Decimal(string: "3.25")!,
            tags: ["a", "b"], seller: Seller(name: "S", rating: 4),
            offers: [Seller(name: "T", rating: nil), Seller(name: "U", rating: 1)])
        #expect(try Listing(json: json) == expected)
        let object = try JSONSerialization.jsonObject(with: json)
        #expect(try Listing(object: object) == expected)
        #expect(try Listing(json: expected.jsonData()) == expected)
        #expect(try Listing(dictionary: expected.dictionary()) == expected)
    }

    @Test("Errors name their key path; a value that is not a dictionary names the model; a missing key is an error")
    func errors() throws {
        let badRating = #expect(throws: MappingError.self) {
            try Listing(json: Data(#"{"title":"t","offers":[{"name":"A"},{"rating":"high"}]}"#.utf8), options: .strict)
        }
        #expect(badRating?.path == "offers[1].rating")
        #expect(badRating?.reason == .typeMismatch(expected: "Double", found: #"string "high""#))
        let notDictionary = #expect(throws: MappingError.self) {
            try Listing(json: Data(#"{"title":"t","seller":[1]}"#.utf8), options: .strict)
        }
        #expect(notDictionary?.path == "seller")
        #expect(
            notDictionary?.description.contains("Seller (a dictionary)") == true,
            "\(String(describing: notDictionary))")
        let missing = #expect(throws: MappingError.self) { try Listing(dictionary: ["id": 1]) }
        #expect(missing?.reason == .missingKey)
        #expect(missing?.path == "title")
        let unknown = #expect(throws: MappingError.self) {
            try Listing(json: Data(#"{"title":"t","colour":"red"}"#.utf8), options: .strict)
        }
        #expect(unknown?.path == "colour")
    }

    @Test("A public model with a key path keeps its key switch and decodes")
    func keyPathModel() throws {
        let located = try Located(json: Data(#"{"meta":{"id":"5"},"label":"x"}"#.utf8))
        #expect(located == Located(id: 5, label: "x"))
        #expect(try Located(dictionary: located.dictionary()) == located)
    }

    @Test("A public model of 101 properties, in parts, decodes through slots into each part")
    func wideModel() throws {
        let json = "{" + (0...100).map { "\"p\($0)\":\($0)" }.joined(separator: ",") + "}"
        let record = try WidePublicRecord(json: Data(json.utf8), options: .strict)
        #expect(record.p0 == 0 && record.p57 == 57 && record.p99 == 99 && record.p100 == 100)
        #expect(try WidePublicRecord(dictionary: record.dictionary(), options: .strict) == record)
        let bad = #expect(throws: MappingError.self) {
            try WidePublicRecord(dictionary: ["p100": "many"], options: .strict)
        }
        #expect(bad?.path == "p100")
    }

    // MARK: The table against the key switch, on any dictionary of these keys and values

    private static let keys = Gen<String?>.element(of: [
        "id", "name", "user_name", "score", "active", "title", "count", "price", "tags", "seller", "offers", "other",
    ]).map { $0! }

    private static let values = Gen<String?>.element(of: [
        "1", "-7", "2.5", "1e3", "\"10\"", "\"yes\"", "\"no\"", "\"text\"", "\"\"", "true", "false", "null", "[]", "{}",
        #"["a",1]"#, #"{"name":"C","rating":"3"}"#, #"[{"name":"A"},{"rating":"x"}]"#, #"{"name":5}"#,
        "9223372036854775808", "\"3.25\"",
    ]).map { $0! }

    /// A JSON object of up to ten members drawn from the model's keys (repeats too) and an unknown one.
    private static let objects = zip(keys, values).array(of: 0...10).map { members in
        "{" + members.map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}"
    }

    /// What decoding gave: the model's JSON, or the error; in lenient mode the diagnostics too.
    private static func outcome<Model: ModelDecodable & ModelEncodable>(
        _: Model.Type, _ decode: () throws -> Decoded<Model>
    ) -> String {
        do {
            let decoded = try decode()
            let json = String(decoding: try decoded.model.jsonData(), as: UTF8.self)
            return json + " " + decoded.diagnostics.map(\.description).joined(separator: "; ")
        } catch {
            return "error: \(error)"
        }
    }

    @Test("Property: from JSON and from Foundation objects, strictly and leniently, the table decodes as the switch")
    func tableDecodesAsSwitch() async {
        await propertyCheck(count: 300, input: Self.objects) { text in
            let json = Data(text.utf8)
            for options in [DecodingOptions.strict, DecodingOptions()] {
                let table = Self.outcome(Listing.self) { try Listing.decode(json: json, options: options) }
                let twin = Self.outcome(ListingTwin.self) { try ListingTwin.decode(json: json, options: options) }
                #expect(table == twin.replacingOccurrences(of: "Twin", with: ""), "\(text)")
                guard let object = try? JSONSerialization.jsonObject(with: json, options: .fragmentsAllowed) else {
                    continue
                }
                let tableObjects = Self.outcome(Listing.self) { try Listing.decode(object: object, options: options) }
                let twinObjects = Self.outcome(ListingTwin.self) {
                    try ListingTwin.decode(object: object, options: options)
                }
                #expect(tableObjects == twinObjects.replacingOccurrences(of: "Twin", with: ""), "\(text)")
            }
        }
    }
}
