import Foundation

/// How a ``TreeReader`` sees one kind of in-memory tree: Foundation objects or ``Value``.
public protocol TreeSource {
    /// One node of the tree.
    associatedtype Node
    /// Walks the entries of a dictionary node.
    associatedtype EntryIterator

    /// What `node` is.
    static func classify(_ node: Node) -> TreeShape<Node, EntryIterator>
    /// Whether `node` is null, told without classifying it: most values are asked this before they are read.
    static func isNull(_ node: Node) -> Bool
    /// Moves to the next entry of a dictionary, puts its value in `value` and looks its key up in `table`;
    /// `.end`, changing nothing, at the end of the dictionary.
    ///
    /// The key is looked up where the dictionary holds it, and made into a `String` of its own only when
    /// ``currentKey(of:)`` asks for it.
    static func moveToNextEntry(
        _ iterator: inout EntryIterator, value: inout Node, lookingUpIn table: KeyTable
    ) -> KeyLookup
    /// The key of the entry that ``moveToNextEntry(_:value:lookingUpIn:)`` moved to last.
    static func currentKey(of iterator: EntryIterator) -> String

    /// The text of `node` when it is a string (see ``ModelReader/readExactString()``).
    static func exactString(_ node: Node) -> String?
    /// The Boolean `node` is, if it is one.
    static func exactBool(_ node: Node) -> Bool?
    /// The integer `node` is, if it is one that `type` holds exactly.
    static func exactInteger<T: FixedWidthInteger>(_ node: Node, as type: T.Type) -> T?
    /// The `Double` a number node becomes without a note; `nil` for other nodes.
    static func exactDouble(_ node: Node) -> Double?

    /// Decodes a value of `type` from a reader of these trees (see ``ModelReader/decodeValue(_:from:context:)``).
    static func decodeValue<T: ModelDecodable>(
        _ type: T.Type, from reader: inout TreeReader<Self>, context: borrowing DecodingContext
    ) throws -> T
}

extension TreeSource {
    /// The text of a node that ``classify(_:)`` finds to be a string.
    @inlinable
    public static func exactString(_ node: Node) -> String? {
        guard case .scalar(.string(let text)) = classify(node) else { return nil }
        return text
    }

    /// The Boolean of a node that ``classify(_:)`` finds to be one.
    @inlinable
    public static func exactBool(_ node: Node) -> Bool? {
        guard case .scalar(.bool(let flag)) = classify(node) else { return nil }
        return flag
    }

    /// The integer of a node that ``classify(_:)`` finds to be one in range.
    @inlinable
    public static func exactInteger<T: FixedWidthInteger>(_ node: Node, as type: T.Type) -> T? {
        guard case .scalar(let value) = classify(node) else { return nil }
        return ConversionRules.exactInteger(value, as: type)
    }

    /// The `Double` of a node that ``classify(_:)`` finds to be a number.
    @inlinable
    public static func exactDouble(_ node: Node) -> Double? {
        guard case .scalar(let value) = classify(node) else { return nil }
        return ConversionRules.exactDouble(value)
    }
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

// Keeping a classified TreeShape for every key was a fifth of the time of `[String: Any]` → model.
/// A ``ModelReader`` over an in-memory tree: `[String: Any]` / `NSDictionary` (``FoundationObjectReader``)
/// or ``Value`` (``ValueReader``).
///
/// The value to read next is kept as the node itself and classified only by the call that consumes it: a
/// property's value is first asked whether it is null (a cheap test of its type) and then read once, with no
/// classified ``TreeShape`` to copy and destroy for every key. Dictionary and array frames live in separate
/// stacks so that moving to the next entry mutates the iterator in place instead of copying it out of an enum
/// and back.
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

    /// The value to read next, while ``hasPending`` is `true`.
    ///
    /// Not an optional: the sources' tests and casts then borrow the node in place instead of copying it out.
    @usableFromInline var pending: Source.Node
    @usableFromInline var hasPending: Bool
    /// For each open container, innermost last: `true` for a dictionary, `false` for an array.
    @usableFromInline var openIsDictionary: [Bool] = []
    @usableFromInline var dictionaries: [Source.EntryIterator] = []
    @usableFromInline var arrays: [ArrayFrame] = []
    /// The index in ``dictionaries`` of the dictionary whose key was read last, or -1 once that dictionary is
    /// left and its key is kept in ``leftKey``.
    @usableFromInline var keyFrame = -1
    @usableFromInline var leftKey = ""

    /// Creates a reader whose first value is `root`.
    @inlinable
    public init(_ root: Source.Node) {
        openIsDictionary.reserveCapacity(8)
        dictionaries.reserveCapacity(8)
        pending = root
        hasPending = true
    }

    @inlinable
    func checkPending() throws {
        guard hasPending else {
            throw MappingError.readerMisuse("no value to read", depth: openIsDictionary.count)
        }
    }

    @inlinable
    func pendingShape() throws -> Shape {
        try checkPending()
        return Source.classify(pending)
    }

    // The steps below run once per container or element, not per key, and are compiled here once for Foundation
    // objects (exported, never inlined) rather than again in every module with a model: a one-property model's
    // release module took a fifth less time without them (0.81 → 0.62 s with the two writers', measured together).
    // The same five steps are also chosen by a type check at the start of their generic code (`@_specialize` without
    // `exported`): a model compiled with MODELKIT_GENERIC_MODELS reaches the reader only through that code, which
    // ran generic over the source, asking the runtime for metadata at each step. Code compiled for the reader never
    // runs the check. The inlinable steps are left without it: inlined with it into a module compiled with
    // `-sanitize=fuzzer,address -O` (Fuzz/build), they made Swift 6.3.1's IR generation emit a comparison of a
    // pointer with an integer, which LLVM's verifier rejects (the compiler stops).
    /// The kind of the next value.
    @_specialize(exported:true,kind:full,where Source == FoundationObjects)
    @_specialize(kind:full,where Source == FoundationObjects)
    @inlinable @inline(never)
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
        try checkPending()
        guard Source.isNull(pending) else { return false }
        hasPending = false
        return true
    }

    /// Enters the next value if it is a dictionary.
    @_specialize(exported:true,kind:full,where Source == FoundationObjects)
    @_specialize(kind:full,where Source == FoundationObjects)
    @inlinable @inline(never)
    public mutating func beginDictionary() throws -> Bool {
        guard case .dictionary(let iterator, _) = try pendingShape() else { return false }
        hasPending = false
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
        let frame = dictionaries.count - 1
        let lookup = Source.moveToNextEntry(&dictionaries[frame], value: &pending, lookingUpIn: table)
        guard lookup != .end else {
            popDictionary()
            hasPending = false
            return .end
        }
        keyFrame = frame
        hasPending = true
        return lookup
    }

    /// The key read last, made into a `String` only now.
    @inlinable
    public func currentKey() -> String {
        keyFrame >= 0 ? Source.currentKey(of: dictionaries[keyFrame]) : leftKey
    }

    /// Leaves the innermost dictionary, keeping its current key if ``currentKey()`` would read it.
    @_specialize(exported:true,kind:full,where Source == FoundationObjects)
    @inlinable @inline(never)
    mutating func popDictionary() {
        let frame = dictionaries.count - 1
        if keyFrame == frame {
            leftKey = Source.currentKey(of: dictionaries[frame])
            keyFrame = -1
        }
        dictionaries.removeLast()
        openIsDictionary.removeLast()
    }

    /// Enters the next value if it is an array.
    @_specialize(exported:true,kind:full,where Source == FoundationObjects)
    @_specialize(kind:full,where Source == FoundationObjects)
    @inlinable @inline(never)
    public mutating func beginArray() throws -> Bool {
        guard case .array(let elements) = try pendingShape() else { return false }
        hasPending = false
        arrays.append(ArrayFrame(elements: elements))
        openIsDictionary.append(false)
        return true
    }

    /// Moves to the next element.
    @_specialize(exported:true,kind:full,where Source == FoundationObjects)
    @_specialize(kind:full,where Source == FoundationObjects)
    @inlinable @inline(never)
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
        pending = arrays[last].elements[next]
        hasPending = true
        return true
    }

    /// Reads a scalar.
    @inlinable
    public mutating func readScalar() throws -> Value {
        switch try pendingShape() {
        case .scalar(let value):
            hasPending = false
            return value
        case .dictionary:
            throw MappingError(.typeMismatch(expected: "a scalar", found: "dictionary"), at: ValuePath())
        case .array:
            throw MappingError(.typeMismatch(expected: "a scalar", found: "array"), at: ValuePath())
        case .unsupported(let type):
            throw MappingError(.typeMismatch(expected: "a plist or JSON value", found: type), at: ValuePath())
        }
    }

    /// Reads the next value if it is a string.
    @inlinable
    public mutating func readExactString() throws -> String? { try takePending(Source.exactString) }

    /// Reads the next value if it is a Boolean.
    @inlinable
    public mutating func readExactBool() throws -> Bool? { try takePending(Source.exactBool) }

    /// Reads the next value if it is an integer in `type`'s range.
    @inlinable
    public mutating func readExactInteger<T: FixedWidthInteger>(as type: T.Type) throws -> T? {
        try takePending { Source.exactInteger($0, as: type) }
    }

    /// Reads the next value if it is a number.
    @inlinable
    public mutating func readExactDouble() throws -> Double? { try takePending(Source.exactDouble) }

    /// What `extract` makes of the pending value, which is then consumed; `nil`, consuming nothing, when it
    /// makes nothing.
    @inlinable
    mutating func takePending<T>(_ extract: (Source.Node) -> T?) throws -> T? {
        try checkPending()
        guard let value = extract(pending) else { return nil }
        hasPending = false
        return value
    }

    /// Skips the next value.
    @inlinable
    public mutating func skipValue() throws {
        hasPending = false
    }

    /// How many elements are left in the innermost array.
    @inlinable
    public var remainingElementCount: Int? {
        guard openIsDictionary.last == false, let frame = arrays.last else { return nil }
        return frame.elements.count - frame.next
    }

    /// How many containers are entered.
    @inlinable
    public var depth: Int { openIsDictionary.count }

    /// Leaves containers down to `depth` and drops an unread value.
    @_specialize(exported:true,kind:full,where Source == FoundationObjects)
    @_specialize(kind:full,where Source == FoundationObjects)
    @inlinable @inline(never)
    public mutating func recover(toDepth depth: Int) throws {
        while openIsDictionary.count > depth {
            if openIsDictionary.last == true {
                popDictionary()
            } else {
                openIsDictionary.removeLast()
                arrays.removeLast()
            }
        }
        hasPending = false
    }
}
