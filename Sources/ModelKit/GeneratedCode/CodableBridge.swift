// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

import Foundation

/// Connects models to Swift's `Codable`, so a `@DictionaryModel` type works with `JSONDecoder`,
/// `PropertyListEncoder` and any other coder, by the same rules it follows everywhere else.
public enum CodableBridge {
    /// The `userInfo` key under which a coder may carry ``DecodingOptions``.
    public static let optionsKey = CodingUserInfoKey(rawValue: "ModelKit.DecodingOptions")!

    /// A reader over the whole value that `decoder` holds.
    public static func reader(for decoder: any Decoder) throws -> ValueReader {
        ValueReader(try Value(from: decoder))
    }

    /// A context with the options `decoder` carries, or the defaults.
    public static func context(for decoder: any Decoder) -> DecodingContext {
        DecodingContext(options: decoder.userInfo[optionsKey] as? DecodingOptions ?? DecodingOptions())
    }

    // Not specialized, so that a model's module does not compile the model's decoder once more for the tree
    // reader: specialized there, it was a third copy of every model's decoding (after JSON and Foundation
    // objects), for a path that reads through a tree of `Value`s anyway. Release builds optimize across modules,
    // which would specialize a plain public function in the caller's module all the same; the attribute forbids it.
    /// Decodes a `Model` from the whole value that `decoder` holds, with the options it carries.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public static func decode<Model: ModelDecodable>(_ type: Model.Type, from decoder: any Decoder) throws -> Model {
        var reader = try reader(for: decoder)
        return try Model(from: &reader, context: context(for: decoder))
    }

    // Not specialized in the model's module, as `decode(_:from:)` is not.
    /// Encodes `model` through `encoder`, as the tree its own `encode(to:context:)` writes.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public static func encode<Model: ModelEncodable>(_ model: Model, to encoder: any Encoder) throws {
        var writer = ValueWriter()
        try model.encode(to: &writer, context: EncodingContext())
        try (writer.result ?? .null).encode(to: encoder)
    }
}
