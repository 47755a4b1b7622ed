import Foundation
import OrderedCollections

/// Foundation objects as a tree: `[String: Any]`, `NSDictionary`, `[Any]`, `NSArray`, `String`, `NSNumber`,
/// `Bool`, the integer and floating-point types, `Date`, `Data`, `NSNull` — what `PropertyListSerialization`,
/// `JSONSerialization` and a seed's `initWithDict:` hand over.
public enum FoundationObjects: TreeSource {
    /// Any Foundation object.
    public typealias Node = Any

    /// Walks a dictionary whose keys are strings (other keys are written as their description).
    ///
    /// An index rather than the dictionary's iterator: the iterator hands out `(key, value)` tuples, which the
    /// runtime copied and destroyed field by field for every entry.
    public struct EntryIterator {
        @usableFromInline let dictionary: [String: Any]
        /// The entry to move to next.
        @usableFromInline var index: Dictionary<String, Any>.Index
        /// The entry moved to last; the start index until then.
        @usableFromInline var current: Dictionary<String, Any>.Index

        @inlinable init(_ dictionary: [String: Any]) {
            self.dictionary = dictionary
            self.index = dictionary.startIndex
            self.current = dictionary.startIndex
        }
    }

    /// Classifies an object by its dynamic type.
    ///
    /// Only metatypes are tested before a value is cast: a cast such as `node is NSNull` on a Swift dictionary
    /// makes the runtime bridge the whole dictionary, recursively, to `NSDictionary` — an O(n) cost on every
    /// check and a stack overflow on deep data.
    @inlinable
    public static func classify(_ node: Any) -> TreeShape<Any, EntryIterator> {
        if let dictionary = stored(node, as: [String: Any].self) {
            return .dictionary(EntryIterator(dictionary), count: dictionary.count)
        }
        let dynamicType = type(of: node)
        if dynamicType == String.self { return .scalar(.string(payload(of: node, as: String.self))) }
        if dynamicType == [String: Any].self {
            let dictionary = payload(of: node, as: [String: Any].self)
            return .dictionary(EntryIterator(dictionary), count: dictionary.count)
        }
        if dynamicType == Int.self { return .scalar(.integer(Int64(payload(of: node, as: Int.self)))) }
        if dynamicType == [Any].self { return .array(payload(of: node, as: [Any].self)) }
        if dynamicType == Bool.self { return .scalar(.bool(payload(of: node, as: Bool.self))) }
        if dynamicType == Double.self { return .scalar(.double(payload(of: node, as: Double.self))) }
        if dynamicType is NSNumber.Type { return .scalar(scalar(of: payload(of: node, as: NSNumber.self))) }
        if dynamicType is NSNull.Type { return .scalar(.null) }
        if dynamicType is AnyStringKeyedDictionary.Type {
            let dictionary = (node as! AnyStringKeyedDictionary).anyEntries
            return .dictionary(EntryIterator(dictionary), count: dictionary.count)
        }
        if dynamicType is AnyElementArray.Type { return .array((node as! AnyElementArray).anyElements) }
        if dynamicType is OptionalMarker.Type {
            guard let wrapped = (node as! OptionalMarker).wrappedAny else { return .scalar(.null) }
            return classify(wrapped)
        }
        return classifyRare(node, dynamicType)
    }

    // The exact reads first look at the type the `Any` stores, which opening it gives for free; only when
    // that is not the expected one do they ask the runtime for the dynamic type (`type(of:)`, a tenth of the
    // time of `[String: Any]` → model when it was asked for every value).

    /// The text of a string node.
    @inlinable
    public static func exactString(_ node: Any) -> String? {
        if let text = stored(node, as: String.self) { return text }
        let dynamicType = type(of: node)
        if dynamicType == String.self { return payload(of: node, as: String.self) }
        guard case .scalar(.string(let text)) = classifyUncommon(node, dynamicType) else { return nil }
        return text
    }

    /// The Boolean of a `Bool` or of an `NSNumber` made from one.
    @inlinable
    public static func exactBool(_ node: Any) -> Bool? {
        if let number = stored(node, as: NSNumber.self) { return number.isBoolean ? number.boolValue : nil }
        let dynamicType = type(of: node)
        if dynamicType == Bool.self { return payload(of: node, as: Bool.self) }
        if dynamicType is NSNumber.Type {
            let number = payload(of: node, as: NSNumber.self)
            return number.isBoolean ? number.boolValue : nil
        }
        guard case .scalar(.bool(let flag)) = classifyUncommon(node, dynamicType) else { return nil }
        return flag
    }

    /// The integer of an `Int`, an integer `NSNumber` or another integer type, if `type` holds it.
    @inlinable
    public static func exactInteger<T: FixedWidthInteger>(_ node: Any, as type: T.Type) -> T? {
        if let number = stored(node, as: NSNumber.self) {
            return ConversionRules.exactInteger(scalar(of: number), as: type)
        }
        let dynamicType = Swift.type(of: node)
        if dynamicType == Int.self { return T(exactly: payload(of: node, as: Int.self)) }
        if dynamicType is NSNumber.Type {
            return ConversionRules.exactInteger(scalar(of: payload(of: node, as: NSNumber.self)), as: type)
        }
        guard case .scalar(let value) = classifyUncommon(node, dynamicType) else { return nil }
        return ConversionRules.exactInteger(value, as: type)
    }

    /// The `Double` of a `Double`, an `Int`, a number `NSNumber` or another number type.
    @inlinable
    public static func exactDouble(_ node: Any) -> Double? {
        if let number = stored(node, as: NSNumber.self) { return ConversionRules.exactDouble(scalar(of: number)) }
        let dynamicType = type(of: node)
        if dynamicType == Double.self { return payload(of: node, as: Double.self) }
        if dynamicType == Int.self { return Double(payload(of: node, as: Int.self)) }
        if dynamicType is NSNumber.Type {
            return ConversionRules.exactDouble(scalar(of: payload(of: node, as: NSNumber.self)))
        }
        guard case .scalar(let value) = classifyUncommon(node, dynamicType) else { return nil }
        return ConversionRules.exactDouble(value)
    }

    /// The value inside `node` if the type it stores is exactly `Payload`: an `NSNumber` subclass, a `nil`
    /// wrapped in `Any` or an `Any` inside an `Any` give `nil`, and take the slower way.
    @inlinable
    static func stored<Payload>(_ node: Any, as type: Payload.Type) -> Payload? {
        func reinterpret<Contained>(_ value: Contained) -> Payload? {
            Contained.self == Payload.self ? unsafeBitCast(value, to: Payload.self) : nil
        }
        return _openExistential(node, do: reinterpret)
    }

    /// What `node` is when its type is none of those the exact reads test first; a null scalar for those,
    /// which the exact reads have answered already (cheaply: this runs for every value the full path takes).
    @inlinable
    static func classifyUncommon(_ node: Any, _ dynamicType: Any.Type) -> TreeShape<Any, EntryIterator> {
        if dynamicType == String.self || dynamicType == Int.self || dynamicType == Double.self
            || dynamicType == Bool.self || dynamicType == [String: Any].self || dynamicType == [Any].self
            || dynamicType is NSNumber.Type
        {
            return .scalar(.null)
        }
        return classify(node)
    }

    /// The value inside `node`, whose dynamic type the caller has found to be `Payload` (or, for a class, a
    /// subclass of it).
    ///
    /// The existential is opened and its contents reinterpreted rather than cast: `node as! String` goes
    /// through the runtime's general cast. The caller's check of the dynamic type is what makes the
    /// reinterpretation sound.
    @inlinable
    static func payload<Payload>(of node: Any, as type: Payload.Type) -> Payload {
        // Measured: the general cast took about 180 instructions against 20 here (`as?` 950), and the casts were
        // a fifth of the time of `[String: Any]` → model.
        // A local function: passing a generic type's static method here crashes Swift 6.3's SIL generation.
        func reinterpret<Contained>(_ value: Contained) -> Payload {
            // An `Any` that generic code boxed inside another `Any` (a `[String: Any?]`'s value) opens to the
            // inner existential, not to the payload: that one takes the runtime's cast.
            guard MemoryLayout<Contained>.size == MemoryLayout<Payload>.size else { return value as! Payload }
            return unsafeBitCast(value, to: Payload.self)
        }
        return _openExistential(node, do: reinterpret)
    }

    /// Whether `node` is `NSNull` or a `nil` stored in `Any`; the common kinds are ruled out by their type
    /// alone, without a cast.
    @inlinable
    public static func isNull(_ node: Any) -> Bool {
        func isCommon<Contained>(_ value: Contained) -> Bool {
            Contained.self == String.self || Contained.self == NSNumber.self || Contained.self == [String: Any].self
        }
        if _openExistential(node, do: isCommon) { return false }
        let dynamicType = type(of: node)
        if dynamicType == String.self || dynamicType == [String: Any].self || dynamicType == [Any].self {
            return false
        }
        // Numbers before the conformance test below, which costs a lookup in the runtime's cache.
        if dynamicType is NSNumber.Type { return false }
        if dynamicType is NSNull.Type { return true }
        if dynamicType is OptionalMarker.Type {
            guard let wrapped = (node as! OptionalMarker).wrappedAny else { return true }
            return isNull(wrapped)
        }
        return false
    }

    /// The kinds that seldom appear in model data, kept out of the inlined path.
    @usableFromInline
    static func classifyRare(_ node: Any, _ dynamicType: Any.Type) -> TreeShape<Any, EntryIterator> {
        if dynamicType == Date.self { return .scalar(.date(node as! Date)) }
        if dynamicType == Data.self { return .scalar(.data(node as! Data)) }
        if dynamicType == Decimal.self { return .scalar(.decimal(node as! Decimal)) }
        if dynamicType == Float.self {
            let number = node as! Float
            return .scalar(.double(Double(String(number)) ?? Double(number)))
        }
        if dynamicType == URL.self { return .scalar(.string((node as! URL).absoluteString)) }
        if dynamicType == UUID.self { return .scalar(.string((node as! UUID).uuidString)) }
        if dynamicType is NSString.Type { return .scalar(.string((node as! NSString) as String)) }
        if dynamicType is NSDate.Type { return .scalar(.date((node as! NSDate) as Date)) }
        if dynamicType is NSData.Type { return .scalar(.data((node as! NSData) as Data)) }
        if dynamicType is NSDictionary.Type {
            var entries: [String: Any] = [:]
            for (key, value) in node as! NSDictionary { entries[String(describing: key)] = value }
            return .dictionary(EntryIterator(entries), count: entries.count)
        }
        if dynamicType is NSArray.Type { return .array((node as! NSArray).map { $0 }) }
        if let dictionary = node as? [AnyHashable: Any] {
            var entries: [String: Any] = [:]
            for (key, value) in dictionary { entries[String(describing: key.base)] = value }
            return .dictionary(EntryIterator(entries), count: entries.count)
        }
        if dynamicType is any BinaryInteger.Type, let number = node as? any BinaryInteger {
            if let signed = Int64(exactly: number) { return .scalar(.integer(signed)) }
            if let unsigned = UInt64(exactly: number) { return .scalar(.unsignedInteger(unsigned)) }
        }
        return .unsupported(String(describing: dynamicType))
    }

    /// The scalar an `NSNumber` holds; booleans are told apart from 0 and 1 by the number's type.
    ///
    /// The type code's first character is compared as a byte, without making a `String` of it.
    public static func scalar(of number: NSNumber) -> Value {
        // Making a `String` of the type code for every number was a tenth of the time of `[String: Any]` → model.
        if number.isBoolean { return .bool(number.boolValue) }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"):
            // An `NSDecimalNumber` reports "d" but holds up to 38 digits: `JSONSerialization` makes one, on Linux
            // and on Apple platforms, for a number past a Double's precision or Int64's range, and its
            // `doubleValue` would lose the digits a `Decimal` property keeps. Only doubles pay for the cast.
            if let decimal = number as? NSDecimalNumber { return .decimal(decimal.decimalValue) }
            return .double(number.doubleValue)
        case UInt8(ascii: "f"):
            // The Float's shortest text, as a `Float` stored in `Any` gives it: `0.1`, not its binary widening
            // `0.10000000149011612`.
            let float = number.floatValue
            return .double(Double(String(float)) ?? Double(float))
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            let unsigned = number.uint64Value
            if let signed = Int64(exactly: unsigned) { return .integer(signed) }
            return .unsignedInteger(unsigned)
        default:
            return .integer(number.int64Value)
        }
    }

    /// Moves to the next entry, puts its value in `value` and looks its key up.
    @inlinable
    public static func moveToNextEntry(
        _ iterator: inout EntryIterator, value: inout Any, lookingUpIn table: KeyTable
    ) -> KeyLookup {
        let index = iterator.index
        guard index != iterator.dictionary.endIndex else { return .end }
        value = iterator.dictionary.values[index]
        iterator.current = index
        iterator.dictionary.formIndex(after: &iterator.index)
        return table.lookup(iterator.dictionary.keys[index])
    }

    /// The key of the entry moved to last.
    @inlinable
    public static func currentKey(of iterator: EntryIterator) -> String {
        iterator.current == iterator.dictionary.endIndex ? "" : iterator.dictionary.keys[iterator.current]
    }

}

/// Any Swift dictionary with string keys (`[String: String]`, `[String: [String: Any]]`), seen as `[String: Any]`.
@usableFromInline
protocol AnyStringKeyedDictionary {
    var anyEntries: [String: Any] { get }
}

extension Dictionary: AnyStringKeyedDictionary where Key == String {
    @usableFromInline var anyEntries: [String: Any] { mapValues { $0 as Any } }
}

/// Any Swift array (`[String]`, `[[String: Any]]`), seen as `[Any]`.
@usableFromInline
protocol AnyElementArray {
    var anyElements: [Any] { get }
}

extension Array: AnyElementArray {
    @usableFromInline var anyElements: [Any] { map { $0 as Any } }
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
    #if !canImport(Darwin)
        /// The class of Foundation's `true` and `false` (`__NSCFBoolean`), found once.
        private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))
    #endif

    /// Whether the number was made from a Bool (`kCFBooleanTrue` on Apple platforms, an instance of the class
    /// of `NSNumber(value: true)` on Linux).
    @usableFromInline var isBoolean: Bool {
        #if canImport(Darwin)
            return CFGetTypeID(self) == CFBooleanGetTypeID()
        #else
            return ObjectIdentifier(type(of: self)) == NSNumber.booleanClass
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

    /// Whether the value is null.
    @inlinable
    public static func isNull(_ node: Value) -> Bool {
        if case .null = node { return true }
        return false
    }

    /// Moves to the next entry, puts its value in `value` and looks its key up.
    @inlinable
    public static func moveToNextEntry(
        _ iterator: inout EntryIterator, value: inout Value, lookingUpIn table: KeyTable
    ) -> KeyLookup {
        guard case .dictionary(let entries) = iterator.entries, iterator.index < entries.count else { return .end }
        value = entries.values[iterator.index]
        iterator.index += 1
        return table.lookup(entries.keys[iterator.index - 1])
    }

    /// The key of the entry moved to last.
    @inlinable
    public static func currentKey(of iterator: EntryIterator) -> String {
        guard case .dictionary(let entries) = iterator.entries, iterator.index > 0 else { return "" }
        return entries.keys[iterator.index - 1]
    }

    /// The text of a string value.
    @inlinable
    public static func exactString(_ node: Value) -> String? {
        guard case .string(let text) = node else { return nil }
        return text
    }

    /// The Boolean of a Boolean value.
    @inlinable
    public static func exactBool(_ node: Value) -> Bool? {
        guard case .bool(let flag) = node else { return nil }
        return flag
    }

    /// The integer of an integer value in `type`'s range.
    @inlinable
    public static func exactInteger<T: FixedWidthInteger>(_ node: Value, as type: T.Type) -> T? {
        ConversionRules.exactInteger(node, as: type)
    }

    /// The `Double` of a number value.
    @inlinable
    public static func exactDouble(_ node: Value) -> Double? {
        ConversionRules.exactDouble(node)
    }

}

/// A ``ModelReader`` over a ``Value`` tree.
public typealias ValueReader = TreeReader<ValueTree>
