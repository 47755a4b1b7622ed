import Foundation
import ModelKit
import PetShopSupplies

/// The library compiled with both `MODELKIT_GENERIC_MODELS` and `MODELKIT_DECODING_TABLES`, decoded and encoded from
/// this module. Its release build is where CI runs ModelKit's generic code optimized: the tables' unspecialized
/// slots, the jumps from generic code to the code compiled for each reader and writer, and arrays of models decoded
/// into their storage, past the room made for them up front too.
enum SuppliesChecks {
    /// Nine crates: more than the four an array makes room for before it has a size to go by.
    static var crates: [[String: Any]] {
        (0..<9).map { ["code": "C\($0)", "quantity": "\($0)", "contents": ["bone", "ball"]] }
    }

    static var shipment: [String: Any] {
        [
            "id": "40", "reference": "R-7", "weight": 12.5, "fragile": "yes", "trackingNumber": 9_007_199_254_740_993,
            "arrived": "2026-11-29T03:30:00Z", "manifest": "https://example.com/m/40", "palletIds": [3, "4", 5],
            "labels": ["this side up"], "readings": [4, "4.5", 5.25],
            "carrier": ["name": "Swift Freight", "rating": "4.5"], "backup": NSNull(), "crates": crates,
            "notes": ["ann": "late"], "damaged": ["C2": ["code": "C2", "quantity": 1]],
        ]
    }

    static func run(_ checker: inout Checker) {
        checker.run("a model compiled with both conditions reads objects, JSON and property lists") { checker in
            let decoded = try Shipment(dictionary: shipment)
            expectShipment(decoded, &checker)
            let json = try JSONSerialization.data(withJSONObject: shipment)
            checker.expect(try Shipment(data: json) == decoded, "JSON gives the model Foundation objects give")
            checker.expect(try Shipment(json: json) == decoded, "and init(json:) too")
            checker.expect(try Shipment(data: decoded.data(format: .json)) == decoded, "JSON written and read back")
            checker.expect(try Shipment(dictionary: decoded.dictionary()) == decoded, "a dictionary too")
            // Property lists reach the library's model through its generic code, which hands them to ModelKit's
            // table loops for their readers and writers.
            var plistInput = shipment
            plistInput["backup"] = nil
            for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
                let plist = try PropertyListSerialization.data(fromPropertyList: plistInput, format: format, options: 0)
                checker.expect(try Shipment(data: plist) == decoded, "a property list (\(format)) gives it too")
            }
            for format in [ModelFileFormat.binaryPropertyList, .xmlPropertyList] {
                let written = try decoded.data(format: format)
                checker.expect(try Shipment(data: written) == decoded, "\(format) written and read back")
            }
        }
        checker.run("a bad crate past the first four is dropped leniently and named strictly") { checker in
            // Every value exactly of its property's type, so that strict decoding stops only at the bad crate.
            var list: [[String: Any]] = (0..<9).map { ["code": "C\($0)", "quantity": $0, "contents": ["bone"]] }
            list[6]["code"] = ["not", "a", "code"]
            let input: [String: Any] = [
                "id": 41, "reference": "R-8", "weight": 1.5, "fragile": false, "trackingNumber": 7,
                "arrived": "2026-11-29T04:00:00Z", "manifest": "https://example.com/m/41", "palletIds": [1],
                "labels": ["top"], "readings": [1.5], "carrier": ["name": "Swift Freight", "rating": 4.5],
                "backup": ["name": "Slow Freight", "rating": 2.0], "crates": list, "notes": ["bo": "ok"],
                "damaged": [String: Any](),
            ]
            let json = try JSONSerialization.data(withJSONObject: input)
            for decoded in [try Shipment.decode(object: input), try Shipment.decode(data: json)] {
                checker.expect(
                    decoded.model.crates.map(\.code) == ["C0", "C1", "C2", "C3", "C4", "C5", "C7", "C8"],
                    "the other crates stay, in order")
                checker.expect(
                    decoded.diagnostics.map(\.description) == [
                        "crates[6].code: expected String, found array; element dropped"
                    ], "the dropped crate is noted at its index, and nothing else: \(decoded.diagnostics)")
            }
            for strict in [
                { try Shipment(dictionary: input, options: .strict) }, { try Shipment(json: json, options: .strict) },
            ] {
                do {
                    _ = try strict()
                    checker.expect(false, "strict decoding refuses the bad crate")
                } catch let error as MappingError {
                    checker.expect(error.path == "crates[6].code", "the error names crates[6].code, not \(error.path)")
                }
            }
        }
    }

    static func expectShipment(_ shipment: Shipment, _ checker: inout Checker) {
        checker.expect(shipment.id == 40 && shipment.reference == "R-7" && shipment.weight == 12.5, "the scalars")
        checker.expect(shipment.fragile == true, "\"yes\" becomes true")
        checker.expect(shipment.trackingNumber == 9_007_199_254_740_993, "a 64-bit integer keeps every digit")
        checker.expect(
            shipment.arrived == ISO8601DateFormatter().date(from: "2026-11-29T03:30:00Z"), "the date decodes")
        checker.expect(shipment.manifest?.path == "/m/40", "the URL decodes")
        checker.expect(shipment.palletIds == [3, 4, 5] && shipment.readings == [4, 4.5, 5.25], "arrays of numbers")
        checker.expect(shipment.labels == ["this side up"], "an optional array of strings")
        checker.expect(shipment.carrier == Carrier(name: "Swift Freight", rating: 4.5), "the nested model")
        checker.expect(shipment.backup == nil, "null leaves the optional model nil")
        checker.expect(
            shipment.crates.map(\.quantity) == Array(0..<9) && shipment.crates.allSatisfy { $0.contents.count == 2 },
            "all nine crates, in order")
        checker.expect(shipment.notes == ["ann": "late"], "a dictionary of strings")
        checker.expect(shipment.damaged["C2"]?.quantity == 1, "a dictionary of models")
    }
}
