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

    /// Encodes `model` through `encoder`, as the tree its own `encode(to:context:)` writes.
    public static func encode<Model: ModelEncodable>(_ model: Model, to encoder: any Encoder) throws {
        var writer = ValueWriter()
        try model.encode(to: &writer, context: EncodingContext())
        try (writer.result ?? .null).encode(to: encoder)
    }
}
