import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// What the property-list tests share: the conformance files, Foundation's objects as ``Value``
/// and back, a bit-exact comparison, random values from a seeded generator and a builder of hand-made binary
/// lists.
enum PropertyListFixtures {
    /// Why Foundation rejected a property list: its error's text.
    struct FoundationRejection: Error, CustomStringConvertible {
        let description: String
    }

    /// The names of the `.plist` and `.bplist` files of libplist's tests (`Data/conformance/plist`), sorted;
    /// empty when the folder is missing, which ``PropertyListConformanceTests`` reports.
    static var conformanceFileNames: [String] {
        (try? RepositoryData.names(in: "conformance/plist") { $0.hasSuffix(".plist") || $0.hasSuffix(".bplist") })
            ?? []
    }

    /// The bytes of a file of libplist's tests.
    static func conformanceData(_ name: String) throws -> Data {
        try RepositoryData.contents(of: "conformance/plist/\(name)")
    }

    // MARK: - Foundation

    /// What `PropertyListSerialization` reads from `data`, as a ``Value`` with sorted keys; the error's text
    /// when Foundation rejects it.
    static func foundationValue(_ data: Data) -> Result<Value, FoundationRejection> {
        do {
            let object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            return .success(sortedKeys(value(fromFoundation: object)))
        } catch {
            return .failure(FoundationRejection(description: "\(error)"))
        }
    }

    /// A Foundation object as a ``Value``: the shared converter of the test fixtures.
    static func value(fromFoundation object: Any) -> Value {
        FoundationValue.make(from: object)
    }

    /// A ``Value`` as the objects `PropertyListSerialization` writes; null entries are left out.
    static func foundationObject(_ value: Value) -> Any? {
        switch value {
        case .null: return nil
        case .bool(let bool): return bool
        case .integer(let integer): return Int(integer)
        case .unsignedInteger(let unsigned): return NSNumber(value: unsigned)
        case .double(let double): return double
        case .decimal(let decimal): return decimal
        case .string(let string): return string
        case .date(let date): return date
        case .data(let data): return data
        case .array(let elements): return elements.compactMap(foundationObject)
        case .dictionary(let entries):
            var dictionary: [String: Any] = [:]
            for (key, element) in entries {
                if let object = foundationObject(element) { dictionary[key] = object }
            }
            return dictionary
        }
    }

    // MARK: - Comparison

    /// `value` with every dictionary's keys sorted, to compare with Foundation's unordered dictionaries.
    static func sortedKeys(_ value: Value) -> Value {
        switch value {
        case .array(let elements): return .array(elements.map(sortedKeys))
        case .dictionary(let entries):
            return .dictionary(
                .init(uniqueKeysWithValues: entries.keys.sorted().map { ($0, sortedKeys(entries[$0]!)) }))
        default: return value
        }
    }

    /// Whether two values are the same, with reals and dates compared bit for bit (so NaN equals NaN and
    /// -0.0 differs from 0.0) and dictionaries in order.
    static func identical(_ left: Value, _ right: Value) -> Bool {
        switch (left, right) {
        case (.double(let a), .double(let b)): return a.bitPattern == b.bitPattern
        case (.date(let a), .date(let b)):
            return a.timeIntervalSinceReferenceDate.bitPattern == b.timeIntervalSinceReferenceDate.bitPattern
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { identical($0, $1) }
        case (.dictionary(let a), .dictionary(let b)):
            return a.keys == b.keys && zip(a.values, b.values).allSatisfy { identical($0, $1) }
        default: return left == right
        }
    }

    /// Where two values first differ and how, for failure messages; `nil` when they are identical.
    static func firstDifference(_ left: Value, _ right: Value, at path: String = "") -> String? {
        switch (left, right) {
        case (.array(let a), .array(let b)) where a.count == b.count:
            for (index, pair) in zip(a, b).enumerated() {
                if let difference = firstDifference(pair.0, pair.1, at: "\(path)[\(index)]") { return difference }
            }
            return nil
        case (.dictionary(let a), .dictionary(let b)) where a.keys == b.keys:
            for (key, value) in a {
                if let difference = firstDifference(value, b[key]!, at: "\(path).\(key)") { return difference }
            }
            return nil
        default:
            return identical(left, right) ? nil : "at \(path.isEmpty ? "(root)" : path): \(left) ≠ \(right)"
        }
    }

    // MARK: - Generated values

    /// Strings that exercise escaping, non-ASCII text (UTF-16 in binary lists) and surrogate pairs.
    static let strings = [
        "", "plain", "a & b < c > d", "]]> and <![CDATA[", "quotes \" and '", "é", "àéèçù", "日本語", "emoji 😀👍🏽",
        "tab\tnew\nline", " leading and trailing ", "русский язык", "𝕢 outside the BMP", "CF$UID", "name",
    ]

    /// Integers at the edges of each binary width and of `Int64`.
    static let integers: [Int64] = [
        0, 1, -1, 127, 128, 255, 256, 65_535, 65_536, -65_536, 4_294_967_295, 4_294_967_296,
        Int64(Int32.min), Int64.max, Int64.min, Int64.max - 1, Int64.min + 1,
    ]

    /// A value of nested dictionaries and arrays holding every scalar kind a property list has. Dates are
    /// whole seconds, which `<date>` keeps exactly.
    static func randomValue(_ generator: inout SplitMix64, depth: Int = 0) -> Value {
        let choice = Int.random(in: 0..<(depth < 4 ? 12 : 9), using: &generator)
        switch choice {
        case 0: return .bool(Bool.random(using: &generator))
        case 1: return .integer(integers.randomElement(using: &generator)!)
        case 2: return .integer(Int64.random(in: Int64.min...Int64.max, using: &generator))
        case 3: return .unsignedInteger(UInt64.random(in: (UInt64(Int64.max) + 1)...UInt64.max, using: &generator))
        case 4: return .double(randomDouble(&generator))
        case 5: return .string(strings.randomElement(using: &generator)!)
        case 6:
            let seconds = Double(Int64.random(in: -3_000_000_000...3_000_000_000, using: &generator))
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case 7:
            let count = Int.random(in: 0..<40, using: &generator)
            return .data(Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        case 8: return .string(String(Int.random(in: 0..<1000, using: &generator)))
        case 9, 10:
            let entries = (0..<Int.random(in: 0..<6, using: &generator)).map { _ in
                let key = strings.randomElement(using: &generator)! + String(Int.random(in: 0..<3, using: &generator))
                return (key, randomValue(&generator, depth: depth + 1))
            }
            return .dictionary(.init(entries, uniquingKeysWith: { _, last in last }))
        default:
            return .array(
                (0..<Int.random(in: 0..<6, using: &generator)).map { _ in
                    randomValue(&generator, depth: depth + 1)
                })
        }
    }

    /// Reals from every corner: random bit patterns (no NaN, whose payload XML cannot keep), zeros of both
    /// signs, infinities, subnormals, and short decimals.
    static func randomDouble(_ generator: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            let special = [
                0.0, -0.0, .infinity, -.infinity, .leastNonzeroMagnitude, .leastNormalMagnitude,
                .greatestFiniteMagnitude,
            ]
            return special.randomElement(using: &generator)!
        case 1: return Double(Int.random(in: -10_000...10_000, using: &generator)) / 100
        default:
            var double = Double.nan
            while double.isNaN { double = Double(bitPattern: generator.next()) }
            return double
        }
    }

    // MARK: - Hand-made binary lists

    /// A binary property list of `objects` (each a marker and its bytes) with one-byte offsets, references of
    /// `referenceSize` bytes and the given top object; `offsets` replaces the computed offset table.
    static func binaryList(
        _ objects: [[UInt8]], top: UInt64 = 0, referenceSize: UInt8 = 1, offsets: [UInt8]? = nil,
        objectCount: UInt64? = nil
    ) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var computed: [UInt8] = []
        for object in objects {
            computed.append(UInt8(bytes.count))
            bytes += object
        }
        let tableOffset = UInt64(bytes.count)
        bytes += offsets ?? computed
        bytes += [0, 0, 0, 0, 0, 0, 1, referenceSize]
        for field in [objectCount ?? UInt64(objects.count), top, tableOffset] {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: field >> (UInt64($0) * 8)) }
        }
        return bytes
    }

    /// Reads `bytes` as a binary property list into a ``Value``.
    static func readBinary(_ bytes: [UInt8], maximumDepth: Int = 512) throws -> Value {
        try bytes.withUnsafeBytes { buffer in
            var reader = try BinaryPropertyListReader(bytes: buffer, maximumDepth: maximumDepth)
            let value = try Value(from: &reader, context: context(maximumDepth: maximumDepth))
            try reader.finish()
            return value
        }
    }

    /// Reads `bytes` as an XML property list into a ``Value``.
    static func readXML(_ bytes: [UInt8], maximumDepth: Int = 512) throws -> Value {
        try bytes.withUnsafeBytes { buffer in
            var reader = try XMLPropertyListReader(bytes: buffer, maximumDepth: maximumDepth)
            let value = try Value(from: &reader, context: context(maximumDepth: maximumDepth))
            try reader.finish()
            return value
        }
    }

    /// A decoding context whose depth limit is the reader's, so that the reader's limit is the one tested.
    static func context(maximumDepth: Int) -> DecodingContext {
        var options = DecodingOptions()
        options.maximumDepth = maximumDepth
        return DecodingContext(options: options)
    }

    /// The detail of a malformed-data error, or `nil` for any other error.
    static func malformedDetail(_ error: any Error) -> String? {
        guard let error = error as? MappingError, case .malformedData(_, _, let detail) = error.reason else {
            return nil
        }
        return detail
    }
}
