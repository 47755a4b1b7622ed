import Foundation
import ModelKit

/// The cases of one data set that read and write files: ModelKit's own JSON and property-list readers and
/// writers against Foundation's coders on the `Codable` twin, and ``ModelDecoder`` against `JSONDecoder` on
/// the same twin.
///
/// Decoders and encoders are made once per case, outside the timed work, as an app keeps them.
struct FormatCases<Model: ModelCodable, Twin: Codable> {
    let set: DataSet<Model, Twin>
    let data: BenchmarkData

    var all: [BenchmarkCase] {
        [
            jsonDecode, jsonDecodeThroughEntryPoint, jsonEncode, binaryPropertyListDecode, xmlPropertyListDecode,
            binaryPropertyListEncode,
        ]
    }

    var jsonDecode: BenchmarkCase {
        BenchmarkCase(name: "\(set.name).json-decode", subject: "Model(data:)", baseline: "JSONDecoder") {
            let json = try data.json(set.name)
            let decoder = PlainCodable.jsonDecoder()
            try set.check(Model(data: json), by: "Model(data:)")
            try set.checkCoverage(Model.decode(data: json).diagnostics, by: "Model(data:)")
            try set.check(twin: decoder.decode(Twin.self, from: json), by: "JSONDecoder")
            return .time(
                subject: { set.size(try Model(data: json)) },
                baseline: .routine({ set.twinSize(try decoder.decode(Twin.self, from: json)) }))
        }
    }

    /// `Model(json:)`, compiled once in ModelKit, against `Model(data:)`, compiled here, on this module's internal
    /// model: `Model(json:)` reaches it through its `_decodeJSON`, the default one of ``ModelDecodable`` (the
    /// macro writes its own only for `public` and `package` models).
    var jsonDecodeThroughEntryPoint: BenchmarkCase {
        BenchmarkCase(name: "\(set.name).json-decode-init-json", subject: "Model(json:)", baseline: "Model(data:)") {
            let json = try data.json(set.name)
            try set.check(Model(json: json), by: "Model(json:)")
            return .time(
                subject: { set.size(try Model(json: json)) },
                baseline: .routine({ set.size(try Model(data: json)) }))
        }
    }

    /// `Model(data:)`, as in ``jsonDecode``, against the parsing limit: simdjson's On-Demand walk of every
    /// value of the same bytes (see ``SimdjsonWalk``). The baseline names the kernels it ran on, stage 1's
    /// and the walk's (`simdjson icelake/haswell`), short enough for the table's column.
    var jsonDecodeVsSimdjson: BenchmarkCase {
        BenchmarkCase(
            name: "\(set.name).json-decode-vs-simdjson", subject: "Model(data:)",
            baseline: "simdjson " + (SimdjsonWalk.kernels ?? "On-Demand")
        ) {
            let json = try data.json(set.name)
            let walk = try SimdjsonWalk(json: json)
            try set.check(Model(data: json), by: "Model(data:)")
            try set.checkCoverage(Model.decode(data: json).diagnostics, by: "Model(data:)")
            // The walk must reach every value JSONSerialization reads, or it is timing less than the file.
            let expected = SimdjsonWalk.valueCount(of: try JSONSerialization.jsonObject(with: json))
            let found = try walk.walk().values
            guard found == expected else {
                throw BenchmarkFailure("\(set.name): simdjson's walk reached \(found) values, expected \(expected)")
            }
            return .time(
                subject: { set.size(try Model(data: json)) },
                baseline: .routine({ Int(truncatingIfNeeded: try walk.walk().checksum) }))
        }
    }

    var jsonEncode: BenchmarkCase {
        BenchmarkCase(name: "\(set.name).json-encode", subject: "data(format: .json)", baseline: "JSONEncoder") {
            let json = try data.json(set.name)
            let model = try Model(data: json)
            let twin = try PlainCodable.jsonDecoder().decode(Twin.self, from: json)
            let encoder = PlainCodable.jsonEncoder()
            // What each side writes must read back to the same fields.
            try set.check(Model(data: model.data(format: .json)), by: "Model(data:) of ModelKit's JSON")
            try set.check(
                twin: PlainCodable.jsonDecoder().decode(Twin.self, from: encoder.encode(twin)),
                by: "JSONDecoder of JSONEncoder's JSON")
            return .time(
                subject: { try model.data(format: .json).count },
                baseline: .routine({ try encoder.encode(twin).count }))
        }
    }

    var binaryPropertyListDecode: BenchmarkCase {
        propertyListDecode(format: .binary, operation: "bplist-decode")
    }

    var xmlPropertyListDecode: BenchmarkCase {
        propertyListDecode(format: .xml, operation: "xmlplist-decode")
    }

    private func propertyListDecode(
        format: PropertyListSerialization.PropertyListFormat, operation: String
    ) -> BenchmarkCase {
        BenchmarkCase(name: "\(set.name).\(operation)", subject: "Model(data:)", baseline: "PropertyListDecoder") {
            let plist = try data.propertyList(set.name, format: format)
            let decoder = PropertyListDecoder()
            try set.check(Model(data: plist), by: "Model(data:) of a property list")
            try set.check(twin: decoder.decode(Twin.self, from: plist), by: "PropertyListDecoder")
            return .time(
                subject: { set.size(try Model(data: plist)) },
                baseline: .routine({ set.twinSize(try decoder.decode(Twin.self, from: plist)) }))
        }
    }

    var binaryPropertyListEncode: BenchmarkCase {
        BenchmarkCase(
            name: "\(set.name).bplist-encode", subject: "data(format: .binaryPropertyList)",
            baseline: "PropertyListEncoder"
        ) {
            let json = try data.json(set.name)
            let model = try Model(data: json)
            let twin = try PlainCodable.jsonDecoder().decode(Twin.self, from: json)
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .binary
            try set.check(
                Model(data: model.data(format: .binaryPropertyList)), by: "Model(data:) of ModelKit's bplist")
            try set.check(
                twin: PropertyListDecoder().decode(Twin.self, from: encoder.encode(twin)),
                by: "PropertyListDecoder of PropertyListEncoder's bplist")
            return .time(
                subject: { try model.data(format: .binaryPropertyList).count },
                baseline: .routine({ try encoder.encode(twin).count }))
        }
    }

    var codableJSONDecode: BenchmarkCase {
        BenchmarkCase(
            name: "\(set.name).codable-json-decode", subject: "ModelDecoder (Codable)", baseline: "JSONDecoder"
        ) {
            let json = try data.json(set.name)
            let modelDecoder = ModelDecoder()
            let decoder = PlainCodable.jsonDecoder()
            try set.check(twin: modelDecoder.decode(Twin.self, from: json), by: "ModelDecoder")
            try set.check(twin: decoder.decode(Twin.self, from: json), by: "JSONDecoder")
            return .time(
                subject: { set.twinSize(try modelDecoder.decode(Twin.self, from: json)) },
                baseline: .routine({ set.twinSize(try decoder.decode(Twin.self, from: json)) }))
        }
    }
}
