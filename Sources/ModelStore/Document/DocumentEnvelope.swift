import ModelKit

// A document file is one dictionary, {"schemaVersion": n, "root": …}, so that the version can be read before
// the root, and a root of any kind (array, dictionary, scalar) fits.

// The writer and the root's reader are inlinable, so that they are compiled for the app's root type.

/// The keys of the envelope, in the order they are written.
@usableFromInline
enum DocumentEnvelope {
    @usableFromInline static let keys = KeyTable(["schemaVersion", "root"])
    @usableFromInline static let versionKey = 0
    @usableFromInline static let rootKey = 1
    @usableFromInline static let shape = "a document {\"schemaVersion\": n, \"root\": …}"
}

/// Writes `{"schemaVersion": n, "root": …}`; the version goes first, so a reader meets it first.
@usableFromInline
struct DocumentEnvelopeWriter<Root: ModelEncodable>: ModelEncodable {
    @usableFromInline let schemaVersion: Int
    @usableFromInline let root: Root

    @usableFromInline
    init(schemaVersion: Int, root: Root) {
        self.schemaVersion = schemaVersion
        self.root = root
    }

    @inlinable
    func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        try writer.beginDictionary(count: 2)
        try context.enter()
        try writer.writeKey("schemaVersion")
        try writer.write(Int64(schemaVersion))
        try writer.writeKey("root")
        try root.encode(to: &writer, context: context)
        context.leave()
        try writer.endDictionary()
    }
}

/// Reads only the schema version, skipping the root, to choose how the root must be read.
struct DocumentHeader: ModelDecodable {
    var schemaVersion: Int

    init<R: ModelReader>(from reader: inout R, context: DecodingContext) throws {
        guard try reader.beginDictionary() else {
            throw context.mismatch(expected: DocumentEnvelope.shape, foundKind: try reader.peekKind())
        }
        var version: Int?
        var hasRoot = false
        while true {
            let key = try reader.nextKey(in: DocumentEnvelope.keys)
            if key == .end { break }
            if key == .known(DocumentEnvelope.versionKey) {
                version = try context.decodeField(Int.self, at: .key("schemaVersion"), from: &reader, hasDefault: false)
            } else {
                hasRoot = hasRoot || key == .known(DocumentEnvelope.rootKey)
                try reader.skipValue()
            }
        }
        guard let version else { throw MappingError(.missingKey, at: "schemaVersion") }
        guard hasRoot else { throw MappingError(.missingKey, at: "root") }
        schemaVersion = version
    }
}

/// Reads the root out of the envelope; other keys, the version included, are skipped.
@usableFromInline
struct DocumentContents<Root: ModelDecodable>: ModelDecodable {
    @usableFromInline var root: Root

    @inlinable
    init<R: ModelReader>(from reader: inout R, context: DecodingContext) throws {
        guard try reader.beginDictionary() else {
            throw context.mismatch(expected: DocumentEnvelope.shape, foundKind: try reader.peekKind())
        }
        var root: Root?
        while true {
            let key = try reader.nextKey(in: DocumentEnvelope.keys)
            if key == .end { break }
            if key == .known(DocumentEnvelope.rootKey) {
                root = try context.decodeField(Root.self, at: .key("root"), from: &reader, hasDefault: false)
            } else {
                try reader.skipValue()
            }
        }
        guard let root else { throw MappingError(.missingKey, at: "root") }
        self.root = root
    }
}
