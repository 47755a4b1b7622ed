import Foundation

/// How a ``TreeReader`` sees one kind of in-memory tree: Foundation objects or ``Value``.
public protocol TreeSource {
    /// One node of the tree.
    associatedtype Node
    /// Walks the entries of a dictionary node.
    associatedtype EntryIterator

    /// What `node` is.
    static func classify(_ node: Node) -> TreeShape<Node, EntryIterator>
    /// The next entry of a dictionary, or `nil` at its end.
    static func nextEntry(_ iterator: inout EntryIterator) -> (key: String, value: Node)?
    /// Whether `node` is null, checked first because optionals ask it of every value.
    static func isNull(_ node: Node) -> Bool
}

/// What one node of an in-memory tree is.
public enum TreeShape<Node, EntryIterator> {
    /// A dictionary, with an iterator over its entries and their count.
    case dictionary(EntryIterator, count: Int)
    /// An array.
    case array([Node])
    /// Anything else, as a scalar ``Value``.
    case scalar(Value)
    /// A value of a type that no format holds; the string names the type.
    case unsupported(String)
}

/// A ``ModelReader`` over an in-memory tree: `[String: Any]` / `NSDictionary` (``FoundationObjectReader``)
/// or ``Value`` (``ValueReader``).
public struct TreeReader<Source: TreeSource>: ModelReader {
    @usableFromInline enum Frame {
        case dictionary(Source.EntryIterator)
        case array([Source.Node], next: Int)
    }

    @usableFromInline var pending: Source.Node?
    @usableFromInline var frames: [Frame] = []
    @usableFromInline var key = ""

    /// Creates a reader whose first value is `root`.
    public init(_ root: Source.Node) {
        pending = root
        frames.reserveCapacity(8)
    }

    @inlinable
    func pendingNode() throws -> Source.Node {
        guard let pending else {
            throw MappingError.readerMisuse("no value to read", depth: frames.count)
        }
        return pending
    }

    /// The kind of the next value.
    @inlinable
    public mutating func peekKind() throws -> ValueKind {
        switch Source.classify(try pendingNode()) {
        case .dictionary: .dictionary
        case .array: .array
        case .scalar(let value): value.kind
        case .unsupported: .null
        }
    }

    /// Consumes the next value if it is null.
    @inlinable
    public mutating func decodeNull() throws -> Bool {
        guard Source.isNull(try pendingNode()) else { return false }
        pending = nil
        return true
    }

    /// Enters the next value if it is a dictionary.
    @inlinable
    public mutating func beginDictionary() throws -> Bool {
        guard case .dictionary(let iterator, _) = Source.classify(try pendingNode()) else { return false }
        pending = nil
        frames.append(.dictionary(iterator))
        return true
    }

    /// Moves to the next key and looks it up.
    @inlinable
    public mutating func nextKey(in table: KeyTable) throws -> KeyLookup {
        guard case .dictionary(var iterator) = frames.last else {
            throw MappingError.readerMisuse("nextKey outside a dictionary", depth: frames.count)
        }
        guard let entry = Source.nextEntry(&iterator) else {
            frames.removeLast()
            return .end
        }
        frames[frames.count - 1] = .dictionary(iterator)
        key = entry.key
        pending = entry.value
        return table.lookup(entry.key)
    }

    /// The key read last.
    @inlinable
    public func currentKey() -> String { key }

    /// Enters the next value if it is an array.
    @inlinable
    public mutating func beginArray() throws -> Bool {
        guard case .array(let elements) = Source.classify(try pendingNode()) else { return false }
        pending = nil
        frames.append(.array(elements, next: 0))
        return true
    }

    /// Moves to the next element.
    @inlinable
    public mutating func nextElement() throws -> Bool {
        guard case .array(let elements, let next) = frames.last else {
            throw MappingError.readerMisuse("nextElement outside an array", depth: frames.count)
        }
        guard next < elements.count else {
            frames.removeLast()
            return false
        }
        frames[frames.count - 1] = .array(elements, next: next + 1)
        pending = elements[next]
        return true
    }

    /// Reads a scalar.
    @inlinable
    public mutating func readScalar() throws -> Value {
        switch Source.classify(try pendingNode()) {
        case .scalar(let value):
            pending = nil
            return value
        case .dictionary:
            throw MappingError(.typeMismatch(expected: "a scalar", found: "dictionary"), at: ValuePath())
        case .array:
            throw MappingError(.typeMismatch(expected: "a scalar", found: "array"), at: ValuePath())
        case .unsupported(let type):
            throw MappingError(.typeMismatch(expected: "a plist or JSON value", found: type), at: ValuePath())
        }
    }

    /// Skips the next value.
    @inlinable
    public mutating func skipValue() throws {
        pending = nil
    }

    /// How many containers are entered.
    @inlinable
    public var depth: Int { frames.count }

    /// Leaves containers down to `depth` and drops an unread value.
    @inlinable
    public mutating func recover(toDepth depth: Int) throws {
        if frames.count > depth { frames.removeSubrange(depth...) }
        pending = nil
    }
}
