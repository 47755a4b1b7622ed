import Foundation

/// A ``ModelWriter`` that writes a binary property list (`bplist00`).
///
/// Values are collected in a flat object table as they are written. Equal strings (every repeated key),
/// numbers, dates and data are stored once and referenced wherever they occur, so an array of similar
/// dictionaries costs little more than its distinct values (twitter.json's list is 152 KB, against the
/// 500 KB `PropertyListSerialization` writes on Linux). ``makeData()`` then picks
/// the smallest object-reference and offset sizes that fit and lays the file out in one pre-sized buffer.
///
/// Property lists have no null. A null dictionary value drops its entry: the key is held back until its
/// value arrives, so nothing of it is stored. A null array element or root throws. Strings are ASCII where
/// they can be and UTF-16 otherwise; integers above `Int64.max` take 16 bytes; a `Decimal` is written as the
/// nearest Double.
public struct BinaryPropertyListWriter: ModelWriter, Sendable {
    /// One entry of the object table.
    @usableFromInline
    struct Object: Sendable {
        /// 0xA0 for an array, 0xD0 for a dictionary, 0 for a scalar encoded in `scalarBytes`.
        @usableFromInline var marker: UInt8
        /// Scalars: where their bytes start in `scalarBytes`; containers: where their references start in
        /// `containerReferences`.
        @usableFromInline var start: Int
        /// Scalars: how many bytes; containers: how many elements or entries.
        @usableFromInline var count: Int

        @inlinable
        init(marker: UInt8, start: Int, count: Int) {
            self.marker = marker
            self.start = start
            self.count = count
        }
    }

    /// One array or dictionary begun and not yet ended.
    @usableFromInline
    struct Frame: Sendable {
        /// The container's index in the object table, reserved when it began.
        @usableFromInline var object: Int
        @usableFromInline var isDictionary: Bool
        /// Where the container's references start on `referenceStack`.
        @usableFromInline var referenceStart: Int
        /// How many values are written into it.
        @usableFromInline var count = 0
        /// The key written last, kept while its value is written.
        @usableFromInline var key = ""
        /// Whether `key` still waits for its value.
        @usableFromInline var keyPending = false

        @inlinable
        init(object: Int, isDictionary: Bool, referenceStart: Int) {
            self.object = object
            self.isDictionary = isDictionary
            self.referenceStart = referenceStart
        }
    }

    @usableFromInline var objects: [Object] = []
    @usableFromInline var scalarBytes: [UInt8] = []
    @usableFromInline var containerReferences: [Int] = []
    /// The references of open containers, innermost last; a dictionary's are key, value, key, value….
    @usableFromInline var referenceStack: [Int] = []
    @usableFromInline var frames: [Frame] = []
    @usableFromInline var root = -1

    @usableFromInline var strings: [String: Int] = [:]
    @usableFromInline var integers: [Int64: Int] = [:]
    @usableFromInline var largeIntegers: [UInt64: Int] = [:]
    /// Reals and dates by bit pattern, so `-0.0` and `0.0` stay apart.
    @usableFromInline var reals: [UInt64: Int] = [:]
    @usableFromInline var dates: [UInt64: Int] = [:]
    @usableFromInline var datas: [Data: Int] = [:]
    @usableFromInline var booleans: (false: Int, true: Int) = (-1, -1)

    /// Property lists have a date type.
    public static var writesNativeDates: Bool { true }
    /// Property lists have a data type.
    public static var writesNativeData: Bool { true }

    /// Creates a writer with room for about `capacity` objects before its tables grow.
    public init(capacity: Int = 256) {
        let capacity = max(capacity, 16)
        objects.reserveCapacity(capacity)
        scalarBytes.reserveCapacity(capacity * 8)
        containerReferences.reserveCapacity(capacity)
        referenceStack.reserveCapacity(64)
        frames.reserveCapacity(16)
        strings.reserveCapacity(capacity / 2)
    }

    /// The binary property list: header, objects, offset table and trailer.
    ///
    /// - Throws: ``MappingError`` when no root value was written or a container was not ended.
    public func makeData() throws -> Data {
        guard frames.isEmpty, root >= 0 else {
            throw MappingError(
                .malformedData(
                    format: "binary property list writer", location: "depth \(frames.count)",
                    detail: root >= 0 ? "a container was not ended" : "no value was written"),
                at: .init())
        }
        // Foundation requires references able to name one more than the last object, and offsets able to
        // reach the offset table itself.
        let referenceSize = Self.byteCount(of: UInt64(objects.count))
        var objectsEnd = 8
        for object in objects {
            if object.marker == 0 {
                objectsEnd += object.count
            } else {
                let references = object.marker == 0xD0 ? 2 * object.count : object.count
                objectsEnd += 1 + Self.countLength(object.count) + references * referenceSize
            }
        }
        let offsetSize = Self.byteCount(of: UInt64(objectsEnd))
        var output: [UInt8] = []
        output.reserveCapacity(objectsEnd + objects.count * offsetSize + 32)
        output.append(contentsOf: "bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(output.count)
            if object.marker == 0 {
                output.append(contentsOf: scalarBytes[object.start..<(object.start + object.count)])
                continue
            }
            Self.appendHeader(marker: object.marker, count: object.count, to: &output)
            let references = object.marker == 0xD0 ? 2 * object.count : object.count
            for reference in containerReferences[object.start..<(object.start + references)] {
                Self.appendBigEndian(UInt64(reference), size: referenceSize, to: &output)
            }
        }
        for offset in offsets {
            Self.appendBigEndian(UInt64(offset), size: offsetSize, to: &output)
        }
        output.append(contentsOf: repeatElement(0, count: 6))
        output.append(UInt8(offsetSize))
        output.append(UInt8(referenceSize))
        Self.appendBigEndian(UInt64(objects.count), size: 8, to: &output)
        Self.appendBigEndian(UInt64(root), size: 8, to: &output)
        Self.appendBigEndian(UInt64(objectsEnd), size: 8, to: &output)
        return Data(output)
    }

    // MARK: - ModelWriter

    /// Starts a dictionary, reserving its place in the object table.
    @inlinable
    public mutating func beginDictionary(count: Int) throws {
        try begin(isDictionary: true, count: count)
    }

    /// Holds `key` back until its value is written.
    @inlinable
    public mutating func writeKey(_ key: String) throws {
        guard let top = frames.indices.last, frames[top].isDictionary else {
            throw misuse("a key was written outside a dictionary")
        }
        frames[top].key = key
        frames[top].keyPending = true
    }

    /// Ends the current dictionary.
    @inlinable
    public mutating func endDictionary() throws {
        guard let frame = frames.last, frame.isDictionary else { throw misuse("endDictionary without a dictionary") }
        try end()
    }

    /// Starts an array, reserving its place in the object table.
    @inlinable
    public mutating func beginArray(count: Int) throws {
        try begin(isDictionary: false, count: count)
    }

    /// Ends the current array.
    @inlinable
    public mutating func endArray() throws {
        guard let frame = frames.last, !frame.isDictionary else { throw misuse("endArray without an array") }
        try end()
    }

    /// Drops the pending dictionary entry; throws in an array or at the root, where a property list cannot
    /// hold null.
    @inlinable
    public mutating func writeNull() throws {
        guard let top = frames.indices.last, frames[top].isDictionary, frames[top].keyPending else {
            throw nullError()
        }
        frames[top].keyPending = false
    }

    /// Writes a Bool.
    @inlinable
    public mutating func write(_ value: Bool) throws {
        var object = value ? booleans.true : booleans.false
        if object < 0 {
            object = addScalar([value ? 0x09 : 0x08])
            if value { booleans.true = object } else { booleans.false = object }
        }
        try add(object)
    }

    /// Writes an integer in the fewest bytes the format allows: 1, 2 or 4 unsigned, else 8 signed.
    @inlinable
    public mutating func write(_ value: Int64) throws {
        if let object = integers[value] { return try add(object) }
        let object = addInteger(value)
        integers[value] = object
        try add(object)
    }

    /// Writes an integer above `Int64.max` as a 16-byte integer, as Foundation does.
    @inlinable
    public mutating func write(_ value: UInt64) throws {
        if let signed = Int64(exactly: value) { return try write(signed) }
        if let object = largeIntegers[value] { return try add(object) }
        let start = scalarBytes.count
        scalarBytes.append(0x14)
        scalarBytes.append(contentsOf: repeatElement(0, count: 8))
        Self.appendBigEndian(value, size: 8, to: &scalarBytes)
        let object = addObject(start: start)
        largeIntegers[value] = object
        try add(object)
    }

    /// Writes an 8-byte real.
    @inlinable
    public mutating func write(_ value: Double) throws {
        if let object = reals[value.bitPattern] { return try add(object) }
        let start = scalarBytes.count
        scalarBytes.append(0x23)
        Self.appendBigEndian(value.bitPattern, size: 8, to: &scalarBytes)
        let object = addObject(start: start)
        reals[value.bitPattern] = object
        try add(object)
    }

    /// Writes a Decimal as the nearest Double: binary property lists have no decimal type.
    @inlinable
    public mutating func write(_ value: Decimal) throws {
        try write(Double(value.description) ?? NSDecimalNumber(decimal: value).doubleValue)
    }

    /// Writes a string: ASCII bytes when it is ASCII, big-endian UTF-16 otherwise.
    @inlinable
    public mutating func write(_ value: String) throws {
        try add(uniqueString(value))
    }

    /// Writes a date as seconds since 2001-01-01.
    @inlinable
    public mutating func write(_ value: Date) throws {
        let bits = value.timeIntervalSinceReferenceDate.bitPattern
        if let object = dates[bits] { return try add(object) }
        let start = scalarBytes.count
        scalarBytes.append(0x33)
        Self.appendBigEndian(bits, size: 8, to: &scalarBytes)
        let object = addObject(start: start)
        dates[bits] = object
        try add(object)
    }

    /// Writes data.
    @inlinable
    public mutating func write(_ value: Data) throws {
        if let object = datas[value] { return try add(object) }
        let start = scalarBytes.count
        Self.appendHeader(marker: 0x40, count: value.count, to: &scalarBytes)
        scalarBytes.append(contentsOf: value)
        let object = addObject(start: start)
        datas[value] = object
        try add(object)
    }

    // MARK: - Object table

    /// Checks that a value may come here and opens a container with a reserved object index.
    @usableFromInline
    mutating func begin(isDictionary: Bool, count: Int) throws {
        if let top = frames.indices.last {
            if frames[top].isDictionary && !frames[top].keyPending {
                throw misuse("a dictionary value was written without a key")
            }
        } else if root >= 0 {
            throw misuse("a property list holds one root value; a second was written")
        }
        objects.append(Object(marker: isDictionary ? 0xD0 : 0xA0, start: 0, count: 0))
        frames.append(
            Frame(object: objects.count - 1, isDictionary: isDictionary, referenceStart: referenceStack.count))
    }

    /// Closes the current container: its references move to the table (a dictionary's keys first, then its
    /// values) and it becomes a value of its parent.
    @usableFromInline
    mutating func end() throws {
        let frame = frames.removeLast()
        let start = containerReferences.count
        if frame.isDictionary {
            var index = frame.referenceStart
            while index < referenceStack.count {
                containerReferences.append(referenceStack[index])
                index += 2
            }
            index = frame.referenceStart + 1
            while index < referenceStack.count {
                containerReferences.append(referenceStack[index])
                index += 2
            }
        } else {
            containerReferences.append(contentsOf: referenceStack[frame.referenceStart...])
        }
        referenceStack.removeSubrange(frame.referenceStart...)
        objects[frame.object].start = start
        objects[frame.object].count = frame.count
        try add(frame.object)
    }

    /// Adds `object` as the root, the next element or the pending key's value.
    @usableFromInline
    mutating func add(_ object: Int) throws {
        guard let top = frames.indices.last else {
            guard root < 0 else { throw misuse("a property list holds one root value; a second was written") }
            root = object
            return
        }
        if frames[top].isDictionary {
            guard frames[top].keyPending else { throw misuse("a dictionary value was written without a key") }
            frames[top].keyPending = false
            referenceStack.append(uniqueString(frames[top].key))
        }
        referenceStack.append(object)
        frames[top].count += 1
    }

    /// The object of `string`, stored on first use.
    @usableFromInline
    mutating func uniqueString(_ string: String) -> Int {
        if let object = strings[string] { return object }
        let start = scalarBytes.count
        var text = string
        text.withUTF8 { utf8 in
            if BinaryPropertyListReader.isASCII(UnsafeRawBufferPointer(utf8)) {
                Self.appendHeader(marker: 0x50, count: utf8.count, to: &scalarBytes)
                scalarBytes.append(contentsOf: utf8)
            }
        }
        if scalarBytes.count == start {
            Self.appendHeader(marker: 0x60, count: string.utf16.count, to: &scalarBytes)
            for unit in string.utf16 {
                scalarBytes.append(UInt8(truncatingIfNeeded: unit >> 8))
                scalarBytes.append(UInt8(truncatingIfNeeded: unit))
            }
        }
        let object = addObject(start: start)
        strings[string] = object
        return object
    }

    /// Stores an integer object.
    @usableFromInline
    mutating func addInteger(_ value: Int64) -> Int {
        let start = scalarBytes.count
        Self.appendInteger(value, to: &scalarBytes)
        return addObject(start: start)
    }

    /// Stores a scalar object of `bytes`.
    @usableFromInline
    mutating func addScalar(_ bytes: [UInt8]) -> Int {
        let start = scalarBytes.count
        scalarBytes.append(contentsOf: bytes)
        return addObject(start: start)
    }

    /// Makes the bytes from `start` to the end of `scalarBytes` a new object.
    @usableFromInline
    mutating func addObject(start: Int) -> Int {
        objects.append(Object(marker: 0, start: start, count: scalarBytes.count - start))
        return objects.count - 1
    }

    // MARK: - Encoding

    /// The fewest bytes (1 to 8) that hold `value`.
    @usableFromInline
    static func byteCount(of value: UInt64) -> Int {
        max(1, (64 - value.leadingZeroBitCount + 7) / 8)
    }

    @usableFromInline
    static func appendBigEndian(_ value: UInt64, size: Int, to output: inout [UInt8]) {
        var shift = (size - 1) * 8
        while shift >= 0 {
            output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    /// An integer object: 1, 2 or 4 bytes for what fits unsigned, else 8 bytes signed (all negatives).
    @usableFromInline
    static func appendInteger(_ value: Int64, to output: inout [UInt8]) {
        let size: Int
        switch value {
        case 0...0xFF: size = 1
        case 0x100...0xFFFF: size = 2
        case 0x1_0000...0xFFFF_FFFF: size = 4
        default: size = 8
        }
        output.append(0x10 | UInt8(size.trailingZeroBitCount))
        appendBigEndian(UInt64(bitPattern: value), size: size, to: &output)
    }

    /// How many bytes a count takes after the marker: none below 15, else an integer object.
    @usableFromInline
    static func countLength(_ count: Int) -> Int {
        switch count {
        case 0..<15: 0
        case 15...0xFF: 2
        case 0x100...0xFFFF: 3
        case 0x1_0000...0xFFFF_FFFF: 5
        default: 9
        }
    }

    /// A marker with its count in the low nibble, or 0xF and the count as an integer object.
    @usableFromInline
    static func appendHeader(marker: UInt8, count: Int, to output: inout [UInt8]) {
        if count < 15 {
            output.append(marker | UInt8(count))
        } else {
            output.append(marker | 0x0F)
            appendInteger(Int64(count), to: &output)
        }
    }

    // MARK: - Errors

    /// Where the value written next goes, from the root.
    public var valuePath: ValuePath { ValuePath(currentPath()) }

    /// The steps from the root to where the value being written goes.
    @usableFromInline
    func currentPath() -> [PathComponent] {
        // A container becomes its parent's value only when it ends, so every open array's count is the
        // index of the value being written into it.
        frames.map { $0.isDictionary ? .key($0.key) : .index($0.count) }
    }

    @usableFromInline
    func nullError() -> MappingError {
        MappingError(
            .typeMismatch(expected: "a property-list value (property lists cannot hold null)", found: "null"),
            at: .init(currentPath()))
    }

    @usableFromInline
    func misuse(_ detail: String) -> MappingError {
        MappingError(
            .malformedData(format: "binary property list writer", location: "depth \(frames.count)", detail: detail),
            at: .init(currentPath()))
    }
}
