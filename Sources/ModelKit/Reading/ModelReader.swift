import Foundation

/// A pull reader over one source of data: a JSON or property-list byte buffer, or Foundation objects.
///
/// Generated code drives the reader directly — enter a dictionary, take the next key, read a scalar, enter a
/// nested value or skip it — so no intermediate tree is built on the way from bytes to a model.
public protocol ModelReader {
    /// Decodes a value of `type` at the reader's position: through the value's entry point for this reader
    /// where it has one (see ``ModelEntryPoints``), its generic initializer otherwise.
    static func decodeValue<T: ModelDecodable>(
        _ type: T.Type, from reader: inout Self, context: borrowing DecodingContext
    ) throws -> T

    /// The kind of the next value, without consuming it.
    mutating func peekKind() throws -> ValueKind

    /// Consumes the next value if it is `null` and tells whether it was.
    mutating func decodeNull() throws -> Bool

    /// Enters the next value if it is a dictionary; returns `false`, consuming nothing, if it is not.
    mutating func beginDictionary() throws -> Bool

    /// Moves to the next key of the dictionary entered last and looks it up in `table`.
    ///
    /// After `.known` or `.unknown` the key's value must be read or skipped; after `.end` the dictionary is
    /// left.
    mutating func nextKey(in table: KeyTable) throws -> KeyLookup

    /// The text of the key returned last by ``nextKey(in:)``.
    func currentKey() -> String

    /// Enters the next value if it is an array; returns `false`, consuming nothing, if it is not.
    mutating func beginArray() throws -> Bool

    /// Moves to the next element of the array entered last; `false` when the array has ended (and is left).
    mutating func nextElement() throws -> Bool

    /// Reads the next value, which must be a scalar: anything but an array or a dictionary.
    mutating func readScalar() throws -> Value

    /// Reads the next value if it is a string, returning it as it is; returns `nil`, consuming nothing, for any
    /// other kind.
    ///
    /// This and the other `readExact` calls are the fast path of decoding: a value that is already what the
    /// property holds needs no rule of the conversion table, so it cannot be noted or fail, and generated code
    /// takes it without building a ``Value``. Anything else goes the full way through ``readScalar()``.
    ///
    /// The exact reads throw only for malformed input: a value of another kind, a container above all, gives
    /// `nil`, so that the full path decides how it is reported (a default and a note in lenient mode).
    mutating func readExactString() throws -> String?

    /// Reads the next value if it is a Boolean; returns `nil`, consuming nothing, for any other kind.
    mutating func readExactBool() throws -> Bool?

    /// Reads the next value if it is an integer that `type` holds exactly; returns `nil`, consuming nothing,
    /// for any other value (other kinds, integers out of range, non-integral numbers).
    mutating func readExactInteger<T: FixedWidthInteger>(as type: T.Type) throws -> T?

    /// Reads the next value if it is a number, as the `Double` that ``ConversionRules`` makes of it without a
    /// note; returns `nil`, consuming nothing, for any other kind.
    mutating func readExactDouble() throws -> Double?

    // Made into a `String` first, every date of twitter.json cost about 1,150 of its 1,800 instructions on those.
    /// Reads the next value if it is text that names a date with a time zone of its own, in one of the forms
    /// ``DateText`` reads; returns `nil`, consuming nothing, for anything else, which the full decoding of a
    /// `Date` (numbers, zone-less text in the default time zone, native dates) then takes.
    ///
    /// The JSON and property-list readers implement it to parse the date where it lies (the latter also take
    /// their native dates), without the allocation, the ``Value`` and the path bookkeeping of the full decoding.
    mutating func readExactDate() throws -> Date?

    /// Reads the next value as a Decimal from its own text, if the reader keeps number text and the value
    /// is a number; otherwise returns `nil` and consumes nothing.
    mutating func readDecimal() throws -> Decimal?

    /// How many elements are left in the array entered last, when the format says so before them (binary
    /// property lists, trees); `nil` when it does not (JSON, XML) or when the innermost container is not an
    /// array. Decoding reserves room for them, so that a large array is not built by repeated doubling, which
    /// at each step holds the old storage and the new one, twice its size, together.
    var remainingElementCount: Int? { get }

    /// Skips the next value, whatever it is.
    mutating func skipValue() throws

    /// How many arrays and dictionaries are entered and not yet left.
    var depth: Int { get }

    /// Leaves every array and dictionary entered below `depth`, skipping what is left of them, so that
    /// decoding can go on with the next key after a value that failed.
    mutating func recover(toDepth depth: Int) throws
}

extension ModelReader {
    /// Readers over trees hold numbers, not their text: the Decimal comes from the scalar.
    public mutating func readDecimal() throws -> Decimal? { nil }

    /// Not known: the elements are counted as they are read.
    @inlinable
    public var remainingElementCount: Int? { nil }

    /// Reads a string through ``peekKind()`` and ``readScalar()``; readers override it to skip the ``Value``.
    @inlinable
    public mutating func readExactString() throws -> String? {
        guard try peekKind() == .string, case .string(let text) = try readScalar() else { return nil }
        return text
    }

    /// Reads a Boolean through ``peekKind()`` and ``readScalar()``.
    @inlinable
    public mutating func readExactBool() throws -> Bool? {
        guard try peekKind() == .bool, case .bool(let flag) = try readScalar() else { return nil }
        return flag
    }

    /// Always `nil`: without a way to look at a number before consuming it, an integer out of range could not
    /// be left for the full decoding to report.
    @inlinable
    public mutating func readExactInteger<T: FixedWidthInteger>(as type: T.Type) throws -> T? { nil }

    /// Reads a number through ``peekKind()`` and ``readScalar()``.
    @inlinable
    public mutating func readExactDouble() throws -> Double? {
        guard try peekKind() == .number else { return nil }
        return ConversionRules.exactDouble(try readScalar())
    }

    /// Always `nil`: dates go the full way, which reads every form a reader's values can take.
    @inlinable
    public mutating func readExactDate() throws -> Date? { nil }

    /// Reads the next value, whatever it is, into a ``Value`` tree.
    ///
    /// Depth is bounded by `context`'s limit; no recursion that the input controls goes deeper than that.
    public mutating func readValue(context: DecodingContext) throws -> Value {
        try Value(from: &self, context: context)
    }
}

/// The result of looking up a key read from the data in a ``KeyTable``.
public enum KeyLookup: Equatable, Sendable {
    /// The key is the table's key at this index.
    case known(Int)
    /// No property reads this key.
    case unknown
    /// The dictionary has no more keys.
    case end
}
