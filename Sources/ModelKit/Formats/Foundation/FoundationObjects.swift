import Foundation
import OrderedCollections

/// Foundation objects as a tree: `[String: Any]`, `NSDictionary`, `[Any]`, `NSArray`, `String`, `NSNumber`,
/// `Bool`, the integer and floating-point types, `Date`, `Data`, `NSNull` — what `PropertyListSerialization`,
/// `JSONSerialization` and a seed's `initWithDict:` hand over.
public enum FoundationObjects: TreeSource {
    /// Any Foundation object.
    public typealias Node = Any

    /// Walks a dictionary whose keys are strings (other keys are written as their description).
    public struct EntryIterator {
        @usableFromInline var base: Dictionary<String, Any>.Iterator

        @inlinable init(base: Dictionary<String, Any>.Iterator) { self.base = base }
    }

    /// Classifies an object; casts are ordered by how often each kind appears in model data.
    @inlinable
    public static func classify(_ node: Any) -> TreeShape<Any, EntryIterator> {
        // Exact dynamic types first: Linux bridges `NSNumber(1) as? Bool` to `true` and reports a native Bool
        // as an NSNumber, so casts alone cannot tell 1 from true.
        let dynamicType = type(of: node)
        if dynamicType == String.self { return .scalar(.string(node as! String)) }
        if dynamicType == Int.self { return .scalar(.integer(Int64(node as! Int))) }
        if dynamicType == Bool.self { return .scalar(.bool(node as! Bool)) }
        if dynamicType == Double.self { return .scalar(.double(node as! Double)) }
        if let dictionary = node as? [String: Any] {
            return .dictionary(EntryIterator(base: dictionary.makeIterator()), count: dictionary.count)
        }
        if let array = node as? [Any] { return .array(array) }
        if let string = node as? String { return .scalar(.string(string)) }
        if dynamicType is NSNumber.Type, let number = node as? NSNumber {
            return .scalar(scalar(of: number))
        }
        if node is NSNull { return .scalar(.null) }
        if let date = node as? Date { return .scalar(.date(date)) }
        if let data = node as? Data { return .scalar(.data(data)) }
        if let decimal = node as? Decimal { return .scalar(.decimal(decimal)) }
        if let number = node as? any BinaryInteger {
            if let signed = Int64(exactly: number) { return .scalar(.integer(signed)) }
            if let unsigned = UInt64(exactly: number) { return .scalar(.unsignedInteger(unsigned)) }
        }
        if let number = node as? Float { return .scalar(.double(Double(String(number)) ?? Double(number))) }
        if let url = node as? URL { return .scalar(.string(url.absoluteString)) }
        if let uuid = node as? UUID { return .scalar(.string(uuid.uuidString)) }
        if let dictionary = node as? NSDictionary {
            var entries: [String: Any] = [:]
            for (key, value) in dictionary { entries[String(describing: key)] = value }
            return .dictionary(EntryIterator(base: entries.makeIterator()), count: entries.count)
        }
        if let array = node as? NSArray { return .array(array.map { $0 }) }
        if let optional = node as? OptionalMarker {
            guard let wrapped = optional.wrappedAny else { return .scalar(.null) }
            return classify(wrapped)
        }
        return .unsupported(String(describing: type(of: node)))
    }

    /// The scalar an `NSNumber` holds; booleans are told apart from 0 and 1 by the number's type.
    public static func scalar(of number: NSNumber) -> Value {
        if number.isBoolean { return .bool(number.boolValue) }
        let type = String(cString: number.objCType)
        switch type {
        case "d", "f": return .double(number.doubleValue)
        case "Q", "L", "I", "S", "C":
            let unsigned = number.uint64Value
            if let signed = Int64(exactly: unsigned) { return .integer(signed) }
            return .unsignedInteger(unsigned)
        default:
            return .integer(number.int64Value)
        }
    }

    /// The next entry.
    @inlinable
    public static func nextEntry(_ iterator: inout EntryIterator) -> (key: String, value: Any)? {
        guard let (key, value) = iterator.base.next() else { return nil }
        return (key, value)
    }

    /// Whether the object is `NSNull` or a `nil` optional.
    @inlinable
    public static func isNull(_ node: Any) -> Bool {
        if node is NSNull { return true }
        if let optional = node as? OptionalMarker { return optional.wrappedAny == nil }
        return false
    }
}

/// Lets a `nil` stored in `Any` (from `[String: Any?]`) be seen as null.
@usableFromInline
protocol OptionalMarker {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalMarker {
    @usableFromInline var wrappedAny: Any? {
        switch self {
        case .some(let wrapped): wrapped
        case .none: nil
        }
    }
}

extension NSNumber {
    /// Whether the number was made from a Bool (`kCFBooleanTrue` on Apple platforms, `c`-typed `true`/`false`
    /// on Linux).
    var isBoolean: Bool {
        #if canImport(Darwin)
            return CFGetTypeID(self) == CFBooleanGetTypeID()
        #else
            return self === NSNumber(value: true) || self === NSNumber(value: false)
                || (String(cString: objCType) == "c" && type(of: self) != NSNumber.self)
        #endif
    }
}

/// A ``ModelReader`` over Foundation objects: the seeds' `[String: Any]` and `NSDictionary`.
public typealias FoundationObjectReader = TreeReader<FoundationObjects>

/// ``Value`` as a tree.
public enum ValueTree: TreeSource {
    /// A value.
    public typealias Node = Value

    /// Walks a dictionary value's entries in order.
    public struct EntryIterator {
        @usableFromInline let entries: Value
        @usableFromInline var index = 0

        @inlinable init(entries: Value) { self.entries = entries }
    }

    /// What a value is.
    @inlinable
    public static func classify(_ node: Value) -> TreeShape<Value, EntryIterator> {
        switch node {
        case .dictionary(let entries): .dictionary(EntryIterator(entries: node), count: entries.count)
        case .array(let elements): .array(elements)
        default: .scalar(node)
        }
    }

    /// The next entry.
    @inlinable
    public static func nextEntry(_ iterator: inout EntryIterator) -> (key: String, value: Value)? {
        guard case .dictionary(let entries) = iterator.entries, iterator.index < entries.count else { return nil }
        defer { iterator.index += 1 }
        return (entries.keys[iterator.index], entries.values[iterator.index])
    }

    /// Whether the value is `.null`.
    @inlinable
    public static func isNull(_ node: Value) -> Bool {
        if case .null = node { return true }
        return false
    }
}

/// A ``ModelReader`` over a ``Value`` tree.
public typealias ValueReader = TreeReader<ValueTree>
