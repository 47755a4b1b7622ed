import Foundation

// `Codable` asks for keys in any order and may ask twice, so a pull reader alone cannot serve it. Instead of a
// tree of `Value`s (an ordered dictionary and an array per container), the data is read once into one flat
// array in document order: a container's entry says where it ends, so a container's keys are found by
// stepping over values, and skipping a value is one jump. One allocation holds the whole document.

/// One entry of a ``FlatDocument``, in document order.
@usableFromInline
enum FlatEntry {
    /// A scalar value (null included).
    case scalar(Value)
    /// A dictionary key; its value's entries follow.
    case key(String)
    /// An array of `count` elements, whose entries follow up to `end` (exclusive).
    case array(count: Int, end: Int)
    /// A dictionary of `count` entries (a key and its value each), which follow up to `end` (exclusive).
    case dictionary(count: Int, end: Int)
}

/// A whole document read into one flat array of entries, for decoders that need random access.
@usableFromInline
struct FlatDocument: ModelDecodable {
    @usableFromInline var entries: [FlatEntry]

    /// An open container while the document is read.
    private struct OpenContainer {
        let index: Int
        let isDictionary: Bool
        var count = 0
        /// The entry of the key read last, for error paths.
        var lastKey = -1
    }

    /// Reads the next value, whatever it is, without recursion: the depth of the input cannot overflow the
    /// stack, and is bounded by the context's limit.
    @usableFromInline
    init<R: ModelReader>(from reader: inout R, context: DecodingContext) throws {
        entries = []
        entries.reserveCapacity(256)
        var open: [OpenContainer] = []
        let limit = context.options.maximumCollectionCount
        let maximumDepth = context.options.maximumDepth - context.pathStack.count
        do {
            try Self.readValue(from: &reader, into: &entries, open: &open, maximumDepth: maximumDepth)
            while let top = open.last {
                let more: Bool
                if top.isDictionary {
                    more = try reader.nextKey(in: .empty) != .end
                    if more {
                        open[open.count - 1].lastKey = entries.count
                        entries.append(.key(reader.currentKey()))
                    }
                } else {
                    more = try reader.nextElement()
                }
                if more {
                    open[open.count - 1].count += 1
                    if open[open.count - 1].count > limit {
                        let what = top.isDictionary ? "entries" : "elements"
                        throw MappingError(.tooLarge("more than \(limit) \(what)"), at: ValuePath())
                    }
                    try Self.readValue(from: &reader, into: &entries, open: &open, maximumDepth: maximumDepth)
                } else {
                    open.removeLast()
                    let end = entries.count
                    entries[top.index] =
                        top.isDictionary ? .dictionary(count: top.count, end: end) : .array(count: top.count, end: end)
                }
            }
        } catch var error as MappingError where error.path.components.isEmpty {
            error.path = ValuePath(context.pathStack + Self.path(to: open, in: entries))
            throw error
        }
    }

    private static func readValue<R: ModelReader>(
        from reader: inout R, into entries: inout [FlatEntry], open: inout [OpenContainer], maximumDepth: Int
    ) throws {
        if try reader.beginDictionary() {
            guard open.count < maximumDepth else { throw MappingError(.tooDeep(limit: maximumDepth), at: ValuePath()) }
            open.append(OpenContainer(index: entries.count, isDictionary: true))
            entries.append(.dictionary(count: 0, end: 0))
        } else if try reader.beginArray() {
            guard open.count < maximumDepth else { throw MappingError(.tooDeep(limit: maximumDepth), at: ValuePath()) }
            open.append(OpenContainer(index: entries.count, isDictionary: false))
            entries.append(.array(count: 0, end: 0))
        } else if try reader.decodeNull() {
            entries.append(.scalar(.null))
        } else {
            entries.append(.scalar(try reader.readScalar()))
        }
    }

    /// Where reading stopped, for an error: the key or index of each open container.
    private static func path(to open: [OpenContainer], in entries: [FlatEntry]) -> [PathComponent] {
        open.compactMap { container in
            if container.isDictionary {
                guard container.lastKey >= 0, case .key(let key) = entries[container.lastKey] else { return nil }
                return .key(key)
            }
            return container.count > 0 ? .index(container.count - 1) : nil
        }
    }

    /// The index just after the value at `index` and everything inside it.
    @inlinable
    func end(ofValueAt index: Int) -> Int {
        switch entries[index] {
        case .array(_, let end), .dictionary(_, let end): end
        case .scalar, .key: index + 1
        }
    }
}

/// A ``ModelReader`` over one value of a ``FlatDocument``, so that generated code reads a model found inside
/// a `Codable` type straight from the flat entries.
@usableFromInline
struct FlatReader: ModelReader {
    @usableFromInline let document: FlatDocument
    /// The entry to read next: a key inside a dictionary when no value is pending.
    @usableFromInline var position: Int
    /// Whether the entry at `position` is a value not yet read.
    @usableFromInline var hasPendingValue = true
    /// The end of each open container, innermost last.
    @usableFromInline var ends: [Int] = []
    /// Whether each open container is a dictionary.
    @usableFromInline var isDictionary: [Bool] = []
    @usableFromInline var key = ""

    @usableFromInline
    init(document: FlatDocument, position: Int) {
        self.document = document
        self.position = position
    }

    @usableFromInline
    func misuse(_ detail: String) -> MappingError {
        MappingError.readerMisuse(detail, depth: ends.count)
    }

    @usableFromInline
    func pending() throws -> FlatEntry {
        guard hasPendingValue else { throw misuse("no value to read") }
        return document.entries[position]
    }

    @usableFromInline
    mutating func consume(to next: Int) {
        position = next
        hasPendingValue = false
    }

    @usableFromInline
    mutating func peekKind() throws -> ValueKind {
        switch try pending() {
        case .scalar(let value): value.kind
        case .array: .array
        case .dictionary: .dictionary
        case .key: throw misuse("a key where a value was expected")
        }
    }

    @usableFromInline
    mutating func decodeNull() throws -> Bool {
        guard case .scalar(.null) = try pending() else { return false }
        consume(to: position + 1)
        return true
    }

    @usableFromInline
    mutating func beginDictionary() throws -> Bool {
        guard case .dictionary(_, let end) = try pending() else { return false }
        consume(to: position + 1)
        ends.append(end)
        isDictionary.append(true)
        return true
    }

    @usableFromInline
    mutating func nextKey(in table: KeyTable) throws -> KeyLookup {
        guard isDictionary.last == true, !hasPendingValue else { throw misuse("nextKey outside a dictionary") }
        if position >= ends[ends.count - 1] {
            position = ends.removeLast()
            isDictionary.removeLast()
            return .end
        }
        guard case .key(let text) = document.entries[position] else { throw misuse("a value where a key was expected") }
        key = text
        position += 1
        hasPendingValue = true
        return table.lookup(text)
    }

    @usableFromInline
    func currentKey() -> String { key }

    @usableFromInline
    mutating func beginArray() throws -> Bool {
        guard case .array(_, let end) = try pending() else { return false }
        consume(to: position + 1)
        ends.append(end)
        isDictionary.append(false)
        return true
    }

    @usableFromInline
    mutating func nextElement() throws -> Bool {
        guard isDictionary.last == false, !hasPendingValue else { throw misuse("nextElement outside an array") }
        if position >= ends[ends.count - 1] {
            position = ends.removeLast()
            isDictionary.removeLast()
            return false
        }
        hasPendingValue = true
        return true
    }

    @usableFromInline
    mutating func readScalar() throws -> Value {
        switch try pending() {
        case .scalar(let value):
            consume(to: position + 1)
            return value
        case .array: throw MappingError(.typeMismatch(expected: "a scalar", found: "array"), at: ValuePath())
        case .dictionary: throw MappingError(.typeMismatch(expected: "a scalar", found: "dictionary"), at: ValuePath())
        case .key: throw misuse("a key where a value was expected")
        }
    }

    @usableFromInline
    mutating func skipValue() throws {
        _ = try pending()
        consume(to: document.end(ofValueAt: position))
    }

    @usableFromInline
    var depth: Int { ends.count }

    @usableFromInline
    mutating func recover(toDepth depth: Int) throws {
        while ends.count > depth {
            position = ends.removeLast()
            isDictionary.removeLast()
            hasPendingValue = false
        }
        if hasPendingValue { consume(to: document.end(ofValueAt: position)) }
    }
}
