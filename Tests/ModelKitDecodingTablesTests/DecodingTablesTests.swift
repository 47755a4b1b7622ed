import DecodingTablesTestSupport
import Foundation
import ModelKit
import Testing

// This target is compiled with MODELKIT_DECODING_TABLES (Package.swift): the JSON and Foundation-object entry points
// of its public models decode through their field tables, as in an optimized build. Each public model here has an
// internal twin declared alike, which has no entry points of its own and decodes through the key switch of its
// generic initializer; the two must decode every input alike (DecodingTablesTestSupport's checks).

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
    // TableModels.swift names the public models' tables, so that the models compile only where the macro wrote
    // them: what the tests below go through.
    @Test("The target is compiled with the condition, and a public model has its table")
    func conditionIsSet() {
        #if MODELKIT_DECODING_TABLES
            let isSet = true
        #else
            let isSet = false
        #endif
        #expect(isSet)
    }

    @Test("Every reader decodes with conversions, both keys of a property, nested models and arrays")
    func decodes() throws {
        try TableDecodingChecks.expectDecodesAsTwin(Listing.self, ListingTwin.self)
        #expect(
            try Listing(json: Data(#"{"title":"Lamp","count":"7","offers":[{"name":"T"}]}"#.utf8))
                == Listing(title: "Lamp", count: 7, offers: [Seller(name: "T", rating: nil)]))
    }

    @Test("Encoding writes what the twin's generic code writes: the same bytes, keys in order, nil and key options")
    func encodes() throws {
        try TableDecodingChecks.expectEncodesAsTwin(Listing.self, ListingTwin.self)
    }

    @Test("Errors name their key path; a value that is not a dictionary names the model; a missing key is an error")
    func errors() {
        TableDecodingChecks.expectErrorsNameKeyPaths(Listing.self)
    }

    @Test("A public model with a key path keeps its key switch and decodes")
    func keyPathModel() throws {
        let located = try Located(json: Data(#"{"meta":{"id":"5"},"label":"x"}"#.utf8))
        #expect(located == Located(id: 5, label: "x"))
        #expect(try Located(dictionary: located.dictionary()) == located)
    }

    @Test("A public model of 101 properties, in parts, decodes through slots into each part")
    func wideModel() throws {
        try TableDecodingChecks.expectWideRecordDecodes(WidePublicRecord.self)
    }

    @Test("Property: from every reader, strictly and leniently, the table decodes as the switch")
    func tableDecodesAsSwitch() async {
        await TableDecodingChecks.expectTableDecodesAsSwitch(Listing.self, ListingTwin.self)
    }
}
