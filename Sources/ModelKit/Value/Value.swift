import Foundation
import OrderedCollections

/// The dictionary a ``Value`` holds.
public typealias OrderedDictionaryOfValues = OrderedDictionary<String, Value>

/// An in-memory tree of the values that dictionaries, JSON and property lists can hold.
///
/// `Value` is used where data must be looked at more than once: key paths such as `user.images[0].url`,
/// polymorphic discriminators and the command line. Dictionaries keep the order of their keys, so a value
/// read from a file writes back in the same order.
public enum Value: Sendable, Hashable {
    /// JSON's `null`, `NSNull`, or an absent optional.
    case null
    /// A Boolean.
    case bool(Bool)
    /// A whole number that fits in 64 bits.
    case integer(Int64)
    /// A whole number above `Int64.max`.
    case unsignedInteger(UInt64)
    /// A floating-point number.
    case double(Double)
    /// A number kept as its exact decimal text, so that `Decimal` loses no digit.
    case decimal(Decimal)
    /// A string.
    case string(String)
    /// A property-list date.
    case date(Date)
    /// Property-list data.
    case data(Data)
    /// An ordered array.
    case array([Value])
    /// A dictionary that keeps the order of its keys.
    case dictionary(OrderedDictionaryOfValues)
}

extension Value {
    /// The kind of this value, as named in error messages.
    public var kind: ValueKind {
        switch self {
        case .null: .null
        case .bool: .bool
        case .integer, .unsignedInteger, .double, .decimal: .number
        case .string: .string
        case .date: .date
        case .data: .data
        case .array: .array
        case .dictionary: .dictionary
        }
    }

    /// The value at `path`, or `nil` when a component of the path is absent.
    public subscript(path: ValuePath) -> Value? {
        var current = self
        for component in path.components {
            switch (component, current) {
            case (.key(let key), .dictionary(let dictionary)):
                guard let next = dictionary[key] else { return nil }
                current = next
            case (.index(let index), .array(let array)):
                guard array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The value for `key` when this value is a dictionary.
    public subscript(key: String) -> Value? {
        guard case .dictionary(let dictionary) = self else { return nil }
        return dictionary[key]
    }

    /// The element at `index` when this value is an array and the index is in range.
    public subscript(index: Int) -> Value? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }

    /// A short description of the value for error messages: its kind and, for scalars, its text.
    public var briefDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "bool \(value)"
        case .integer(let value): return "number \(value)"
        case .unsignedInteger(let value): return "number \(value)"
        case .double(let value): return "number \(value)"
        case .decimal(let value): return "number \(value)"
        case .string(let value):
            let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
            return "string \"\(shown)\""
        case .date(let value): return "date \(value)"
        case .data(let value): return "data (\(value.count) bytes)"
        case .array(let value): return "array of \(value.count)"
        case .dictionary(let value): return "dictionary of \(value.count)"
        }
    }
}

/// The kinds of values a reader can meet, named in error messages.
public enum ValueKind: String, Sendable, Hashable, CustomStringConvertible {
    /// `null` or `NSNull`.
    case null
    /// `true` or `false`.
    case bool
    /// Any number.
    case number
    /// A string.
    case string
    /// A property-list date.
    case date
    /// Property-list data.
    case data
    /// An array.
    case array
    /// A dictionary.
    case dictionary

    /// The kind's name as it appears in messages.
    public var description: String { rawValue }
}

extension Value: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// Creates `.null`.
    public init(nilLiteral: ()) { self = .null }
    /// Creates a Boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates an integer value.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// Creates a floating-point value.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// Creates a string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates an array value.
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
    /// Creates a dictionary value that keeps the literal's key order.
    public init(dictionaryLiteral elements: (String, Value)...) {
        self = .dictionary(OrderedDictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
