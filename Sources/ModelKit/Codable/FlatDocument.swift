import Foundation

// `Codable` asks for keys in any order and may ask twice, so a pull reader alone cannot serve it. Instead of a
// tree of `Value`s (an ordered dictionary and an array per container), the data is read once into one flat
// array in document order: a container's entry says where it ends, so a container's keys are found by
// stepping over values, and skipping a value is one jump.
//
// Entries are 16 bytes and hold no references. From JSON, a string or a key is where its bytes lie in the
// document's own copy of the text: no `String` is made until a property asks for one, and a key is compared
// on its bytes. Numbers are scanned and checked once, when the document is read, and kept as their bits.
// Other sources (property lists, Foundation objects, trees) keep their strings and other scalars in side
// tables.

/// One entry of a ``FlatDocument``, in document order.
@usableFromInline
struct FlatEntry {
    @usableFromInline
    enum Kind: UInt8 {
        case null
        /// `payload` is 1 for `true`.
        case bool
        /// `payload` is the `Int64`'s bits.
        case integer
        /// `payload` is the `UInt64`, above `Int64.max`.
        case unsignedInteger
        /// `payload` is the `Double`'s bits.
        case double
        /// JSON text with no escapes: bytes `start..<payload` of the document's text.
        case text
        /// JSON text with escapes, unescaped when it is asked for.
        case escapedText
        /// Any other scalar: `payload` indexes the document's `values`.
        case stored
        /// A dictionary key from JSON with no escapes, as ``text``; its value's entries follow.
        case key
        /// A dictionary key from JSON with escapes, as ``escapedText``.
        case escapedKey
        /// A dictionary key kept in the document's `keys`, which `payload` indexes.
        case storedKey
        /// An array of `start` elements, whose entries follow up to entry `payload` (exclusive).
        case array
        /// A dictionary of `start` entries (a key and its value each), which follow up to entry `payload`.
        case dictionary
    }

    @usableFromInline let kind: Kind
    /// The first byte of a JSON string or key; the count of a container.
    @usableFromInline let start: UInt32
    /// What `kind` says.
    @usableFromInline let payload: UInt64

    @inlinable
    init(_ kind: Kind, start: UInt32 = 0, payload: UInt64 = 0) {
        self.kind = kind
        self.start = start
        self.payload = payload
    }

    @inlinable var isNull: Bool { kind == .null }
    @inlinable var isKey: Bool { kind == .key || kind == .escapedKey || kind == .storedKey }
    @inlinable var isText: Bool { kind == .text || kind == .escapedText }
    @inlinable var count: Int { Int(start) }
    @inlinable var end: Int { Int(truncatingIfNeeded: payload) }
}

/// A whole document read into one flat array of entries, for decoders that need random access.
@usableFromInline
struct FlatDocument: ModelDecodable {
    @usableFromInline var entries: [FlatEntry]
    /// The JSON text that `text` and `key` entries point into; empty for other sources.
    @usableFromInline var bytes: [UInt8] = []
    /// The scalars of `stored` entries.
    @usableFromInline var values: [Value] = []
    /// The keys of `storedKey` entries.
    @usableFromInline var keys: [String] = []

    /// A `null` root is a document of one `null`, for the type decoded from it to take or refuse.
    @usableFromInline
    static var nullValue: FlatDocument? { FlatDocument(entries: [FlatEntry(.null)]) }

    @usableFromInline
    init(entries: [FlatEntry]) {
        self.entries = entries
    }

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
    init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        entries = []
        entries.reserveCapacity(256)
        try read(from: &reader, context: context) { reader, document in
            let key = reader.currentKey()
            document.entries.append(FlatEntry(.storedKey, payload: UInt64(document.keys.count)))
            document.keys.append(key)
        } value: { reader, document in
            if try reader.decodeNull() {
                document.entries.append(FlatEntry(.null))
                return
            }
            switch try reader.readScalar() {
            case .null: document.entries.append(FlatEntry(.null))
            case .bool(let flag): document.entries.append(FlatEntry(.bool, payload: flag ? 1 : 0))
            case .integer(let number): document.entries.append(FlatEntry(.integer, payload: UInt64(bitPattern: number)))
            case .unsignedInteger(let number): document.entries.append(FlatEntry(.unsignedInteger, payload: number))
            case .double(let number): document.entries.append(FlatEntry(.double, payload: number.bitPattern))
            case let other:
                document.entries.append(FlatEntry(.stored, payload: UInt64(document.values.count)))
                document.values.append(other)
            }
        }
    }

    /// Reads a JSON document from its own copy of `data`, which its strings and keys point into.
    ///
    /// The checks are the reader's, so malformed text fails as it does everywhere else: every string is
    /// scanned, unescaped and validated as UTF-8, and every number is read (one beyond `Double`'s range fails
    /// here, with its path), though no `String` or ``Value`` is made.
    init(json data: Data, context: DecodingContext) throws {
        entries = []
        bytes = [UInt8](data)
        guard bytes.count <= Int(UInt32.max) else {
            throw MappingError(.tooLarge("\(bytes.count) bytes of JSON, limit \(UInt32.max)"), at: ValuePath())
        }
        // About one entry per eight bytes in the benchmark files; the array grows if not.
        entries.reserveCapacity(max(16, bytes.count / 8))
        let text = bytes
        let maximumDepth = context.options.maximumDepth - context.pathDepth
        let limit = context.options.maximumCollectionCount
        if text.withUnsafeBytes({ indexJSON($0, maximumDepth: maximumDepth, limit: limit) }) { return }
        // Malformed or beyond a limit: read again by the reader, for its error.
        entries.removeAll(keepingCapacity: true)
        try text.withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw, maximumDepth: context.options.maximumDepth)
            try readJSON(from: &reader, context: context)
            try reader.finish()
        }
    }

    /// ``read(from:context:key:value:)`` for JSON, written out: the walk of every key and value of the
    /// document, without a call through a closure for each.
    private mutating func readJSON(from reader: inout JSONReader, context: DecodingContext) throws {
        // The closure calls were a tenth of the reading.
        var open: [OpenContainer] = []
        let limit = context.options.maximumCollectionCount
        let maximumDepth = context.options.maximumDepth - context.pathDepth
        do {
            var isDictionary = false
            var needsValue = true
            while true {
                if needsValue {
                    if try reader.beginDictionary() {
                        guard open.count < maximumDepth else {
                            throw MappingError(.tooDeep(limit: maximumDepth), at: ValuePath())
                        }
                        open.append(OpenContainer(index: entries.count, isDictionary: true))
                        entries.append(FlatEntry(.dictionary))
                        isDictionary = true
                    } else if try reader.beginArray() {
                        guard open.count < maximumDepth else {
                            throw MappingError(.tooDeep(limit: maximumDepth), at: ValuePath())
                        }
                        open.append(OpenContainer(index: entries.count, isDictionary: false))
                        entries.append(FlatEntry(.array))
                        isDictionary = false
                    } else {
                        entries.append(try reader.readFlatScalar())
                    }
                }
                guard !open.isEmpty else { break }
                let last = open.count - 1
                let more: Bool
                if isDictionary {
                    more = try reader.nextKey(in: .empty) != .end
                    if more {
                        open[last].lastKey = entries.count
                        entries.append(
                            FlatEntry(
                                reader.keyIsUnescaped ? .escapedKey : .key,
                                start: UInt32(truncatingIfNeeded: reader.keyStart), payload: UInt64(reader.keyEnd)))
                    }
                } else {
                    more = try reader.nextElement()
                }
                if more {
                    open[last].count += 1
                    if open[last].count > limit {
                        throw MappingError(
                            .tooManyMembers(limit: limit, isDictionary ? "entries" : "elements"), at: ValuePath())
                    }
                    needsValue = true
                } else {
                    let top = open.removeLast()
                    entries[top.index] = FlatEntry(
                        top.isDictionary ? .dictionary : .array, start: UInt32(truncatingIfNeeded: top.count),
                        payload: UInt64(entries.count))
                    isDictionary = open.last?.isDictionary ?? false
                    needsValue = false
                }
            }
        } catch var error as MappingError where error.path.components.isEmpty {
            error.path = ValuePath(context.pathStack + path(to: open))
            throw error
        }
    }

    /// The walk both sources share: containers on an explicit stack, keys and scalars by the closures.
    private mutating func read<R: ModelReader>(
        from reader: inout R, context: DecodingContext,
        key readKey: (inout R, inout FlatDocument) throws -> Void,
        value readScalar: (inout R, inout FlatDocument) throws -> Void
    ) throws {
        var open: [OpenContainer] = []
        let limit = context.options.maximumCollectionCount
        let maximumDepth = context.options.maximumDepth - context.pathDepth
        do {
            try readValue(from: &reader, open: &open, maximumDepth: maximumDepth, scalar: readScalar)
            while let top = open.last {
                let more: Bool
                if top.isDictionary {
                    more = try reader.nextKey(in: .empty) != .end
                    if more {
                        open[open.count - 1].lastKey = entries.count
                        try readKey(&reader, &self)
                    }
                } else {
                    more = try reader.nextElement()
                }
                if more {
                    open[open.count - 1].count += 1
                    if open[open.count - 1].count > limit {
                        let what = top.isDictionary ? "entries" : "elements"
                        throw MappingError(.tooManyMembers(limit: limit, what), at: ValuePath())
                    }
                    try readValue(from: &reader, open: &open, maximumDepth: maximumDepth, scalar: readScalar)
                } else {
                    open.removeLast()
                    guard let count = UInt32(exactly: top.count) else {
                        throw MappingError(.tooManyMembers(limit: Int(UInt32.max), "elements"), at: ValuePath())
                    }
                    entries[top.index] = FlatEntry(
                        top.isDictionary ? .dictionary : .array, start: count, payload: UInt64(entries.count))
                }
            }
        } catch var error as MappingError where error.path.components.isEmpty {
            error.path = ValuePath(context.pathStack + path(to: open))
            throw error
        }
    }

    private mutating func readValue<R: ModelReader>(
        from reader: inout R, open: inout [OpenContainer], maximumDepth: Int,
        scalar readScalar: (inout R, inout FlatDocument) throws -> Void
    ) throws {
        if try reader.beginDictionary() {
            guard open.count < maximumDepth else { throw MappingError(.tooDeep(limit: maximumDepth), at: ValuePath()) }
            open.append(OpenContainer(index: entries.count, isDictionary: true))
            entries.append(FlatEntry(.dictionary))
        } else if try reader.beginArray() {
            guard open.count < maximumDepth else { throw MappingError(.tooDeep(limit: maximumDepth), at: ValuePath()) }
            open.append(OpenContainer(index: entries.count, isDictionary: false))
            entries.append(FlatEntry(.array))
        } else {
            try readScalar(&reader, &self)
        }
    }

    /// Where reading stopped, for an error: the key or index of each open container.
    private func path(to open: [OpenContainer]) -> [PathComponent] {
        open.compactMap { container in
            if container.isDictionary {
                guard container.lastKey >= 0, container.lastKey < entries.count else { return nil }
                return .key(key(at: container.lastKey))
            }
            return container.count > 0 ? .index(container.count - 1) : nil
        }
    }

    /// The index just after the value at `index` and everything inside it.
    @inlinable
    func end(ofValueAt index: Int) -> Int {
        let entry = entries[index]
        return entry.kind.rawValue >= FlatEntry.Kind.array.rawValue ? entry.end : index + 1
    }

    // MARK: - Scalars and keys

    /// The JSON text of a `text` or `key` entry.
    @inlinable
    func withText<Result>(of entry: FlatEntry, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBytes { raw in
            try body(UnsafeRawBufferPointer(rebasing: raw[Int(entry.start)..<entry.end]))
        }
    }

    /// The string of a `text` or `escapedText` entry (or of the `key` kinds).
    @usableFromInline
    func jsonString(of entry: FlatEntry) -> String {
        bytes.withUnsafeBytes { raw in
            let start = Int(entry.start)
            let end = entry.end
            // Reading the document validated this text (and its escapes) already, so the string is copied without
            // the standard library validating it again.
            guard entry.kind == .escapedText || entry.kind == .escapedKey else {
                return JSONText.string(validUTF8: UnsafeRawBufferPointer(rebasing: raw[start..<end]), isASCII: false)
            }
            var unescaped: [UInt8] = []
            try? JSONText(bytes: raw).unescape(from: start, to: end, into: &unescaped, validatingUTF8: false)
            return unescaped.withUnsafeBytes { JSONText.string(validUTF8: $0, isASCII: false) }
        }
    }

    /// Whether the keys at `first` and `second` are the same text; two keys from JSON without escapes are
    /// compared on their bytes, without making a `String`.
    func keysAreEqual(_ first: Int, _ second: Int) -> Bool {
        let one = entries[first]
        let other = entries[second]
        guard one.kind == .key && other.kind == .key else { return key(at: first) == key(at: second) }
        let length = one.end &- Int(one.start)
        guard length == other.end &- Int(other.start) else { return false }
        return bytes.withUnsafeBytes { text in
            text[Int(one.start)..<one.end].elementsEqual(text[Int(other.start)..<other.end])
        }
    }

    /// The string at `index` if it is one, as it is.
    @inlinable
    func string(at index: Int) -> String? {
        let entry = entries[index]
        switch entry.kind {
        case .text, .escapedText: return jsonString(of: entry)
        case .stored:
            if case .string(let text) = values[entry.end] { return text }
            return nil
        default: return nil
        }
    }

    /// The scalar at `index` as a ``Value``; `nil` for a container or a key.
    @usableFromInline
    func value(at index: Int) -> Value? {
        let entry = entries[index]
        switch entry.kind {
        case .null: return .null
        case .bool: return .bool(entry.payload != 0)
        case .integer: return .integer(Int64(bitPattern: entry.payload))
        case .unsignedInteger: return .unsignedInteger(entry.payload)
        case .double: return .double(Double(bitPattern: entry.payload))
        case .text, .escapedText: return .string(jsonString(of: entry))
        case .stored: return values[entry.end]
        case .key, .escapedKey, .storedKey, .array, .dictionary: return nil
        }
    }

    /// The kind of the value at `index`, as readers name it.
    @usableFromInline
    func valueKind(at index: Int) -> ValueKind? {
        switch entries[index].kind {
        case .null: .null
        case .bool: .bool
        case .integer, .unsignedInteger, .double: .number
        case .text, .escapedText: .string
        case .stored: values[entries[index].end].kind
        case .array: .array
        case .dictionary: .dictionary
        case .key, .escapedKey, .storedKey: nil
        }
    }

    /// The text of the key at `index`.
    @usableFromInline
    func key(at index: Int) -> String {
        let entry = entries[index]
        switch entry.kind {
        case .key, .escapedKey: return jsonString(of: entry)
        case .storedKey: return keys[entry.end]
        default: return ""
        }
    }

}

extension JSONReader {
    /// Reads the next value, which must be a scalar, as a ``FlatEntry``: checked in full as ``readScalar()``
    /// checks it, but a string is left where it lies.
    mutating func readFlatScalar() throws -> FlatEntry {
        switch try pendingByte() {
        case UInt8(ascii: "\""):
            let start = offset &+ 1
            let scan = try text.scanString(from: start)
            if scan.hasEscapes && !text.escapesAreValid(from: start, to: scan.end) {
                // Unescaped only for the error that `readString()` would throw.
                try text.unescape(from: start, to: scan.end, into: &stringBuffer, validatingUTF8: false)
            }
            if scan.hasNonASCII { try text.validateUTF8(from: start, to: scan.end) }
            offset = scan.end &+ 1
            hasPendingValue = false
            return FlatEntry(
                scan.hasEscapes ? .escapedText : .text, start: UInt32(truncatingIfNeeded: start),
                payload: UInt64(scan.end))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            hasPendingValue = false
            switch try readNumber() {
            case .integer(let number): return FlatEntry(.integer, payload: UInt64(bitPattern: number))
            case .unsignedInteger(let number): return FlatEntry(.unsignedInteger, payload: number)
            case .double(let number): return FlatEntry(.double, payload: number.bitPattern)
            default: throw text.misuse(at: offset, "a number that is not one")
            }
        case UInt8(ascii: "t"):
            try consumeTrue()
            return FlatEntry(.bool, payload: 1)
        case UInt8(ascii: "f"):
            try consumeFalse()
            return FlatEntry(.bool, payload: 0)
        case UInt8(ascii: "n"):
            try consumeNull()
            return FlatEntry(.null)
        default:
            throw text.unexpected(at: offset, expected: "a value")
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
    /// The entry of the key returned last.
    @usableFromInline var keyIndex = -1

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
        _ = try pending()
        guard let kind = document.valueKind(at: position) else { throw misuse("a key where a value was expected") }
        return kind
    }

    @usableFromInline
    mutating func decodeNull() throws -> Bool {
        guard try pending().isNull else { return false }
        consume(to: position + 1)
        return true
    }

    @usableFromInline
    mutating func beginDictionary() throws -> Bool {
        let entry = try pending()
        guard entry.kind == .dictionary else { return false }
        consume(to: position + 1)
        ends.append(entry.end)
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
        let entry = document.entries[position]
        guard entry.isKey else { throw misuse("a value where a key was expected") }
        keyIndex = position
        position += 1
        hasPendingValue = true
        if entry.kind == .key {
            return document.withText(of: entry) { table.index(ofUTF8: $0) }.map(KeyLookup.known) ?? .unknown
        }
        return table.lookup(document.key(at: keyIndex))
    }

    @usableFromInline
    func currentKey() -> String { keyIndex >= 0 ? document.key(at: keyIndex) : "" }

    @usableFromInline
    mutating func beginArray() throws -> Bool {
        let entry = try pending()
        guard entry.kind == .array else { return false }
        consume(to: position + 1)
        ends.append(entry.end)
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
    var remainingElementCount: Int? {
        // The entries say how many elements an array has, but not how many are left once some are read.
        nil
    }

    @usableFromInline
    mutating func readScalar() throws -> Value {
        let entry = try pending()
        switch entry.kind {
        case .array: throw MappingError(.typeMismatch(expected: "a scalar", found: "array"), at: ValuePath())
        case .dictionary: throw MappingError(.typeMismatch(expected: "a scalar", found: "dictionary"), at: ValuePath())
        case .key, .escapedKey, .storedKey: throw misuse("a key where a value was expected")
        default:
            let value = document.value(at: position) ?? .null
            consume(to: position + 1)
            return value
        }
    }

    @usableFromInline
    mutating func readExactString() throws -> String? {
        _ = try pending()
        guard let text = document.string(at: position) else { return nil }
        consume(to: position + 1)
        return text
    }

    @usableFromInline
    mutating func readExactBool() throws -> Bool? {
        let entry = try pending()
        guard entry.kind == .bool else {
            guard entry.kind == .stored, case .bool(let flag) = document.values[entry.end] else { return nil }
            consume(to: position + 1)
            return flag
        }
        consume(to: position + 1)
        return entry.payload != 0
    }

    @usableFromInline
    mutating func readExactInteger<T: FixedWidthInteger>(as type: T.Type) throws -> T? {
        let entry = try pending()
        let integer: T?
        switch entry.kind {
        case .integer: integer = T(exactly: Int64(bitPattern: entry.payload))
        case .unsignedInteger: integer = T(exactly: entry.payload)
        default: integer = nil
        }
        guard let integer else { return nil }
        consume(to: position + 1)
        return integer
    }

    @usableFromInline
    mutating func readExactDouble() throws -> Double? {
        let entry = try pending()
        let double: Double?
        switch entry.kind {
        case .double: double = Double(bitPattern: entry.payload)
        case .integer, .unsignedInteger, .stored:
            double = document.value(at: position).flatMap(ConversionRules.exactDouble)
        default: double = nil
        }
        guard let double else { return nil }
        consume(to: position + 1)
        return double
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
