import Foundation

/// A writer that models write themselves to: Foundation objects, a ``Value`` tree, or a format's bytes.
///
/// It mirrors ``ModelReader``: generated code calls it directly, so encoding builds no intermediate tree.
public protocol ModelWriter {
    /// Writes `value`: through the value's entry point for this writer where it has one (see
    /// ``ModelEntryPoints``), its generic `encode` otherwise.
    static func encodeValue<T: ModelEncodable>(_ value: T, to writer: inout Self, context: EncodingContext) throws

    /// Whether the format has a date type; if not, dates are written as ``EncodingOptions/dateEncoding`` says.
    static var writesNativeDates: Bool { get }
    /// Whether the format has a data type; if not, data is written as base64 text.
    static var writesNativeData: Bool { get }

    /// Starts a dictionary; `count` is the most entries it will have, a hint for sizing.
    mutating func beginDictionary(count: Int) throws
    /// Writes the key of the next entry of the current dictionary.
    mutating func writeKey(_ key: String) throws
    /// Ends the current dictionary.
    mutating func endDictionary() throws
    /// Starts an array of `count` elements.
    mutating func beginArray(count: Int) throws
    /// Ends the current array.
    mutating func endArray() throws
    /// Writes `null`.
    mutating func writeNull() throws
    /// Writes a Bool.
    mutating func write(_ value: Bool) throws
    /// Writes a signed integer.
    mutating func write(_ value: Int64) throws
    /// Writes an unsigned integer above `Int64.max`.
    mutating func write(_ value: UInt64) throws
    /// Writes a floating-point number.
    mutating func write(_ value: Double) throws
    /// Writes a Decimal, keeping its digits where the format can.
    mutating func write(_ value: Decimal) throws
    /// Writes a string.
    mutating func write(_ value: String) throws
    /// Writes a date (only called when ``writesNativeDates`` is `true`).
    mutating func write(_ value: Date) throws
    /// Writes data (only called when ``writesNativeData`` is `true`).
    mutating func write(_ value: Data) throws

    /// Where the value written next goes, from the root (`statuses[0].created_at`), for the errors of
    /// values the format cannot hold; a writer that does not know says the root.
    var valuePath: ValuePath { get }
}

extension ModelWriter {
    /// The root: this writer does not keep track of where it is.
    public var valuePath: ValuePath { ValuePath() }
}
