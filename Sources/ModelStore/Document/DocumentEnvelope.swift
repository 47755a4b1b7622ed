import ModelKit

// A document file is one dictionary, {"schemaVersion": n, "root": …, "checksum": "ModelStore-XXH64:…"}, so that
// the version can be read before the root, and a root of any kind (array, dictionary, scalar) fits. The checksum
// comes last, after every byte it guards (see StoreChecksum); files from before it have only the first two keys.

// The writer and the root's reader are inlinable, so that they are compiled for the app's root type.

/// The keys of the envelope, in the order they are written.
@usableFromInline
enum DocumentEnvelope {
    @usableFromInline static let keys = KeyTable(["schemaVersion", "root", "checksum"])
    @usableFromInline static let versionKey = 0
    @usableFromInline static let rootKey = 1
    @usableFromInline static let checksumKey = 2
    @usableFromInline static let shape = "a document {\"schemaVersion\": n, \"root\": …, \"checksum\": …}"
}

/// Writes `{"schemaVersion": n, "root": …, "checksum": …}`; the version goes first, so a reader meets it first,
/// and the checksum last, after everything it guards.
@usableFromInline
struct DocumentEnvelopeWriter<Root: ModelEncodable>: ModelEncodable {
    @usableFromInline let schemaVersion: Int
    @usableFromInline let root: Root
    /// The ``StoreChecksum/placeholder()`` the save replaces with the file's checksum.
    @usableFromInline let checksumPlaceholder: String

    @usableFromInline
    init(schemaVersion: Int, root: Root, checksumPlaceholder: String) {
        self.schemaVersion = schemaVersion
        self.root = root
        self.checksumPlaceholder = checksumPlaceholder
    }

    @inlinable
    func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        try writer.beginDictionary(count: 3)
        try context.enter()
        try writer.writeKey("schemaVersion")
        try writer.write(Int64(schemaVersion))
        try writer.writeKey("root")
        try root.encode(to: &writer, context: context)
        try writer.writeKey("checksum")
        try writer.write(checksumPlaceholder)
        context.leave()
        try writer.endDictionary()
    }
}

/// Reads the schema version, to choose how the root must be read, and what tells this document from another:
/// the checksum field, any key the envelope should not have, and the root's own keys.
struct DocumentHeader: ModelDecodable {
    var schemaVersion: Int
    /// The checksum field's text, when there is one.
    var checksum: String?
    /// Keys of the envelope other than its three, which a file of this store never has.
    var foreignKeys: [String] = []
    /// The keys of the root when it is a dictionary, or of the root's first element when it is an array of
    /// dictionaries: a document of another type shares none of them with this one.
    var rootKeys: [String] = []

    init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        guard try reader.beginDictionary() else {
            throw context.mismatch(expected: DocumentEnvelope.shape, foundKind: try reader.peekKind())
        }
        var version: Int?
        var hasRoot = false
        while true {
            let key = try reader.nextKey(in: DocumentEnvelope.keys)
            switch key {
            case .end:
                break
            case .known(DocumentEnvelope.versionKey):
                version = try context.decodeField(Int.self, at: .key("schemaVersion"), from: &reader, hasDefault: false)
                continue
            case .known(DocumentEnvelope.rootKey):
                hasRoot = true
                rootKeys = try Self.keys(ofRoot: &reader)
                continue
            case .known(DocumentEnvelope.checksumKey):
                guard case .string(let text) = try reader.readScalar() else {
                    throw MappingError(.typeMismatch(expected: "a checksum", found: "another kind"), at: "checksum")
                }
                checksum = text
                continue
            default:
                foreignKeys.append(reader.currentKey())
                try reader.skipValue()
                continue
            }
            break
        }
        guard let version else { throw MappingError(.missingKey, at: "schemaVersion") }
        guard hasRoot else { throw MappingError(.missingKey, at: "root") }
        schemaVersion = version
    }

    /// Reads past the root, noting its keys, or its first element's.
    private static func keys<R: ModelReader>(ofRoot reader: inout R) throws -> [String] {
        let none = KeyTable([])
        var keys: [String] = []
        if try reader.beginDictionary() {
            while try reader.nextKey(in: none) != .end {
                keys.append(reader.currentKey())
                try reader.skipValue()
            }
        } else if try reader.beginArray() {
            var first = true
            while try reader.nextElement() {
                if first, try reader.beginDictionary() {
                    while try reader.nextKey(in: none) != .end {
                        keys.append(reader.currentKey())
                        try reader.skipValue()
                    }
                } else {
                    try reader.skipValue()
                }
                first = false
            }
        } else {
            try reader.skipValue()
        }
        return keys
    }
}

/// Reads the root out of the envelope; other keys, the version included, are skipped.
@usableFromInline
struct DocumentContents<Root: ModelDecodable>: ModelDecodable {
    @usableFromInline var root: Root

    @inlinable
    init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
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
