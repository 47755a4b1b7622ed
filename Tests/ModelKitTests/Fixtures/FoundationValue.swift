import Foundation
import ModelKit

/// Turns what `JSONSerialization` returns into ``Value`` and compares it with a ``Value`` read by ModelKit,
/// numbers by what they are worth rather than by how each side stores them.
enum FoundationValue {
    /// Booleans come back as a private NSNumber subclass; its type is the only sure sign on Linux.
    private static let booleanType = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// The `Value` for an object from `JSONSerialization` or `PropertyListSerialization`, with dictionary keys
    /// sorted. A Bool is told from a number by its dynamic type; a keyed-archiver UID becomes `{"CF$UID": n}`.
    static func make(from object: Any) -> Value {
        let dynamicType = type(of: object)
        if dynamicType == Bool.self { return .bool(object as! Bool) }
        if dynamicType == Int.self { return .integer(Int64(object as! Int)) }
        if dynamicType == Double.self { return .double(object as! Double) }
        if dynamicType == String.self { return .string(object as! String) }
        if String(describing: dynamicType).contains("KeyedArchiverUID") {
            let number = Mirror(reflecting: object).children.first { $0.label == "value" }?.value
            return ["CF$UID": .integer(Int64(number as? UInt32 ?? UInt32.max))]
        }
        if object is NSNull { return .null }
        if let decimal = object as? NSDecimalNumber { return .decimal(decimal.decimalValue) }
        if let number = object as? NSNumber {
            if ObjectIdentifier(type(of: number)) == booleanType { return .bool(number.boolValue) }
            switch String(cString: number.objCType) {
            case "d", "f": return .double(number.doubleValue)
            case "Q", "L", "I", "S", "C":
                let unsigned = number.uint64Value
                return Int64(exactly: unsigned).map(Value.integer) ?? .unsignedInteger(unsigned)
            default: return .integer(number.int64Value)
            }
        }
        if let string = object as? String { return .string(string) }
        if let date = object as? Date { return .date(date) }
        if let data = object as? Data { return .data(data) }
        if let array = object as? [Any] { return .array(array.map(make(from:))) }
        if let dictionary = object as? [AnyHashable: Any] {
            // Built through ValueBuilder so the tests need no direct dependency on swift-collections.
            let keyed = dictionary.map { (key: $0.key.base as? String ?? "\($0.key)", value: $0.value) }
            var entries = ValueBuilder.makeDictionary(capacity: keyed.count)
            for entry in keyed.sorted(by: { $0.key < $1.key }) {
                ValueBuilder.insert(make(from: entry.value), for: entry.key, into: &entries)
            }
            return ValueBuilder.node(dictionary: entries)
        }
        return .string("<unexpected \(dynamicType)>")
    }

    /// The `Value` that `JSONSerialization` reads from `data`, fragments allowed.
    static func read(_ data: Data) throws -> Value {
        make(from: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// Where `ours` first differs from `foundation`, or `nil` when they are the same.
    ///
    /// Integers must be equal, doubles bit for bit, and strings scalar for scalar. Foundation keeps integers
    /// outside `Int64`/`UInt64` (and `Int64.min`) as `NSDecimalNumber`: those match an integer of the same
    /// worth, or the `Double` nearest to the decimal's exact text.
    static func difference(_ ours: Value, _ foundation: Value, at path: String = "$") -> String? {
        switch (ours, foundation) {
        case (.integer(let left), .integer(let right)) where left == right: return nil
        case (.unsignedInteger(let left), .unsignedInteger(let right)) where left == right: return nil
        case (.double(let left), .double(let right)) where left.bitPattern == right.bitPattern: return nil
        case (.integer(let left), .decimal(let right)) where Decimal(left) == right: return nil
        case (.unsignedInteger(let left), .decimal(let right)) where Decimal(left) == right: return nil
        case (.double(let left), .decimal(let right)):
            if let nearest = Double(right.description), nearest.bitPattern == left.bitPattern { return nil }
        case (.bool(let left), .bool(let right)) where left == right: return nil
        case (.null, .null): return nil
        case (.string(let left), .string(let right)):
            if left.unicodeScalars.elementsEqual(right.unicodeScalars) { return nil }
        case (.array(let left), .array(let right)):
            guard left.count == right.count else {
                return "\(path): \(left.count) elements against Foundation's \(right.count)"
            }
            for index in left.indices {
                if let difference = difference(left[index], right[index], at: "\(path)[\(index)]") {
                    return difference
                }
            }
            return nil
        case (.dictionary(let left), .dictionary(let right)):
            guard Set(left.keys) == Set(right.keys) else {
                return "\(path): keys \(left.keys.sorted()) against Foundation's \(right.keys.sorted())"
            }
            for (key, value) in left {
                if let difference = difference(value, right[key]!, at: "\(path).\(key)") { return difference }
            }
            return nil
        default:
            break
        }
        return "\(path): \(describe(ours)) against Foundation's \(describe(foundation))"
    }

    private static func describe(_ value: Value) -> String {
        switch value {
        case .double(let double): "double \(double) (bits \(double.bitPattern))"
        case .integer(let integer): "integer \(integer)"
        case .unsignedInteger(let integer): "unsigned integer \(integer)"
        case .decimal(let decimal): "decimal \(decimal)"
        default: value.briefDescription
        }
    }
}
