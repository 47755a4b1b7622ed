import Foundation
import ModelKit

/// The same models decoded and encoded from another module, as apps keep them: `Shared` is the model's public
/// copy in the `BenchmarkModels` library (see `Benchmarks/BenchmarkModels/generate`), timed against the
/// internal model of this module, `Local`, the subject of the other cases.
///
/// Both sides must read and write the same fields: what the shared model decodes is written as JSON and read
/// back by the local one, which the data set then checks.
struct CrossModuleCases<Local: ModelCodable, Shared: ModelCodable, Twin: Codable> {
    let set: DataSet<Local, Twin>
    let data: BenchmarkData
    /// A cheap number from a decoded shared model, as ``DataSet/size`` is for the local one.
    let sharedSize: (Shared) -> Int

    var all: [BenchmarkCase] {
        [jsonDecode, jsonDecodeThroughEntryPoint, jsonEncode, binaryPropertyListDecode, binaryPropertyListEncode].map(
            \.timedLonger)
    }

    var jsonDecode: BenchmarkCase {
        BenchmarkCase(
            name: "\(set.name).json-decode-cross-module", subject: "Model(data:), model in a library",
            baseline: "the same, in this module"
        ) {
            let json = try data.json(set.name)
            try checkShared(Shared(data: json))
            try set.checkCoverage(Shared.decode(data: json).diagnostics, by: "Model(data:) of the library's model")
            return .time(
                subject: { sharedSize(try Shared(data: json)) },
                baseline: .routine({ set.size(try Local(data: json)) }))
        }
    }

    /// `init(json:)`, compiled once in ModelKit, reaching the library's model through its `_decodeJSON`: what an
    /// app that decodes many models pays at run time for building quickly.
    var jsonDecodeThroughEntryPoint: BenchmarkCase {
        BenchmarkCase(
            name: "\(set.name).json-decode-cross-module-init-json", subject: "Model(json:), model in a library",
            baseline: "Model(data:), the model in this module"
        ) {
            let json = try data.json(set.name)
            try checkShared(Shared(json: json))
            return .time(
                subject: { sharedSize(try Shared(json: json)) },
                baseline: .routine({ set.size(try Local(data: json)) }))
        }
    }

    var jsonEncode: BenchmarkCase {
        BenchmarkCase(
            name: "\(set.name).json-encode-cross-module", subject: "data(format: .json), model in a library",
            baseline: "the same, in this module"
        ) {
            let json = try data.json(set.name)
            let shared = try Shared(data: json)
            let local = try Local(data: json)
            try checkShared(shared)
            return .time(
                subject: { try shared.data(format: .json).count },
                baseline: .routine({ try local.data(format: .json).count }))
        }
    }

    /// A binary property list, which a model decodes through its generic initializer (the JSON reader and
    /// Foundation objects have entry points of their own): in a library compiled with both conditions, through the
    /// table loop compiled once in ModelKit.
    var binaryPropertyListDecode: BenchmarkCase {
        BenchmarkCase(
            name: "\(set.name).bplist-decode-cross-module", subject: "Model(data:) of a bplist, model in a library",
            baseline: "the same, in this module"
        ) {
            let plist = try data.propertyList(set.name, format: .binary)
            try checkShared(Shared(data: plist))
            return .time(
                subject: { sharedSize(try Shared(data: plist)) },
                baseline: .routine({ set.size(try Local(data: plist)) }))
        }
    }

    /// A binary property list written through the model's generic `encode` (the JSON writer and Foundation objects
    /// have entry points of their own).
    var binaryPropertyListEncode: BenchmarkCase {
        BenchmarkCase(
            name: "\(set.name).bplist-encode-cross-module",
            subject: "data(format: .binaryPropertyList), model in a library", baseline: "the same, in this module"
        ) {
            let json = try data.json(set.name)
            let shared = try Shared(data: json)
            let local = try Local(data: json)
            try set.check(
                Local(data: shared.data(format: .binaryPropertyList)), by: "the library model's binary property list")
            return .time(
                subject: { try shared.data(format: .binaryPropertyList).count },
                baseline: .routine({ try local.data(format: .binaryPropertyList).count }))
        }
    }

    /// `[String: Any]` to model and back, from another module, for the sets that have the dictionary cases.
    func dictionaryCases(repetitions: Int) -> [BenchmarkCase] {
        let cases = [
            BenchmarkCase(
                name: "\(set.name).dict-to-model-cross-module", subject: "Model(dictionary:), model in a library",
                baseline: "the same, in this module"
            ) {
                let dictionary = try data.dictionary(set.name)
                try checkShared(Shared(dictionary: dictionary))
                return .time(
                    subject: {
                        var total = 0
                        for _ in 0..<repetitions { total &+= sharedSize(try Shared(dictionary: dictionary)) }
                        return total
                    },
                    baseline: .routine({
                        var total = 0
                        for _ in 0..<repetitions { total &+= set.size(try Local(dictionary: dictionary)) }
                        return total
                    }))
            },
            BenchmarkCase(
                name: "\(set.name).model-to-dict-cross-module", subject: "model.dictionary(), model in a library",
                baseline: "the same, in this module"
            ) {
                let dictionary = try data.dictionary(set.name)
                let shared = try Shared(dictionary: dictionary)
                let local = try Local(dictionary: dictionary)
                try set.check(Local(dictionary: shared.dictionary()), by: "the library model's dictionary()")
                return .time(
                    subject: {
                        var total = 0
                        for _ in 0..<repetitions { total &+= try shared.dictionary().count }
                        return total
                    },
                    baseline: .routine({
                        var total = 0
                        for _ in 0..<repetitions { total &+= try local.dictionary().count }
                        return total
                    }))
            },
        ]
        return cases.map(\.timedLonger)
    }

    /// Checks a shared model through the local one: written as JSON, read back, and compared with the file.
    private func checkShared(_ shared: Shared) throws {
        try set.check(Local(data: shared.data(format: .json)), by: "the library's model, written and read back")
    }
}
