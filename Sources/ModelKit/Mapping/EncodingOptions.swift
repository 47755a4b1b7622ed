/// How models are written.
public struct EncodingOptions: Sendable, Hashable {
    /// What happens to an optional property that is `nil`.
    public enum NilEncoding: Sendable, Hashable {
        /// The key is left out (the default, like Foundation's coders).
        case omit
        /// The key is written with `null` (`NSNull` in a dictionary).
        case writeNull
    }

    /// How dates are written to formats without a date type (JSON).
    public enum DateEncoding: Sendable, Hashable {
        /// ISO 8601 text with fractional seconds when there are any.
        case iso8601
        /// Seconds since 1970 as a number.
        case secondsSince1970
        /// Milliseconds since 1970 as a number.
        case millisecondsSince1970
    }

    /// `nil` left out or written as null.
    public var nilEncoding: NilEncoding = .omit
    /// The key strategy for this call; `.typeDefault` uses the type's own.
    public var keyStrategy: DecodingOptions.KeyStrategy = .typeDefault
    /// Dates in formats that have no date type.
    public var dateEncoding: DateEncoding = .iso8601
    /// The deepest nesting written before encoding fails (a guard against cyclic class graphs).
    public var maximumDepth: Int = 512

    /// The default options: `nil` omitted, declared keys, ISO 8601 dates.
    public init() {}
}
