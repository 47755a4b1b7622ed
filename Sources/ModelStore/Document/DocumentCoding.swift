import Foundation
import ModelKit

/// How a ``Document`` turns its root into bytes and back.
///
/// Use ``model(decoding:encoding:)`` for ModelKit models (`@DictionaryModel` types, arrays and dictionaries of
/// them): they read straight from the bytes with no tree in between. Use ``codable(decoding:encoding:)`` for
/// plain `Codable` types: they go through a `Value` tree and ModelKit's `ModelDecoder`.
///
/// The factories are inlinable, so that the closures they make are compiled for the app's own root type:
/// a generic, unspecialized decoder would be much slower.
public struct DocumentCoding<Root: Sendable>: Sendable {
    /// Hands the file's bytes for a root at a schema version, with a checksum placeholder, to a sink, in order.
    let encode:
        @Sendable (
            _ root: Root, _ schemaVersion: Int, _ format: ModelFileFormat, _ checksumPlaceholder: String,
            _ sink: (UnsafeRawBufferPointer) throws -> Void
        ) throws -> Void
    /// The root of a file at the current schema version, with the decoding's diagnostics.
    let decodeContents: @Sendable (_ data: Data, _ format: ModelFileFormat) throws -> DecodedRoot<Root>
    /// The root from a migrated tree, with the decoding's diagnostics.
    let decodeValue: @Sendable (_ value: Value) throws -> DecodedRoot<Root>

    @usableFromInline
    init(
        encode:
            @escaping @Sendable (Root, Int, ModelFileFormat, String, (UnsafeRawBufferPointer) throws -> Void) throws
            -> Void,
        decodeContents: @escaping @Sendable (Data, ModelFileFormat) throws -> DecodedRoot<Root>,
        decodeValue: @escaping @Sendable (Value) throws -> DecodedRoot<Root>
    ) {
        self.encode = encode
        self.decodeContents = decodeContents
        self.decodeValue = decodeValue
    }
}

extension DocumentCoding where Root: ModelCodable {
    /// Reads and writes the root with its own ModelKit conformance.
    @inlinable
    public static func model(
        decoding: DecodingOptions = DecodingOptions(), encoding: EncodingOptions = EncodingOptions()
    ) -> DocumentCoding {
        DocumentCoding(
            encode: { root, version, format, placeholder, sink in
                try DocumentEnvelopeWriter(schemaVersion: version, root: root, checksumPlaceholder: placeholder).write(
                    format: format, options: encoding, to: sink)
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
            encode: { root, version, format, placeholder, sink in
                let tree = try CodableValues.value(of: root)
                try DocumentEnvelopeWriter(schemaVersion: version, root: tree, checksumPlaceholder: placeholder).write(
                    format: format, options: encoding, to: sink)
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
@usableFromInline
struct DecodedRoot<Root: Sendable>: Sendable {
    @usableFromInline var root: Root
    @usableFromInline var diagnostics: [Diagnostic]

    @usableFromInline
    init(root: Root, diagnostics: [Diagnostic]) {
        self.root = root
        self.diagnostics = diagnostics
    }
}
