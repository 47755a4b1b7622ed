import DecodingTablesTestSupport
import Foundation
import ModelKit
import Testing

// This target is compiled with MODELKIT_GENERIC_MODELS and MODELKIT_DECODING_TABLES (Package.swift): the JSON and
// Foundation-object entry points of its public models decode through field tables whose slots are ModelKit's,
// compiled once and generic over the property's type, so that this module compiles nothing for a reader or a
// property's type. Each public model has an internal twin declared alike, which calls ModelKit's generic code
// (ModelEntryPoints.decodeGenerically) and its key switch; the two must decode every input alike. The models are
// ModelKitDecodingTablesTests' (TableModels.swift and WidePublicRecord.swift here are links to its files), and
// below, a struct that holds a class model.

/// A public class model, held by a struct whose table decodes it.
@DictionaryModel
public final class Keeper {
    /// The keeper's name.
    public var name = ""
    /// Creates a keeper.
    public init(name: String) { self.name = name }
}

/// A public struct whose properties hold a class model, optional and in an array.
@DictionaryModel
public struct Kennel {
    /// An optional keeper.
    public var keeper: Keeper?
    /// Keepers.
    public var keepers: [Keeper] = []
}

/// The kennel's table, named where it is visible: this file compiles only where the macro wrote it.
let kennelFieldTable = Kennel._fieldTable

@Suite(
    "Generic models decoding through tables of unspecialized slots (MODELKIT_GENERIC_MODELS and MODELKIT_DECODING_TABLES)"
)
struct GenericTablesTests {
    // TableModels.swift names the public models' tables, so that the models compile only where the macro wrote
    // them: what the tests below go through.
    @Test("The target is compiled with both conditions, and a public model has its table")
    func conditionsAreSet() {
        #if MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES
            let areSet = true
        #else
            let areSet = false
        #endif
        #expect(areSet)
    }

    @Test("JSON and Foundation objects decode with conversions, both keys of a property, nested models and arrays")
    func decodes() throws {
        try TableDecodingChecks.expectDecodesAsTwin(Listing.self, ListingTwin.self)
        #expect(
            try Listing(json: Data(#"{"title":"Lamp","count":"7","seller":{"name":"S"},"offers":[{"rating":2}]}"#.utf8))
                == Listing(title: "Lamp", count: 7, seller: Seller(name: "S"), offers: [Seller(rating: 2)]))
    }

    @Test("Encoding writes what the twin's generic code writes: the same bytes, keys in order, nil and key options")
    func encodes() throws {
        try TableDecodingChecks.expectEncodesAsTwin(Listing.self, ListingTwin.self)
    }

    @Test("Errors name their key path; a value that is not a dictionary names the model; a missing key is an error")
    func errors() {
        TableDecodingChecks.expectErrorsNameKeyPaths(Listing.self)
    }

    @Test("A public model of 101 properties, in parts, decodes through slots into each part")
    func wideModel() throws {
        try TableDecodingChecks.expectWideRecordDecodes(WidePublicRecord.self)
    }

    @Test("A class model held by a struct decodes through its slot: values, a dropped element's note, a strict error")
    func classModels() throws {
        let json = Data(#"{"keeper":{"name":"A"},"keepers":[{"name":"B"},7,{"name":"C"}]}"#.utf8)
        let decoded = try Kennel.decode(json: json)
        #expect(decoded.model.keeper?.name == "A")
        #expect(decoded.model.keepers.map(\.name) == ["B", "C"])
        #expect(decoded.diagnostics.map(\.path.description) == ["keepers[1]"])
        let object = try JSONSerialization.jsonObject(with: json)
        #expect(try Kennel(object: object).keepers.map(\.name) == ["B", "C"])
        let strict = #expect(throws: MappingError.self) { try Kennel(json: json, options: .strict) }
        #expect(strict?.path == "keepers[1]")
    }

    @Test("Property: from JSON and from Foundation objects, strictly and leniently, the table decodes as the switch")
    func tableDecodesAsSwitch() async {
        await TableDecodingChecks.expectTableDecodesAsSwitch(Listing.self, ListingTwin.self)
    }
}
