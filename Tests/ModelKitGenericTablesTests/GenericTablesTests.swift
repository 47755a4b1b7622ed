import DecodingTablesTestSupport
import Foundation
import ModelKit
import Testing

// This target is compiled with MODELKIT_GENERIC_MODELS and MODELKIT_DECODING_TABLES (Package.swift): the JSON and
// Foundation-object entry points of its public models decode through field tables whose slots are ModelKit's,
// compiled once and generic over the property's type, so that this module compiles nothing for a reader or a
// property's type. Each public model has an internal twin declared alike, which calls ModelKit's generic code
// (ModelEntryPoints.decodeGenerically) and its key switch; the two must decode every input alike.

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
    /// A 64-bit integer, decoded through ModelKit's generic code.
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

@Suite(
    "Generic models decoding through tables of unspecialized slots (MODELKIT_GENERIC_MODELS and MODELKIT_DECODING_TABLES)"
)
struct GenericTablesTests {
    // The tables are named here so that this file compiles only where the macro wrote them.
    @Test("The target is compiled with both conditions, and a public model has its table")
    func conditionsAreSet() {
        #if MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES
            let areSet = true
        #else
            let areSet = false
        #endif
        #expect(areSet)
        _ = [Listing._fieldTable, Seller._fieldTable]
    }

    @Test("JSON and Foundation objects decode with conversions, both keys of a property, nested models and arrays")
    func decodes() throws {
        try TableDecodingChecks.expectDecodesAsTwin(Listing.self, ListingTwin.self)
        #expect(
            try Listing(json: Data(#"{"title":"Lamp","count":"7","seller":{"name":"S"},"offers":[{"rating":2}]}"#.utf8))
                == Listing(title: "Lamp", count: 7, seller: Seller(name: "S"), offers: [Seller(rating: 2)]))
    }

    @Test("Errors name their key path; a value that is not a dictionary names the model; a missing key is an error")
    func errors() {
        TableDecodingChecks.expectErrorsNameKeyPaths(Listing.self)
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

    @Test("Property: from JSON and from Foundation objects, strictly and leniently, the table decodes as the switch")
    func tableDecodesAsSwitch() async {
        await TableDecodingChecks.expectTableDecodesAsSwitch(Listing.self, ListingTwin.self)
    }
}
