import Foundation

/// A ``ModelReader`` over an XML property list in UTF-8, parsed as it is pulled: no tree, no recursion.
///
/// The reader accepts what Foundation accepts: an optional `<?xml …?>` declaration, a DOCTYPE, comments and
/// processing instructions between elements, a `<plist>` root (or a bare value), the elements `dict`, `key`,
/// `array`, `string`, `integer` (decimal or `0x` hexadecimal), `real` (including `nan` and `inf`), `true`,
/// `false`, `date` and `data` (base64, whitespace ignored), empty forms such as `<string/>`, the five
/// predefined entities, numeric character references and CDATA sections.
///
/// Nesting deeper than ``maximumDepth`` fails with ``MappingError/Reason/tooDeep(limit:)``, and every
/// malformed input fails with ``MappingError/Reason/malformedData(format:location:detail:)`` naming the line
/// and column. Call ``finish()`` after the root value to check that nothing but `</plist>`, whitespace and
/// comments follows it.
///
/// The reader does not own its bytes: keep them alive and unchanged while it is used.
public struct XMLPropertyListReader: ModelReader {
    /// The elements of the format.
    @usableFromInline
    enum Element: UInt8 {
        case dictionary, array, key, string, integer, real, date, data, `true`, `false`, plist

        /// The element's tag name.
        @usableFromInline
        var name: String {
            switch self {
            case .dictionary: "dict"
            case .array: "array"
            case .key: "key"
            case .string: "string"
            case .integer: "integer"
            case .real: "real"
            case .date: "date"
            case .data: "data"
            case .true: "true"
            case .false: "false"
            case .plist: "plist"
            }
        }
    }

    /// A start tag read and not yet consumed: the next value.
    @usableFromInline
    struct Tag {
        @usableFromInline var element: Element
        /// Whether the tag closed itself (`<string/>`).
        @usableFromInline var isEmpty: Bool
        /// Where the tag's `<` is, for error locations.
        @usableFromInline var start: Int

        @inlinable
        init(element: Element, isEmpty: Bool, start: Int) {
            self.element = element
            self.isEmpty = isEmpty
            self.start = start
        }
    }

    /// Where the text just read is: a range of the input when it had nothing to decode, else `scratch`.
    @usableFromInline
    enum TextSpan {
        case input(start: Int, end: Int)
        case scratch
    }

    /// One array or dictionary entered and not yet left; an empty element (`<dict/>`) has no end tag to read.
    @usableFromInline
    enum Frame: UInt8 {
        case dictionary, array, emptyDictionary, emptyArray
    }

    @usableFromInline let bytes: UnsafeRawBufferPointer
    @usableFromInline var position: Int
    /// The deepest nesting of arrays and dictionaries accepted.
    public let maximumDepth: Int
    @usableFromInline var frames: [Frame] = []
    @usableFromInline var pending: Tag?
    /// Whether the value sits in a `<plist>` element, whose end tag ``finish()`` expects.
    @usableFromInline var hasPlistElement = false
    /// The current key's bytes in the input, or a negative start when it was decoded into `keyBuffer`.
    @usableFromInline var keyStart = 0
    @usableFromInline var keyEnd = 0
    @usableFromInline var keyBuffer: [UInt8] = []
    /// Text with entities or CDATA is decoded here, reused from one string to the next.
    @usableFromInline var scratch: [UInt8] = []

    /// Reads the prolog up to the first value.
    ///
    /// - Parameters:
    ///   - bytes: the document in UTF-8 (a UTF-8 byte order mark is skipped); it must stay alive and
    ///     unchanged while the reader is used.
    ///   - maximumDepth: the deepest nesting accepted before reading fails with
    ///     ``MappingError/Reason/tooDeep(limit:)``.
    /// - Throws: ``MappingError`` when the prolog is malformed or holds no value.
    public init(bytes: UnsafeRawBufferPointer, maximumDepth: Int = 512) throws {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        position = ByteOrderMark.length(in: bytes)
        frames.reserveCapacity(16)
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw malformed("only UTF-8 property lists are read; this one is UTF-16", at: 0)
        }
        try readProlog()
    }

    // MARK: - ModelReader

    /// The kind of the next value, without consuming it.
    @inlinable
    public mutating func peekKind() throws -> ValueKind {
        guard let tag = pending else { throw noValue() }
        switch tag.element {
        case .dictionary: return .dictionary
        case .array: return .array
        case .key, .string: return .string
        case .integer, .real: return .number
        case .date: return .date
        case .data: return .data
        case .true, .false: return .bool
        case .plist: throw nestedPlist(tag)
        }
    }

    /// Property lists have no null: checks that a value waits and returns `false`.
    @inlinable
    public mutating func decodeNull() throws -> Bool {
        guard pending != nil else { throw noValue() }
        return false
    }

    /// Enters the next value if it is a dictionary.
    @inlinable
    public mutating func beginDictionary() throws -> Bool {
        guard let tag = pending else { throw noValue() }
        guard tag.element == .dictionary else { return false }
        try enter(tag.isEmpty ? .emptyDictionary : .dictionary)
        return true
    }

    /// Moves to the next key of the current dictionary and looks it up in `table`, on its bytes.
    @inlinable
    public mutating func nextKey(in table: KeyTable) throws -> KeyLookup {
        guard try advanceInDictionary() else { return .end }
        if keyStart >= 0 {
            let key = UnsafeRawBufferPointer(rebasing: bytes[keyStart..<keyEnd])
            return table.index(ofUTF8: key).map(KeyLookup.known) ?? .unknown
        }
        return keyBuffer.withUnsafeBytes { table.index(ofUTF8: $0) }.map(KeyLookup.known) ?? .unknown
    }

    /// The key returned last by ``nextKey(in:)``.
    public func currentKey() -> String {
        if keyStart >= 0 { return String(decoding: bytes[keyStart..<keyEnd], as: UTF8.self) }
        return String(decoding: keyBuffer, as: UTF8.self)
    }

    /// Enters the next value if it is an array.
    @inlinable
    public mutating func beginArray() throws -> Bool {
        guard let tag = pending else { throw noValue() }
        guard tag.element == .array else { return false }
        try enter(tag.isEmpty ? .emptyArray : .array)
        return true
    }

    /// Moves to the next element of the current array; `false`, leaving it, at its end.
    @inlinable
    public mutating func nextElement() throws -> Bool {
        try advanceInArray()
    }

    /// Reads the next value, which must not be an array or a dictionary.
    @inlinable
    public mutating func readScalar() throws -> Value {
        guard let tag = pending else { throw noValue() }
        switch tag.element {
        case .dictionary:
            throw MappingError(.typeMismatch(expected: "a scalar", found: "dictionary"), at: .init())
        case .array:
            throw MappingError(.typeMismatch(expected: "a scalar", found: "array"), at: .init())
        default:
            pending = nil
            return try scalar(tag)
        }
    }

    /// Reads the next value if it is an `<integer>` that `type` holds; any other value is left unread.
    public mutating func readExactInteger<T: FixedWidthInteger>(as type: T.Type) throws -> T? {
        guard let tag = pending else { throw noValue() }
        guard tag.element == .integer else { return nil }
        let saved = position
        guard let value = try scalarInRange(tag), let number = ConversionRules.exactInteger(value, as: type) else {
            position = saved
            return nil
        }
        pending = nil
        return number
    }

    /// The number `tag` opens, or `nil`, consuming nothing, when it is beyond 64 bits: the exact reads leave such
    /// a number for ``readScalar()``, which reports it (they throw only for malformed input).
    mutating func scalarInRange(_ tag: Tag) throws -> Value? {
        let saved = position
        do {
            return try scalar(tag)
        } catch let error as MappingError where error.isNumberOutOfRange {
            position = saved
            return nil
        }
    }

    /// Reads the next value if it is a `<date>`, or a `<string>` that names a date with a time zone of its own
    /// (see ``DateText``), parsed where it lies; any other value is left unread.
    public mutating func readExactDate() throws -> Date? {
        guard let tag = pending else { throw noValue() }
        switch tag.element {
        case .date:
            guard case .date(let date) = try scalar(tag) else { return nil }
            pending = nil
            return date
        case .string where !tag.isEmpty:
            let saved = position
            let span = try readText()
            guard let date = withText(span, DateText.dateWithOwnZone(in:)) else {
                position = saved
                return nil
            }
            try expectEndTag(of: .string)
            pending = nil
            return date
        default:
            return nil
        }
    }

    /// Reads the next value if it is an `<integer>` or a `<real>` that a `Double` holds; any other value, and
    /// an integer beyond 64 bits, is left unread for ``readScalar()`` to report.
    public mutating func readExactDouble() throws -> Double? {
        guard let tag = pending else { throw noValue() }
        guard tag.element == .integer || tag.element == .real else { return nil }
        guard let value = try scalarInRange(tag) else { return nil }
        pending = nil
        return ConversionRules.exactDouble(value)
    }

    /// Reads a number as a Decimal from its text, so `<real>0.1</real>` gives exactly 0.1; `nil`, consuming
    /// nothing, when the next value is not a number or is not finite.
    public mutating func readDecimal() throws -> Decimal? {
        guard let tag = pending else { throw noValue() }
        switch tag.element {
        case .integer:
            guard let number = try scalarInRange(tag) else { return nil }
            pending = nil
            switch number {
            case .integer(let value): return Decimal(value)
            case .unsignedInteger(let value): return Decimal(value)
            default: return nil
            }
        case .real where !tag.isEmpty:
            let saved = position
            // Read first: `string(of:)` would otherwise see `scratch` as it was before the call.
            let span = try readText()
            let text = string(of: span)
            if Self.realGrammarEnd(Array(text.utf8)) == text.utf8.count,
                let decimal = Decimal(string: text, locale: Self.posix)
            {
                try expectEndTag(of: .real)
                pending = nil
                return decimal
            }
            position = saved
            return nil
        default:
            return nil
        }
    }

    /// Skips the next value, walking through a container without building anything.
    @inlinable
    public mutating func skipValue() throws {
        if pending != nil { try skipPending() }
    }

    /// How many arrays and dictionaries are entered and not yet left.
    @inlinable
    public var depth: Int { frames.count }

    /// Reads past the rest of every container entered below `depth`, and past an unread value, so that
    /// decoding can go on with the next key.
    public mutating func recover(toDepth depth: Int) throws {
        while frames.count > max(depth, 0) {
            if pending != nil { try skipPending() }
            if frames[frames.count - 1] == .dictionary || frames[frames.count - 1] == .emptyDictionary {
                _ = try advanceInDictionary()
            } else {
                _ = try advanceInArray()
            }
        }
        if pending != nil { try skipPending() }
    }

    /// Checks that nothing but the `</plist>` end tag, whitespace, comments and processing instructions
    /// follows the root value (a root still unread or half read is skipped first).
    public mutating func finish() throws {
        try recover(toDepth: 0)
        if hasPlistElement {
            if let extra = try nextTag() {
                throw malformed(
                    "a <plist> holds one value, but <\(extra.element.name)> follows the first", at: extra.start)
            }
            try expectEndTag(named: Element.plist.name)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count else { return }
            if matches("<!--", at: position) {
                try skipComment()
            } else if matches("<?", at: position) {
                try skipProcessingInstruction()
            } else {
                throw malformed("unexpected content after the property list", at: position)
            }
        }
    }

    // MARK: - Structure

    /// Pushes a container frame for the pending start tag.
    @inlinable
    mutating func enter(_ frame: Frame) throws {
        guard frames.count < maximumDepth else { throw MappingError(.tooDeep(limit: maximumDepth), at: .init()) }
        frames.append(frame)
        pending = nil
    }

    /// Moves to the next key of the current dictionary, reading the key's text and its value's start tag;
    /// `false`, leaving the dictionary, at its end.
    @usableFromInline
    mutating func advanceInDictionary() throws -> Bool {
        guard let frame = frames.last, frame == .dictionary || frame == .emptyDictionary else {
            throw misuse("nextKey outside a dictionary")
        }
        if pending != nil { try skipPending() }
        if frame == .emptyDictionary {
            frames.removeLast()
            return false
        }
        guard let keyTag = try nextTag() else {
            try expectEndTag(of: .dictionary)
            frames.removeLast()
            return false
        }
        guard keyTag.element == .key else {
            throw malformed("<\(keyTag.element.name)> where a <dict> expects a <key>", at: keyTag.start)
        }
        if keyTag.isEmpty {
            keyStart = position
            keyEnd = position
        } else {
            switch try readText() {
            case .input(let start, let end):
                keyStart = start
                keyEnd = end
            case .scratch:
                // Trading buffers keeps both capacities and copies nothing.
                keyStart = -1
                swap(&keyBuffer, &scratch)
            }
            try expectEndTag(of: .key)
        }
        guard let valueTag = try nextTag() else {
            throw malformed("the key \"\(currentKey())\" has no value before </dict>", at: position)
        }
        guard valueTag.element != .plist else { throw nestedPlist(valueTag) }
        pending = valueTag
        return true
    }

    /// Moves to the next element of the current array; `false`, leaving the array, at its end.
    @usableFromInline
    mutating func advanceInArray() throws -> Bool {
        guard let frame = frames.last, frame == .array || frame == .emptyArray else {
            throw misuse("nextElement outside an array")
        }
        if pending != nil { try skipPending() }
        if frame == .emptyArray {
            frames.removeLast()
            return false
        }
        guard let tag = try nextTag() else {
            try expectEndTag(of: .array)
            frames.removeLast()
            return false
        }
        guard tag.element != .plist else { throw nestedPlist(tag) }
        pending = tag
        return true
    }

    /// Reads past the pending value; containers are walked with the frame stack, not recursion.
    @usableFromInline
    mutating func skipPending() throws {
        guard let tag = pending else { return }
        let base = frames.count
        switch tag.element {
        case .dictionary: try enter(tag.isEmpty ? .emptyDictionary : .dictionary)
        case .array: try enter(tag.isEmpty ? .emptyArray : .array)
        default:
            pending = nil
            _ = try scalar(tag)
            return
        }
        while frames.count > base {
            let frame = frames[frames.count - 1]
            let more =
                frame == .dictionary || frame == .emptyDictionary
                ? try advanceInDictionary() : try advanceInArray()
            guard more, let next = pending else { continue }
            switch next.element {
            case .dictionary: try enter(next.isEmpty ? .emptyDictionary : .dictionary)
            case .array: try enter(next.isEmpty ? .emptyArray : .array)
            default:
                pending = nil
                _ = try scalar(next)
            }
        }
    }

    /// Reads the declaration, DOCTYPE, comments and the `<plist>` start tag, and leaves the first value
    /// pending.
    mutating func readProlog() throws {
        while true {
            skipWhitespace()
            guard position + 1 < bytes.count else { throw malformed("no XML content", at: position) }
            guard bytes[position] == UInt8(ascii: "<") else {
                throw malformed("\(describe(bytes[position])) where the document should start with a tag", at: position)
            }
            switch bytes[position + 1] {
            case UInt8(ascii: "?"):
                try skipProcessingInstruction()
            case UInt8(ascii: "!"):
                if matches("<!--", at: position) { try skipComment() } else { try skipDoctype() }
            default:
                let tag = try startTag()
                guard tag.element == .plist else {
                    pending = tag
                    return
                }
                guard !tag.isEmpty, let root = try nextTag() else {
                    throw malformed("the <plist> element is empty", at: tag.start)
                }
                guard root.element != .plist else { throw nestedPlist(root) }
                hasPlistElement = true
                pending = root
                return
            }
        }
    }

    /// The next start tag among a container's contents, after whitespace, comments and processing
    /// instructions; `nil`, at the `<`, when an end tag comes first.
    @usableFromInline
    mutating func nextTag() throws -> Tag? {
        while true {
            skipWhitespace()
            guard position + 1 < bytes.count else {
                throw malformed("the document ends inside an element", at: position)
            }
            guard bytes[position] == UInt8(ascii: "<") else {
                throw malformed("\(describe(bytes[position])) where a tag was expected", at: position)
            }
            switch bytes[position + 1] {
            case UInt8(ascii: "/"): return nil
            case UInt8(ascii: "?"): try skipProcessingInstruction()
            case UInt8(ascii: "!"):
                guard matches("<!--", at: position) else {
                    throw malformed(
                        "a declaration where a tag was expected (only comments may appear here)", at: position)
                }
                try skipComment()
            default: return try startTag()
            }
        }
    }

    /// Reads the start tag at `position` (at its `<`). Attributes are ignored, as Foundation ignores them.
    @usableFromInline
    mutating func startTag() throws -> Tag {
        let start = position
        var index = start + 1
        var nameEnd = -1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { break }
            if nameEnd < 0 && Self.isSpace(byte) { nameEnd = index }
            index += 1
        }
        guard index < bytes.count else { throw malformed("the tag is not closed with >", at: start) }
        let isEmpty = bytes[index - 1] == UInt8(ascii: "/")
        if nameEnd < 0 { nameEnd = isEmpty ? index - 1 : index }
        position = index + 1
        let name = UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<max(nameEnd, start + 1)])
        guard let element = Self.element(named: name) else {
            throw malformed("unknown tag <\(String(decoding: name, as: UTF8.self))>", at: start)
        }
        return Tag(element: element, isEmpty: isEmpty, start: start)
    }

    /// The element a tag name names.
    static func element(named name: UnsafeRawBufferPointer) -> Element? {
        func equals(_ text: StaticString) -> Bool {
            name.count == text.utf8CodeUnitCount
                && memcmp(name.baseAddress!, text.utf8Start, name.count) == 0
        }
        switch name.count {
        case 3: return equals("key") ? .key : nil
        case 4:
            if equals("dict") { return .dictionary }
            if equals("real") { return .real }
            if equals("date") { return .date }
            if equals("data") { return .data }
            if equals("true") { return .true }
            return nil
        case 5:
            if equals("array") { return .array }
            if equals("false") { return .false }
            if equals("plist") { return .plist }
            return nil
        case 6: return equals("string") ? .string : nil
        case 7: return equals("integer") ? .integer : nil
        default: return nil
        }
    }

    /// Reads the end tag of `element`.
    @usableFromInline
    mutating func expectEndTag(of element: Element) throws {
        try expectEndTag(named: element.name)
    }

    /// Whether any of the eight bytes of `word` is `byte` (the classic test for a zero byte, after an XOR).
    @inline(__always)
    static func hasByte(_ byte: UInt8, in word: UInt64) -> Bool {
        let spread = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (spread &- 0x0101_0101_0101_0101) & ~spread & 0x8080_8080_8080_8080 != 0
    }

    /// Reads `</name>`, allowing whitespace before the `>`.
    mutating func expectEndTag(named name: String) throws {
        let start = position
        var matched =
            bytes.count - position >= name.utf8.count + 3
            && bytes[position] == UInt8(ascii: "<") && bytes[position + 1] == UInt8(ascii: "/")
        if matched {
            position += 2
            // Element names are literals, whose bytes are at hand: one comparison, not a walk of the view.
            let equal = name.utf8.withContiguousStorageIfAvailable { nameBytes in
                nameBytes.isEmpty
                    || memcmp(bytes.baseAddress! + position, nameBytes.baseAddress!, nameBytes.count) == 0
            }
            if let equal {
                matched = equal
                position += name.utf8.count
            } else {
                for byte in name.utf8 {
                    if bytes[position] != byte {
                        matched = false
                        break
                    }
                    position += 1
                }
            }
        }
        if matched {
            skipWhitespace()
            matched = position < bytes.count && bytes[position] == UInt8(ascii: ">")
        }
        guard matched else {
            position = start
            throw malformed("expected </\(name)>", at: start)
        }
        position += 1
    }

    // MARK: - Values

    /// Reads the contents and end tag of the scalar element `tag`.
    @usableFromInline
    mutating func scalar(_ tag: Tag) throws -> Value {
        switch tag.element {
        case .key, .string:
            if tag.isEmpty { return .string("") }
            // Read first: `string(of:)` would otherwise see `scratch` as it was before the call.
            let span = try readText()
            let text = string(of: span)
            try expectEndTag(of: tag.element)
            return .string(text)
        case .true, .false:
            if !tag.isEmpty {
                do {
                    try expectEndTag(of: tag.element)
                } catch {
                    throw malformed("<\(tag.element.name)> must be empty", at: tag.start)
                }
            }
            return .bool(tag.element == .true)
        case .integer, .real, .date, .data:
            guard !tag.isEmpty else { throw malformed("empty <\(tag.element.name)/>", at: tag.start) }
            let value: Value
            switch tag.element {
            case .integer: value = try integer(tag)
            case .real: value = try real(tag)
            case .date: value = try date(tag)
            default: value = try data(tag)
            }
            try expectEndTag(of: tag.element)
            return value
        case .dictionary:
            throw MappingError(.typeMismatch(expected: "a scalar", found: "dictionary"), at: .init())
        case .array:
            throw MappingError(.typeMismatch(expected: "a scalar", found: "array"), at: .init())
        case .plist:
            throw nestedPlist(tag)
        }
    }

    /// Reads character data up to the next tag, decoding entities and CDATA sections, and checks that it
    /// is UTF-8.
    @usableFromInline
    mutating func readText() throws -> TextSpan {
        let start = position
        var index = position
        var high: UInt8 = 0
        // Eight bytes at a time while none is `<` or `&`: most text is long runs of plain characters.
        var highBits: UInt64 = 0
        while index &+ 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if Self.hasByte(UInt8(ascii: "<"), in: word) || Self.hasByte(UInt8(ascii: "&"), in: word) { break }
            highBits |= word
            index &+= 8
        }
        if highBits & 0x8080_8080_8080_8080 != 0 { high = 0x80 }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") { break }
            high |= byte
            index += 1
        }
        let plainEnd =
            index >= bytes.count
            || (bytes[index] == UInt8(ascii: "<")
                && (index + 1 >= bytes.count || bytes[index + 1] != UInt8(ascii: "!")))
        if plainEnd {
            position = index
            if high & 0x80 != 0 { try checkUTF8(UnsafeRawBufferPointer(rebasing: bytes[start..<index]), at: start) }
            return .input(start: start, end: index)
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        position = index
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "&") {
                try decodeReference()
            } else if byte == UInt8(ascii: "<") {
                guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "!") else { break }
                try decodeCDATA()
            } else {
                let runStart = position
                while position < bytes.count && bytes[position] != UInt8(ascii: "<")
                    && bytes[position] != UInt8(ascii: "&")
                {
                    position += 1
                }
                scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<position]))
            }
        }
        try scratch.withUnsafeBytes { try checkUTF8($0, at: start) }
        return .scratch
    }

    /// Calls `body` with the bytes of text just read.
    @usableFromInline
    func withText<Result>(_ span: TextSpan, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch span {
        case .input(let start, let end): try body(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        case .scratch: try scratch.withUnsafeBytes(body)
        }
    }

    /// The text just read, as a String (already checked to be UTF-8).
    @usableFromInline
    func string(of span: TextSpan) -> String {
        withText(span) { String(decoding: $0, as: UTF8.self) }
    }

    /// Decodes `&…;` at `position` into `scratch`: the five predefined entities and `&#N;` / `&#xH;`.
    mutating func decodeReference() throws {
        let start = position
        for (name, character) in Self.entities where matches(name, at: position + 1) {
            scratch.append(character)
            position += 1 + name.utf8.count
            return
        }
        guard matches("#", at: position + 1) else { throw malformed("unknown entity reference", at: start) }
        position += 2
        let isHex = matches("x", at: position)
        if isHex { position += 1 }
        var scalar: UInt32 = 0
        var digits = 0
        while position < bytes.count && bytes[position] != UInt8(ascii: ";") {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where isHex: digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where isHex: digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw malformed("\(describe(byte)) in a character reference", at: position)
            }
            digits += 1
            // Foundation allows eight digits, which keeps the number inside 32 bits.
            guard digits <= 8 else { throw malformed("a character reference is too long", at: start) }
            scalar = scalar * (isHex ? 16 : 10) + digit
            position += 1
        }
        guard position < bytes.count else { throw malformed("a character reference is not ended with ;", at: start) }
        guard digits > 0, let character = Unicode.Scalar(scalar) else {
            throw malformed("&#…; names no Unicode character", at: start)
        }
        position += 1
        scratch.append(contentsOf: String(character).utf8)
    }

    /// Appends the contents of the CDATA section at `position` to `scratch`. Foundation allows no other
    /// `<!` inside text, not even a comment.
    mutating func decodeCDATA() throws {
        let start = position
        guard matches("<![CDATA[", at: position) else {
            throw malformed("only CDATA sections may appear inside text (found <! that starts none)", at: start)
        }
        position += 9
        let contentStart = position
        while position + 2 < bytes.count {
            if bytes[position] == UInt8(ascii: "]") && bytes[position + 1] == UInt8(ascii: "]")
                && bytes[position + 2] == UInt8(ascii: ">")
            {
                scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[contentStart..<position]))
                position += 3
                return
            }
            position += 1
        }
        position = start
        throw malformed("a CDATA section is not ended with ]]>", at: start)
    }

    /// Parses `<integer>` contents as Foundation does: whitespace, a sign, more whitespace, decimal digits or
    /// `0x` and hexadecimal digits, then at once the end tag. Values above `Int64.max` are unsigned; values
    /// beyond 64 bits are thrown as ``MappingError/Reason/numberOutOfRange(expected:found:)`` after the end tag.
    mutating func integer(_ tag: Tag) throws -> Value {
        func current() throws -> UInt8 {
            guard position < bytes.count else { throw malformed("the document ends inside <integer>", at: position) }
            return bytes[position]
        }
        func skipBlanks() {
            // Foundation counts controls and the bytes 0x7F to 0xA0 as whitespace here.
            while position < bytes.count
                && (bytes[position] < 0x21 || (bytes[position] > 0x7E && bytes[position] < 0xA1))
            {
                position += 1
            }
        }
        skipBlanks()
        var byte = try current()
        if byte == UInt8(ascii: "<") { throw malformed("empty <integer>", at: tag.start) }
        let isNegative = byte == UInt8(ascii: "-")
        if isNegative || byte == UInt8(ascii: "+") {
            position += 1
            skipBlanks()
        }
        byte = try current()
        let digitsStart = position
        var isHex = false
        var hadZero = false
        if byte == UInt8(ascii: "0") {
            if position + 1 < bytes.count && (bytes[position + 1] | 0x20) == UInt8(ascii: "x") {
                isHex = true
                position += 1
            } else {
                hadZero = true
            }
            position += 1
        }
        byte = try current()
        while byte == UInt8(ascii: "0") {
            hadZero = true
            position += 1
            byte = try current()
        }
        if byte == UInt8(ascii: "<") {
            guard hadZero else { throw malformed("<integer> has no digits", at: tag.start) }
            return .integer(0)
        }
        let base: UInt64 = isHex ? 16 : 10
        var magnitude: UInt64 = 0
        while byte != UInt8(ascii: "<") {
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
                guard isHex else { throw malformed("a hexadecimal digit in a decimal <integer>", at: position) }
                digit = UInt64((byte | 0x20) - UInt8(ascii: "a") + 10)
            default:
                throw malformed("\(describe(byte)) in <integer>", at: position)
            }
            let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: base)
            let (sum, carry) = shifted.addingReportingOverflow(digit)
            guard !overflow, !carry, !isNegative || sum <= UInt64(Int64.max) + 1 else {
                throw try integerOutOfRange(isNegative: isNegative, isHex: isHex, digitsStart: digitsStart)
            }
            magnitude = sum
            position += 1
            byte = try current()
        }
        if isNegative { return .integer(Int64(bitPattern: 0 &- magnitude)) }
        return Int64(exactly: magnitude).map(Value.integer) ?? .unsignedInteger(magnitude)
    }

    /// Reads the rest of an `<integer>` that no 64-bit integer holds, and its end tag, and returns the
    /// out-of-range error for it; malformed contents are still a malformed document.
    ///
    /// The number is well-formed, only too large for the format as Foundation reads it: a value its property
    /// cannot take (a default and a note in lenient mode), thrown with the element consumed so that decoding
    /// can go on after it.
    mutating func integerOutOfRange(isNegative: Bool, isHex: Bool, digitsStart: Int) throws -> MappingError {
        while position < bytes.count && bytes[position] != UInt8(ascii: "<") {
            let byte = bytes[position]
            let isDigit =
                (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (isHex && (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
            guard isDigit else { throw malformed("\(describe(byte)) in <integer>", at: position) }
            position += 1
        }
        let digits = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[digitsStart..<position]), as: UTF8.self)
        try expectEndTag(of: .integer)
        return MappingError(
            .numberOutOfRange(expected: "a 64-bit integer", found: (isNegative ? "-" : "") + digits), at: .init())
    }

    /// Parses `<real>` contents: a decimal number (leading whitespace allowed) or, in any case, `nan`,
    /// `inf`, `infinity` with an optional sign.
    mutating func real(_ tag: Tag) throws -> Value {
        let start = position
        let span = try readText()
        let value = withText(span) { text -> Double? in
            if let special = Self.specialReal(text) { return special }
            var index = 0
            while index < text.count && Self.isSpace(text[index]) { index += 1 }
            let number = UnsafeRawBufferPointer(rebasing: text[index...])
            guard Self.realGrammarEnd(number) == number.count else { return nil }
            return Double(String(decoding: number, as: UTF8.self))
        }
        guard let value else { throw malformed("<real> is not a number", at: start) }
        return .double(value)
    }

    /// `nan`, `inf` and `infinity`, case-insensitively and optionally signed, as Foundation spells them.
    static func specialReal(_ text: UnsafeRawBufferPointer) -> Double? {
        // Only the letters n and i start one; numbers skip the String below.
        guard (3...9).contains(text.count) else { return nil }
        let first = text[0] == UInt8(ascii: "+") || text[0] == UInt8(ascii: "-") ? text[1] | 0x20 : text[0] | 0x20
        guard first == UInt8(ascii: "n") || first == UInt8(ascii: "i") else { return nil }
        var lowered = String(decoding: text, as: UTF8.self).lowercased()
        var sign = 1.0
        if lowered.hasPrefix("+") || lowered.hasPrefix("-") {
            sign = lowered.hasPrefix("-") ? -1 : 1
            lowered.removeFirst()
            if lowered == "nan" { return nil }
        }
        switch lowered {
        case "nan": return .nan
        case "inf", "infinity": return sign * .infinity
        default: return nil
        }
    }

    /// How many bytes of `text` form `[+-]digits[.digits][e[+-]digits]` with at least one mantissa digit.
    @usableFromInline
    static func realGrammarEnd<Text: RandomAccessCollection<UInt8>>(_ text: Text) -> Int where Text.Index == Int {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < text.count && text[index] >= UInt8(ascii: "0") && text[index] <= UInt8(ascii: "9") {
                index += 1
            }
            return index - start
        }
        if index < text.count && (text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-")) { index += 1 }
        var mantissa = digits()
        if index < text.count && text[index] == UInt8(ascii: ".") {
            index += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return -1 }
        if index < text.count && (text[index] | 0x20) == UInt8(ascii: "e") {
            index += 1
            if index < text.count && (text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard digits() > 0 else { return -1 }
        }
        return index
    }

    /// Parses `<date>` contents: `[-]YYYY-MM-DDTHH:MM:SSZ` and nothing else, not even whitespace, naming a
    /// date in ``DateText/years`` (fields roll over as in Foundation, so `999999999-13-01` is past the range).
    mutating func date(_ tag: Tag) throws -> Value {
        let start = position
        func invalid() -> MappingError { malformed("<date> is not YYYY-MM-DDTHH:MM:SSZ", at: start) }
        func take(_ byte: UInt8) throws {
            guard position < bytes.count, bytes[position] == byte else { throw invalid() }
            position += 1
        }
        func twoDigits() throws -> Int64 {
            guard position + 2 < bytes.count else { throw invalid() }
            let tens = bytes[position] &- UInt8(ascii: "0")
            let ones = bytes[position + 1] &- UInt8(ascii: "0")
            guard tens < 10, ones < 10 else { throw invalid() }
            position += 2
            return Int64(tens) * 10 + Int64(ones)
        }
        let isNegative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
        if isNegative { position += 1 }
        var year: Int64 = 0
        var digits = 0
        while position < bytes.count, case let digit = bytes[position] &- UInt8(ascii: "0"), digit < 10 {
            // Nine digits keep the arithmetic below far from overflow.
            guard digits < 9 else { throw invalid() }
            year = year * 10 + Int64(digit)
            digits += 1
            position += 1
        }
        try take(UInt8(ascii: "-"))
        let month = try twoDigits()
        try take(UInt8(ascii: "-"))
        let day = try twoDigits()
        try take(UInt8(ascii: "T"))
        let hour = try twoDigits()
        try take(UInt8(ascii: ":"))
        let minute = try twoDigits()
        try take(UInt8(ascii: ":"))
        let second = try twoDigits()
        try take(UInt8(ascii: "Z"))
        let date = XMLPropertyListDate.date(
            year: isNegative ? -year : year, month: month, day: day, hour: hour, minute: minute, second: second)
        // The writer takes exactly these dates, so whatever reads also writes back the same.
        guard DateText.hasText(date) else {
            throw malformed(
                "<date> is outside the years \(DateText.years.lowerBound)...\(DateText.years.upperBound)", at: start)
        }
        return .date(date)
    }

    /// Decodes `<data>` base64 as Foundation does: bytes that are not base64 digits are skipped, `=` marks
    /// padding, an incomplete last group is dropped, and a byte above 0x7F is an error.
    mutating func data(_ tag: Tag) throws -> Value {
        var end = position
        while end < bytes.count && bytes[end] != UInt8(ascii: "<") { end += 1 }
        var output: [UInt8] = []
        output.reserveCapacity((end - position) / 4 * 3 + 3)
        var accumulator: UInt32 = 0
        var digits = 0
        var equals = 0
        while position < end {
            let byte = bytes[position]
            guard byte < 0x80 else { throw malformed("byte 0x\(String(byte, radix: 16)) in <data>", at: position) }
            position += 1
            if byte == UInt8(ascii: "=") {
                equals += 1
            } else if !(byte == 0x20 || (0x09...0x0D).contains(byte)) {
                equals = 0
            }
            let sextet = Self.base64Digits[Int(byte)]
            if sextet < 0 { continue }
            digits += 1
            accumulator = accumulator << 6 | UInt32(sextet)
            if digits & 3 == 0 {
                output.append(UInt8(truncatingIfNeeded: accumulator >> 16))
                if equals < 2 { output.append(UInt8(truncatingIfNeeded: accumulator >> 8)) }
                if equals < 1 { output.append(UInt8(truncatingIfNeeded: accumulator)) }
            }
        }
        return .data(Data(output))
    }

    /// The value of each base64 digit (`=` counts as zero), -1 for other ASCII bytes.
    static let base64Digits: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (value, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(byte)] = Int8(value)
        }
        table[Int(UInt8(ascii: "="))] = 0
        return table
    }()

    /// The predefined entities without their `&`.
    static let entities: [(String, UInt8)] = [
        ("lt;", UInt8(ascii: "<")), ("gt;", UInt8(ascii: ">")), ("amp;", UInt8(ascii: "&")),
        ("apos;", UInt8(ascii: "'")), ("quot;", UInt8(ascii: "\"")),
    ]

    /// The locale in which Decimal reads `1.5` with a point.
    @usableFromInline static let posix = Locale(identifier: "en_US_POSIX")

    // MARK: - Lexical

    /// Whether `byte` is XML whitespace.
    @inlinable @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    @usableFromInline
    mutating func skipWhitespace() {
        while position < bytes.count && Self.isSpace(bytes[position]) { position += 1 }
    }

    /// Whether `text` is spelled at `offset`.
    func matches(_ text: String, at offset: Int) -> Bool {
        var index = offset
        for byte in text.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    /// Moves past `terminator`, searching from `from`; throws `detail` when it never comes.
    mutating func skip(past terminator: String, from: Int, detail: String) throws {
        let start = position
        var index = from
        let first = terminator.utf8.first!
        while index < bytes.count {
            if bytes[index] == first && matches(terminator, at: index) {
                position = index + terminator.utf8.count
                return
            }
            index += 1
        }
        throw malformed(detail, at: start)
    }

    mutating func skipComment() throws {
        try skip(past: "-->", from: position + 4, detail: "a comment is not ended with -->")
    }

    mutating func skipProcessingInstruction() throws {
        try skip(past: "?>", from: position + 2, detail: "a processing instruction is not ended with ?>")
    }

    /// Skips `<!DOCTYPE …>`, with an internal subset in brackets if there is one.
    mutating func skipDoctype() throws {
        let start = position
        guard matches("<!DOCTYPE", at: position) else {
            throw malformed("a declaration that is not DOCTYPE", at: start)
        }
        position += 9
        var quote: UInt8 = 0
        var bracketDepth = 0
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                bracketDepth += 1
            } else if byte == UInt8(ascii: "]") {
                bracketDepth -= 1
            } else if byte == UInt8(ascii: ">") && bracketDepth <= 0 {
                return
            }
        }
        throw malformed("the DOCTYPE is not ended with >", at: start)
    }

    /// Checks that `text` is well-formed UTF-8: no stray continuation bytes, overlong forms, surrogates or
    /// code points above U+10FFFF.
    func checkUTF8(_ text: UnsafeRawBufferPointer, at offset: Int) throws {
        var index = 0
        let count = text.count
        while index < count {
            let lead = text[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            var length = 0
            var lowest: UInt8 = 0x80
            var highest: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, lowest) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, highest) = (3, 0x9F)
            case 0xF0: (length, lowest) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, highest) = (4, 0x8F)
            default: break
            }
            var valid = length > 0 && index + length <= count
            if valid {
                let second = text[index + 1]
                valid = second >= lowest && second <= highest
                for next in (index + 2)..<(index + length) where valid {
                    valid = text[next] & 0xC0 == 0x80
                }
            }
            guard valid else { throw malformed("text that is not UTF-8", at: offset + index) }
            index += length
        }
    }

    // MARK: - Errors

    /// `line L, column C` of a byte offset.
    func location(of offset: Int) -> String {
        TextPosition.location(of: offset, in: bytes)
    }

    @usableFromInline
    func malformed(_ detail: String, at offset: Int) -> MappingError {
        MappingError(
            .malformedData(format: "XML property list", location: location(of: offset), detail: detail),
            at: .init())
    }

    /// A byte, as an error message shows it.
    func describe(_ byte: UInt8) -> String {
        TextPosition.describe(byte: byte)
    }

    @usableFromInline
    func nestedPlist(_ tag: Tag) -> MappingError {
        malformed("<plist> may only be the root element", at: tag.start)
    }

    @usableFromInline
    func noValue() -> MappingError {
        .readerMisuse("no value to read", depth: frames.count)
    }

    @usableFromInline
    func misuse(_ detail: String) -> MappingError {
        .readerMisuse(detail, depth: frames.count)
    }
}
