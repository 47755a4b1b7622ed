import Foundation

/// A ``ModelWriter`` that appends JSON text in UTF-8 to one growing byte buffer.
///
/// Output choices:
/// - Compact by default; ``Options-swift.struct/prettyPrinted`` indents by two spaces and writes `": "`.
/// - A `Double` is written in its shortest text that reads back to the same bits, and keeps a fraction or
///   exponent even when it is whole (`1.0`, `1e+16`), so it reads back as a floating-point number.
///   Infinity and NaN have no JSON spelling and throw ``MappingError/Reason/numberOutOfRange(expected:found:)``.
/// - A `Decimal` is written as its own digits.
/// - Strings escape only what JSON requires: `"`, `\` and control characters; other text is written as
///   UTF-8, and `/` is not escaped.
/// - Dates and data are not native to JSON: ``writesNativeDates`` and ``writesNativeData`` are `false`.
public struct JSONWriter: ModelWriter, Sendable {
    /// How the text is laid out.
    public struct Options: Sendable, Hashable {
        /// Whether entries go on their own lines, indented by two spaces per level.
        public var prettyPrinted: Bool
        /// Whether dictionary keys are sorted by their UTF-8 bytes (code point order) instead of kept in the
        /// order they were written.
        public var sortedKeys: Bool

        /// Creates options; the defaults give compact text in the order written.
        public init(prettyPrinted: Bool = false, sortedKeys: Bool = false) {
            self.prettyPrinted = prettyPrinted
            self.sortedKeys = sortedKeys
        }
    }

    /// One open array or dictionary.
    @usableFromInline
    struct Container: Sendable {
        @usableFromInline var isDictionary: Bool
        /// Entries or elements written so far, which decides whether a comma comes first.
        @usableFromInline var count = 0
        /// Whether a key was written and its value not yet.
        @usableFromInline var awaitsValue = false

        @inlinable
        init(isDictionary: Bool) {
            self.isDictionary = isDictionary
        }
    }

    /// Where one dictionary entry starts in ``bytes``, kept only when sorting keys.
    @usableFromInline
    struct SortedEntry: Sendable {
        @usableFromInline var key: String
        @usableFromInline var start: Int

        @inlinable
        init(key: String, start: Int) {
            self.key = key
            self.start = start
        }
    }

    /// The JSON text written so far.
    public var bytes: [UInt8] { buffer }
    @usableFromInline var buffer: [UInt8]
    /// How the text is laid out.
    public let options: Options
    @usableFromInline var containers: [Container] = []
    @usableFromInline var entriesToSort: [[SortedEntry]] = []
    @usableFromInline var hasRoot = false

    /// Creates a writer whose buffer has room for `capacity` bytes before it must grow.
    public init(options: Options = Options(), capacity: Int = 1024) {
        self.options = options
        buffer = []
        buffer.reserveCapacity(capacity)
        containers.reserveCapacity(16)
    }

    /// Whether one whole root value has been written.
    public var isComplete: Bool { hasRoot && containers.isEmpty }

    /// JSON has no date type.
    public static var writesNativeDates: Bool { false }
    /// JSON has no data type.
    public static var writesNativeData: Bool { false }

    // MARK: - Containers

    // Compiled here once, not in every module with a model: they run once per container, where the call cost
    // canada.json's encoding 0.67% more instructions (two calls per coordinate pair) and twitter.json's 0.18%;
    // `writeKey` and the scalars, once per value, stay inlinable.

    /// Starts a dictionary.
    public mutating func beginDictionary(count: Int) throws {
        try prepareValue()
        buffer.append(UInt8(ascii: "{"))
        containers.append(Container(isDictionary: true))
        if options.sortedKeys { entriesToSort.append([]) }
    }

    /// Writes the key of the next entry, after a comma when it is not the first.
    @inlinable
    public mutating func writeKey(_ key: String) throws {
        let last = containers.count &- 1
        guard last >= 0, containers[last].isDictionary, !containers[last].awaitsValue else {
            throw misuse("a key was written outside a dictionary or twice in a row")
        }
        if containers[last].count > 0 { buffer.append(UInt8(ascii: ",")) }
        if options.sortedKeys {
            entriesToSort[entriesToSort.count &- 1].append(SortedEntry(key: key, start: buffer.count))
        }
        containers[last].count &+= 1
        containers[last].awaitsValue = true
        if options.prettyPrinted { appendNewline(depth: containers.count) }
        appendString(key)
        buffer.append(UInt8(ascii: ":"))
        if options.prettyPrinted { buffer.append(UInt8(ascii: " ")) }
    }

    /// Ends the current dictionary.
    public mutating func endDictionary() throws {
        guard let container = containers.last, container.isDictionary, !container.awaitsValue else {
            throw misuse("endDictionary without an open dictionary, or after a key without a value")
        }
        if options.sortedKeys { sortEntries(entriesToSort.removeLast()) }
        containers.removeLast()
        if options.prettyPrinted && container.count > 0 { appendNewline(depth: containers.count) }
        buffer.append(UInt8(ascii: "}"))
    }

    /// Starts an array.
    public mutating func beginArray(count: Int) throws {
        try prepareValue()
        buffer.append(UInt8(ascii: "["))
        containers.append(Container(isDictionary: false))
    }

    /// Ends the current array.
    public mutating func endArray() throws {
        guard let container = containers.last, !container.isDictionary else {
            throw misuse("endArray without an open array")
        }
        containers.removeLast()
        if options.prettyPrinted && container.count > 0 { appendNewline(depth: containers.count) }
        buffer.append(UInt8(ascii: "]"))
    }

    // MARK: - Scalars

    /// Writes `null`.
    @inlinable
    public mutating func writeNull() throws {
        try prepareValue()
        appendASCII("null")
    }

    /// Writes `true` or `false`.
    @inlinable
    public mutating func write(_ value: Bool) throws {
        try prepareValue()
        appendASCII(value ? "true" : "false")
    }

    /// Writes a signed integer.
    @inlinable
    public mutating func write(_ value: Int64) throws {
        try prepareValue()
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude)
    }

    /// Writes an unsigned integer.
    @inlinable
    public mutating func write(_ value: UInt64) throws {
        try prepareValue()
        appendDigits(value)
    }

    /// Writes a `Double` in its shortest round-trip text; throws for infinity and NaN.
    @inlinable
    public mutating func write(_ value: Double) throws {
        guard value.isFinite else {
            throw MappingError(
                .numberOutOfRange(expected: "a finite JSON number", found: "\(value)"), at: valuePath)
        }
        try prepareValue()
        // `description` is the shortest text that round-trips and is valid JSON for finite values
        // (`1e-07`, `1e+16`, `-0.0`).
        appendText(value.description)
    }

    /// Writes a `Decimal` as its own digits; throws for NaN.
    @inlinable
    public mutating func write(_ value: Decimal) throws {
        guard !value.isNaN else {
            throw MappingError(.numberOutOfRange(expected: "a finite JSON number", found: "NaN"), at: valuePath)
        }
        try prepareValue()
        appendText(value.description)
    }

    /// Writes a string, escaping what JSON requires.
    @inlinable
    public mutating func write(_ value: String) throws {
        try prepareValue()
        appendString(value)
    }

    /// Writes a date as ISO 8601 text; ``ModelWriter`` calls it only for formats with native dates, so this
    /// is a fallback for direct callers.
    ///
    /// - Throws: ``MappingError`` for a date without a text, as ``DateText/iso8601(_:)`` does.
    public mutating func write(_ value: Date) throws {
        guard let text = DateText.iso8601Text(value) else {
            throw DateText.noTextError(for: value, at: valuePath)
        }
        try write(text)
    }

    /// Writes data as base64 text; a fallback for direct callers, as with dates.
    public mutating func write(_ value: Data) throws {
        try write(value.base64EncodedString())
    }

    // MARK: - Errors

    /// Where the value written next goes, from the root; read back from the text written so far, because
    /// only errors need it and the writer keeps no keys while it writes.
    public var valuePath: ValuePath {
        // The start of the last key of each open container (dictionaries only), found by one pass over the
        // text: the writer's own output, so strings are complete and escapes well formed.
        var lastKeys: [Range<Int>?] = []
        var isDictionary: [Bool] = []
        var expectsKey = false
        var index = 0
        while index < buffer.count {
            switch buffer[index] {
            case UInt8(ascii: "{"):
                lastKeys.append(nil)
                isDictionary.append(true)
                expectsKey = true
            case UInt8(ascii: "["):
                lastKeys.append(nil)
                isDictionary.append(false)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                lastKeys.removeLast()
                isDictionary.removeLast()
            case UInt8(ascii: ","):
                expectsKey = isDictionary.last == true
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                while index < buffer.count && buffer[index] != UInt8(ascii: "\"") {
                    index += buffer[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                if expectsKey && isDictionary.last == true {
                    lastKeys[lastKeys.count - 1] = start..<min(index + 1, buffer.count)
                    expectsKey = false
                }
            default:
                break
            }
            index += 1
        }
        var components: [PathComponent] = []
        for (level, container) in containers.enumerated() where level < lastKeys.count {
            if container.isDictionary {
                guard let range = lastKeys[level],
                    case .string(let key)? = try? JSONFormat.value(from: Data(buffer[range]))
                else { break }
                components.append(.key(key))
            } else {
                // An array counts an element when it begins: the open one is at count - 1, the next at count.
                components.append(.index(level == containers.count - 1 ? container.count : container.count - 1))
            }
        }
        return ValuePath(components)
    }

    // MARK: - Layout

    /// Writes the comma or checks the key that must come before a value, and accepts only one root value.
    @inlinable
    mutating func prepareValue() throws {
        let last = containers.count &- 1
        guard last >= 0 else {
            guard !hasRoot else { throw misuse("a second value was written after the root value") }
            hasRoot = true
            return
        }
        if containers[last].isDictionary {
            guard containers[last].awaitsValue else { throw misuse("a dictionary value was written without a key") }
            containers[last].awaitsValue = false
        } else {
            if containers[last].count > 0 { buffer.append(UInt8(ascii: ",")) }
            containers[last].count &+= 1
            if options.prettyPrinted { appendNewline(depth: containers.count) }
        }
    }

    @inlinable
    mutating func appendNewline(depth: Int) {
        buffer.append(UInt8(ascii: "\n"))
        for _ in 0..<(depth &* 2) { buffer.append(UInt8(ascii: " ")) }
    }

    @inlinable
    mutating func appendASCII(_ text: StaticString) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inlinable
    mutating func appendText(_ text: String) {
        text.withUTF8Bytes { buffer.append(contentsOf: $0) }
    }

    /// Appends the decimal digits of `value` without making a `String`.
    @inlinable
    mutating func appendDigits(_ value: UInt64) {
        if value < 10 {
            buffer.append(UInt8(truncatingIfNeeded: value) &+ UInt8(ascii: "0"))
            return
        }
        let start = buffer.count
        var rest = value
        while rest > 0 {
            let (quotient, remainder) = rest.quotientAndRemainder(dividingBy: 10)
            buffer.append(UInt8(truncatingIfNeeded: remainder) &+ UInt8(ascii: "0"))
            rest = quotient
        }
        buffer[start...].reverse()
    }

    // Compiled here, not inlined into each caller: inlined, the same instructions ran 7% slower in one module than
    // in another (user.json from another module, Benchmarks/NOTES.md, 2026-11-30, third session).
    /// Appends `string` in quotes; runs of bytes that need no escape are copied in one piece.
    @usableFromInline
    mutating func appendString(_ string: String) {
        string.withUTF8Bytes { appendEscaped($0) }
    }

    @usableFromInline
    mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        buffer.append(UInt8(ascii: "\""))
        var runStart = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") { continue }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            runStart = index &+ 1
            buffer.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): buffer.append(byte)
            case 0x0A: buffer.append(UInt8(ascii: "n"))
            case 0x0D: buffer.append(UInt8(ascii: "r"))
            case 0x09: buffer.append(UInt8(ascii: "t"))
            case 0x08: buffer.append(UInt8(ascii: "b"))
            case 0x0C: buffer.append(UInt8(ascii: "f"))
            default:
                let hexDigits: StaticString = "0123456789abcdef"
                buffer.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                buffer.append(hexDigits.utf8Start[Int(byte >> 4)])
                buffer.append(hexDigits.utf8Start[Int(byte & 0xF)])
            }
        }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        buffer.append(UInt8(ascii: "\""))
    }

    /// Reorders the entries of the dictionary being closed by key; each entry's bytes, nested values
    /// included, move as one piece.
    @usableFromInline
    mutating func sortEntries(_ entries: [SortedEntry]) {
        guard entries.count > 1 else { return }
        func precedes(_ left: Int, _ right: Int) -> Bool {
            let leftKey = entries[left].key.utf8
            let rightKey = entries[right].key.utf8
            if leftKey.elementsEqual(rightKey) { return left < right }
            return leftKey.lexicographicallyPrecedes(rightKey)
        }
        let order = entries.indices.sorted(by: precedes)
        if order == Array(entries.indices) { return }
        let regionStart = entries[0].start
        let region = Array(buffer[regionStart...])
        buffer.removeSubrange(regionStart...)
        for (position, index) in order.enumerated() {
            if position > 0 { buffer.append(UInt8(ascii: ",")) }
            let start = entries[index].start &- regionStart
            // Each entry but the last ends just before the comma that precedes the next one.
            let end = index &+ 1 < entries.count ? entries[index &+ 1].start &- 1 &- regionStart : region.count
            buffer.append(contentsOf: region[start..<end])
        }
    }

    @usableFromInline @inline(never)
    func misuse(_ detail: String) -> MappingError {
        MappingError(
            .malformedData(format: "JSON writer", location: "depth \(containers.count)", detail: detail),
            at: ValuePath())
    }
}
