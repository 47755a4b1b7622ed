import Foundation
import ModelKit
import Testing

/// A type that decodes by hand through nested containers, as hand-written `init(from:)` code does.
private struct Shipment: Decodable, Equatable {
    var id: Int
    var city: String
    var weights: [Double]
    var labels: [String: String]

    enum CodingKeys: String, CodingKey { case id, address, weights, labels }
    enum AddressKeys: String, CodingKey { case city }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        city = try container.nestedContainer(keyedBy: AddressKeys.self, forKey: .address)
            .decode(String.self, forKey: .city)
        var list = try container.nestedUnkeyedContainer(forKey: .weights)
        weights = []
        while !list.isAtEnd { weights.append(try list.decode(Double.self)) }
        labels = try container.decode([String: String].self, forKey: .labels)
    }
}

private struct Order: Decodable, Equatable {
    enum Status: String, Decodable { case open, shipped }
    var status: Status
    var total: Decimal
    var items: [Line]
    var note: String?

    struct Line: Decodable, Equatable {
        var sku: String
        var quantity: Int
    }
}

/// A Codable class hierarchy that decodes its superclass from `superDecoder()`.
private class Animal: Decodable {
    var name: String
    enum CodingKeys: String, CodingKey { case name }
    required init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
    }
}

private final class Dog: Animal {
    var barks: Bool
    enum DogKeys: String, CodingKey { case barks, animal }
    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DogKeys.self)
        barks = try container.decode(Bool.self, forKey: .barks)
        try super.init(from: container.superDecoder(forKey: .animal))
    }
}

/// Tries each element as an `Int` first and falls back to a `String`, as lossy hand-written code does.
private struct Mixed: Decodable {
    var values: [String]
    init(from decoder: any Decoder) throws {
        var list = try decoder.unkeyedContainer()
        values = []
        while !list.isAtEnd {
            if let number = try? list.decode(Int.self) {
                values.append("#\(number)")
            } else {
                values.append(try list.decode(String.self))
            }
        }
    }
}

@Suite("Codable containers over the flat document")
struct CodableContainerTests {
    @Test("Nested keyed and unkeyed containers, dictionaries of scalars")
    func nestedContainers() throws {
        let json = Data(#"{"labels":{"a":"x"},"weights":[1,"2.5",3],"address":{"city":"Oslo"},"id":"7"}"#.utf8)
        let shipment = try ModelDecoder().decode(Shipment.self, from: json)
        #expect(shipment == Shipment.expected)
    }

    @Test("An error inside a nested container names the whole path")
    func nestedErrorPath() {
        let json = Data(#"{"id":1,"address":{"city":[]},"weights":[],"labels":{}}"#.utf8)
        #expect(throws: MappingError(.typeMismatch(expected: "String", found: "array of 0"), at: "address.city")) {
            try ModelDecoder().decode(Shipment.self, from: json)
        }
        let badWeight = Data(#"{"id":1,"address":{"city":"x"},"weights":[1,"heavy"],"labels":{}}"#.utf8)
        #expect(throws: MappingError(.typeMismatch(expected: "Double", found: "string \"heavy\""), at: "weights[1]")) {
            try ModelDecoder().decode(Shipment.self, from: badWeight)
        }
    }

    @Test("Raw-value enums, Decimal, optionals and arrays of nested types")
    func standardTypes() throws {
        let json = Data(#"{"status":"shipped","total":"19.99","items":[{"sku":"A","quantity":"2"}],"note":null}"#.utf8)
        let order = try ModelDecoder().decode(Order.self, from: json)
        #expect(order.status == .shipped)
        #expect(order.total == Decimal(string: "19.99"))
        #expect(order.items == [Order.Line(sku: "A", quantity: 2)])
        #expect(order.note == nil)
        let bad = Data(#"{"status":"lost","total":1,"items":[]}"#.utf8)
        // The enum's own Decodable conformance refuses the raw value; ModelDecoder passes its error on.
        let error = #expect(throws: DecodingError.self) { try ModelDecoder().decode(Order.self, from: bad) }
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["status"])
    }

    @Test("Unread keys are reported with their paths, inside arrays and nested dictionaries")
    func unreadKeysWithPaths() throws {
        let items = #"[{"sku":"A","quantity":1},{"sku":"B","quantity":2,"colour":"red"}]"#
        let json = Data(#"{"status":"open","total":1,"items":\#(items),"extra":{"deep":true}}"#.utf8)
        let decoded = try ModelDecoder().decodeWithDiagnostics(Order.self, from: json)
        let notes = decoded.diagnostics.map(\.description)
        #expect(notes.contains("items[1].colour: no property reads this key"))
        #expect(notes.contains("extra: no property reads this key"))
        #expect(!notes.contains { $0.hasPrefix("extra.deep") })
        #expect(throws: MappingError(.unknownKey, at: "items[1].colour")) {
            try ModelDecoder(options: .strict).decode(Order.self, from: json)
        }
    }

    @Test("A missing element or key is an error at its own index or key")
    func missingKeysAndElements() throws {
        let json = Data(#"{"status":"open","total":1,"items":[{"sku":"A"}]}"#.utf8)
        #expect(throws: MappingError(.missingKey, at: "items[0].quantity")) {
            try ModelDecoder(options: .strict).decode(Order.self, from: json)
        }
        // Lenient arrays are lossy: the element goes, with a note at its path, and the order stays.
        let lenient = try ModelDecoder().decodeWithDiagnostics(Order.self, from: json)
        #expect(lenient.model.items.isEmpty)
        #expect(
            lenient.diagnostics.map(\.description).contains(
                "items[0].quantity: required key is missing; element dropped"))
        #expect(throws: MappingError(.typeMismatch(expected: "a dictionary", found: "array of 0"), at: ValuePath())) {
            try ModelDecoder().decode(Order.self, from: Data("[]".utf8))
        }
    }

    @Test("superDecoder(forKey:) decodes a superclass from its own key")
    func superDecoder() throws {
        let json = Data(#"{"barks":"yes","animal":{"name":"Rex"}}"#.utf8)
        let dog = try ModelDecoder().decode(Dog.self, from: json)
        #expect(dog.name == "Rex")
        #expect(dog.barks)
    }

    @Test("A failed element decode does not move an unkeyed container on")
    func failedElementDoesNotAdvance() throws {
        let mixed = try ModelDecoder().decode(Mixed.self, from: Data(#"[1,"two",3]"#.utf8))
        #expect(mixed.values == ["#1", "two", "#3"])
    }

    @Test("Hostile input: deep nesting is an error, not a crash; a million elements decode")
    func hostileInput() throws {
        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        expectMappingError(.tooDeep(limit: 512)) { try ModelDecoder().decode([[Int]].self, from: deep) }
        expectMappingError(.tooDeep(limit: 512)) { try ModelDecoder().decode(Value.self, from: deep) }
        let deepObjects: [String: Any] = (0..<2_000).reduce(["leaf": 1]) { inner, _ in ["next": inner] }
        expectMappingError(.tooDeep(limit: 512)) { try ModelDecoder().decode(Value.self, from: deepObjects) }
        let million = Data(("[" + Array(repeating: "1", count: 1_000_000).joined(separator: ",") + "]").utf8)
        #expect(try ModelDecoder().decode([Int].self, from: million).count == 1_000_000)
        var limited = DecodingOptions()
        limited.maximumCollectionCount = 10
        #expect(throws: MappingError(.tooLarge("more than 10 elements"), at: "[10]")) {
            try ModelDecoder(options: limited).decode([Int].self, from: million)
        }
    }
}

extension Shipment {
    fileprivate static let expected: Shipment = {
        let json = Data(#"{"labels":{"a":"x"},"weights":[1,2.5,3],"address":{"city":"Oslo"},"id":7}"#.utf8)
        return try! JSONDecoder().decode(Shipment.self, from: json)
    }()
}

@DictionaryModel
struct Gauge {
    var label = ""
    var readings: [Int] = []
    var limits: [String: Int] = [:]
    var level = 0
}

private struct Panel: Decodable {
    var gauges: [Gauge]
    var title: String
}

@Suite("Models inside Codable types")
struct ModelsInsideCodableTests {
    @Test("A model inside a plain Codable type reads the flat document with its own lenient rules")
    func modelInsideCodable() throws {
        let json = Data(
            #"{"title":"P","gauges":[{"label":"a","readings":[1,"x",3],"limits":{"hi":{"no":1},"lo":2},"level":[9],"odd":1},{"label":"b"}]}"#
                .utf8)
        let decoded = try ModelDecoder().decodeWithDiagnostics(Panel.self, from: json)
        let panel = decoded.model
        #expect(panel.title == "P")
        #expect(panel.gauges.count == 2)
        #expect(panel.gauges[0].readings == [1, 3])
        #expect(panel.gauges[0].limits == ["lo": 2])
        #expect(panel.gauges[0].level == 0)
        #expect(panel.gauges[1].label == "b")
        let notes = decoded.diagnostics.map(\.description)
        #expect(notes.contains { $0.hasPrefix("gauges[0].readings[1]") })
        #expect(notes.contains { $0.hasPrefix("gauges[0].level") })
        #expect(notes.contains("gauges[0].odd: no property reads this key"))
    }
}
