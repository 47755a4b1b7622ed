import Foundation

/// Decodes any plain `Decodable` type — no macro needed — from `[String: Any]`, JSON or property lists,
/// under ModelKit's rules: the lenient conversion table, errors with the full key path, and diagnostics for
/// conversions and for keys that no property reads.
///
/// ```swift
/// struct Repo: Codable { var stars: Int; var fork: Bool }
/// let repo = try ModelDecoder().decode(Repo.self, from: ["stars": "12", "fork": "yes"])
/// ```
public struct ModelDecoder: Sendable {
    /// The rules and limits.
    public var options: DecodingOptions

    /// Creates a decoder with `options`.
    public init(options: DecodingOptions = DecodingOptions()) {
        self.options = options
    }

    /// Decodes `type` from Foundation objects.
    public func decode<T: Decodable>(_ type: T.Type, from object: Any) throws -> T {
        try decodeWithDiagnostics(type, from: object).model
    }

    /// Decodes `type` from JSON or a property list, the format told from the bytes.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decodeWithDiagnostics(type, from: data).model
    }

    /// Decodes `type` from a ``Value`` tree.
    public func decode<T: Decodable>(_ type: T.Type, from value: Value) throws -> T {
        try decodeWithDiagnostics(type, from: value).model
    }

    /// Decodes `type` from Foundation objects and returns the diagnostics too.
    public func decodeWithDiagnostics<T: Decodable>(_ type: T.Type, from object: Any) throws -> Decoded<T> {
        if let data = object as? Data { return try decodeWithDiagnostics(type, from: data) }
        return try decodeWithDiagnostics(type, from: Value(object: object, options: options))
    }

    /// Decodes `type` from bytes and returns the diagnostics too.
    public func decodeWithDiagnostics<T: Decodable>(_ type: T.Type, from data: Data) throws -> Decoded<T> {
        try decodeWithDiagnostics(type, from: Value.decode(data: data, options: options).model)
    }

    /// Decodes `type` from a ``Value`` tree and returns the diagnostics too.
    public func decodeWithDiagnostics<T: Decodable>(_ type: T.Type, from value: Value) throws -> Decoded<T> {
        let context = DecodingContext(options: options)
        let state = ValueDecodingState(context: context)
        let decoder = ValueDecoding(value: value, codingPath: [], state: state)
        let model = try decoder.decodeValue(T.self)
        try state.reportUnreadKeys()
        return Decoded(model: model, diagnostics: context.diagnostics)
    }
}

extension Value {
    /// The tree of Foundation objects: `[String: Any]`, `NSDictionary`, arrays and scalars.
    public init(object: Any, options: DecodingOptions = DecodingOptions()) throws {
        self = try Value.decode(object: object, options: options).model
    }
}

/// What one decoding call shares between its containers: the context and the keys each dictionary had.
final class ValueDecodingState {
    let context: DecodingContext
    private var audits: [(path: [PathComponent], keys: [String], read: Box)] = []

    final class Box {
        var keys = Set<String>()
    }

    init(context: DecodingContext) {
        self.context = context
    }

    func audit(path: [PathComponent], keys: [String]) -> Box {
        let box = Box()
        audits.append((path, keys, box))
        return box
    }

    /// Notes (or, in strict mode, rejects) every key that no property asked for.
    func reportUnreadKeys() throws {
        for audit in audits {
            for key in audit.keys where !audit.read.keys.contains(key) {
                context.pathStack = audit.path
                try context.unknownKey(key)
            }
        }
        context.pathStack = []
    }

    /// Runs `body` with the context's path set to `path`, so conversions and errors say where they are.
    func at<Result>(_ path: [PathComponent], _ body: () throws -> Result) rethrows -> Result {
        let saved = context.pathStack
        context.pathStack = path
        defer { context.pathStack = saved }
        return try body()
    }
}

/// A `Decoder` over one ``Value``.
struct ValueDecoding: Decoder {
    let value: Value
    let path: [PathComponent]
    let state: ValueDecodingState

    init(value: Value, codingPath path: [PathComponent], state: ValueDecodingState) {
        self.value = value
        self.path = path
        self.state = state
    }

    var codingPath: [any CodingKey] {
        path.map { component in
            switch component {
            case .key(let key): AnyCodingKey(stringValue: key)
            case .index(let index): AnyCodingKey(intValue: index)
            }
        }
    }

    var userInfo: [CodingUserInfoKey: Any] { [CodableBridge.optionsKey: state.context.options] }

    func error(_ reason: MappingError.Reason) -> MappingError {
        MappingError(reason, at: ValuePath(path))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .dictionary(let entries) = value else {
            throw error(.typeMismatch(expected: "a dictionary", found: value.briefDescription))
        }
        let read = state.audit(path: path, keys: Array(entries.keys))
        return KeyedDecodingContainer(ValueKeyedContainer<Key>(decoder: self, entries: entries, read: read))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw error(.typeMismatch(expected: "an array", found: value.briefDescription))
        }
        return ValueUnkeyedContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ValueSingleContainer(decoder: self)
    }

    /// Decodes `T`: types ModelKit knows go through their own rules, the rest through `init(from:)`.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if let modelType = T.self as? any ModelDecodable.Type {
            return try decodeModel(modelType) as! T
        }
        return try T(from: self)
    }

    private func decodeModel<M: ModelDecodable>(_ type: M.Type) throws -> M {
        try state.at(path) {
            var reader = ValueReader(value)
            if case .null = value, let null = M.nullValue { return null }
            do {
                return try M(from: &reader, context: state.context)
            } catch let failure as MappingError where failure.path.components.isEmpty {
                throw state.context.located(failure, expecting: "\(M.self)")
            }
        }
    }

    func child(_ value: Value, _ component: PathComponent) -> ValueDecoding {
        ValueDecoding(value: value, codingPath: path + [component], state: state)
    }

    /// Converts a scalar by the conversion table, with the path set for its notes and errors.
    func convert<T>(_ body: (Value, DecodingContext) throws -> T) throws -> T {
        try state.at(path) { try body(value, state.context) }
    }

    func decodeScalar<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is Bool.Type: return try convert(ConversionRules.bool) as! T
        case is String.Type: return try convert(ConversionRules.string) as! T
        case is Double.Type:
            return try convert { try ConversionRules.floatingPoint($0, as: Double.self, context: $1) } as! T
        case is Float.Type:
            return try convert { try ConversionRules.floatingPoint($0, as: Float.self, context: $1) } as! T
        default: return try decodeValue(type)
        }
    }
}

struct ValueKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ValueDecoding
    let entries: OrderedDictionaryOfValues
    let read: ValueDecodingState.Box

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { entries.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        read.keys.insert(key.stringValue)
        return entries[key.stringValue] != nil
    }

    func child(_ key: Key) throws -> ValueDecoding {
        read.keys.insert(key.stringValue)
        guard let value = entries[key.stringValue] else {
            throw MappingError(.missingKey, at: ValuePath(decoder.path + [.key(key.stringValue)]))
        }
        return decoder.child(value, .key(key.stringValue))
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        read.keys.insert(key.stringValue)
        guard let value = entries[key.stringValue] else { return true }
        if case .null = value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try child(key).decodeScalar(type)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if try decodeNil(forKey: key) { return nil }
        return try decode(type, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder.child(.dictionary(entries), .key("super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try child(key)
    }
}

struct ValueUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: ValueDecoding
    let elements: [Value]
    var currentIndex = 0

    init(decoder: ValueDecoding, elements: [Value]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func next() throws -> ValueDecoding {
        guard !isAtEnd else {
            throw MappingError(.missingKey, at: ValuePath(decoder.path + [.index(currentIndex)]))
        }
        defer { currentIndex += 1 }
        return decoder.child(elements[currentIndex], .index(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next().decodeScalar(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try next()
    }
}

struct ValueSingleContainer: SingleValueDecodingContainer {
    let decoder: ValueDecoding

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        if case .null = decoder.value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.decodeScalar(type)
    }
}
