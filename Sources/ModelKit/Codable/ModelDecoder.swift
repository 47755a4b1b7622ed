import Foundation

/// Decodes any plain `Decodable` type — no macro needed — from `[String: Any]`, JSON or property lists,
/// under ModelKit's rules: the lenient conversion table, errors with the full key path, and diagnostics for
/// conversions and for keys that no property reads.
///
/// ```swift
/// struct Repo: Codable { var stars: Int; var fork: Bool }
/// let repo = try ModelDecoder().decode(Repo.self, from: ["stars": "12", "fork": "yes"])
/// ```
public struct ModelDecoder: Sendable {
    /// The rules and limits.
    public var options: DecodingOptions

    /// Creates a decoder with `options`.
    public init(options: DecodingOptions = DecodingOptions()) {
        self.options = options
    }

    /// Decodes `type` from Foundation objects. Like the other calls that return the value alone, it collects no
    /// diagnostics; `decodeWithDiagnostics(_:from:)` returns them.
    public func decode<T: Decodable>(_ type: T.Type, from object: Any) throws -> T {
        try ModelDecoder(options: options.modelOnly).decodeWithDiagnostics(type, from: object).model
    }

    /// Decodes `type` from JSON or a property list, the format told from the bytes.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try ModelDecoder(options: options.modelOnly).decodeWithDiagnostics(type, from: data).model
    }

    /// Decodes `type` from a ``Value`` tree.
    public func decode<T: Decodable>(_ type: T.Type, from value: Value) throws -> T {
        try ModelDecoder(options: options.modelOnly).decodeWithDiagnostics(type, from: value).model
    }

    /// Decodes `type` from Foundation objects and returns the diagnostics too.
    public func decodeWithDiagnostics<T: Decodable>(_ type: T.Type, from object: Any) throws -> Decoded<T> {
        if let data = object as? Data { return try decodeWithDiagnostics(type, from: data) }
        let context = DecodingContext(options: options)
        var reader = FoundationObjectReader(object)
        return try decode(type, from: context.decodeRoot(FlatDocument.self, from: &reader), context: context)
    }

    /// Decodes `type` from bytes and returns the diagnostics too.
    public func decodeWithDiagnostics<T: Decodable>(_ type: T.Type, from data: Data) throws -> Decoded<T> {
        guard data.count <= options.maximumInputBytes else {
            throw MappingError(.tooLarge("\(data.count) bytes, limit \(options.maximumInputBytes)"), at: ValuePath())
        }
        let context = DecodingContext(options: options)
        let format = ModelFileFormat.detect(data)
        let document =
            format == .json
            ? try FlatDocument(json: data, context: context)
            : try format.decode(FlatDocument.self, from: data, context: context)
        return try decode(type, from: document, context: context)
    }

    /// Decodes `type` from a ``Value`` tree and returns the diagnostics too.
    public func decodeWithDiagnostics<T: Decodable>(_ type: T.Type, from value: Value) throws -> Decoded<T> {
        let context = DecodingContext(options: options)
        var reader = ValueReader(value)
        return try decode(type, from: context.decodeRoot(FlatDocument.self, from: &reader), context: context)
    }

    /// Decodes the root of `document`, then reports the keys that no property asked for.
    ///
    /// A key repeated in one dictionary counts with its last value (see ``FlatDecodingState``): when a key that
    /// was read appears again, the first result — a model or an error — is dropped with its diagnostics, and the
    /// document is decoded again with every lookup taking the last entry of its key.
    private func decode<T: Decodable>(
        _ type: T.Type, from document: FlatDocument, context: DecodingContext
    ) throws -> Decoded<T> {
        let checkpoint = context.checkpoint()
        let state = FlatDecodingState(document: document, context: context)
        do {
            let model = try state.decode(T.self, at: 0)
            if !state.readKeyRepeats() {
                try state.reportUnreadKeys()
                return Decoded(model: model, diagnostics: context.diagnostics)
            }
        } catch {
            // The error may come from a value that a later one replaces.
            guard state.readKeyRepeats() else { throw error }
        }
        context.rollBack(to: checkpoint)
        let again = FlatDecodingState(document: document, context: context, lastKeyWins: true)
        let model = try again.decode(T.self, at: 0)
        try again.reportUnreadKeys()
        return Decoded(model: model, diagnostics: context.diagnostics)
    }
}

extension Value {
    /// The tree of Foundation objects: `[String: Any]`, `NSDictionary`, arrays and scalars.
    public init(object: Any, options: DecodingOptions = DecodingOptions()) throws {
        self = try Value.decode(object: object, options: options).model
    }
}
