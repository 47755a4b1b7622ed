/// An enum with raw values that decodes by the conversion table and may fall back to a declared case.
///
/// ```swift
/// enum Gender: String, ModelEnum {
///     case male, female, unknown
///     static var fallback: Gender? { .unknown }
/// }
/// ```
public protocol ModelEnum: RawRepresentable, ModelCodable where RawValue: ModelCodable {
    /// The case an unknown raw value becomes (with a diagnostic), or `nil` to fail on unknown values.
    static var fallback: Self? { get }
}

extension ModelEnum {
    /// No fallback: an unknown raw value fails.
    public static var fallback: Self? { nil }

    /// Decodes the raw value by the conversion table, then the case.
    public init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        let raw = try RawValue(from: &reader, context: context)
        if let value = Self(rawValue: raw) {
            self = value
        } else if let fallback = Self.fallback, !context.isStrict {
            context.note(.enumFallback(found: "\(raw)"))
            self = fallback
        } else {
            throw context.error(.unknownEnumCase(type: "\(Self.self)", found: "\(raw)"))
        }
    }

    /// Writes the raw value.
    public func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        try rawValue.encode(to: &writer, context: context)
    }
}
