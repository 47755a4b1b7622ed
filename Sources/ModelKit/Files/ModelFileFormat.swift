import Foundation

/// The file formats ModelKit reads and writes.
public enum ModelFileFormat: String, Sendable, Hashable, CaseIterable {
    /// JSON (RFC 8259).
    case json
    /// An XML property list.
    case xmlPropertyList
    /// A binary property list (`bplist00`).
    case binaryPropertyList

    /// The format of `data`, told from its first bytes: `bplist0` is binary, `<` (after a byte order mark and
    /// white space) is XML, anything else is taken as JSON.
    public static func detect(_ data: Data) -> ModelFileFormat {
        PropertyListKind.detect(data)?.fileFormat ?? .json
    }

    /// ``detect(_:)`` for bytes already at hand.
    @usableFromInline
    static func detect(bytes: UnsafeRawBufferPointer) -> ModelFileFormat {
        PropertyListKind.detect(bytes: bytes)?.fileFormat ?? .json
    }

    /// Decodes `T` from `data` in this format with ModelKit's own pull readers: no Foundation objects are made.
    @inlinable
    func decode<T: ModelDecodable>(_ type: T.Type, from data: Data, context: DecodingContext) throws -> T {
        try data.withUnsafeBytes { raw in try decode(type, fromBytes: raw, context: context) }
    }

    /// ``decode(_:from:context:)`` from bytes that stay alive and unchanged during the call.
    @inlinable
    func decode<T: ModelDecodable>(
        _ type: T.Type, fromBytes raw: UnsafeRawBufferPointer, context: DecodingContext
    ) throws -> T {
        let depth = context.options.maximumDepth
        switch self {
        case .json:
            var reader = JSONReader(bytes: raw, maximumDepth: depth)
            let model = try context.decodeRoot(T.self, from: &reader)
            try reader.finish()
            return model
        case .xmlPropertyList:
            var reader = try XMLPropertyListReader(bytes: raw, maximumDepth: depth)
            let model = try context.decodeRoot(T.self, from: &reader)
            try reader.finish()
            return model
        case .binaryPropertyList:
            var reader = try BinaryPropertyListReader(bytes: raw, maximumDepth: depth)
            let model = try context.decodeRoot(T.self, from: &reader)
            try reader.finish()
            return model
        }
    }

    /// Encodes `model` in this format and hands the bytes to `sink` in order: a binary property list in pieces
    /// of up to 64 KiB, without ever holding the whole file (see ``BinaryPropertyListWriter/write(to:)``); JSON
    /// and XML in one piece.
    @inlinable
    func encode<Model: ModelEncodable>(
        _ model: Model, options: EncodingOptions, to sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        guard self == .binaryPropertyList else {
            return try encode(model, options: options).withUnsafeBytes(sink)
        }
        var writer = BinaryPropertyListWriter()
        try model.encodeValue(to: &writer, context: EncodingContext(options: options))
        try writer.write(to: sink)
    }

    /// Encodes `model` in this format with ModelKit's own writers.
    @inlinable
    func encode<Model: ModelEncodable>(_ model: Model, options: EncodingOptions) throws -> Data {
        let context = EncodingContext(options: options)
        switch self {
        case .json:
            var writer = JSONWriter()
            try model.encodeValue(to: &writer, context: context)
            return Data(writer.bytes)
        case .xmlPropertyList:
            var writer = XMLPropertyListWriter()
            try model.encodeValue(to: &writer, context: context)
            return try writer.makeData()
        case .binaryPropertyList:
            var writer = BinaryPropertyListWriter()
            try model.encodeValue(to: &writer, context: context)
            return try writer.makeData()
        }
    }
}
