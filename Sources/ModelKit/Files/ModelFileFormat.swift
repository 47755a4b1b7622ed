import Foundation

/// The file formats ModelKit reads and writes.
public enum ModelFileFormat: String, Sendable, Hashable, CaseIterable {
    /// JSON (RFC 8259).
    case json
    /// An XML property list.
    case xmlPropertyList
    /// A binary property list (`bplist00`).
    case binaryPropertyList

    /// The format of `data`, told from its first bytes: `bplist00` is binary, `<?xml`, `<!DOCTYPE` or `<plist`
    /// is XML, anything else is taken as JSON.
    public static func detect(_ data: Data) -> ModelFileFormat {
        var prefix = data.prefix(64).makeIterator()
        var bytes: [UInt8] = []
        while let byte = prefix.next() { bytes.append(byte) }
        if bytes.starts(with: Array("bplist".utf8)) { return .binaryPropertyList }
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        if start < bytes.count, bytes[start] == UInt8(ascii: "<") { return .xmlPropertyList }
        return .json
    }

    /// Decodes `T` from `data` in this format.
    func decode<T: ModelDecodable>(_ type: T.Type, from data: Data, context: DecodingContext) throws -> T {
        let object = try foundationObject(from: data, maximumDepth: context.options.maximumDepth)
        var reader = FoundationObjectReader(object)
        return try context.decodeRoot(T.self, from: &reader)
    }

    /// Parses `data` with Foundation's serializers.
    func foundationObject(from data: Data, maximumDepth: Int) throws -> Any {
        switch self {
        case .json:
            do {
                return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            } catch {
                throw MappingError(
                    .malformedData(format: "JSON", location: "", detail: Self.detail(of: error)), at: ValuePath())
            }
        case .xmlPropertyList, .binaryPropertyList:
            do {
                return try PropertyListSerialization.propertyList(from: data, format: nil)
            } catch {
                throw MappingError(
                    .malformedData(format: "property list", location: "", detail: Self.detail(of: error)),
                    at: ValuePath())
            }
        }
    }

    static func detail(of error: any Error) -> String {
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
    }

    /// Encodes `model` in this format.
    func encode<Model: ModelEncodable>(_ model: Model, options: EncodingOptions) throws -> Data {
        var jsonOptions = options
        if self == .json { jsonOptions.nilEncoding = options.nilEncoding }
        let object = try model.foundationObject(options: jsonOptions)
        do {
            switch self {
            case .json:
                return try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed, .sortedKeys])
            case .xmlPropertyList:
                return try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
            case .binaryPropertyList:
                return try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
            }
        } catch {
            throw MappingError(
                .typeMismatch(expected: "a value \(rawValue) can hold", found: Self.detail(of: error)),
                at: ValuePath())
        }
    }
}
