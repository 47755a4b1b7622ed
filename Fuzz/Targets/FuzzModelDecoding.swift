import Foundation
import ModelKit

/// libFuzzer's entry point: one input, decoded into the model graph below by every entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModelDecoding(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    ModelDecodingProperties.check(Data(UnsafeBufferPointer(start: start, count: count)))
    return 0
}

// MARK: - The model graph

// Small, but with one of each thing the macro generates code for: renamed and alternative keys, key paths,
// snake_case, nested and recursive models, arrays of arrays, dictionaries, optionals, `let` properties,
// dates, data, URLs, UUIDs, decimals, small integers, floats, raw-value enums with and without a fallback,
// a transform, an ignored property, a polymorphic enum, a class hierarchy and a raw `Value`.

/// A raw-value enum whose unknown values fall back to `.unknown` in lenient mode.
enum FuzzMood: String, ModelEnum {
    case happy, sad, unknown
    static var fallback: FuzzMood? { .unknown }
}

/// A raw-value enum with no fallback: an unknown value is an error (a default in lenient mode).
enum FuzzLevel: Int, ModelEnum {
    case low = 1
    case high = 2
}

/// A comma-separated list, for the `@Transform` path.
struct CommaSeparated: ValueTransform {
    func decode(_ value: Value, context: DecodingContext) throws -> [String] {
        guard case .string(let text) = value else { throw context.mismatch(expected: "comma list", found: value) }
        return text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    func encode(_ output: [String]) throws -> Value {
        .string(output.joined(separator: ","))
    }
}

@DictionaryModel
struct FuzzImage {
    var url: URL?
    var width = 0
    var height: Int16?
    var bytes: Data?
}

@DictionaryModel
struct FuzzUser {
    @Key("id", "user_id", "uid") var id: Int64 = 0
    var name = ""
    var verified = false
    var score: Double?
    var ratio: Float = 0
    var avatar: FuzzImage?
    var images: [FuzzImage] = []
    var mood = FuzzMood.unknown
    var level: FuzzLevel?
    @Transform(CommaSeparated()) var roles: [String] = []
    @Ignored var cache = "untouched"
}

@DictionaryModel
struct FuzzText {
    var body = ""
}

@DictionaryModel
struct FuzzLink {
    var url: URL?
    var title: String?
}

@DictionaryModel(discriminator: "type")
enum FuzzAttachment {
    case text(FuzzText)
    @Key("link", "url") case link(FuzzLink)
}

@DictionaryModel(keyStrategy: .snakeCase)
struct FuzzStatus {
    let statusID: UInt64
    var text: String?
    var createdAt: Date?
    var user: FuzzUser?
    var replies: [FuzzStatus] = []
    var counts: [String: Int] = [:]
    var matrix: [[Double]] = []
    var amount: Decimal?
    var identifier: UUID?
    @Key("geo.coordinates[0]") var latitude: Double?
    @Key("geo.coordinates[1]") var longitude: Double?
    var attachments: [FuzzAttachment] = []
    var small: Int8 = 0
    var flags: [Bool]?
}

@DictionaryModel
class FuzzEntity {
    var identifier = ""
    var created: Date?
    init() {}
}

@DictionaryModel(inheritsFromModel: true)
final class FuzzDocument: FuzzEntity {
    var title = ""
    var statuses: [FuzzStatus] = []
    override init() { super.init() }
}

@DictionaryModel
struct FuzzFeed {
    var statuses: [FuzzStatus] = []
    var owner: FuzzUser?
    var document: FuzzDocument?
    var meta: [String: Value] = [:]
    var version = 1
}

// MARK: - Properties

/// What must hold for any bytes decoded as a model.
///
/// 1. Decoding never crashes, hangs or throws anything but `MappingError`, in lenient or strict mode, from
///    any source: bytes (format told from them), a `Value` tree, Foundation objects, `ModelDecoder`.
/// 2. Strict is a subset of lenient: what decodes strictly decodes leniently to the same model, and strict
///    mode notes nothing but missing keys that took their defaults.
/// 3. Decoding from bytes (pull readers, generated code reading them directly) gives the same model and the
///    same success as decoding from the tree those bytes read as, and as decoding from its Foundation objects.
/// 4. A decoded model encodes in every format (JSON may refuse NaN and infinity, JSON and XML a date without
///    a text, at its key path); what it writes decodes in strict mode, and encodes again to the same bytes.
enum ModelDecodingProperties {
    static func check(_ input: Data) {
        let lenient = Outcome("FuzzFeed.decode(data:)", input: input) { try FuzzFeed.decode(data: input) }
        let strict = Outcome("FuzzFeed.decode(data:) strict", input: input) {
            try FuzzFeed.decode(data: input, options: .strict)
        }
        checkStrictIsSubset(lenient: lenient, strict: strict, input: input)

        let tree = Outcome("Value.decode(data:)", input: input) { try Value.decode(data: input).model }
        _ = Outcome("[String: Value].decode(data:)", input: input) { try [String: Value].decode(data: input) }
        if let tree = tree.value {
            checkTreePaths(tree, lenient: lenient, strict: strict, input: input)
        }
        if let model = lenient.value?.model {
            for format in ModelFileFormat.allCases {
                checkEncoding(model, format: format, input: input)
            }
        }
    }

    static func checkStrictIsSubset(
        lenient: Outcome<Decoded<FuzzFeed>>, strict: Outcome<Decoded<FuzzFeed>>, input: Data
    ) {
        guard let strictModel = strict.value else { return }
        for diagnostic in strictModel.diagnostics {
            guard case .defaultedMissing = diagnostic.kind else {
                propertyFailed("strict mode succeeded with the note \(diagnostic)", input: input)
            }
        }
        switch lenient {
        case .failure(let error):
            propertyFailed("strict decoding succeeds but lenient fails: \(error)", input: input)
        case .success(let lenientModel):
            requireSameModel(strictModel.model, lenientModel.model, "strict and lenient", input: input)
        }
    }

    /// The pull path and the tree path must agree, in both modes; so must Foundation objects and the
    /// `Codable` path of `ModelDecoder`.
    static func checkTreePaths(
        _ tree: Value, lenient: Outcome<Decoded<FuzzFeed>>, strict: Outcome<Decoded<FuzzFeed>>, input: Data
    ) {
        let fromTree = Outcome("FuzzFeed(value:)", input: input) { try FuzzFeed(value: tree) }
        let strictFromTree = Outcome("FuzzFeed(value:) strict", input: input) {
            try FuzzFeed(value: tree, options: .strict)
        }
        // Also when a key repeats: the last value counts on both paths.
        requireAgreement(lenient.map(\.model), fromTree, "bytes and their tree (lenient)", input: input)
        requireAgreement(strict.map(\.model), strictFromTree, "bytes and their tree (strict)", input: input)

        guard let object = try? tree.foundationObject() else {
            propertyFailed("a tree read from bytes cannot become Foundation objects", input: input)
        }
        let fromObject = Outcome("FuzzFeed(object:)", input: input) { try FuzzFeed(object: object) }
        // Foundation dictionaries and Codable containers have no order, which shows in `meta`'s values.
        requireAgreement(fromTree, fromObject, "the tree and its Foundation objects", keyOrder: false, input: input)

        let fromCodable = Outcome("ModelDecoder.decode", input: input) {
            try ModelDecoder().decode(FuzzFeed.self, from: tree)
        }
        requireAgreement(fromTree, fromCodable, "decode(value:) and ModelDecoder", keyOrder: false, input: input)
    }

    /// The model's own output in `format` must decode strictly and encode again to the same bytes.
    static func checkEncoding(_ model: FuzzFeed, format: ModelFileFormat, input: Data) {
        let written: Data
        do {
            written = try model.data(format: format)
        } catch let error as MappingError {
            // Documented refusals, at the key path of what is refused (the root is a dictionary): JSON has no
            // NaN or infinity, JSON and XML have no text for a date outside the years ±999,999,999, property
            // lists have no null (which the `meta` values may hold in an array).
            let tree = try? model.value()
            if case .numberOutOfRange = error.reason, format != .binaryPropertyList, let tree,
                format == .json ? tree.containsUnwritableInJSON : tree.containsDateWithoutText
            {
                if error.path.components.isEmpty {
                    propertyFailed("\(format) refused a value without naming its key path: \(error)", input: input)
                }
                return
            }
            if format != .json, case .typeMismatch(_, "null") = error.reason { return }
            propertyFailed("a decoded model cannot be written as \(format): \(error)", input: input)
        } catch {
            propertyFailed("writing \(format) threw \(type(of: error)): \(error)", input: input)
        }
        let back: FuzzFeed
        do {
            back = try FuzzFeed(data: written, options: .strict)
        } catch {
            propertyFailed(
                "a model's own \(format) does not decode strictly: \(error); written base64: "
                    + written.prefix(512).base64EncodedString(),
                input: input)
        }
        guard let again = try? back.data(format: format) else {
            propertyFailed("the model read back from \(format) cannot be written again", input: input)
        }
        if again != written {
            let first = (try? back.value()).map(ValueComparison.brief) ?? "?"
            propertyFailed(
                "\(format) encoding is not stable: the model read back writes other bytes; read back: \(first)",
                input: input)
        }
        if format == .binaryPropertyList {
            // Binary property lists keep every bit, but drop null dictionary values (in `meta`) and make a
            // Decimal the nearest Double.
            requireSameModel(model, back, "a model and its binary property list", droppingNulls: true, input: input)
        }
    }

    static func requireAgreement(
        _ first: Outcome<FuzzFeed>, _ second: Outcome<FuzzFeed>, _ what: String, keyOrder: Bool = true,
        input: Data
    ) {
        switch (first, second) {
        case (.success(let a), .success(let b)):
            requireSameModel(a, b, what, keyOrder: keyOrder, input: input)
        case (.success, .failure(let error)), (.failure(let error), .success):
            if !error.isLimit { propertyFailed("\(what): only one succeeds; the other: \(error)", input: input) }
        case (.failure, .failure):
            break
        }
    }

    /// Models are compared by the trees they encode to, with decimals as doubles: the pull reader keeps a
    /// decimal's own digits where a tree holds the nearest double, as documented.
    static func requireSameModel(
        _ first: FuzzFeed, _ second: FuzzFeed, _ what: String, droppingNulls: Bool = false, keyOrder: Bool = true,
        input: Data
    ) {
        guard let a = try? first.value(), let b = try? second.value() else {
            propertyFailed("\(what): a decoded model cannot be encoded as a tree", input: input)
        }
        let left = normalized(a, droppingNulls: droppingNulls)
        let right = normalized(b, droppingNulls: droppingNulls)
        var rules = ValueComparison.Rules()
        rules.keyOrder = keyOrder
        if let difference = ValueComparison.firstDifference(left, right, rules: rules) {
            propertyFailed("\(what) give different models at \(difference)", input: input)
        }
    }

    /// Decimals as the nearest doubles and, for property lists, without null dictionary values.
    static func normalized(_ value: Value, droppingNulls: Bool) -> Value {
        switch value {
        case .decimal(let number):
            return .double(Double(number.description) ?? .nan)
        case .array(let elements):
            return .array(elements.map { normalized($0, droppingNulls: droppingNulls) })
        case .dictionary(var entries):
            if droppingNulls { entries.removeAll { $0.value == .null } }
            return .dictionary(entries.mapValues { normalized($0, droppingNulls: droppingNulls) })
        default:
            return value
        }
    }
}
