import Foundation

/// A ``ModelWriter`` that writes an XML property list in UTF-8, in the layout Foundation writes (tabs,
/// `<dict/>` for an empty dictionary), into one growing byte buffer.
///
/// Property lists have no null: a null anywhere (a dictionary value, an array element, the root) throws a
/// ``MappingError`` at its key path rather than being left out, so no value is lost without a word. A model's
/// `nil` optionals never reach the writer with the default ``EncodingOptions/NilEncoding/omit``. A `Decimal` is written
/// as a `<real>` with its own digits; dates keep whole seconds, as `<date>` can hold no fraction, and must be
/// in ``DateText/years``.
///
/// Call ``makeData()`` once the root value is complete.
public struct XMLPropertyListWriter: ModelWriter, Sendable {
    /// One array or dictionary begun and not yet ended.
    @usableFromInline
    struct Frame: Sendable {
        @usableFromInline var isDictionary: Bool
        /// How many values are written into it.
        @usableFromInline var count = 0
        /// Where its start tag begins, so an empty container can become `<dict/>`.
        @usableFromInline var tagStart: Int
        /// The key written last, kept while its value is written so that errors can name it.
        @usableFromInline var key = ""
        /// Whether `key` still waits for its value.
        @usableFromInline var keyPending = false

        @inlinable
        init(isDictionary: Bool, tagStart: Int) {
            self.isDictionary = isDictionary
            self.tagStart = tagStart
        }
    }

    @usableFromInline var buffer: [UInt8] = []
    @usableFromInline var frames: [Frame] = []
    @usableFromInline var hasRoot = false

    /// Property lists have a date type.
    public static var writesNativeDates: Bool { true }
    /// Property lists have a data type.
    public static var writesNativeData: Bool { true }

    /// Creates a writer whose buffer starts with room for `capacity` bytes.
    public init(capacity: Int = 4096) {
        buffer.reserveCapacity(max(capacity, 256))
        buffer.append(contentsOf: Self.header)
        frames.reserveCapacity(16)
    }

    /// The document: the XML declaration, the DOCTYPE, the root value and `</plist>`.
    ///
    /// - Throws: ``MappingError`` when no root value was written or a container was not ended.
    public func makeData() throws -> Data {
        guard frames.isEmpty, hasRoot else {
            throw MappingError(
                .malformedData(
                    format: "XML property list writer", location: "depth \(frames.count)",
                    detail: hasRoot ? "a container was not ended" : "no value was written"),
                at: .init())
        }
        var data = Data(capacity: buffer.count + Self.footer.count)
        data.append(contentsOf: buffer)
        data.append(contentsOf: Self.footer)
        return data
    }

    // MARK: - ModelWriter

    /// Starts a dictionary.
    @inlinable
    public mutating func beginDictionary(count: Int) throws {
        try openValue()
        let tagStart = buffer.count
        append("<dict>\n")
        frames.append(Frame(isDictionary: true, tagStart: tagStart))
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
        close(frames.removeLast(), name: "dict")
    }

    /// Starts an array.
    @inlinable
    public mutating func beginArray(count: Int) throws {
        try openValue()
        let tagStart = buffer.count
        append("<array>\n")
        frames.append(Frame(isDictionary: false, tagStart: tagStart))
    }

    /// Ends the current array.
    @inlinable
    public mutating func endArray() throws {
        guard let frame = frames.last, !frame.isDictionary else { throw misuse("endArray without an array") }
        close(frames.removeLast(), name: "array")
    }

    /// Throws: a property list cannot hold null, and leaving a dictionary entry out would lose its key without
    /// a word (``EncodingOptions/NilEncoding/omit`` leaves out a model's `nil` optionals before they get here).
    @inlinable
    public mutating func writeNull() throws {
        throw nullError()
    }

    /// Writes `<true/>` or `<false/>`.
    @inlinable
    public mutating func write(_ value: Bool) throws {
        try openValue()
        append(value ? "<true/>\n" : "<false/>\n")
    }

    /// Writes an `<integer>`.
    @inlinable
    public mutating func write(_ value: Int64) throws {
        try openValue()
        append("<integer>")
        append(String(value))
        append("</integer>\n")
    }

    /// Writes an `<integer>` above `Int64.max`.
    @inlinable
    public mutating func write(_ value: UInt64) throws {
        try openValue()
        append("<integer>")
        append(String(value))
        append("</integer>\n")
    }

    /// Writes a `<real>` in the shortest text that reads back as the same Double; `nan`, `inf`, `-inf`
    /// for the values that have no digits.
    @inlinable
    public mutating func write(_ value: Double) throws {
        try openValue()
        append("<real>")
        // Swift spells a negative NaN "-nan", which no reader takes.
        append(value.isNaN ? "nan" : value.description)
        append("</real>\n")
    }

    /// Writes a `<real>` with the Decimal's own digits.
    @inlinable
    public mutating func write(_ value: Decimal) throws {
        try openValue()
        append("<real>")
        let text = value.description
        append(XMLPropertyListReader.realGrammarEnd(Array(text.utf8)) == text.utf8.count ? text : "nan")
        append("</real>\n")
    }

    /// Writes a `<string>`, escaping `&`, `<` and `>`.
    @inlinable
    public mutating func write(_ value: String) throws {
        try openValue()
        append("<string>")
        appendEscaped(value)
        append("</string>\n")
    }

    /// Writes a `<date>` in whole seconds.
    ///
    /// - Throws: ``MappingError`` with ``MappingError/Reason/numberOutOfRange(expected:found:)``, at the
    ///   date's path, for a date outside ``DateText/years`` (NaN, an infinity, past about ±3.2e16 seconds),
    ///   which `<date>` cannot hold and the reader would not take back.
    @inlinable
    public mutating func write(_ value: Date) throws {
        guard DateText.hasText(value) else { throw DateText.noTextError(for: value, at: valuePath) }
        try openValue()
        append("<date>")
        XMLPropertyListDate.append(value, to: &buffer)
        append("</date>\n")
    }

    /// Writes `<data>` in base64.
    @inlinable
    public mutating func write(_ value: Data) throws {
        try openValue()
        append("<data>")
        append(value.base64EncodedString())
        append("</data>\n")
    }

    // MARK: - Layout

    @usableFromInline static let header = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """.utf8)

    @usableFromInline static let footer = Array("</plist>\n".utf8)

    /// Checks that a value may come here, writes its pending key and indents it.
    @usableFromInline
    mutating func openValue() throws {
        guard let top = frames.indices.last else {
            guard !hasRoot else { throw misuse("a property list holds one root value; a second was written") }
            hasRoot = true
            return
        }
        if frames[top].isDictionary {
            guard frames[top].keyPending else { throw misuse("a dictionary value was written without a key") }
            frames[top].keyPending = false
            indent(frames.count)
            append("<key>")
            appendEscaped(frames[top].key)
            append("</key>\n")
        }
        frames[top].count += 1
        indent(frames.count)
    }

    /// Writes a container's end tag, or turns its start tag into `<name/>` when it holds nothing.
    @usableFromInline
    mutating func close(_ frame: Frame, name: String) {
        if frame.count == 0 {
            buffer.removeSubrange(frame.tagStart...)
            append("<\(name)/>\n")
        } else {
            indent(frames.count)
            append("</\(name)>\n")
        }
    }

    @usableFromInline
    mutating func indent(_ depth: Int) {
        for _ in 0..<depth { buffer.append(0x09) }
    }

    @inlinable
    mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    /// Appends `text` with `&`, `<` and `>` escaped, copying runs that need no escaping at once.
    @usableFromInline
    mutating func appendEscaped(_ text: String) {
        text.withUTF8Bytes { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let entity: StaticString
                switch utf8[index] {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                default: continue
                }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                buffer.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
                runStart = index + 1
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
    }

    // MARK: - Errors

    /// Where the value written next goes, from the root.
    public var valuePath: ValuePath { ValuePath(currentPath()) }

    /// The steps from the root to where the value being written goes.
    @usableFromInline
    func currentPath() -> [PathComponent] {
        // A container counts a value when it begins, so open arrays above the last hold it at count - 1.
        frames.enumerated().map { index, frame in
            if frame.isDictionary { return .key(frame.key) }
            return .index(index == frames.count - 1 ? frame.count : frame.count - 1)
        }
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
            .malformedData(format: "XML property list writer", location: "depth \(frames.count)", detail: detail),
            at: .init(currentPath()))
    }
}
