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
///
/// Each value is classified once, when first asked about, and the answer is kept until the value is consumed:
/// classifying Foundation objects means dynamic casts, and a property's value is asked about twice (is it
/// null? what scalar is it?). Dictionary and array frames live in separate stacks so that moving to the next
/// entry mutates the iterator in place instead of copying it out of an enum and back.
public struct TreeReader<Source: TreeSource>: ModelReader {
    @usableFromInline typealias Shape = TreeShape<Source.Node, Source.EntryIterator>

    @usableFromInline struct ArrayFrame {
        @usableFromInline let elements: [Source.Node]
        @usableFromInline var next: Int

        @inlinable init(elements: [Source.Node]) {
            self.elements = elements
            self.next = 0
        }
    }

    /// The value to read next, classified; `nil` once consumed.
    @usableFromInline var pending: Shape?
    /// Whether the pending value is null.
    @usableFromInline var pendingIsNull = false
    /// For each open container, innermost last: `true` for a dictionary, `false` for an array.
    @usableFromInline var openIsDictionary: [Bool] = []
    @usableFromInline var dictionaries: [Source.EntryIterator] = []
    @usableFromInline var arrays: [ArrayFrame] = []
    @usableFromInline var key = ""

    /// Creates a reader whose first value is `root`.
    @inlinable
    public init(_ root: Source.Node) {
        openIsDictionary.reserveCapacity(8)
        dictionaries.reserveCapacity(8)
        setPending(root)
    }

    @inlinable
    mutating func setPending(_ node: Source.Node) {
        let shape = Source.classify(node)
        pending = shape
        if case .scalar(.null) = shape {
            pendingIsNull = true
        } else {
            pendingIsNull = false
        }
    }

    @inlinable
    func pendingShape() throws -> Shape {
        guard let pending else {
            throw MappingError.readerMisuse("no value to read", depth: openIsDictionary.count)
        }
        return pending
    }

    /// The kind of the next value.
    @inlinable
    public mutating func peekKind() throws -> ValueKind {
        switch try pendingShape() {
        case .dictionary: .dictionary
        case .array: .array
        case .scalar(let value): value.kind
        case .unsupported: .null
        }
    }

    /// Consumes the next value if it is null.
    @inlinable
    public mutating func decodeNull() throws -> Bool {
        _ = try pendingShape()
        guard pendingIsNull else { return false }
        pending = nil
        return true
    }

    /// Enters the next value if it is a dictionary.
    @inlinable
    public mutating func beginDictionary() throws -> Bool {
        guard case .dictionary(let iterator, _) = try pendingShape() else { return false }
        pending = nil
        dictionaries.append(iterator)
        openIsDictionary.append(true)
        return true
    }

    /// Moves to the next key and looks it up.
    @inlinable
    public mutating func nextKey(in table: KeyTable) throws -> KeyLookup {
        guard openIsDictionary.last == true else {
            throw MappingError.readerMisuse("nextKey outside a dictionary", depth: openIsDictionary.count)
        }
        guard let entry = Source.nextEntry(&dictionaries[dictionaries.count - 1]) else {
            dictionaries.removeLast()
            openIsDictionary.removeLast()
            return .end
        }
        key = entry.key
        setPending(entry.value)
        return table.lookup(entry.key)
    }

    /// The key read last.
    @inlinable
    public func currentKey() -> String { key }

    /// Enters the next value if it is an array.
    @inlinable
    public mutating func beginArray() throws -> Bool {
        guard case .array(let elements) = try pendingShape() else { return false }
        pending = nil
        arrays.append(ArrayFrame(elements: elements))
        openIsDictionary.append(false)
        return true
    }

    /// Moves to the next element.
    @inlinable
    public mutating func nextElement() throws -> Bool {
        guard openIsDictionary.last == false else {
            throw MappingError.readerMisuse("nextElement outside an array", depth: openIsDictionary.count)
        }
        let last = arrays.count - 1
        let next = arrays[last].next
        guard next < arrays[last].elements.count else {
            arrays.removeLast()
            openIsDictionary.removeLast()
            return false
        }
        arrays[last].next = next + 1
        setPending(arrays[last].elements[next])
        return true
    }

    /// Reads a scalar.
    @inlinable
    public mutating func readScalar() throws -> Value {
        switch try pendingShape() {
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
    public var depth: Int { openIsDictionary.count }

    /// Leaves containers down to `depth` and drops an unread value.
    @inlinable
    public mutating func recover(toDepth depth: Int) throws {
        while openIsDictionary.count > depth {
            if openIsDictionary.removeLast() {
                dictionaries.removeLast()
            } else {
                arrays.removeLast()
            }
        }
        pending = nil
    }
}
