import Foundation
import ModelKit
import PropertyBased
import Testing

@DictionaryModel(keyStrategy: .snakeCase)
struct RoundTripContact: Equatable {
    var firstName = ""
    var homepageURL: URL?
    var userID = 0
}

/// One property of every kind the mapping treats specially, so that a round trip exercises all of them.
@DictionaryModel
struct RoundTripRecord: Equatable {
    @Key("record_id") var recordID = 0
    var title: String?
    var note: String?
    var created = Date(timeIntervalSince1970: 0)
    var price: Decimal = 0
    var link: URL?
    var gender = Gender.unknown
    var level: Level?
    @Key("place.city") var city: String?
    var contact: RoundTripContact?
}

/// Text with the characters that JSON and XML must escape, and some that are not ASCII; no carriage
/// return, which XML turns into a line feed.
private let text = Gen<Character?>.element(of: Array("aZ09 張三é&<>\"'\\/\n\t{}[]") as [Character]).map { $0! }
    .string(of: 0...10)

private let link = Gen.letterOrNumber.string(of: 1...10).map { URL(string: "https://example.com/\($0)")! }

/// Whole seconds from 1906 to 2096: every format keeps them exactly.
private let created = Gen.int(in: -2_000_000_000...4_000_000_000).map { Date(timeIntervalSince1970: Double($0)) }

/// At most 15 significant digits: binary property lists have no decimal type and keep a Decimal as the
/// nearest Double (documented in BinaryPropertyListWriter), which holds 15 digits exactly.
private let price = zip(Gen.int64(in: -999_999_999_999_999...999_999_999_999_999), Gen.int(in: -6...0)).map {
    significand, exponent in
    Decimal(sign: .plus, exponent: exponent, significand: Decimal(significand))
}

private let contact = zip(text, link.optional, Gen.int(in: -1000...1000)).map { name, homepage, id in
    RoundTripContact(firstName: name, homepageURL: homepage, userID: id)
}

private let record = zip(
    zip(Gen.int(in: -1_000_000...1_000_000), text.optional, text.optional, created, price),
    zip(
        link.optional, Gen<Gender?>.element(of: [Gender.male, .female, .unknown]).map { $0! },
        Gen<Level?>.element(of: [Level.low, .high]).map { $0! }.optional, text.optional, contact.optional)
).map { first, second in
    RoundTripRecord(
        recordID: first.0, title: first.1, note: first.2, created: first.3, price: first.4, link: second.0,
        gender: second.1, level: second.2, city: second.3, contact: second.4)
}

@Suite("Round trips of every kind of property, property-based")
struct RoundTripPropertyTests {
    @Test("Property: model → dictionary, JSON, XML and binary plist → model is the identity, nil omitted or null")
    func identity() async {
        await propertyCheck(count: 300, input: record) { model throws in
            for nilEncoding in [EncodingOptions.NilEncoding.omit, .writeNull] {
                var options = EncodingOptions()
                options.nilEncoding = nilEncoding
                #expect(try RoundTripRecord(dictionary: model.dictionary(options: options)) == model, "\(nilEncoding)")
                #expect(try RoundTripRecord(data: model.jsonData(options: options)) == model, "\(nilEncoding)")
                #expect(try RoundTripRecord(data: model.propertyListData(options: options)) == model, "\(nilEncoding)")
                #expect(
                    try RoundTripRecord(data: model.propertyListData(binary: false, options: options)) == model,
                    "\(nilEncoding)")
            }
        }
    }

    @Test("Property: the keys written are the renamed, nested and snake_case ones, and nothing decodes with notes")
    func keysWritten() async {
        await propertyCheck(count: 200, input: record) { model throws in
            let dictionary = try model.dictionary()
            #expect(dictionary["record_id"] as? Int == model.recordID)
            #expect(dictionary["recordID"] == nil)
            #expect((dictionary["place"] as? [String: Any])?["city"] as? String == model.city)
            #expect(dictionary["city"] == nil)
            if let contact = model.contact {
                let written = try #require(dictionary["contact"] as? [String: Any])
                var expected: Set = ["first_name", "user_id"]
                if contact.homepageURL != nil { expected.insert("homepage_url") }
                #expect(Set(written.keys) == expected)
            } else {
                #expect(dictionary["contact"] == nil)
            }
            let decoded = try RoundTripRecord.decode(data: model.jsonData(), options: .strict)
            #expect(decoded.model == model)
            #expect(decoded.diagnostics.isEmpty, "\(decoded.diagnostics)")
        }
    }
}
