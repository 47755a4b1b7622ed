import Foundation
import OrderedCollections

/// How a ``TreeWriter`` builds one kind of in-memory tree: Foundation objects or ``Value``.
public protocol TreeBuilder {
    /// One node of the tree.
    associatedtype Node
    /// A dictionary being filled.
    associatedtype DictionaryStorage

    /// Whether the tree holds dates as dates.
    static var holdsDates: Bool { get }
    /// An empty dictionary with room for `capacity` entries.
    static func makeDictionary(capacity: Int) -> DictionaryStorage
    /// Sets `node` for `key`.
    static func insert(_ node: Node, for key: String, into dictionary: inout DictionaryStorage)
    /// The finished dictionary.
    static func node(dictionary: DictionaryStorage) -> Node
    /// The finished array.
    static func node(array: [Node]) -> Node
    /// A scalar.
    static func node(scalar: Value) -> Node
}

/// A ``ModelWriter`` that builds an in-memory tree: `[String: Any]` (``FoundationObjectWriter``) or
/// ``Value`` (``ValueWriter``).
public struct TreeWriter<Builder: TreeBuilder>: ModelWriter {
    @usableFromInline enum Frame {
        case dictionary(Builder.DictionaryStorage, key: String?)
        case array([Builder.Node])
    }

    @usableFromInline var frames: [Frame] = []
    @usableFromInline var root: Builder.Node?

    /// Creates an empty writer.
    public init() {
        frames.reserveCapacity(8)
    }

    /// The tree written, once the outermost value is complete.
    public var result: Builder.Node? { frames.isEmpty ? root : nil }

    /// Whether the tree holds dates.
    public static var writesNativeDates: Bool { Builder.holdsDates }
    /// Trees hold data.
    public static var writesNativeData: Bool { true }

    @inlinable
    mutating func add(_ node: Builder.Node) throws {
        guard let last = frames.popLast() else {
            root = node
            return
        }
        switch last {
        case .dictionary(var storage, let key):
            guard let key else {
                throw MappingError(
                    .malformedData(
                        format: "writer", location: "depth \(frames.count)",
                        detail: "a dictionary value was written without a key"),
                    at: ValuePath())
            }
            Builder.insert(node, for: key, into: &storage)
            frames.append(.dictionary(storage, key: nil))
        case .array(var elements):
            elements.append(node)
            frames.append(.array(elements))
        }
    }

    /// Starts a dictionary.
    @inlinable
    public mutating func beginDictionary(count: Int) throws {
        frames.append(.dictionary(Builder.makeDictionary(capacity: count), key: nil))
    }

    /// Sets the key of the next entry.
    @inlinable
    public mutating func writeKey(_ key: String) throws {
        guard case .dictionary(let storage, _) = frames.popLast() else {
            throw MappingError(
                .malformedData(
                    format: "writer", location: "depth \(frames.count)",
                    detail: "a key was written outside a dictionary"), at: ValuePath())
        }
        frames.append(.dictionary(storage, key: key))
    }

    /// Ends the current dictionary.
    @inlinable
    public mutating func endDictionary() throws {
        guard case .dictionary(let storage, _) = frames.popLast() else {
            throw MappingError(
                .malformedData(
                    format: "writer", location: "depth \(frames.count)",
                    detail: "endDictionary without a dictionary"), at: ValuePath())
        }
        try add(Builder.node(dictionary: storage))
    }

    /// Starts an array.
    @inlinable
    public mutating func beginArray(count: Int) throws {
        var elements: [Builder.Node] = []
        elements.reserveCapacity(count)
        frames.append(.array(elements))
    }

    /// Ends the current array.
    @inlinable
    public mutating func endArray() throws {
        guard case .array(let elements) = frames.popLast() else {
            throw MappingError(
                .malformedData(
                    format: "writer", location: "depth \(frames.count)",
                    detail: "endArray without an array"), at: ValuePath())
        }
        try add(Builder.node(array: elements))
    }

    /// Writes null.
    @inlinable public mutating func writeNull() throws { try add(Builder.node(scalar: .null)) }
    /// Writes a Bool.
    @inlinable public mutating func write(_ value: Bool) throws { try add(Builder.node(scalar: .bool(value))) }
    /// Writes an integer.
    @inlinable public mutating func write(_ value: Int64) throws { try add(Builder.node(scalar: .integer(value))) }
    /// Writes an unsigned integer.
    @inlinable public mutating func write(_ value: UInt64) throws {
        try add(Builder.node(scalar: Int64(exactly: value).map(Value.integer) ?? .unsignedInteger(value)))
    }
    /// Writes a Double.
    @inlinable public mutating func write(_ value: Double) throws { try add(Builder.node(scalar: .double(value))) }
    /// Writes a Decimal.
    @inlinable public mutating func write(_ value: Decimal) throws { try add(Builder.node(scalar: .decimal(value))) }
    /// Writes a string.
    @inlinable public mutating func write(_ value: String) throws { try add(Builder.node(scalar: .string(value))) }
    /// Writes a date.
    @inlinable public mutating func write(_ value: Date) throws { try add(Builder.node(scalar: .date(value))) }
    /// Writes data.
    @inlinable public mutating func write(_ value: Data) throws { try add(Builder.node(scalar: .data(value))) }
}

/// Builds Foundation objects: `[String: Any]`, `[Any]`, `String`, `Int`, `Double`, `Bool`, `Date`, `Data`,
/// `Decimal` and `NSNull`, which `JSONSerialization` and `PropertyListSerialization` take.
public enum FoundationObjectBuilder: TreeBuilder {
    /// Any Foundation object.
    public typealias Node = Any

    /// Dictionaries hold dates.
    public static var holdsDates: Bool { true }

    /// An empty dictionary.
    @inlinable
    public static func makeDictionary(capacity: Int) -> [String: Any] {
        [String: Any](minimumCapacity: capacity)
    }

    /// Sets an entry.
    @inlinable
    public static func insert(_ node: Any, for key: String, into dictionary: inout [String: Any]) {
        dictionary[key] = node
    }

    /// The dictionary.
    @inlinable public static func node(dictionary: [String: Any]) -> Any { dictionary }
    /// The array.
    @inlinable public static func node(array: [Any]) -> Any { array }

    /// The Foundation object for a scalar.
    @inlinable
    public static func node(scalar: Value) -> Any {
        switch scalar {
        case .null: NSNull()
        case .bool(let value): value
        case .integer(let value): Int(exactly: value).map { $0 as Any } ?? value
        case .unsignedInteger(let value): value
        case .double(let value): value
        case .decimal(let value): value
        case .string(let value): value
        case .date(let value): value
        case .data(let value): value
        case .array(let value): value.map { node(scalar: $0) }
        case .dictionary(let value):
            Dictionary(uniqueKeysWithValues: value.map { ($0.key, node(scalar: $0.value)) }) as [String: Any]
        }
    }
}

/// A ``ModelWriter`` that builds `[String: Any]`.
public typealias FoundationObjectWriter = TreeWriter<FoundationObjectBuilder>

/// Builds ``Value`` trees.
public enum ValueBuilder: TreeBuilder {
    /// A value.
    public typealias Node = Value

    /// Values hold dates.
    public static var holdsDates: Bool { true }

    /// An empty ordered dictionary.
    @inlinable
    public static func makeDictionary(capacity: Int) -> OrderedDictionary<String, Value> {
        OrderedDictionary(minimumCapacity: capacity)
    }

    /// Sets an entry.
    @inlinable
    public static func insert(_ node: Value, for key: String, into dictionary: inout OrderedDictionary<String, Value>) {
        dictionary[key] = node
    }

    /// The dictionary value.
    @inlinable public static func node(dictionary: OrderedDictionary<String, Value>) -> Value {
        .dictionary(dictionary)
    }
    /// The array value.
    @inlinable public static func node(array: [Value]) -> Value { .array(array) }
    /// The scalar itself.
    @inlinable public static func node(scalar: Value) -> Value { scalar }
}

/// A ``ModelWriter`` that builds a ``Value`` tree.
public typealias ValueWriter = TreeWriter<ValueBuilder>
