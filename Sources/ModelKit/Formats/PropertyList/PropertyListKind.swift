import Foundation

/// The two property-list formats ModelKit reads and writes, with one-call helpers between their bytes and
/// ``Value``.
///
/// Named apart from Foundation's `PropertyListSerialization.PropertyListFormat`, which also counts the
/// OpenStep format that ModelKit does not read.
public enum PropertyListKind: String, Sendable, Hashable, CaseIterable {
    /// An XML property list in UTF-8.
    case xml
    /// A binary property list (`bplist00`).
    case binary

    /// The format of `data`: binary when it starts with the `bplist0` magic, XML when its first character
    /// after a byte order mark and whitespace is `<`, otherwise `nil` (OpenStep, JSON, anything else).
    public static func detect(_ data: Data) -> PropertyListKind? {
        data.withUnsafeBytes { detect(bytes: $0) }
    }

    /// ``detect(_:)`` for bytes already at hand, so that a decoder tells the format and reads the bytes under
    /// one `withUnsafeBytes`: each call into `Data` for its bytes costs a run-time exclusivity check.
    ///
    /// The magic is compared byte by byte rather than with `starts(with:)`, whose generic code cost more than
    /// the rest of the detection.
    @usableFromInline
    static func detect(bytes: UnsafeRawBufferPointer) -> PropertyListKind? {
        if bytes.count >= 7 && bytes[0] == UInt8(ascii: "b") && bytes[1] == UInt8(ascii: "p")
            && bytes[2] == UInt8(ascii: "l") && bytes[3] == UInt8(ascii: "i") && bytes[4] == UInt8(ascii: "s")
            && bytes[5] == UInt8(ascii: "t") && bytes[6] == UInt8(ascii: "0")
        {
            return .binary
        }
        var index = ByteOrderMark.length(in: bytes)
        while index < bytes.count && XMLPropertyListReader.isSpace(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "<") ? .xml : nil
    }

    /// Reads a property list of either format into a ``Value``, checking that nothing follows the root.
    ///
    /// - Parameters:
    ///   - data: the property list.
    ///   - maximumDepth: the deepest nesting accepted before reading fails with
    ///     ``MappingError/Reason/tooDeep(limit:)``.
    /// - Throws: ``MappingError`` when the data is in neither format or is malformed.
    public static func value(from data: Data, maximumDepth: Int = 512) throws -> Value {
        guard let kind = detect(data) else {
            throw MappingError(
                .malformedData(
                    format: "property list", location: "byte offset 0",
                    detail: "neither a binary property list (bplist00) nor an XML one"),
                at: .init())
        }
        var options = DecodingOptions()
        options.maximumDepth = maximumDepth
        options.collectsDiagnostics = false
        return try Value.decode(data: data, format: kind.fileFormat, options: options).model
    }

    /// Writes `value` as a property list in `format`.
    ///
    /// Property lists cannot hold null, and a null is never left out without a word.
    ///
    /// - Throws: ``MappingError`` at the key path of the first null that `value` holds, as a dictionary value,
    ///   an array element or the root.
    public static func data(from value: Value, format: PropertyListKind) throws -> Data {
        try value.data(format: format.fileFormat)
    }

    /// The same format among all the formats ModelKit reads.
    public var fileFormat: ModelFileFormat {
        switch self {
        case .xml: .xmlPropertyList
        case .binary: .binaryPropertyList
        }
    }
}
