import Foundation
import ModelKit

/// Plain `Codable` values as `Value` trees, for types that are not ModelKit models.
enum CodableValues {
    /// The tree of `value`: a ModelKit model writes itself; any other `Encodable` goes through
    /// `PropertyListEncoder`, whose output keeps dates and data as they are, and is read back by ModelKit.
    static func value<T: Encodable>(of value: T, options: EncodingOptions = EncodingOptions()) throws -> Value {
        if let model = value as? any ModelEncodable {
            return try model.value(options: options)
        }
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        // Wrapped in an array, because a property list cannot be a bare number or string everywhere.
        let data = try encoder.encode([value])
        guard case .array(let elements) = try Value(data: data), elements.count == 1 else {
            throw MappingError(.typeMismatch(expected: "one encoded value", found: "something else"), at: ValuePath())
        }
        return elements[0]
    }

    /// Decodes `type` from `value` by ModelKit's rules, with the diagnostics.
    static func decode<T: Decodable>(_ type: T.Type, from value: Value, options: DecodingOptions) throws -> Decoded<T> {
        try ModelDecoder(options: options).decodeWithDiagnostics(type, from: value)
    }
}
