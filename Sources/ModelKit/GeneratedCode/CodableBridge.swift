// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

import Foundation

/// Connects models to Swift's `Codable`, so a `@DictionaryModel` type works with `JSONDecoder`,
/// `PropertyListEncoder` and any other coder, by the same rules it follows everywhere else.
public enum CodableBridge {
    /// The `userInfo` key under which a coder may carry ``DecodingOptions``.
    public static let optionsKey = CodingUserInfoKey(rawValue: "ModelKit.DecodingOptions")!

    // An existential, from a function that is not inlined: the model's decoding initializer then takes it as a
    // reader whose type its module does not know, so that no copy of every model's decoder is compiled for the
    // tree reader there (a third one, after JSON and Foundation objects, for a path that reads through a tree
    // of `Value`s anyway; release builds optimize across modules and would otherwise see the concrete type).
    /// A reader over the whole value that `decoder` holds.
    @inline(never)
    public static func reader(for decoder: any Decoder) throws -> any ModelReader {
        ValueReader(try Value(from: decoder))
    }

    /// A context with the options `decoder` carries, or the defaults.
    public static func context(for decoder: any Decoder) -> DecodingContext {
        DecodingContext(options: decoder.userInfo[optionsKey] as? DecodingOptions ?? DecodingOptions())
    }

    /// Encodes `model` through `encoder`, as the tree its own `encode(to:context:)` writes.
    public static func encode<Model: ModelEncodable>(_ model: Model, to encoder: any Encoder) throws {
        var writer = ValueWriter()
        try model.encode(to: &writer, context: EncodingContext())
        try (writer.result ?? .null).encode(to: encoder)
    }
}
