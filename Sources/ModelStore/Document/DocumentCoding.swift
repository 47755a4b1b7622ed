import Foundation
import ModelKit

/// How a ``Document`` turns its root into bytes and back.
///
/// Use ``model(decoding:encoding:)`` for ModelKit models (`@DictionaryModel` types, arrays and dictionaries of
/// them): they read straight from the bytes with no tree in between. Use ``codable(decoding:encoding:)`` for
/// plain `Codable` types: they go through a `Value` tree and ModelKit's `ModelDecoder`.
public struct DocumentCoding<Root: Sendable>: Sendable {
    /// The file's bytes for a root at a schema version.
    let encode: @Sendable (_ root: Root, _ schemaVersion: Int, _ format: ModelFileFormat) throws -> Data
    /// The root of a file at the current schema version, with the decoding's diagnostics.
    let decodeContents: @Sendable (_ data: Data, _ format: ModelFileFormat) throws -> DecodedRoot<Root>
    /// The root from a migrated tree, with the decoding's diagnostics.
    let decodeValue: @Sendable (_ value: Value) throws -> DecodedRoot<Root>
}

extension DocumentCoding where Root: ModelCodable {
    /// Reads and writes the root with its own ModelKit conformance.
    public static func model(
        decoding: DecodingOptions = DecodingOptions(), encoding: EncodingOptions = EncodingOptions()
    ) -> DocumentCoding {
        DocumentCoding(
            encode: { root, version, format in
                try DocumentEnvelopeWriter(schemaVersion: version, root: root).data(format: format, options: encoding)
            },
            decodeContents: { data, format in
                let contents = try DocumentContents<Root>.decode(data: data, format: format, options: decoding)
                return DecodedRoot(root: contents.model.root, diagnostics: contents.diagnostics)
            },
            decodeValue: { value in
                let decoded = try Root.decode(value: value, options: decoding)
                return DecodedRoot(root: decoded.model, diagnostics: decoded.diagnostics)
            }
        )
    }
}

extension DocumentCoding where Root: Codable {
    /// Reads and writes the root through its `Codable` conformance and a `Value` tree.
    public static func codable(
        decoding: DecodingOptions = DecodingOptions(), encoding: EncodingOptions = EncodingOptions()
    ) -> DocumentCoding {
        DocumentCoding(
            encode: { root, version, format in
                let tree = try CodableValues.value(of: root)
                return try DocumentEnvelopeWriter(schemaVersion: version, root: tree).data(
                    format: format, options: encoding)
            },
            decodeContents: { data, format in
                let contents = try DocumentContents<Value>.decode(data: data, format: format, options: decoding)
                let decoded = try CodableValues.decode(Root.self, from: contents.model.root, options: decoding)
                return DecodedRoot(root: decoded.model, diagnostics: contents.diagnostics + decoded.diagnostics)
            },
            decodeValue: { value in
                let decoded = try CodableValues.decode(Root.self, from: value, options: decoding)
                return DecodedRoot(root: decoded.model, diagnostics: decoded.diagnostics)
            }
        )
    }
}

/// A decoded root and the notes of what ModelKit's lenient rules did on the way.
struct DecodedRoot<Root: Sendable>: Sendable {
    var root: Root
    var diagnostics: [Diagnostic]
}
