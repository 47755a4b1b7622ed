import Foundation

/// A decoded model with the notes of what the lenient rules did on the way.
public struct Decoded<Model> {
    /// The model.
    public var model: Model
    /// What was converted, defaulted, dropped or not read, each with its path.
    public var diagnostics: [Diagnostic]

    /// Pairs a model with its diagnostics.
    @inlinable
    public init(model: Model, diagnostics: [Diagnostic]) {
        self.model = model
        self.diagnostics = diagnostics
    }
}

extension Decoded: Sendable where Model: Sendable {}

// The initializers return the model alone, so they do not collect diagnostics that nobody could read (a
// tenth of the time of decoding Weibo's statuses, whose sizes are often text); `decode(…)` returns them.

extension ModelDecodable {
    /// Decodes from a dictionary, the seeds' `initWithDict:`.
    @inlinable
    public init(dictionary: [String: Any], options: DecodingOptions = DecodingOptions()) throws {
        self = try DecodingContext(options: options.modelOnly).decodeRoot(Self.self, object: dictionary)
    }

    /// Decodes from any Foundation object: `NSDictionary`, `[Any]`, `NSArray`, or a scalar.
    @inlinable
    public init(object: Any, options: DecodingOptions = DecodingOptions()) throws {
        self = try DecodingContext(options: options.modelOnly).decodeRoot(Self.self, object: object)
    }

    /// Decodes from a ``Value`` tree.
    @inlinable
    public init(value: Value, options: DecodingOptions = DecodingOptions()) throws {
        self = try DecodingContext(options: options.modelOnly).decodeRoot(Self.self, value: value)
    }

    /// Decodes from JSON, an XML property list or a binary property list; the format is told from the bytes.
    ///
    /// The module that calls it compiles the three formats' readers for the model; for JSON alone,
    /// ``init(json:options:)`` is compiled once, in ModelKit, and decodes as fast.
    @inlinable
    public init(data: Data, options: DecodingOptions = DecodingOptions()) throws {
        self = try DecodingContext(options: options.modelOnly).decodeRoot(Self.self, data: data, format: nil)
    }

    /// Decodes from a file: JSON, XML property list or binary property list, told from the content.
    @inlinable
    public init(contentsOf url: URL, options: DecodingOptions = DecodingOptions()) throws {
        self = try Self.decode(contentsOf: url, options: options.modelOnly).model
    }

    /// Decodes from a bundle resource by its file name (`"app.plist"`), like MJExtension's
    /// `objectArrayWithFilename:`.
    @inlinable
    public init(
        resource name: String, in bundle: Bundle = .main, options: DecodingOptions = DecodingOptions()
    )
        throws
    {
        let base = (name as NSString).deletingPathExtension
        let pathExtension = (name as NSString).pathExtension
        guard let url = bundle.url(forResource: base, withExtension: pathExtension.isEmpty ? nil : pathExtension)
        else {
            throw MappingError(.file(path: name, detail: "no such resource in \(bundle.bundlePath)"), at: ValuePath())
        }
        self = try Self.decode(contentsOf: url, options: options.modelOnly).model
    }

    /// Decodes from Foundation objects and returns the diagnostics too.
    @inlinable
    public static func decode(object: Any, options: DecodingOptions = DecodingOptions()) throws -> Decoded<Self> {
        let context = DecodingContext(options: options)
        let model = try context.decodeRoot(Self.self, object: object)
        return Decoded(model: model, diagnostics: context.diagnostics)
    }

    /// Decodes from a ``Value`` tree and returns the diagnostics too.
    @inlinable
    public static func decode(value: Value, options: DecodingOptions = DecodingOptions()) throws -> Decoded<Self> {
        let context = DecodingContext(options: options)
        let model = try context.decodeRoot(Self.self, value: value)
        return Decoded(model: model, diagnostics: context.diagnostics)
    }

    /// Decodes from bytes in any supported format and returns the diagnostics too.
    @inlinable
    public static func decode(data: Data, options: DecodingOptions = DecodingOptions()) throws -> Decoded<Self> {
        try decode(data: data, format: ModelFileFormat.detect(data), options: options)
    }

    /// Decodes from bytes in `format` and returns the diagnostics too.
    @inlinable
    public static func decode(
        data: Data, format: ModelFileFormat, options: DecodingOptions = DecodingOptions()
    )
        throws -> Decoded<Self>
    {
        let context = DecodingContext(options: options)
        let model = try context.decodeRoot(Self.self, data: data, format: format)
        return Decoded(model: model, diagnostics: context.diagnostics)
    }

    /// Decodes from a file and returns the diagnostics too; errors name the file.
    @inlinable
    public static func decode(
        contentsOf url: URL, options: DecodingOptions = DecodingOptions()
    ) throws -> Decoded<
        Self
    > {
        let data = try ModelFile.read(url, limit: options.maximumInputBytes)
        do {
            return try decode(data: data, options: options)
        } catch let error as MappingError {
            throw error.inFile(url.lastPathComponent)
        }
    }
}

extension DecodingContext {
    // The initializers call these directly rather than take `.model` from a `Decoded`: that copied the whole
    // model, every string retained and released, for each model decoded.

    /// Decodes the root of Foundation objects.
    @inlinable
    func decodeRoot<T: ModelDecodable>(_ type: T.Type, object: Any) throws -> T {
        var reader = FoundationObjectReader(object)
        return try decodeRoot(type, from: &reader)
    }

    /// Decodes the root of a ``Value`` tree.
    @inlinable
    func decodeRoot<T: ModelDecodable>(_ type: T.Type, value: Value) throws -> T {
        var reader = ValueReader(value)
        return try decodeRoot(type, from: &reader)
    }

    /// Decodes the root of bytes in `format`, or in the format told from the bytes when `format` is `nil`.
    @inlinable
    func decodeRoot<T: ModelDecodable>(_ type: T.Type, data: Data, format: ModelFileFormat?) throws -> T {
        guard data.count <= options.maximumInputBytes else {
            throw MappingError(.tooLarge("\(data.count) bytes, limit \(options.maximumInputBytes)"), at: ValuePath())
        }
        return try data.withUnsafeBytes { raw in
            try (format ?? ModelFileFormat.detect(bytes: raw)).decode(type, fromBytes: raw, context: self)
        }
    }

    /// Decodes the root value, with the same located errors as nested values.
    @inlinable
    func decodeRoot<T: ModelDecodable, R: ModelReader>(_ type: T.Type, from reader: inout R) throws -> T {
        if try reader.decodeNull() { return try nullRoot(T.self) }
        do {
            return try T.decodedValue(from: &reader, context: self)
        } catch let error as MappingError where error.path.components.isEmpty {
            throw located(error, expecting: "\(T.self)")
        }
    }

    // Apart, so that the root's path in generic code (`init(json:)`, compiled once in ModelKit) makes no
    // `Optional<T>`: its metadata cost 300 instructions on every call, 2% of decoding user.json.
    /// The value `T` stands for a `null` root with, or the error that it has none.
    @inlinable @inline(never)
    func nullRoot<T: ModelDecodable>(_ type: T.Type) throws -> T {
        if let null = T.nullValue { return null }
        throw mismatch(expected: "\(T.self)", foundKind: .null)
    }
}

extension MappingError {
    /// The error with the file's name in front of its location, so a message says which file failed.
    @usableFromInline
    func inFile(_ name: String) -> MappingError {
        var error = self
        switch reason {
        case .malformedData(let format, let location, let detail):
            error.reason = .malformedData(format: format, location: "\(name) \(location)", detail: detail)
        case .file:
            break
        default:
            error.reason = .file(path: name, detail: "\(path): \(reasonDescription)")
        }
        return error
    }
}

extension ModelEncodable {
    /// The model as a ``Value`` tree.
    @inlinable
    public func value(options: EncodingOptions = EncodingOptions()) throws -> Value {
        var writer = ValueWriter()
        try encode(to: &writer, context: EncodingContext(options: options))
        return writer.result ?? .null
    }

    /// The model as Foundation objects (`[String: Any]` for a model, `[Any]` for an array of models).
    @inlinable
    public func foundationObject(options: EncodingOptions = EncodingOptions()) throws -> Any {
        var writer = FoundationObjectWriter()
        try encodeValue(to: &writer, context: EncodingContext(options: options))
        return writer.result ?? NSNull()
    }

    /// The model as a dictionary, the reverse of ``ModelDecodable/init(dictionary:options:)``.
    @inlinable
    public func dictionary(options: EncodingOptions = EncodingOptions()) throws -> [String: Any] {
        let object = try foundationObject(options: options)
        guard let dictionary = object as? [String: Any] else {
            throw MappingError(
                .typeMismatch(expected: "a model that encodes as a dictionary", found: "\(type(of: object))"),
                at: ValuePath())
        }
        return dictionary
    }

    /// The model in `format`'s bytes.
    @inlinable
    public func data(format: ModelFileFormat, options: EncodingOptions = EncodingOptions()) throws -> Data {
        try format.encode(self, options: options)
    }

    /// The model in `format`'s bytes, handed to `sink` in order as they are made: a large binary property list
    /// goes to a file in pieces instead of being held whole.
    @inlinable
    public func write(
        format: ModelFileFormat, options: EncodingOptions = EncodingOptions(),
        to sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        try format.encode(self, options: options, to: sink)
    }

    /// The model as JSON.
    @inlinable
    public func jsonData(options: EncodingOptions = EncodingOptions()) throws -> Data {
        try data(format: .json, options: options)
    }

    /// The model as a property list, binary unless asked otherwise.
    @inlinable
    public func propertyListData(binary: Bool = true, options: EncodingOptions = EncodingOptions()) throws -> Data {
        try data(format: binary ? .binaryPropertyList : .xmlPropertyList, options: options)
    }

    /// Writes the model to `url` atomically (a temporary file in the same folder, then a rename), so a crash
    /// leaves the old file or the new one, never half of one.
    @inlinable
    public func write(to url: URL, format: ModelFileFormat, options: EncodingOptions = EncodingOptions()) throws {
        let bytes = try data(format: format, options: options)
        do {
            try bytes.write(to: url, options: .atomic)
        } catch {
            throw MappingError(.file(path: url.path, detail: error.localizedDescription), at: ValuePath())
        }
    }
}

/// Reading files with a size limit and errors that name them.
@usableFromInline
enum ModelFile {
    @usableFromInline
    static func read(_ url: URL, limit: Int) throws -> Data {
        let path = url.path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw MappingError(
                .file(path: path, detail: "cannot be read: no such file or no permission"), at: ValuePath())
        }
        if let size = attributes[.size] as? Int, size > limit {
            throw MappingError(
                .file(path: path, detail: "\(size) bytes is over the limit of \(limit)"), at: ValuePath())
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw MappingError(.file(path: path, detail: error.localizedDescription), at: ValuePath())
        }
    }
}
