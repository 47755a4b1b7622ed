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
    static func insert(_ node: consuming Node, for key: consuming String, into dictionary: inout DictionaryStorage)
    /// The finished dictionary.
    static func node(dictionary: consuming DictionaryStorage) -> Node
    /// The finished array.
    static func node(array: consuming [Node]) -> Node
    /// A scalar.
    static func node(scalar: Value) -> Node
    /// A string: the common scalars have their own calls, so that no ``Value`` is made on the way.
    static func node(string: String) -> Node
    /// An integer.
    static func node(integer: Int64) -> Node
    /// A Boolean.
    static func node(bool: Bool) -> Node
    /// A `Double`.
    static func node(double: Double) -> Node

    /// Writes `value` to a writer of these trees (see ``ModelWriter/encodeValue(_:to:context:)``).
    static func encodeValue<T: ModelEncodable>(
        _ value: T, to writer: inout TreeWriter<Self>, context: EncodingContext
    ) throws
}

extension TreeBuilder {
    /// The string as a scalar ``Value``.
    @inlinable public static func node(string: String) -> Node { node(scalar: .string(string)) }
    /// The integer as a scalar ``Value``.
    @inlinable public static func node(integer: Int64) -> Node { node(scalar: .integer(integer)) }
    /// The Boolean as a scalar ``Value``.
    @inlinable public static func node(bool: Bool) -> Node { node(scalar: .bool(bool)) }
    /// The `Double` as a scalar ``Value``.
    @inlinable public static func node(double: Double) -> Node { node(scalar: .double(double)) }
}

// Popping the innermost frame out of an enum and pushing it back for every key and value took most of the time
// of model → `[String: Any]`.
/// A ``ModelWriter`` that builds an in-memory tree: `[String: Any]` (``FoundationObjectWriter``) or
/// ``Value`` (``ValueWriter``).
///
/// The innermost open container lives in its own stored property and is filled in place; only the containers
/// around it wait in a stack.
public struct TreeWriter<Builder: TreeBuilder>: ModelWriter {
    /// A container that waits while a container inside it is written.
    @usableFromInline enum Frame {
        case dictionary(Builder.DictionaryStorage, key: String?)
        case array([Builder.Node])
    }

    /// What the innermost open container is.
    @usableFromInline enum Open {
        case none, dictionary, array
    }

    @usableFromInline var open = Open.none
    /// The innermost dictionary, while ``open`` is `.dictionary`.
    @usableFromInline var dictionary: Builder.DictionaryStorage
    /// The key of the next value of ``dictionary``.
    @usableFromInline var key: String?
    /// The innermost array, while ``open`` is `.array`.
    @usableFromInline var array: [Builder.Node] = []
    /// The containers around the innermost one, outermost first.
    @usableFromInline var waiting: [Frame] = []
    @usableFromInline var root: Builder.Node?

    /// Creates an empty writer.
    public init() {
        dictionary = Builder.makeDictionary(capacity: 0)
    }

    /// The tree written, once the outermost value is complete.
    public var result: Builder.Node? { open == .none ? root : nil }

    /// Whether the tree holds dates.
    public static var writesNativeDates: Bool { Builder.holdsDates }
    /// Trees hold data.
    public static var writesNativeData: Bool { true }

    // Errors, and below the containers' steps (once per container), are compiled here once for Foundation objects
    // rather than in every module with a model (see ``TreeReader/peekKind()``). `add` and `insert` stay inlinable:
    // they run once per value, and `insert` out of line cost `dictionary()` 4–6% more instructions.
    @_specialize(exported:true,kind:full,where Builder == FoundationObjectBuilder)
    @inlinable @inline(never)
    func misuse(_ detail: String) -> MappingError {
        MappingError(
            .malformedData(format: "writer", location: "depth \(waiting.count)", detail: detail), at: ValuePath())
    }

    // Nodes, keys and containers are consumed, not copied, on their way into their container: each copy of a
    // value cost a retain and a release, an atomic pair, for every value written.
    @inlinable
    mutating func add(_ node: consuming Builder.Node) throws {
        switch open {
        case .none:
            root = node
        case .dictionary:
            // Moved out rather than copied: a copy and the release of the stored key cost two atomic
            // operations for every value.
            guard let key = key.take() else { throw misuse("a dictionary value was written without a key") }
            Builder.insert(node, for: key, into: &dictionary)
        case .array:
            array.append(node)
        }
    }

    /// Moves the innermost container to the waiting stack before a container inside it opens.
    @inlinable
    mutating func suspendOpenContainer() {
        switch open {
        case .none:
            break
        case .dictionary:
            waiting.append(.dictionary(takeDictionary(), key: key.take()))
        case .array:
            waiting.append(.array(takeArray()))
        }
    }

    /// The innermost dictionary, moved out; an empty one is left in its place.
    @inlinable
    mutating func takeDictionary() -> Builder.DictionaryStorage {
        var taken = Builder.makeDictionary(capacity: 0)
        swap(&taken, &dictionary)
        return taken
    }

    /// The innermost array, moved out; an empty one is left in its place.
    @inlinable
    mutating func takeArray() -> [Builder.Node] {
        var taken: [Builder.Node] = []
        swap(&taken, &array)
        return taken
    }

    /// Makes the container that waited last the innermost again.
    @inlinable
    mutating func resumeWaitingContainer() {
        guard let frame = waiting.popLast() else {
            open = .none
            return
        }
        switch consume frame {
        case .dictionary(let storage, let key):
            dictionary = storage
            self.key = key
            open = .dictionary
        case .array(let elements):
            array = elements
            open = .array
        }
    }

    // Every step a model's code calls is also compiled here for Foundation objects and chosen by a type check at
    // the start of its generic code (`@_specialize` without `exported`): a model compiled with
    // MODELKIT_GENERIC_MODELS reaches the writer only through that code. Unlike the tree reader's, the inlinable
    // steps carry the check too: inlined with it, they build in the fuzzing targets (`-sanitize=fuzzer,address
    // -O`), and in code compiled for Foundation objects the check compares the builder with itself.
    /// Starts a dictionary.
    @_specialize(exported:true,kind:full,where Builder == FoundationObjectBuilder)
    @_specialize(kind:full,where Builder == FoundationObjectBuilder)
    @inlinable @inline(never)
    public mutating func beginDictionary(count: Int) throws {
        suspendOpenContainer()
        dictionary = Builder.makeDictionary(capacity: count)
        key = nil
        open = .dictionary
    }

    /// Sets the key of the next entry.
    @_specialize(kind:full,where Builder == FoundationObjectBuilder)
    @inlinable
    public mutating func writeKey(_ key: String) throws {
        guard open == .dictionary else { throw misuse("a key was written outside a dictionary") }
        self.key = key
    }

    /// Ends the current dictionary.
    @_specialize(exported:true,kind:full,where Builder == FoundationObjectBuilder)
    @_specialize(kind:full,where Builder == FoundationObjectBuilder)
    @inlinable @inline(never)
    public mutating func endDictionary() throws {
        guard open == .dictionary else { throw misuse("endDictionary without a dictionary") }
        let node = Builder.node(dictionary: takeDictionary())
        resumeWaitingContainer()
        try add(consume node)
    }

    /// Starts an array.
    @_specialize(exported:true,kind:full,where Builder == FoundationObjectBuilder)
    @_specialize(kind:full,where Builder == FoundationObjectBuilder)
    @inlinable @inline(never)
    public mutating func beginArray(count: Int) throws {
        suspendOpenContainer()
        array = []
        array.reserveCapacity(count)
        open = .array
    }

    /// Ends the current array.
    @_specialize(exported:true,kind:full,where Builder == FoundationObjectBuilder)
    @_specialize(kind:full,where Builder == FoundationObjectBuilder)
    @inlinable @inline(never)
    public mutating func endArray() throws {
        guard open == .array else { throw misuse("endArray without an array") }
        let node = Builder.node(array: takeArray())
        resumeWaitingContainer()
        try add(consume node)
    }

    /// Writes null.
    @_specialize(kind:full,where Builder == FoundationObjectBuilder)
    @inlinable public mutating func writeNull() throws { try add(Builder.node(scalar: .null)) }
    /// Writes a Bool.
    @_specialize(kind:full,where Builder == FoundationObjectBuilder)
    @inlinable public mutating func write(_ value: Bool) throws { try add(Builder.node(bool: value)) }
    /// Writes an integer.
    @_specialize(kind:full,where Builder == FoundationObjectBuilder)
    @inlinable public mutating func write(_ value: Int64) throws { try add(Builder.node(integer: value)) }
    /// Writes an unsigned integer.
    @_specialize(kind:full,where Builder == FoundationObjectBuilder)
    @inlinable public mutating func write(_ value: UInt64) throws {
        try add(Builder.node(scalar: Int64(exactly: value).map(Value.integer) ?? .unsignedInteger(value)))
    }
    /// Writes a Double.
    @_specialize(kind:full,where Builder == FoundationObjectBuilder)
    @inlinable public mutating func write(_ value: Double) throws { try add(Builder.node(double: value)) }
    /// Writes a Decimal.
    @_specialize(kind:full,where Builder == FoundationObjectBuilder)
    @inlinable public mutating func write(_ value: Decimal) throws { try add(Builder.node(scalar: .decimal(value))) }
    /// Writes a string.
    @_specialize(kind:full,where Builder == FoundationObjectBuilder)
    @inlinable public mutating func write(_ value: String) throws { try add(Builder.node(string: value)) }
    /// Writes a date.
    @_specialize(kind:full,where Builder == FoundationObjectBuilder)
    @inlinable public mutating func write(_ value: Date) throws { try add(Builder.node(scalar: .date(value))) }
    /// Writes data.
    @_specialize(kind:full,where Builder == FoundationObjectBuilder)
    @inlinable public mutating func write(_ value: Data) throws { try add(Builder.node(scalar: .data(value))) }
}

/// Builds Foundation objects: `[String: Any]`, `[Any]`, `String`, `Int`, `Double`, `Bool`, `Date`, `Data`,
/// `Decimal` and `NSNull`. `JSONSerialization` takes them all but `Date` and `Data`; `PropertyListSerialization`
/// all but `NSNull`, which only ``EncodingOptions/NilEncoding/writeNull`` writes.
public enum FoundationObjectBuilder: TreeBuilder {
    /// Any Foundation object.
    public typealias Node = Any

    /// Dictionaries hold dates.
    public static var holdsDates: Bool { true }

    /// An empty dictionary with room for `capacity` entries.
    ///
    /// `init(minimumCapacity:)` is not specialized for its caller: it looks up the storage's generic metadata
    /// on every call. Copying an empty dictionary of the right size does not, so the common sizes are copied
    /// from `emptyDictionaries`; the first insertion gives the copy storage of its own. The empty placeholders
    /// the writer swaps in and out are the empty literal, which costs nothing.
    @inlinable
    public static func makeDictionary(capacity: Int) -> [String: Any] {
        // The metadata lookup costs about 300 instructions, a tenth of building a small dictionary.
        if capacity == 0 { return [:] }
        for empty in emptyDictionaries where empty.capacity >= capacity { return empty }
        return [String: Any](minimumCapacity: capacity)
    }

    /// Empty dictionaries of 1 to 96 entries, one for each size the standard library allocates.
    // Never mutated: each use is a copy, which a first insertion replaces with storage of its own.
    @usableFromInline nonisolated(unsafe) static let emptyDictionaries: [[String: Any]] = [1, 3, 6, 12, 24, 48, 96]
        .map { [String: Any](minimumCapacity: $0) }

    /// Sets an entry.
    @inlinable
    public static func insert(_ node: consuming Any, for key: consuming String, into dictionary: inout [String: Any]) {
        dictionary[key] = node
    }

    /// The dictionary.
    @inlinable public static func node(dictionary: consuming [String: Any]) -> Any { dictionary }
    /// The array.
    @inlinable public static func node(array: consuming [Any]) -> Any { array }

    /// The string itself.
    @inlinable public static func node(string: String) -> Any { string }
    /// The integer as an `Int` where it fits, as ``node(scalar:)`` makes it.
    @inlinable public static func node(integer: Int64) -> Any { Int(exactly: integer).map { $0 as Any } ?? integer }
    /// The Boolean itself.
    @inlinable public static func node(bool: Bool) -> Any { bool }
    /// The `Double` itself.
    @inlinable public static func node(double: Double) -> Any { double }

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
    public static func insert(
        _ node: consuming Value, for key: consuming String, into dictionary: inout OrderedDictionary<String, Value>
    ) {
        dictionary[key] = node
    }

    /// The dictionary value.
    @inlinable public static func node(dictionary: consuming OrderedDictionary<String, Value>) -> Value {
        .dictionary(dictionary)
    }
    /// The array value.
    @inlinable public static func node(array: consuming [Value]) -> Value { .array(array) }
    /// The scalar itself.
    @inlinable public static func node(scalar: Value) -> Value { scalar }
}

/// A ``ModelWriter`` that builds a ``Value`` tree.
public typealias ValueWriter = TreeWriter<ValueBuilder>
