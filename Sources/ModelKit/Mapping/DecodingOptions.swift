import Foundation

/// How values are decoded: the rules, the key strategy, dates and the limits for untrusted input.
public struct DecodingOptions: Sendable, Hashable {
    /// How strictly values must match their property's type.
    public enum Mode: Sendable, Hashable {
        /// The conversion table: `"10"` → `10`, `"yes"` → `true`, a bad element dropped, a default for a bad value.
        case lenient
        /// Only values of the property's own kind; a key that no property reads is an error.
        case strict
    }

    /// How property names become keys in the data.
    public enum KeyStrategy: Sendable, Hashable {
        /// The strategy the type declares (`@DictionaryModel(keyStrategy:)`), or the names as written.
        case typeDefault
        /// Keys are the property names as written.
        case propertyNames
        /// Keys are the property names in snake_case (`imageURL` ↔ `image_url`).
        case snakeCase
    }

    /// The unit of a number that stands for a date.
    public enum DateUnit: Sendable, Hashable {
        /// Seconds since 1970-01-01T00:00:00Z.
        case secondsSince1970
        /// Milliseconds since 1970-01-01T00:00:00Z.
        case millisecondsSince1970
        /// Seconds since 2001-01-01T00:00:00Z, as property lists count them.
        case secondsSinceReferenceDate
    }

    /// Lenient (the default) or strict.
    public var mode: Mode = .lenient
    /// The key strategy for this call; `.typeDefault` uses the type's own.
    public var keyStrategy: KeyStrategy = .typeDefault
    /// The unit of numbers that are read as dates.
    public var dateUnit: DateUnit = .secondsSince1970
    /// The time zone of date texts that name none (`2024-05-01 10:00:00`).
    public var defaultTimeZone: TimeZone = DecodingOptions.utc
    /// Whether diagnostics are collected. Turning them off saves work when nobody reads them; the
    /// initializers that return a model alone (`init(dictionary:)`, `init(data:)` …) turn them off themselves.
    public var collectsDiagnostics: Bool = true
    /// The deepest nesting accepted before decoding fails with ``MappingError/Reason/tooDeep(limit:)``.
    public var maximumDepth: Int = 512
    /// The most elements accepted in one array or dictionary of untrusted input.
    public var maximumCollectionCount: Int = 100_000_000
    /// The largest input, in bytes, that a file or data entry point reads.
    public var maximumInputBytes: Int = 1 << 31

    /// The default options: lenient, declared keys, seconds since 1970, depth 512.
    public init() {}

    // The lookup cost about 470 instructions a call (user.json).
    /// UTC, made once: options are made for every call that takes the defaults, and looking the zone up by its
    /// identifier each time is a cache lookup under a lock.
    static let utc = TimeZone(identifier: "UTC")!

    /// Options with `mode` set.
    public static var strict: DecodingOptions {
        var options = DecodingOptions()
        options.mode = .strict
        return options
    }
}

extension DecodingOptions {
    /// These options without diagnostics, for the calls that return a model alone.
    @inlinable
    public var modelOnly: DecodingOptions {
        var options = self
        options.collectsDiagnostics = false
        return options
    }
}
