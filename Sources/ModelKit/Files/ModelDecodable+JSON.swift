import Foundation

// Not inlinable, unlike `init(data:)`: compiled once, here, for every model, these reach the model's own JSON code
// through its `_decodeJSON` (see `ModelEntryPoints`), written by `@DictionaryModel` in the model's module. A
// module that calls `init(data:)` for a model compiles the three formats' readers for it, since the format is told
// from the bytes at run time: 2.84 s to build for release a module that decodes 34 models from another module,
// 0.40 s through `init(json:)` (the same calls to `JSONDecoder`: 0.43 s).

extension ModelDecodable {
    /// Decodes from JSON (RFC 8259).
    ///
    /// Prefer it to ``init(data:options:)`` when the data is JSON: it is compiled once, in ModelKit, and decodes
    /// through the model's own JSON code, so a module that decodes many models stays quick to build. A `public`
    /// or `package` model decodes as fast through it from any module as through `init(data:)` from its own.
    ///
    /// - Throws: ``MappingError`` naming the key path, or the line and column of malformed JSON.
    public init(json: Data, options: DecodingOptions = DecodingOptions()) throws {
        self = try DecodingContext(options: options.modelOnly).decodeRoot(Self.self, data: json, format: .json)
    }

    /// Decodes from JSON and returns the diagnostics too; ``init(json:options:)`` says why it is not inlinable.
    public static func decode(json: Data, options: DecodingOptions = DecodingOptions()) throws -> Decoded<Self> {
        let context = DecodingContext(options: options)
        let model = try context.decodeRoot(Self.self, data: json, format: .json)
        return Decoded(model: model, diagnostics: context.diagnostics)
    }
}
