import Foundation
import ModelKit
import Testing

/// What a JSON document holds: every JSON kind, numbers past `Double` and `Int64`, text beyond ASCII.
@DictionaryModel
struct InteropDocument: Equatable {
    var name = ""
    var count = 0
    var ratio = 0.0
    var enabled = false
    var amount: Decimal = 0
    var huge: UInt64 = 0
    var missing: String?
    var items: [BridgedChild] = []
    var lookup: [String: Double] = [:]
}

/// What a property list holds besides: dates and data.
@DictionaryModel
struct InteropPropertyList: Equatable {
    var name = ""
    var count = 0
    var ratio = 0.0
    var enabled = false
    var created = Date(timeIntervalSince1970: 0)
    var payload = Data()
    var items: [BridgedChild] = []
    var lookup: [String: Int] = [:]
}

/// Foundation's own serializers and ModelKit's readers and writers must agree: the objects
/// `JSONSerialization` and `PropertyListSerialization` return (on Apple platforms, Objective-C objects
/// throughout; on Linux, Swift values with `NSNumber`, `NSDecimalNumber` and `[AnyHashable: Any]`) give the model
/// ModelKit's byte readers give, and what ModelKit writes, Foundation accepts and reads back.
@Suite("JSONSerialization and PropertyListSerialization agree with ModelKit's readers and writers")
struct FoundationSerializationInteropTests {
    static let json = Data(
        #"""
        {"name": "Grüße 😀 \u00e9", "count": -12, "ratio": 0.1, "enabled": true,
         "amount": 12345678901234567890.123456789, "huge": 18446744073709551615, "missing": null,
         "items": [{"name": "a", "count": 1}, {"name": "b", "count": 2}], "lookup": {"x": 1e-7, "y": 2}}
        """#.utf8)

    static let expectedDocument = InteropDocument(
        name: "Grüße 😀 é", count: -12, ratio: 0.1, enabled: true,
        amount: Decimal(string: "12345678901234567890.123456789")!, huge: .max, missing: nil,
        items: [BridgedChild(name: "a", count: 1), BridgedChild(name: "b", count: 2)], lookup: ["x": 1e-7, "y": 2])

    @Test("JSONSerialization's objects give the model ModelKit's JSON reader gives, every digit kept")
    func jsonObjectsMatchReader() throws {
        let ours = try InteropDocument(data: Self.json, options: .strict)
        #expect(ours == Self.expectedDocument)
        let objects = try JSONSerialization.jsonObject(with: Self.json)
        let theirs = try InteropDocument(object: objects, options: .strict)
        #expect(theirs == ours)
        #expect(theirs.amount.description == "12345678901234567890.123456789")
        let cast = try InteropDocument(dictionary: objects as! [String: Any], options: .strict)
        #expect(cast == ours)
    }

    static let xmlPropertyList = Data(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>name</key><string>Grüße &amp; 😀</string>
            <key>count</key><integer>-12</integer>
            <key>ratio</key><real>0.1</real>
            <key>enabled</key><true/>
            <key>created</key><date>2001-09-09T01:46:40Z</date>
            <key>payload</key><data>AAH/</data>
            <key>items</key><array><dict><key>name</key><string>a</string><key>count</key><integer>1</integer></dict></array>
            <key>lookup</key><dict><key>x</key><integer>9223372036854775807</integer></dict>
        </dict>
        </plist>
        """.utf8)

    static let expectedPropertyList = InteropPropertyList(
        name: "Grüße & 😀", count: -12, ratio: 0.1, enabled: true, created: Date(timeIntervalSince1970: 1_000_000_000),
        payload: Data([0, 1, 0xFF]), items: [BridgedChild(name: "a", count: 1)], lookup: ["x": .max])

    @Test(
        "PropertyListSerialization's objects give the model ModelKit's property-list readers give",
        arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func propertyListObjectsMatchReader(format: PropertyListSerialization.PropertyListFormat) throws {
        let foundationObjects = try PropertyListSerialization.propertyList(from: Self.xmlPropertyList, format: nil)
        let data = try PropertyListSerialization.data(fromPropertyList: foundationObjects, format: format, options: 0)
        let ours = try InteropPropertyList(data: data, options: .strict)
        #expect(ours == Self.expectedPropertyList)
        let objects = try PropertyListSerialization.propertyList(from: data, format: nil)
        #expect(try InteropPropertyList(object: objects, options: .strict) == ours)
    }

    @Test("dictionary() goes through JSONSerialization and comes back as the same model")
    func modelThroughJSONSerialization() throws {
        let model = Self.expectedDocument
        let dictionary = try model.dictionary()
        #expect(JSONSerialization.isValidJSONObject(dictionary))
        let data = try JSONSerialization.data(withJSONObject: dictionary)
        #expect(try InteropDocument(data: data, options: .strict) == model)
        let objects = try JSONSerialization.jsonObject(with: data)
        #expect(try InteropDocument(object: objects, options: .strict) == model)

        // An array of models, and nulls written out, are valid JSON objects too.
        var options = EncodingOptions()
        options.nilEncoding = .writeNull
        let array = try model.items.foundationObject(options: options)
        let arrayData = try JSONSerialization.data(withJSONObject: array)
        #expect(try [BridgedChild](data: arrayData, options: .strict) == model.items)
        let withNull = try model.foundationObject(options: options)
        let nullData = try JSONSerialization.data(withJSONObject: withNull, options: [.sortedKeys])
        #expect(String(decoding: nullData, as: UTF8.self).contains(#""missing":null"#))
    }

    @Test(
        "dictionary() goes through PropertyListSerialization and comes back as the same model",
        arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func modelThroughPropertyListSerialization(format: PropertyListSerialization.PropertyListFormat) throws {
        let model = Self.expectedPropertyList
        let data = try PropertyListSerialization.data(
            fromPropertyList: try model.dictionary(), format: format, options: 0)
        #expect(try InteropPropertyList(data: data, options: .strict) == model)
        let objects = try PropertyListSerialization.propertyList(from: data, format: nil)
        #expect(try InteropPropertyList(object: objects, options: .strict) == model)
    }

    @Test(
        "PropertyListSerialization reads what ModelKit's property-list writers write",
        arguments: [ModelFileFormat.xmlPropertyList, .binaryPropertyList])
    func foundationReadsModelKitPropertyLists(format: ModelFileFormat) throws {
        let model = Self.expectedPropertyList
        let objects = try PropertyListSerialization.propertyList(from: try model.data(format: format), format: nil)
        #expect(try InteropPropertyList(object: objects, options: .strict) == model)
    }

    @Test("JSONSerialization reads what ModelKit's JSON writer writes")
    func foundationReadsModelKitJSON() throws {
        let model = Self.expectedDocument
        let objects = try JSONSerialization.jsonObject(with: try model.data(format: .json))
        #expect(try InteropDocument(object: objects, options: .strict) == model)
    }
}
