import Foundation

/// A ``ModelReader`` over a binary property list (`bplist00`), read in place from its bytes.
///
/// The offset table gives random access to every object, so entering a container costs the same however
/// large it is and ``skipValue()`` does no work. Nothing in the input is trusted: the trailer, every offset,
/// every reference and every count is checked against the bytes present before it is used, a container
/// that contains itself through references is reported instead of followed, and shared references that
/// would expand a small file into a huge tree stop with an error.
///
/// Objects are read as Foundation reads them: 1-, 2- and 4-byte integers are unsigned, 8-byte ones signed,
/// 16-byte ones signed 128-bit (one beyond 64 bits is thrown as
/// ``MappingError/Reason/numberOutOfRange(expected:found:)``, where Foundation on Linux keeps its low 64 bits);
/// ASCII strings whose bytes are not ASCII are read as Latin-1; a set
/// reads as an array; a UID reads as the dictionary `{"CF$UID": n}`, which is how XML property lists spell
/// it. Dictionary keys must be strings.
///
/// The reader does not own its bytes: keep them alive and unchanged while it is used.
public struct BinaryPropertyListReader: ModelReader {
    /// One array or dictionary entered and not yet left.
    @usableFromInline
    struct Frame {
        /// The container's object index, or -1 for the dictionary a UID reads as.
        @usableFromInline var object: Int
        /// The byte position of the next key's or element's reference.
        @usableFromInline var next: Int
        /// How many keys or elements are left.
        @usableFromInline var remaining: Int
        /// Dictionaries: bytes from a key's reference to its value's; zero for arrays.
        @usableFromInline var valueDistance: Int
        /// Whether the container is a dictionary.
        @usableFromInline var isDictionary: Bool

        @inlinable
        init(object: Int, next: Int, remaining: Int, valueDistance: Int, isDictionary: Bool) {
            self.object = object
            self.next = next
            self.remaining = remaining
            self.valueDistance = valueDistance
            self.isDictionary = isDictionary
        }
    }

    /// `pendingObject` when no value waits to be read.
    @usableFromInline static var noPending: Int { -1 }
    /// `pendingObject` when the waiting value is the number inside a UID.
    @usableFromInline static var uidPending: Int { -2 }

    @usableFromInline let bytes: UnsafeRawBufferPointer
    /// Where the offset table starts, which is also where the object area ends.
    @usableFromInline let objectsEnd: Int
    @usableFromInline let offsetSize: Int
    @usableFromInline let referenceSize: Int
    @usableFromInline let objectCount: Int
    /// The deepest nesting of arrays and dictionaries accepted.
    public let maximumDepth: Int

    @usableFromInline var frames: [Frame] = []
    /// The object index of the value to be read next, or ``noPending`` / ``uidPending``.
    @usableFromInline var pendingObject: Int
    /// The byte offset of the pending object, checked when its reference was followed.
    @usableFromInline var pendingOffset: Int
    /// The number of the UID being read, once its dictionary is entered.
    @usableFromInline var uidValue: UInt64 = 0
    /// The byte offset of the current key's string object, or -1 for a UID's `CF$UID`.
    @usableFromInline var keyOffset = -1
    /// One bit per object: set while the object is an entered container, so a cycle is seen at once.
    @usableFromInline var onPath: [UInt64]
    /// How many more values may be reached before shared references count as an expansion attack.
    @usableFromInline var valuesLeft: Int

    /// Checks the header and trailer and makes the top object the first value to read.
    ///
    /// - Parameters:
    ///   - bytes: the whole property list; it must stay alive and unchanged while the reader is used.
    ///   - maximumDepth: the deepest nesting accepted before reading fails with
    ///     ``MappingError/Reason/tooDeep(limit:)``.
    /// - Throws: ``MappingError`` with ``MappingError/Reason/malformedData(format:location:detail:)`` when the
    ///   bytes are not a well-formed binary property list.
    public init(bytes: UnsafeRawBufferPointer, maximumDepth: Int = 512) throws {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        let count = bytes.count
        // Magic, at least one object byte, and the 32-byte trailer.
        guard count >= 8 + 1 + 32 else {
            throw Self.malformed("\(count) bytes is too short for a binary property list", at: 0)
        }
        guard bytes.starts(with: "bplist0".utf8) else {
            throw Self.malformed("missing the bplist00 header", at: 0)
        }
        let trailer = count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        let objectCount = Self.bigEndian(bytes, at: trailer + 8, size: 8)
        let topObject = Self.bigEndian(bytes, at: trailer + 16, size: 8)
        let tableOffset = Self.bigEndian(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize) else {
            throw Self.malformed("offset size \(offsetSize) is not 1 to 8 bytes", at: trailer + 6)
        }
        guard (1...8).contains(referenceSize) else {
            throw Self.malformed("object reference size \(referenceSize) is not 1 to 8 bytes", at: trailer + 7)
        }
        guard objectCount >= 1 else { throw Self.malformed("the trailer counts no objects", at: trailer + 8) }
        guard topObject < objectCount else {
            throw Self.malformed("top object \(topObject) is not one of the \(objectCount) objects", at: trailer + 16)
        }
        // The offset table lies between the objects and the trailer; divide rather than multiply so that a
        // claimed count of billions cannot overflow.
        guard tableOffset >= 9, tableOffset <= UInt64(trailer),
            objectCount <= (UInt64(trailer) - tableOffset) / UInt64(offsetSize)
        else {
            throw Self.malformed(
                "an offset table of \(objectCount) entries at byte offset \(tableOffset) does not fit before the trailer",
                at: trailer + 24)
        }
        // As Foundation does: sizes too small to address every object or the whole object area are corrupt.
        guard referenceSize == 8 || objectCount < UInt64(1) << (8 * referenceSize) else {
            throw Self.malformed("\(referenceSize)-byte references cannot name \(objectCount) objects", at: trailer + 7)
        }
        guard offsetSize == 8 || tableOffset < UInt64(1) << (8 * offsetSize) else {
            throw Self.malformed("\(offsetSize)-byte offsets cannot reach the offset table", at: trailer + 6)
        }
        self.objectsEnd = Int(tableOffset)
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        self.objectCount = Int(objectCount)
        self.onPath = [UInt64](repeating: 0, count: (Int(objectCount) + 63) / 64)
        // A tree follows each reference at most once, so it reaches fewer values than it has bytes; only
        // shared containers (a DAG) reach more, and this bound keeps their expansion linear in the input.
        self.valuesLeft = count &* 8 &+ 4096
        self.pendingObject = Int(topObject)
        self.pendingOffset = 0
        self.pendingOffset = try objectOffset(Int(topObject))
        frames.reserveCapacity(16)
    }

    // MARK: - ModelReader

    /// The kind of the next value, without consuming it.
    @inlinable
    public mutating func peekKind() throws -> ValueKind {
        if pendingObject >= 0 { return try kind(at: pendingOffset) }
        if pendingObject == Self.uidPending { return .number }
        throw noValue()
    }

    /// Consumes the next value if it is the binary format's null object.
    @inlinable
    public mutating func decodeNull() throws -> Bool {
        if pendingObject >= 0 {
            guard bytes[pendingOffset] == 0x00 else { return false }
            pendingObject = Self.noPending
            return true
        }
        if pendingObject == Self.uidPending { return false }
        throw noValue()
    }

    /// Enters the next value if it is a dictionary (or a UID, which reads as one).
    @inlinable
    public mutating func beginDictionary() throws -> Bool {
        guard pendingObject >= 0 else {
            if pendingObject == Self.uidPending { return false }
            throw noValue()
        }
        switch bytes[pendingOffset] & 0xF0 {
        case 0xD0:
            try enterContainer(isDictionary: true)
            return true
        case 0x80:
            try enterUID()
            return true
        default:
            return false
        }
    }

    /// Moves to the next key of the current dictionary and looks it up in `table`.
    @inlinable
    public mutating func nextKey(in table: KeyTable) throws -> KeyLookup {
        let top = frames.count - 1
        guard top >= 0, frames[top].isDictionary else { throw misuse("nextKey outside a dictionary") }
        if frames[top].remaining == 0 {
            leave()
            return .end
        }
        frames[top].remaining -= 1
        if frames[top].object < 0 {
            keyOffset = -1
            pendingObject = Self.uidPending
            return Self.uidKey.withUnsafeBytes { table.index(ofUTF8: $0) }.map(KeyLookup.known) ?? .unknown
        }
        let position = frames[top].next
        frames[top].next = position &+ referenceSize
        let key = try reference(at: position)
        let value = try reference(at: position &+ frames[top].valueDistance)
        try countValue()
        keyOffset = try objectOffset(key)
        pendingOffset = try objectOffset(value)
        pendingObject = value
        return try lookUpKey(in: table)
    }

    /// The key returned last by ``nextKey(in:)``.
    public func currentKey() -> String {
        guard keyOffset >= 0 else { return "CF$UID" }
        return (try? string(at: keyOffset)) ?? ""
    }

    /// Enters the next value if it is an array or a set.
    @inlinable
    public mutating func beginArray() throws -> Bool {
        guard pendingObject >= 0 else {
            if pendingObject == Self.uidPending { return false }
            throw noValue()
        }
        let high = bytes[pendingOffset] & 0xF0
        guard high == 0xA0 || high == 0xC0 else { return false }
        try enterContainer(isDictionary: false)
        return true
    }

    /// Moves to the next element of the current array; `false`, leaving it, at its end.
    @inlinable
    public mutating func nextElement() throws -> Bool {
        let top = frames.count - 1
        guard top >= 0, !frames[top].isDictionary else { throw misuse("nextElement outside an array") }
        if frames[top].remaining == 0 {
            leave()
            return false
        }
        frames[top].remaining -= 1
        let position = frames[top].next
        frames[top].next = position &+ referenceSize
        let element = try reference(at: position)
        try countValue()
        pendingOffset = try objectOffset(element)
        pendingObject = element
        return true
    }

    /// Reads the next value, which must not be an array, a set, a dictionary or a UID.
    @inlinable
    public mutating func readScalar() throws -> Value {
        if pendingObject >= 0 {
            do {
                let value = try scalar(at: pendingOffset)
                pendingObject = Self.noPending
                return value
            } catch let error as MappingError where error.isNumberOutOfRange {
                // An integer beyond 64 bits is a value, not a misuse: it is consumed, and decoding goes on.
                pendingObject = Self.noPending
                throw error
            }
        }
        if pendingObject == Self.uidPending {
            pendingObject = Self.noPending
            return .integer(Int64(uidValue))
        }
        throw noValue()
    }

    /// Reads the next value if it is an integer that `type` holds; the object table lets any other value be
    /// looked at and left unread.
    @inlinable
    public mutating func readExactInteger<T: FixedWidthInteger>(as type: T.Type) throws -> T? {
        // Only an integer object is read: anything else, a container above all, is left for the full path,
        // which decides how a value of the wrong kind is reported.
        guard pendingObject >= 0, bytes[pendingOffset] >> 4 == 0x1,
            let value = try pendingScalarInRange(),
            let number = ConversionRules.exactInteger(value, as: type)
        else { return nil }
        pendingObject = Self.noPending
        return number
    }

    /// The pending scalar, or `nil` when it is an integer beyond 64 bits: the exact reads leave such a number
    /// for ``readScalar()``, which reports it (they throw only for malformed input). Nothing is consumed.
    @inlinable
    func pendingScalarInRange() throws -> Value? {
        do {
            return try scalar(at: pendingOffset)
        } catch let error as MappingError where error.isNumberOutOfRange {
            return nil
        }
    }

    /// Reads the next value if it is a date object, or an ASCII string that names a date with a time zone of its
    /// own (see ``DateText``), parsed where it lies; `nil`, consuming nothing, otherwise.
    public mutating func readExactDate() throws -> Date? {
        guard pendingObject >= 0 else { return nil }
        let date: Date
        switch bytes[pendingOffset] {
        case 0x33:
            guard case .date(let native) = try scalar(at: pendingOffset) else { return nil }
            date = native
        case 0x50...0x5F:
            let (count, start) = try span(at: pendingOffset, unitSize: 1)
            guard
                let parsed = DateText.dateWithOwnZone(
                    in: UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)]))
            else { return nil }
            date = parsed
        default:
            return nil
        }
        pendingObject = Self.noPending
        return date
    }

    /// Reads the next value if it is a number that a `Double` holds; an integer beyond 64 bits is left unread
    /// for ``readScalar()`` to report.
    @inlinable
    public mutating func readExactDouble() throws -> Double? {
        guard try peekKind() == .number else { return nil }
        guard pendingObject >= 0 else { return ConversionRules.exactDouble(try readScalar()) }
        guard let value = try pendingScalarInRange() else { return nil }
        pendingObject = Self.noPending
        return ConversionRules.exactDouble(value)
    }

    /// Skips the next value; the offset table makes this free whatever the value holds.
    @inlinable
    public mutating func skipValue() throws {
        pendingObject = Self.noPending
    }

    /// How many elements are left in the innermost array; its count was checked against the bytes present when
    /// it was entered.
    @inlinable
    public var remainingElementCount: Int? {
        guard let frame = frames.last, !frame.isDictionary else { return nil }
        return frame.remaining
    }

    /// How many arrays and dictionaries are entered and not yet left.
    @inlinable
    public var depth: Int { frames.count }

    /// Leaves every container entered below `depth` and drops an unread value.
    @inlinable
    public mutating func recover(toDepth depth: Int) throws {
        while frames.count > max(depth, 0) { leave() }
        pendingObject = Self.noPending
    }

    /// Ends reading. A binary property list ends at its trailer, which ``init(bytes:maximumDepth:)`` checked,
    /// so this only leaves the containers still entered.
    public mutating func finish() throws {
        try recover(toDepth: 0)
    }

    // MARK: - Structure

    /// The UTF-8 spelling of the one key a UID's dictionary has.
    @usableFromInline static let uidKey: [UInt8] = Array("CF$UID".utf8)

    /// The decimal text of the signed 128-bit integer `high`:`low`, for an error message.
    @usableFromInline
    static func decimalText(high: UInt64, low: UInt64) -> String {
        let isNegative = high >> 63 == 1
        // The magnitude in two's complement; -2^127 is its own negation and reads right as unsigned.
        var low = isNegative ? ~low &+ 1 : low
        var high = isNegative ? ~high &+ (low == 0 ? 1 : 0) : high
        var digits: [UInt8] = []
        repeat {
            let (highQuotient, highRemainder) = high.quotientAndRemainder(dividingBy: 10)
            let (lowQuotient, remainder) = (10 as UInt64).dividingFullWidth((highRemainder, low))
            high = highQuotient
            low = lowQuotient
            digits.append(UInt8(ascii: "0") + UInt8(remainder))
        } while high != 0 || low != 0
        if isNegative { digits.append(UInt8(ascii: "-")) }
        return String(decoding: digits.reversed(), as: UTF8.self)
    }

    /// Reads a big-endian unsigned integer of `size` bytes (at most 8); the caller checked the bounds.
    @inlinable @inline(__always)
    static func bigEndian(_ bytes: UnsafeRawBufferPointer, at position: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in position..<(position + size) {
            value = value << 8 | UInt64(bytes[index])
        }
        return value
    }

    /// The byte offset of object `index`, which must lie in the object area.
    @inlinable
    func objectOffset(_ index: Int) throws -> Int {
        // `index` is below objectCount, so the entry is inside the table that init checked.
        let offset = Self.bigEndian(bytes, at: objectsEnd &+ index &* offsetSize, size: offsetSize)
        guard offset >= 8, offset < UInt64(objectsEnd) else { throw badOffset(object: index, offset: offset) }
        return Int(offset)
    }

    /// The object index stored at `position` in a container's reference list, which enterContainer checked.
    @inlinable
    func reference(at position: Int) throws -> Int {
        let reference = Self.bigEndian(bytes, at: position, size: referenceSize)
        guard reference < UInt64(objectCount) else { throw badReference(reference, at: position) }
        return Int(reference)
    }

    /// Counts one more value reached and stops an expansion of shared references.
    @inlinable
    mutating func countValue() throws {
        valuesLeft &-= 1
        if valuesLeft < 0 { throw expansionError() }
    }

    /// Leaves the current container.
    @inlinable
    mutating func leave() {
        let frame = frames.removeLast()
        if frame.object >= 0 { onPath[frame.object >> 6] &= ~(1 << UInt64(frame.object & 63)) }
    }

    /// Enters the pending array, set or dictionary after checking depth, size and cycles.
    @usableFromInline
    mutating func enterContainer(isDictionary: Bool) throws {
        guard frames.count < maximumDepth else {
            throw MappingError(.tooDeep(limit: maximumDepth), at: .init())
        }
        let offset = pendingOffset
        let (count, start) = try length(at: offset)
        let perEntry = isDictionary ? 2 * referenceSize : referenceSize
        guard count <= (objectsEnd - start) / perEntry else {
            throw Self.malformed(
                "\(isDictionary ? "a dictionary" : "an array") of \(count) entries runs past the object area",
                at: offset)
        }
        let object = pendingObject
        let word = object >> 6
        let bit: UInt64 = 1 << UInt64(object & 63)
        guard onPath[word] & bit == 0 else {
            throw Self.malformed(
                "reference cycle: object \(object) contains itself through its references", at: offset)
        }
        onPath[word] |= bit
        frames.append(
            Frame(
                object: object, next: start, remaining: count,
                valueDistance: isDictionary ? count * referenceSize : 0, isDictionary: isDictionary))
        pendingObject = Self.noPending
    }

    /// Enters the pending UID as the dictionary `{"CF$UID": n}`.
    @usableFromInline
    mutating func enterUID() throws {
        guard frames.count < maximumDepth else {
            throw MappingError(.tooDeep(limit: maximumDepth), at: .init())
        }
        uidValue = try uid(at: pendingOffset)
        frames.append(Frame(object: -1, next: 0, remaining: 1, valueDistance: 0, isDictionary: true))
        pendingObject = Self.noPending
    }

    /// The count that follows a marker (its low nibble, or an integer object after it when that is 0xF) and
    /// the position of the contents after it.
    @usableFromInline
    func length(at offset: Int) throws -> (count: Int, start: Int) {
        let nibble = Int(bytes[offset] & 0x0F)
        guard nibble == 0x0F else { return (nibble, offset + 1) }
        let position = offset + 1
        guard position < objectsEnd else { throw Self.malformed("a count runs past the object area", at: offset) }
        let marker = bytes[position]
        guard marker & 0xF0 == 0x10, marker & 0x0F <= 4 else {
            throw Self.malformed("a count is not an integer object (marker \(TextPosition.hex(marker)))", at: position)
        }
        let size = 1 << Int(marker & 0x0F)
        guard size <= objectsEnd - position - 1 else {
            throw Self.malformed("a count runs past the object area", at: position)
        }
        // Only the low 64 bits of a 16-byte integer count, as in Foundation.
        let count = Self.bigEndian(bytes, at: position + 1 + max(size - 8, 0), size: min(size, 8))
        guard count <= UInt64(Int.max) else { throw Self.malformed("a count of \(count) is too large", at: position) }
        return (Int(count), position + 1 + size)
    }

    /// The count and contents of a string or data object, checked to lie inside the object area.
    @usableFromInline
    func span(at offset: Int, unitSize: Int) throws -> (count: Int, start: Int) {
        let (count, start) = try length(at: offset)
        guard count <= (objectsEnd - start) / unitSize else {
            throw Self.malformed("an object of \(count) units runs past the object area", at: offset)
        }
        return (count, start)
    }

    /// The fixed-size contents (`size` bytes after the marker) of the object at `offset`, checked.
    @usableFromInline
    func fixedContents(at offset: Int, size: Int) throws -> Int {
        guard size <= objectsEnd - offset - 1 else {
            throw Self.malformed("a \(size)-byte value runs past the object area", at: offset)
        }
        return offset + 1
    }

    /// The number of the UID at `offset`.
    @usableFromInline
    func uid(at offset: Int) throws -> UInt64 {
        let size = Int(bytes[offset] & 0x0F) + 1
        let start = try fixedContents(at: offset, size: size)
        let value = Self.bigEndian(bytes, at: start + max(size - 8, 0), size: min(size, 8))
        // Foundation keeps UIDs in 32 bits and rejects larger ones.
        guard value <= UInt64(UInt32.max) else { throw Self.malformed("UID \(value) is above 2^32 - 1", at: offset) }
        return value
    }

    // MARK: - Objects

    /// The kind of the object at `offset`.
    @usableFromInline
    func kind(at offset: Int) throws -> ValueKind {
        let marker = bytes[offset]
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return .null
            case 0x08, 0x09: return .bool
            default: break
            }
        case 0x1: if marker & 0x0F <= 4 { return .number }
        case 0x2: if marker == 0x22 || marker == 0x23 { return .number }
        case 0x3: if marker == 0x33 { return .date }
        case 0x4: return .data
        case 0x5, 0x6: return .string
        case 0x8, 0xD: return .dictionary
        case 0xA, 0xC: return .array
        default: break
        }
        throw unknownMarker(marker, at: offset)
    }

    /// The scalar at `offset`; containers are a type mismatch, as in ``TreeReader``.
    @usableFromInline
    func scalar(at offset: Int) throws -> Value {
        let marker = bytes[offset]
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return .null
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: throw unknownMarker(marker, at: offset)
            }
        case 0x1:
            guard marker & 0x0F <= 4 else { throw unknownMarker(marker, at: offset) }
            let size = 1 << Int(marker & 0x0F)
            let start = try fixedContents(at: offset, size: size)
            switch size {
            case 8:
                return .integer(Int64(bitPattern: Self.bigEndian(bytes, at: start, size: 8)))
            case 16:
                // A 16-byte integer is a signed 128-bit number, as CoreFoundation writes it (only for values
                // above `Int64.max`, with the high half zero). Foundation on Linux keeps the low 64 bits of any
                // other, so 2^64 would read as 0: a value beyond 64 bits is out of range instead, never cut.
                let high = Self.bigEndian(bytes, at: start, size: 8)
                let low = Self.bigEndian(bytes, at: start + 8, size: 8)
                if high == 0 { return Int64(exactly: low).map(Value.integer) ?? .unsignedInteger(low) }
                if high == .max && low >= 1 << 63 { return .integer(Int64(bitPattern: low)) }
                throw MappingError(
                    .numberOutOfRange(expected: "a 64-bit integer", found: Self.decimalText(high: high, low: low)),
                    at: .init())
            default:
                return .integer(Int64(Self.bigEndian(bytes, at: start, size: size)))
            }
        case 0x2:
            if marker == 0x22 {
                let start = try fixedContents(at: offset, size: 4)
                let bits = UInt32(Self.bigEndian(bytes, at: start, size: 4))
                return .double(Double(Float(bitPattern: bits)))
            }
            guard marker == 0x23 else { throw unknownMarker(marker, at: offset) }
            let start = try fixedContents(at: offset, size: 8)
            return .double(Double(bitPattern: Self.bigEndian(bytes, at: start, size: 8)))
        case 0x3:
            guard marker == 0x33 else { throw unknownMarker(marker, at: offset) }
            let start = try fixedContents(at: offset, size: 8)
            let seconds = Double(bitPattern: Self.bigEndian(bytes, at: start, size: 8))
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case 0x4:
            let (count, start) = try span(at: offset, unitSize: 1)
            return .data(Data(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)])))
        case 0x5, 0x6:
            return .string(try string(at: offset))
        case 0x8, 0xD:
            throw MappingError(.typeMismatch(expected: "a scalar", found: "dictionary"), at: .init())
        case 0xA, 0xC:
            throw MappingError(.typeMismatch(expected: "a scalar", found: "array"), at: .init())
        default:
            throw unknownMarker(marker, at: offset)
        }
    }

    /// The string object at `offset`.
    @usableFromInline
    func string(at offset: Int) throws -> String {
        let marker = bytes[offset]
        switch marker & 0xF0 {
        case 0x50:
            let (count, start) = try span(at: offset, unitSize: 1)
            let text = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)])
            return Self.isASCII(text) ? String(decoding: text, as: UTF8.self) : Self.latin1String(text)
        case 0x60:
            let (count, start) = try span(at: offset, unitSize: 2)
            return Self.utf16String(bytes, from: start, units: count)
        default:
            throw Self.malformed("a dictionary key is not a string (marker \(TextPosition.hex(marker)))", at: offset)
        }
    }

    /// Looks the current key up in `table`, on its bytes when it is ASCII.
    @usableFromInline
    func lookUpKey(in table: KeyTable) throws -> KeyLookup {
        let offset = keyOffset
        if bytes[offset] & 0xF0 == 0x50 {
            let (count, start) = try span(at: offset, unitSize: 1)
            let text = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)])
            if Self.isASCII(text) { return table.index(ofUTF8: text).map(KeyLookup.known) ?? .unknown }
        }
        return table.lookup(try string(at: offset))
    }

    /// Whether every byte is below 0x80, eight at a time where it can.
    @usableFromInline
    static func isASCII(_ text: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        var bits: UInt64 = 0
        while index + 8 <= text.count {
            bits |= text.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < text.count {
            bits |= UInt64(text[index])
            index += 1
        }
        return bits & 0x8080_8080_8080_8080 == 0
    }

    /// Foundation reads the bytes of an "ASCII" string that are not ASCII as Latin-1.
    @usableFromInline
    static func latin1String(_ text: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: text.count * 2) { buffer in
            var out = 0
            for byte in text {
                if byte < 0x80 {
                    buffer[out] = byte
                    out += 1
                } else {
                    buffer[out] = 0xC0 | byte >> 6
                    buffer[out + 1] = 0x80 | byte & 0x3F
                    out += 2
                }
            }
            return out
        }
    }

    /// Transcodes big-endian UTF-16 straight into a String's storage; an unpaired surrogate becomes U+FFFD,
    /// as it does when Foundation's string is bridged.
    @usableFromInline
    static func utf16String(_ bytes: UnsafeRawBufferPointer, from start: Int, units: Int) -> String {
        if units == 0 { return "" }
        return String(unsafeUninitializedCapacity: units * 3) { buffer in
            var out = 0
            var index = 0
            @inline(__always) func unit(_ index: Int) -> UInt32 {
                UInt32(bytes[start + 2 * index]) << 8 | UInt32(bytes[start + 2 * index + 1])
            }
            while index < units {
                let first = unit(index)
                index += 1
                if first < 0x80 {
                    buffer[out] = UInt8(first)
                    out += 1
                    continue
                }
                var scalar = first
                if first & 0xF800 == 0xD800 {
                    scalar = 0xFFFD
                    if first < 0xDC00, index < units {
                        let second = unit(index)
                        if second & 0xFC00 == 0xDC00 {
                            scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                            index += 1
                        }
                    }
                }
                if scalar < 0x800 {
                    buffer[out] = UInt8(0xC0 | scalar >> 6)
                    buffer[out + 1] = UInt8(0x80 | scalar & 0x3F)
                    out += 2
                } else if scalar < 0x10000 {
                    buffer[out] = UInt8(0xE0 | scalar >> 12)
                    buffer[out + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    buffer[out + 2] = UInt8(0x80 | scalar & 0x3F)
                    out += 3
                } else {
                    buffer[out] = UInt8(0xF0 | scalar >> 18)
                    buffer[out + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                    buffer[out + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    buffer[out + 3] = UInt8(0x80 | scalar & 0x3F)
                    out += 4
                }
            }
            return out
        }
    }

    // MARK: - Errors

    /// A malformed-data error at a byte offset.
    @usableFromInline
    static func malformed(_ detail: String, at offset: Int) -> MappingError {
        MappingError(
            .malformedData(format: "binary property list", location: "byte offset \(offset)", detail: detail),
            at: .init())
    }

    @usableFromInline
    func noValue() -> MappingError {
        .readerMisuse("no value to read", depth: frames.count)
    }

    @usableFromInline
    func misuse(_ detail: String) -> MappingError {
        .readerMisuse(detail, depth: frames.count)
    }

    @usableFromInline
    func badOffset(object: Int, offset: UInt64) -> MappingError {
        Self.malformed(
            "object \(object) has offset \(offset), outside the object area 8..<\(objectsEnd)",
            at: objectsEnd + object * offsetSize)
    }

    @usableFromInline
    func badReference(_ reference: UInt64, at position: Int) -> MappingError {
        Self.malformed("reference \(reference) names no object (there are \(objectCount))", at: position)
    }

    @usableFromInline
    func unknownMarker(_ marker: UInt8, at offset: Int) -> MappingError {
        Self.malformed("unknown object marker \(TextPosition.hex(marker))", at: offset)
    }

    @usableFromInline
    func expansionError() -> MappingError {
        MappingError(
            .tooLarge(
                "shared references in a binary property list of \(bytes.count) bytes expand to more than "
                    + "\(bytes.count &* 8 &+ 4096) values"),
            at: .init())
    }
}
