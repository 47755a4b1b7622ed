/// A type that decodes itself from any ``ModelReader`` under ModelKit's rules.
///
/// `@DictionaryModel` generates this conformance; the standard scalar and collection types already have it.
public protocol ModelDecodable {
    /// Decodes a value from the reader's next value.
    init<R: ModelReader>(from reader: inout R, context: DecodingContext) throws

    /// What `null` decodes to, or `nil` when `null` is not a value of this type. Only `Optional` and
    /// ``Value`` take `null`.
    static var nullValue: Self? { get }

    /// Reads the next value if it is already a value of this type, so that no rule of the conversion table
    /// applies and nothing can be noted or fail; returns `nil`, consuming nothing, otherwise.
    ///
    /// Generated code tries this before ``init(from:context:)``: a string for a `String` property, an integer
    /// in range for an `Int`, skips the path bookkeeping and the ``Value`` that the full decoding needs.
    static func decodeExact<R: ModelReader>(from reader: inout R) throws -> Self?
}

extension ModelDecodable {
    /// `null` is not a value of this type.
    public static var nullValue: Self? { nil }

    /// No shortcut: every value goes through ``init(from:context:)``.
    @inlinable
    public static func decodeExact<R: ModelReader>(from reader: inout R) throws -> Self? { nil }
}

/// A type that writes itself to any ``ModelWriter``.
public protocol ModelEncodable {
    /// Writes the value.
    func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws

    /// Whether the value is absent (an optional that is `nil`), so that a property holding it can be left out.
    var isAbsent: Bool { get }
}

extension ModelEncodable {
    /// A value is present unless it is a `nil` optional.
    public var isAbsent: Bool { false }
}

/// A type that both decodes and encodes under ModelKit's rules.
public typealias ModelCodable = ModelDecodable & ModelEncodable
