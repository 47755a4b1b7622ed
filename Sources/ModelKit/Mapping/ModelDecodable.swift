/// A type that decodes itself from any ``ModelReader`` under ModelKit's rules.
///
/// `@DictionaryModel` generates this conformance; the standard scalar and collection types already have it.
public protocol ModelDecodable {
    // Borrowing took twitter.json's decoding from 10.67M to 10.48M instructions, citm_catalog's from 25.50M to
    // 24.13M.
    /// Decodes a value from the reader's next value.
    ///
    /// The context is borrowed: an initializer takes its arguments owned unless told otherwise, and every
    /// nested model, array and dictionary would then retain and release the context, two atomic operations
    /// each. A conformance written without `borrowing` still satisfies the requirement, through a thunk that
    /// makes the copy.
    init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws

    /// What `null` decodes to, or `nil` when `null` is not a value of this type. Only `Optional` and
    /// ``Value`` take `null`.
    static var nullValue: Self? { get }

    /// Reads the next value if it is already a value of this type, so that no rule of the conversion table
    /// applies and nothing can be noted or fail; returns `nil`, consuming nothing, otherwise.
    ///
    /// Generated code tries this before ``init(from:context:)``: a string for a `String` property, an integer
    /// in range for an `Int`, skips the path bookkeeping and the ``Value`` that the full decoding needs.
    static func decodeExact<R: ModelReader>(from reader: inout R) throws -> Self?

    /// Whether a value is a collection that reserves room for the size the last value at its place had: arrays,
    /// sets and dictionaries, and optionals of them.
    ///
    /// Decoding a property asks it of the property's type; it is `false` unless a conformance says otherwise,
    /// and, asked of a known type, costs nothing.
    static var isCollection: Bool { get }

    /// Decodes a value from JSON; ``decodedValue(from:context:)`` calls it for a ``JSONReader``.
    ///
    /// Every type has it, calling ``init(from:context:)``; `@DictionaryModel` gives a `public` or `package`
    /// model its own, compiled in the model's module for the JSON reader (see ``ModelEntryPoints``).
    static func _decodeJSON(from reader: inout JSONReader, context: borrowing DecodingContext) throws -> Self

    /// Decodes a value from Foundation objects (`[String: Any]`); ``decodedValue(from:context:)`` calls it for
    /// a ``FoundationObjectReader``. See `_decodeJSON(from:context:)`.
    static func _decodeObjects(
        from reader: inout FoundationObjectReader, context: borrowing DecodingContext
    ) throws -> Self
}

extension ModelDecodable {
    /// `null` is not a value of this type.
    public static var nullValue: Self? { nil }

    /// No shortcut: every value goes through ``init(from:context:)``.
    @inlinable
    public static func decodeExact<R: ModelReader>(from reader: inout R) throws -> Self? { nil }

    /// Not a collection.
    @inlinable public static var isCollection: Bool { false }
}

/// A type that writes itself to any ``ModelWriter``.
public protocol ModelEncodable {
    /// Writes the value.
    func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws

    /// Writes the value as JSON; ``encodeValue(to:context:)`` calls it for a ``JSONWriter``.
    ///
    /// Every type has it, calling ``encode(to:context:)``; `@DictionaryModel` gives a `public` or `package`
    /// model its own, compiled in the model's module for the JSON writer (see ``ModelEntryPoints``).
    func _encodeJSON(to writer: inout JSONWriter, context: EncodingContext) throws

    /// Writes the value as Foundation objects; ``encodeValue(to:context:)`` calls it for a
    /// ``FoundationObjectWriter``. See `_encodeJSON(to:context:)`.
    func _encodeObjects(to writer: inout FoundationObjectWriter, context: EncodingContext) throws

    /// Whether the value is absent (an optional that is `nil`), so that a property holding it can be left out.
    var isAbsent: Bool { get }
}

extension ModelEncodable {
    /// A value is present unless it is a `nil` optional.
    public var isAbsent: Bool { false }
}

/// A type that both decodes and encodes under ModelKit's rules.
public typealias ModelCodable = ModelDecodable & ModelEncodable
