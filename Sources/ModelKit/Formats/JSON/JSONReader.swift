import Foundation

/// A pull reader over JSON text in UTF-8 that hands values to generated model code without building a tree.
///
/// The reader walks the bytes in place: keys are matched against a ``KeyTable`` on their raw bytes, strings
/// and numbers are made only when ``readScalar()`` asks for them, and skipped values are scanned, not parsed.
/// Open arrays and dictionaries live on an explicit stack, so hostile nesting ends in
/// ``MappingError/Reason/tooDeep(limit:)`` rather than a stack overflow.
///
/// The reader borrows its bytes; keep them alive while it is in use:
///
/// ```swift
/// let model = try data.withUnsafeBytes { raw in
///     var reader = JSONReader(bytes: raw, maximumDepth: 512)
///     let model = try Model(from: &reader, context: DecodingContext())
///     try reader.finish()
///     return model
/// }
/// ```
///
/// Choices that JSON leaves open:
/// - A leading UTF-8 byte order mark is ignored, as `JSONSerialization` does.
/// - A `\u` escape of a lone UTF-16 surrogate becomes U+FFFD instead of failing the whole document.
/// - A number that overflows `Double` (`1e400`) is ``MappingError/Reason/numberOutOfRange(expected:found:)``
///   from ``readScalar()``: a value its property cannot take (a default and a note in lenient mode), not a
///   malformed document; the exact reads leave it for ``readScalar()``.
/// - ``skipValue()`` checks that brackets match and strings end, but not the spelling of the numbers and
///   literals inside a skipped container; values that are read are checked in full.
/// - Columns in error locations count Unicode scalars from the start of the line, starting at 1.
public struct JSONReader: ModelReader {
    /// What an open container expects next; `Continued` once it has at least one element.
    @usableFromInline
    enum Frame: UInt8 {
        /// No container is open: the root value.
        case root
        case array
        case arrayContinued
        case dictionary
        case dictionaryContinued

        @inlinable var isDictionary: Bool { rawValue >= Frame.dictionary.rawValue }
        @inlinable var isArray: Bool { self == .array || self == .arrayContinued }
    }

    /// The bytes, for the scans that only read them.
    ///
    /// Those scans are methods of ``JSONText`` rather than of the reader: a method of the reader called from a
    /// mutating one is handed a copy of the whole reader at every call, a ``JSONText`` two words.
    @usableFromInline let text: JSONText
    /// Where reading goes on; when ``hasPendingValue`` is set, the first byte of that value.
    @usableFromInline var offset: Int
    /// The innermost open container, which every key and element reads and updates.
    @usableFromInline var innermost = Frame.root
    /// Whether each container around ``innermost`` is a dictionary, one bit each, the nearest in bit 0.
    ///
    /// A bit is all a container needs while it waits: it is left for a value inside it, so it comes back with
    /// an element read, `…Continued`. Bits rather than an array of frames, so that entering and leaving a
    /// container costs a shift instead of an array's uniqueness and bounds checks.
    @usableFromInline var enclosingDictionaries: UInt64 = 0
    /// The bits shifted out of ``enclosingDictionaries`` by nesting deeper than 64 levels, outermost first.
    @usableFromInline var deepEnclosingDictionaries: [Bool] = []
    /// How many containers are open.
    @usableFromInline var openCount = 0
    /// Whether a value was announced (the root, or by `nextKey`/`nextElement`) and not yet consumed.
    @usableFromInline var hasPendingValue = true
    @usableFromInline var keyStart = 0
    @usableFromInline var keyEnd = 0
    /// Whether the last key had escapes and so lives in ``keyBuffer`` rather than in ``text``.
    @usableFromInline var keyIsUnescaped = false
    /// Separate from ``stringBuffer`` so that ``currentKey()`` stays right after the key's value is read.
    @usableFromInline var keyBuffer: [UInt8] = []
    @usableFromInline var stringBuffer: [UInt8] = []
    /// The key expected next, checked on its bytes before any key is scanned and looked up.
    @usableFromInline var prediction = KeyPrediction()

    /// The deepest nesting of arrays and dictionaries accepted before reading fails with
    /// ``MappingError/Reason/tooDeep(limit:)``.
    public let maximumDepth: Int

    /// Creates a reader over `bytes`, which must stay alive and unchanged while the reader is used.
    ///
    /// - Parameters:
    ///   - bytes: JSON text in UTF-8.
    ///   - maximumDepth: the deepest nesting accepted.
    public init(bytes: UnsafeRawBufferPointer, maximumDepth: Int = 512) {
        text = JSONText(bytes: bytes)
        self.maximumDepth = maximumDepth
        offset = ByteOrderMark.length(in: bytes)
        skipWhitespace()
    }

    /// Creates a reader over `bytes`, which must stay alive and unchanged while the reader is used.
    public init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = 512) {
        self.init(bytes: UnsafeRawBufferPointer(bytes), maximumDepth: maximumDepth)
    }

    /// How many arrays and dictionaries are entered and not yet left.
    @inlinable
    public var depth: Int { openCount }

    // MARK: - Navigation

    /// The kind of the next value, from its first byte; the value itself is checked when it is read.
    @inlinable
    public mutating func peekKind() throws -> ValueKind {
        switch try pendingByte() {
        case UInt8(ascii: "{"): return .dictionary
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw text.unexpected(at: offset, expected: "a value")
        }
    }

    /// Consumes the next value if it is `null`.
    @inlinable
    public mutating func decodeNull() throws -> Bool {
        guard try pendingByte() == UInt8(ascii: "n") else { return false }
        try consumeNull()
        return true
    }

    /// Enters the next value if it is a dictionary.
    @inlinable
    public mutating func beginDictionary() throws -> Bool {
        guard try pendingByte() == UInt8(ascii: "{") else { return false }
        try push(.dictionary)
        prediction.suspend(enteringDepth: openCount)
        offset &+= 1
        hasPendingValue = false
        return true
    }

    /// Enters the next value if it is an array.
    @inlinable
    public mutating func beginArray() throws -> Bool {
        guard try pendingByte() == UInt8(ascii: "[") else { return false }
        try push(.array)
        offset &+= 1
        hasPendingValue = false
        return true
    }

    /// Moves to the next key of the innermost dictionary and looks it up on its bytes.
    ///
    /// A value left unread after the previous key is skipped first. Keys without escapes are looked up where
    /// they lie in the input; keys with escapes are unescaped into a buffer the reader reuses.
    ///
    /// Inlined is only the common case, a comma and the next key after a value that was read; the rest
    /// (the first key, the closing brace, a value to skip, anything malformed) is `nextKeyInFull(in:)`.
    @inlinable @inline(__always)
    public mutating func nextKey(in table: KeyTable) throws -> KeyLookup {
        guard innermost == .dictionaryContinued && !hasPendingValue else { return try nextKeyInFull(in: table) }
        let text = self.text
        var index = text.whitespaceEnd(from: offset)
        guard index < text.count && text[index] == UInt8(ascii: ",") else {
            // The whitespace is behind: the closing brace of pretty-printed JSON comes after a line break and
            // indentation, which the full path scanned a second time.
            offset = index
            return try nextKeyInFull(in: table)
        }
        index = text.indentationEnd(from: index &+ 1)
        guard index < text.count && text[index] == UInt8(ascii: "\"") else {
            return try nextKeyInFull(in: table)
        }
        return try lookUpKey(quotedAt: index, in: table)
    }

    /// ``nextKey(in:)`` from any state: skips an unread value, reads the separator or the end of the dictionary,
    /// and looks up the key.
    @usableFromInline
    mutating func nextKeyInFull(in table: KeyTable) throws -> KeyLookup {
        let frame = innermost
        guard frame.isDictionary else {
            throw text.misuse(at: offset, "nextKey was called outside a dictionary")
        }
        if hasPendingValue { try skipValue() }
        // Here after a '{' or before a '}' or a ',' that ends a nested value: in pretty-printed JSON a line break
        // and indentation, which vector comparisons take at once (every call went through the loop).
        offset = text.deepIndentationEnd(from: offset)
        guard offset < text.count else {
            throw text.unexpected(at: offset, expected: frame == .dictionary ? "a key or '}'" : "',' or '}'")
        }
        let byte = text[offset]
        if byte == UInt8(ascii: "}") {
            offset &+= 1
            prediction.resume(closingDepth: openCount)
            pop()
            return .end
        }
        if frame == .dictionaryContinued {
            guard byte == UInt8(ascii: ",") else {
                throw text.unexpected(at: offset, expected: "',' or '}' after a dictionary entry")
            }
            offset = text.deepIndentationEnd(from: offset &+ 1)
            guard offset < text.count, text[offset] == UInt8(ascii: "\"") else {
                throw text.unexpected(at: offset, expected: "a key in double quotes after ','")
            }
        } else {
            guard byte == UInt8(ascii: "\"") else {
                throw text.unexpected(at: offset, expected: "a key in double quotes or '}'")
            }
            innermost = .dictionaryContinued
            prediction.startDictionary(of: table)
        }
        return try lookUpKey(quotedAt: offset, in: table)
    }

    /// Reads the key whose opening quote is at `quote`, and the colon after it, and looks the key up.
    ///
    /// The key expected (see ``KeyPrediction``), spelled out in the data and closed by a quote, is that key:
    /// the common case costs a few word comparisons instead of a scan and a lookup.
    @inlinable @inline(__always)
    mutating func lookUpKey(quotedAt quote: Int, in table: KeyTable) throws -> KeyLookup {
        let start = quote &+ 1
        guard let expected = prediction.expectedKey(in: table),
            let end = table.plainKeyEnd(at: expected, in: text.base, count: text.count, from: start)
        else { return try lookUpUnpredictedKey(quotedAt: quote, in: table) }
        return try accept(expected, spelledFrom: start, to: end)
    }

    /// Takes the key at `index` of the table, found spelled plainly in `start..<end`, and the colon after it.
    @inlinable @inline(__always)
    mutating func accept(_ index: Int, spelledFrom start: Int, to end: Int) throws -> KeyLookup {
        let colon = text.whitespaceEnd(from: end &+ 1)
        guard colon < text.count && text[colon] == UInt8(ascii: ":") else {
            throw text.unexpected(at: colon, expected: "':' after a key")
        }
        keyStart = start
        keyEnd = end
        keyIsUnescaped = false
        offset = text.whitespaceEnd(from: colon &+ 1)
        hasPendingValue = true
        prediction.confirm(index)
        return .known(index)
    }

    /// ``lookUpKey(quotedAt:in:)`` for a key other than the one expected: the key declared at its place is
    /// tried (see ``KeyPrediction``), then the key is scanned (and unescaped if it has escapes) and looked up by
    /// its hash.
    @usableFromInline
    mutating func lookUpUnpredictedKey(quotedAt quote: Int, in table: KeyTable) throws -> KeyLookup {
        if let declared = prediction.declaredKey(in: table),
            let end = table.plainKeyEnd(at: declared, in: text.base, count: text.count, from: quote &+ 1)
        {
            return try accept(declared, spelledFrom: quote &+ 1, to: end)
        }
        offset = quote
        try readKey()
        let index: Int?
        if table.keys.isEmpty {
            index = nil
        } else if keyIsUnescaped {
            index = keyBuffer.withUnsafeBytes { table.index(ofUTF8: $0) }
        } else {
            index = table.index(ofUTF8: text.span(keyStart, keyEnd))
        }
        skipWhitespace()
        guard offset < text.count, text[offset] == UInt8(ascii: ":") else {
            throw text.unexpected(at: offset, expected: "':' after a key")
        }
        offset = text.whitespaceEnd(from: offset &+ 1)
        hasPendingValue = true
        guard let index else { return .unknown }
        prediction.found(index, in: table)
        return .known(index)
    }

    /// The key returned last by ``nextKey(in:)``, made into a `String` only now.
    @inlinable
    public func currentKey() -> String {
        if keyIsUnescaped { return String(decoding: keyBuffer, as: UTF8.self) }
        return String(decoding: text.span(keyStart, keyEnd), as: UTF8.self)
    }

    /// Moves to the next element of the innermost array; an element left unread is skipped first.
    @inlinable
    public mutating func nextElement() throws -> Bool {
        let frame = innermost
        guard frame.isArray else {
            throw text.misuse(at: offset, "nextElement was called outside an array")
        }
        if hasPendingValue { try skipUnreadValue() }
        skipWhitespace()
        guard offset < text.count else {
            throw text.unexpected(at: offset, expected: frame == .array ? "a value or ']'" : "',' or ']'")
        }
        let byte = text[offset]
        if byte == UInt8(ascii: "]") {
            offset &+= 1
            pop()
            return false
        }
        if frame == .arrayContinued {
            guard byte == UInt8(ascii: ",") else {
                throw text.unexpected(at: offset, expected: "',' or ']' after an array element")
            }
            offset = text.indentationEnd(from: offset &+ 1)
        } else {
            innermost = .arrayContinued
        }
        hasPendingValue = true
        return true
    }

    // MARK: - Values

    /// Reads the next value, which must be a string, number, Boolean or `null`.
    ///
    /// Integers that fit become `.integer`, those above `Int64.max` that fit in `UInt64` become
    /// `.unsignedInteger`, and all other numbers become the `.double` closest to their text.
    ///
    /// A number beyond the range of `Double` (`1e400`) is consumed and thrown as
    /// ``MappingError/Reason/numberOutOfRange(expected:found:)``, so decoding can go on after it.
    @inlinable
    public mutating func readScalar() throws -> Value {
        switch try pendingByte() {
        case UInt8(ascii: "\""):
            let value = Value.string(try readString())
            hasPendingValue = false
            return value
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            // Consumed before it is made: a number out of range is thrown after it, and decoding goes on.
            hasPendingValue = false
            return try readNumber()
        case UInt8(ascii: "t"):
            try consumeTrue()
            return .bool(true)
        case UInt8(ascii: "f"):
            try consumeFalse()
            return .bool(false)
        case UInt8(ascii: "n"):
            try consumeNull()
            return .null
        case UInt8(ascii: "{"):
            throw MappingError(.typeMismatch(expected: "a scalar", found: "dictionary"), at: ValuePath())
        case UInt8(ascii: "["):
            throw MappingError(.typeMismatch(expected: "a scalar", found: "array"), at: ValuePath())
        default:
            throw text.unexpected(at: offset, expected: "a value")
        }
    }

    /// Reads the next value if it is a string.
    @inlinable
    public mutating func readExactString() throws -> String? {
        guard try pendingByte() == UInt8(ascii: "\"") else { return nil }
        let text = try readString()
        hasPendingValue = false
        return text
    }

    /// Reads the next value if it is a string without escapes that names a date with a time zone of its own
    /// (see ``DateText``), parsed where it lies; `nil`, consuming nothing, otherwise.
    public mutating func readExactDate() throws -> Date? {
        guard try pendingByte() == UInt8(ascii: "\"") else { return nil }
        let start = offset &+ 1
        let scan = try text.scanString(from: start)
        // Every date form is ASCII: other text, or text with escapes, goes the full way and fails or converts there.
        guard !scan.hasEscapes, !scan.hasNonASCII, let date = DateText.dateWithOwnZone(in: text.span(start, scan.end))
        else { return nil }
        offset = scan.end &+ 1
        hasPendingValue = false
        return date
    }

    /// Reads the next value if it is `true` or `false`.
    @inlinable
    public mutating func readExactBool() throws -> Bool? {
        switch try pendingByte() {
        case UInt8(ascii: "t"):
            try consumeTrue()
            return true
        case UInt8(ascii: "f"):
            try consumeFalse()
            return false
        default:
            return nil
        }
    }

    /// Reads the next value if it is an integer that `type` holds; any other number is left where it is.
    @inlinable
    public mutating func readExactInteger<T: FixedWidthInteger>(as type: T.Type) throws -> T? {
        let first = try pendingByte()
        guard first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            return nil
        }
        let isNegative = first == UInt8(ascii: "-")
        if let short = text.shortInteger(from: isNegative ? offset &+ 1 : offset) {
            // Fifteen digits always fit in an Int64.
            let magnitude = Int64(truncatingIfNeeded: short.magnitude)
            guard let exact = T(exactly: isNegative ? -magnitude : magnitude) else { return nil }
            offset = short.end
            hasPendingValue = false
            return exact
        }
        return try readExactIntegerInFull(as: type)
    }

    /// ``readExactInteger(as:)`` for any number: longer, signed with a leading zero, with a fraction or an
    /// exponent, or malformed. Apart, so that the common case does not set up this one's frame.
    @inlinable @inline(never)
    mutating func readExactIntegerInFull<T: FixedWidthInteger>(as type: T.Type) throws -> T? {
        let number = try text.scanNumber(from: offset)
        let integer: T
        if number.isInteger && number.digitCount <= 18 {
            // Eighteen digits always fit in an Int64: no `Value` in between, as ids and counts are most integers.
            let magnitude = Int64(truncatingIfNeeded: number.significand)
            guard let exact = T(exactly: number.isNegative ? -magnitude : magnitude) else { return nil }
            integer = exact
        } else {
            guard let value = text.integerValue(of: number), let exact = ConversionRules.exactInteger(value, as: type)
            else { return nil }
            integer = exact
        }
        offset = number.end
        hasPendingValue = false
        return integer
    }

    /// Reads the next value if it is a number that a `Double` holds; a number beyond its range is left where
    /// it is, for ``readScalar()`` to report (the exact reads throw only for malformed input).
    ///
    /// The number is made straight from its scan, without a ``Value`` in between: coordinates are most of
    /// what number-heavy documents hold.
    @inlinable
    public mutating func readExactDouble() throws -> Double? {
        let first = try pendingByte()
        guard first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            return nil
        }
        let number = try text.scanNumber(from: offset)
        let double: Double
        if number.isInteger, let value = text.integerValue(of: number) {
            guard let converted = ConversionRules.exactDouble(value) else { return nil }
            double = converted
        } else {
            guard let value = try text.doubleValue(of: number) else { return nil }
            double = value
        }
        offset = number.end
        hasPendingValue = false
        return double
    }

    /// Reads the next value as a `Decimal` made from the number's own text, so no digit is lost.
    ///
    /// Returns `nil`, consuming nothing, when the next value is not a number (or when `Decimal` cannot hold
    /// it, so that ``readScalar()`` reports it).
    public mutating func readDecimal() throws -> Decimal? {
        guard hasPendingValue, offset < text.count else { return nil }
        let first = text[offset]
        guard first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else {
            return nil
        }
        let end = try text.numberEnd(from: offset)
        let text = String(decoding: text.span(offset, end), as: UTF8.self)
        guard let decimal = Decimal(string: text, locale: nil), !decimal.isNaN else { return nil }
        offset = end
        hasPendingValue = false
        return decimal
    }

    /// Reads the number at `offset` in one pass and leaves `offset` after it.
    ///
    /// A whole number that fits becomes `.integer` or `.unsignedInteger`; every other number becomes the
    /// `.double` nearest to its text (see ``JSONText/doubleValue(of:)``), as `JSONSerialization` gives.
    ///
    /// - Throws: ``MappingError/Reason/numberOutOfRange(expected:found:)``, with `offset` after the number, for a
    ///   number beyond the range of `Double`; a malformed-data error for text outside the JSON grammar.
    @usableFromInline
    mutating func readNumber() throws -> Value {
        let number = try text.scanNumber(from: offset)
        offset = number.end
        if let integer = text.integerValue(of: number) { return integer }
        guard let value = try text.doubleValue(of: number) else {
            // `1e400` is well-formed JSON that no `Double` holds: a value its property cannot take, which lenient
            // decoding replaces by a default, not a malformed document. It is thrown with the number consumed, so
            // that decoding can go on with the next key.
            throw MappingError(.numberOutOfRange(expected: "Double", found: text.spelling(of: number)), at: ValuePath())
        }
        return .double(value)
    }

    /// Skips the next value without making it.
    ///
    /// Containers are skipped by a scan that follows strings and brackets only, with no recursion.
    @inlinable
    public mutating func skipValue() throws {
        switch try pendingByte() {
        case UInt8(ascii: "\""):
            offset = try text.stringEnd(from: offset &+ 1) &+ 1
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try skipContainers(downTo: openCount, entering: true)
        case UInt8(ascii: "t"):
            try consumeTrue()
        case UInt8(ascii: "f"):
            try consumeFalse()
        case UInt8(ascii: "n"):
            try consumeNull()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            offset = try text.numberEnd(from: offset)
        default:
            throw text.unexpected(at: offset, expected: "a value")
        }
        hasPendingValue = false
    }

    /// ``skipValue()`` kept out of line for ``nextElement()``, which calls it only when a value was left unread:
    /// inlined, its cases made every element pay for a larger frame. (``nextKeyInFull(in:)`` is out of line
    /// itself.)
    @usableFromInline @inline(never)
    mutating func skipUnreadValue() throws {
        try skipValue()
    }

    /// Leaves every container entered below `depth`, skipping the rest of each, and drops a value that was
    /// announced at that level but not read, so decoding can go on with the next key or element.
    public mutating func recover(toDepth depth: Int) throws {
        if openCount > depth {
            try skipContainers(downTo: max(depth, 0), entering: false)
            hasPendingValue = false
        } else if hasPendingValue {
            try skipValue()
        }
    }

    /// Checks that nothing but whitespace follows the root value.
    ///
    /// Whatever of the root value is still unread is skipped first, so a model that reads only some keys can
    /// still finish.
    public mutating func finish() throws {
        if openCount > 0 || hasPendingValue { try recover(toDepth: 0) }
        skipWhitespace()
        guard offset == text.count else {
            throw text.unexpected(at: offset, expected: "the end of the data after the root value")
        }
    }

    // MARK: - Small steps

    @inlinable @inline(__always)
    mutating func skipWhitespace() {
        offset = text.whitespaceEnd(from: offset)
    }

    /// The first byte of the announced value; an error when no value is announced or the data ends.
    @inlinable @inline(__always)
    func pendingByte() throws -> UInt8 {
        guard hasPendingValue else { throw text.misuse(at: offset, "no value to read") }
        guard offset < text.count else { throw text.unexpected(at: offset, expected: "a value") }
        return text[offset]
    }

    @inlinable
    mutating func push(_ frame: Frame) throws {
        guard openCount < maximumDepth else {
            throw MappingError(.tooDeep(limit: maximumDepth), at: ValuePath())
        }
        if openCount >= UInt64.bitWidth { deepEnclosingDictionaries.append(enclosingDictionaries >> 63 != 0) }
        enclosingDictionaries = enclosingDictionaries << 1 | (innermost.isDictionary ? 1 : 0)
        innermost = frame
        openCount &+= 1
    }

    /// Leaves the innermost container; the one around it has had an element, so it is `…Continued`.
    @inlinable
    mutating func pop() {
        let isDictionary = enclosingDictionaries & 1 != 0
        enclosingDictionaries &>>= 1
        openCount &-= 1
        if openCount >= UInt64.bitWidth, deepEnclosingDictionaries.removeLast() {
            enclosingDictionaries |= 1 << 63
        }
        innermost = openCount == 0 ? .root : isDictionary ? .dictionaryContinued : .arrayContinued
    }

    @inlinable
    mutating func consumeNull() throws {
        try consumeLiteral("null", length: 4, word: JSONText.nullWord, at: 0)
    }

    /// Consumes `true`, whose first byte is already known.
    @inlinable
    mutating func consumeTrue() throws {
        try consumeLiteral("true", length: 4, word: JSONText.trueWord, at: 0)
    }

    /// Consumes `false`, whose first byte is already known: its other four bytes are the word compared.
    @inlinable
    mutating func consumeFalse() throws {
        try consumeLiteral("false", length: 5, word: JSONText.alseWord, at: 1)
    }

    /// Consumes `literal`, `length` bytes at `offset`, whose four bytes from `wordOffset` on are `word`.
    ///
    /// One 32-bit comparison rather than a loop over the literal's bytes. The literal's name is a `String` for
    /// the error: as a `StaticString` it made the callers larger.
    @inlinable
    mutating func consumeLiteral(_ literal: String, length: Int, word: UInt32, at wordOffset: Int) throws {
        // Measured: the loop cost 60 instructions a value; with a `StaticString` name the inliner left
        // `readExactBool()` out of line (0.6% of twitter.json's decoding).
        guard offset &+ length <= text.count, text.word32(at: offset &+ wordOffset) == word else {
            throw text.misspelled(at: offset, expected: literal)
        }
        offset &+= length
        hasPendingValue = false
    }

    /// Reads the key at `offset` (its opening quote) and leaves `offset` after the closing quote.
    @inlinable
    mutating func readKey() throws {
        let start = offset &+ 1
        let scan = try text.scanString(from: start)
        // The span is kept for an escaped key too: the flat document of `ModelDecoder` points at it.
        keyStart = start
        keyEnd = scan.end
        if scan.hasEscapes {
            try text.unescape(from: start, to: scan.end, into: &keyBuffer, validatingUTF8: scan.hasNonASCII)
            keyIsUnescaped = true
        } else {
            if scan.hasNonASCII { try text.validateUTF8(from: start, to: scan.end) }
            keyIsUnescaped = false
        }
        offset = scan.end &+ 1
    }

    /// Reads the string at `offset` (its opening quote) and leaves `offset` after the closing quote.
    @inlinable
    mutating func readString() throws -> String {
        let start = offset &+ 1
        let scan = try text.scanString(from: start)
        let string: String
        if scan.hasEscapes {
            // Escapes make well-formed UTF-8 (a lone surrogate becomes U+FFFD), and the runs between them are
            // validated as they are copied; a `\u` escape may make the text non-ASCII, which the copy tells.
            try text.unescape(from: start, to: scan.end, into: &stringBuffer, validatingUTF8: scan.hasNonASCII)
            string = stringBuffer.withUnsafeBytes { JSONText.string(validUTF8: $0, isASCII: false) }
        } else {
            // The scan knows whether the bytes are ASCII; other text is validated here, where an error can name
            // the bad byte, so the string is made without the standard library's validation.
            if scan.hasNonASCII { try text.validateUTF8(from: start, to: scan.end) }
            string = JSONText.string(validUTF8: text.span(start, scan.end), isASCII: !scan.hasNonASCII)
        }
        offset = scan.end &+ 1
        return string
    }
}

/// The reader borrows raw memory that it cannot keep alive, so it must not cross into another task.
@available(*, unavailable)
extension JSONReader: Sendable {}
