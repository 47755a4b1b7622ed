// fuzz-flags: -DMODELKIT_GENERIC_MODELS -DMODELKIT_DECODING_TABLES
import Foundation
import ModelKit

/// libFuzzer's entry point: one input decoded through the public models' field tables and through their internal
/// twins' generic code, which must agree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTableDecoding(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    TableDecodingProperties.check(Data(UnsafeBufferPointer(start: start, count: count)))
    return 0
}

// MARK: - The models

// Compiled with both conditions (the `fuzz-flags` line above, which Fuzz/build reads): each public struct decodes
// and writes through a table of ModelKit's unspecialized slots, its nested models, arrays of them and dictionaries of
// them through `NestedModelDecoder` (the arrays in storage from `ModelArrayAllocator`, the dictionaries in storage
// of the decoder's own). Each internal twin, declared alike, has no table and goes through its generic code.

/// A model whose optionals are its own bits, which validates itself.
@DictionaryModel
public struct TableLeaf {
    /// A name.
    public var name = ""
    /// A rating, not negative.
    public var rating: Double?
    /// Labels.
    public var labels: [String] = []

    /// Rejects a negative rating: a model that fails after it is made.
    public func validateModel() throws {
        if let rating, rating < 0 { throw ValidationError("a rating is not negative") }
    }
}

/// A model of two doubles, whose optionals take a byte more.
@DictionaryModel
public struct TableSpot {
    /// Across.
    public var x = 0.0
    /// Down.
    public var y = 0.0
}

/// A class model: written and decoded the generic way from the struct that holds it.
@DictionaryModel
public final class TableKeeper {
    /// A name.
    public var name = ""
    /// Creates a keeper.
    public init() {}
}

/// The root: a property of each shape a nested model's slot decodes, scalars and arrays of them.
@DictionaryModel
public struct TableRoot {
    /// An integer.
    public var id = 0
    /// An optional string, under two keys.
    @Key("name", "title") public var name: String?
    /// An optional nested model.
    public var leaf: TableLeaf?
    /// A nested model with a default.
    public var owner = TableLeaf()
    /// A model whose optionals are not its bits.
    public var spot: TableSpot?
    /// Models.
    public var leaves: [TableLeaf] = []
    /// Optional models whose optionals are not their bits.
    public var spots: [TableSpot]?
    /// Class models.
    public var keepers: [TableKeeper] = []
    /// Models by key.
    public var leavesByKey: [String: TableLeaf] = [:]
    /// Optional models by key.
    public var spotsByKey: [String: TableSpot]?
    /// Class models by key.
    public var keepersByKey: [String: TableKeeper] = [:]
    /// Integers.
    public var ids: [Int]?
    /// A required date.
    public var date: Date
}

@DictionaryModel
struct TableLeafTwin {
    var name = ""
    var rating: Double?
    var labels: [String] = []

    func validateModel() throws {
        if let rating, rating < 0 { throw ValidationError("a rating is not negative") }
    }
}

@DictionaryModel
struct TableSpotTwin {
    var x = 0.0
    var y = 0.0
}

@DictionaryModel
final class TableKeeperTwin {
    var name = ""
    init() {}
}

@DictionaryModel
struct TableRootTwin {
    var id = 0
    @Key("name", "title") var name: String?
    var leaf: TableLeafTwin?
    var owner = TableLeafTwin()
    var spot: TableSpotTwin?
    var leaves: [TableLeafTwin] = []
    var spots: [TableSpotTwin]?
    var keepers: [TableKeeperTwin] = []
    var leavesByKey: [String: TableLeafTwin] = [:]
    var spotsByKey: [String: TableSpotTwin]?
    var keepersByKey: [String: TableKeeperTwin] = [:]
    var ids: [Int]?
    var date: Date
}

// MARK: - The properties

enum TableDecodingProperties {
    /// Decodes the bytes as JSON, and as the Foundation objects they read as, through the table and the twin, with
    /// default options, strictly and with a limit of three members: the same model (as the JSON it writes, through
    /// its table and the twin's generic code) and notes, or the same error.
    static func check(_ input: Data) {
        var limited = DecodingOptions()
        limited.maximumCollectionCount = 3
        let object = try? JSONFormat.value(from: input).foundationObject()
        for (mode, options) in [("lenient", DecodingOptions()), ("strict", .strict), ("limited", limited)] {
            let table = outcome { try TableRoot.decode(json: input, options: options) }
            let twin = outcome { try TableRootTwin.decode(json: input, options: options) }
            require(table, twin, "JSON, \(mode)", input: input)
            guard let object else { continue }
            let tableObjects = outcome { try TableRoot.decode(object: object, options: options) }
            let twinObjects = outcome { try TableRootTwin.decode(object: object, options: options) }
            require(tableObjects, twinObjects, "Foundation objects, \(mode)", input: input)
        }
    }

    /// What decoding gave: the model's JSON and its notes, or the error, the twins' names as the tables' models are
    /// named.
    static func outcome<Model: ModelEncodable>(_ decode: () throws -> Decoded<Model>) -> String {
        let outcome: String
        do {
            let decoded = try decode()
            let json = String(decoding: try decoded.model.jsonData(), as: UTF8.self)
            outcome = json + " " + decoded.diagnostics.map(\.description).joined(separator: "; ")
        } catch let error as MappingError {
            outcome = "error: \(error)"
        } catch {
            outcome = "error of another type: \(type(of: error)): \(error)"
        }
        return outcome.replacingOccurrences(of: "Twin", with: "")
    }

    /// Fails on an error that is not a ``MappingError`` (every entry point promises to throw only those), and
    /// where the two outcomes differ.
    static func require(_ table: String, _ twin: String, _ what: String, input: Data) {
        for outcome in [table, twin] where outcome.hasPrefix("error of another type") {
            propertyFailed("\(what): \(outcome)", input: input)
        }
        if table != twin {
            propertyFailed("\(what): the table gives \(table), the generic code \(twin)", input: input)
        }
    }
}
