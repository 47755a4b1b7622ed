import Foundation

/// What one ``ModelDecoder`` call shares between its containers: the document, the context, and marks.
///
/// `marks` runs beside the document's entries: at a key, 1 once a property asked for it (for the report of
/// unread keys); at a dictionary, the entry of the key found last, where the next lookup starts — `Codable`
/// asks for keys mostly in the order they were written, so most lookups are one comparison.
final class FlatDecodingState {
    let document: FlatDocument
    let context: DecodingContext
    private(set) var marks: [Int]
    /// The dictionaries opened as keyed containers, whose unread keys are reported at the end.
    private var openedDictionaries: [Int] = []
    /// The data keys of the coding keys asked for so far, under a key strategy that renames them.
    var renamedKeys: [String: String] = [:]

    init(document: FlatDocument, context: DecodingContext) {
        self.document = document
        self.context = context
        self.marks = Array(repeating: 0, count: document.entries.count)
    }

    func opened(_ dictionary: Int) {
        openedDictionaries.append(dictionary)
    }

    /// The entry of `key`'s key in the dictionary at `dictionary`, marked as read; `nil` if it is absent.
    func find(_ key: String, in dictionary: Int, end: Int) -> Int? {
        let entries = document.entries
        let first = dictionary + 1
        let hint = marks[dictionary]
        let start = hint > first && hint < end ? hint : first
        var index = start
        while index < end {
            if case .key(let text) = entries[index], text == key { return found(index, in: dictionary) }
            index = document.end(ofValueAt: index + 1)
        }
        index = first
        while index < start {
            if case .key(let text) = entries[index], text == key { return found(index, in: dictionary) }
            index = document.end(ofValueAt: index + 1)
        }
        return nil
    }

    private func found(_ index: Int, in dictionary: Int) -> Int {
        marks[index] = 1
        marks[dictionary] = index
        return index
    }

    /// Notes (or, in strict mode, rejects) every key of an opened dictionary that no property asked for.
    func reportUnreadKeys() throws {
        guard context.isStrict || context.options.collectsDiagnostics else { return }
        let entries = document.entries
        var unread: [(key: Int, dictionary: Int)] = []
        for dictionary in Set(openedDictionaries) {
            guard case .dictionary(_, let end) = entries[dictionary] else { continue }
            var index = dictionary + 1
            while index < end {
                if marks[index] == 0 { unread.append((index, dictionary)) }
                index = document.end(ofValueAt: index + 1)
            }
        }
        guard !unread.isEmpty else { return }
        let paths = paths(of: Set(unread.map(\.dictionary)))
        let saved = context.pathStack
        defer { context.pathStack = saved }
        // In document order, so that strict mode names the first unread key of the file.
        for (index, dictionary) in unread.sorted(by: { $0.key < $1.key }) {
            guard case .key(let key) = entries[index] else { continue }
            context.pathStack = saved + (paths[dictionary] ?? [])
            try context.unknownKey(key)
        }
    }

    /// The paths of the dictionaries at `targets`, found by one walk of the document without recursion.
    private func paths(of targets: Set<Int>) -> [Int: [PathComponent]] {
        let entries = document.entries
        var result: [Int: [PathComponent]] = [:]
        var open: [(end: Int, isDictionary: Bool, element: Int)] = []
        // The path of the value at `index`; a container's own component stays until it closes.
        var path: [PathComponent] = []
        var index = 0
        while index < entries.count {
            switch entries[index] {
            case .dictionary(_, let end):
                if targets.contains(index) { result[index] = path }
                open.append((end, true, 0))
            case .array(_, let end):
                open.append((end, false, 0))
            case .scalar, .key:
                if !open.isEmpty { path.removeLast() }
            }
            index += 1
            // Move to the next value, closing the containers that end here.
            while let top = open.last {
                if index >= top.end {
                    open.removeLast()
                    if !open.isEmpty { path.removeLast() }
                    continue
                }
                if top.isDictionary {
                    guard case .key(let key) = entries[index] else { return result }
                    path.append(.key(key))
                    index += 1
                } else {
                    path.append(.index(top.element))
                    open[open.count - 1].element += 1
                }
                break
            }
            if open.isEmpty { break }
        }
        return result
    }
}

extension FlatDecodingState {
    /// How the value at `index` is named in an error: `number 3`, `array of 2`.
    func briefDescription(at index: Int) -> String {
        switch document.entries[index] {
        case .scalar(let value): value.briefDescription
        case .array(let count, _): "array of \(count)"
        case .dictionary(let count, _): "dictionary of \(count)"
        case .key(let key): "key \"\(key)\""
        }
    }

    /// Runs `body` with `suffix` and `component` entered on the context's path, so notes and errors say where.
    func at<Result>(
        _ suffix: [PathComponent], _ component: PathComponent?, _ body: () throws -> Result
    ) throws -> Result {
        let depth = context.pathStack.count
        defer { context.pathStack.removeSubrange(depth...) }
        for entered in suffix { try context.push(entered) }
        if let component { try context.push(component) }
        return try body()
    }

    /// An error at the context's path followed by `suffix` and `component`.
    func error(_ reason: MappingError.Reason, _ suffix: [PathComponent], _ component: PathComponent?) -> MappingError {
        MappingError(reason, at: ValuePath(context.pathStack + suffix + (component.map { [$0] } ?? [])))
    }

    /// Decodes `T` from the value at `index`, its path already entered: types ModelKit knows read through
    /// their own rules, the rest through `init(from:)`.
    func decode<T: Decodable>(_ type: T.Type, at index: Int) throws -> T {
        if let modelType = T.self as? any ModelDecodable.Type {
            return try decodeModel(modelType, at: index) as! T
        }
        if let collectionType = T.self as? any FlatDecodableCollection.Type {
            return try collectionType.decodeCollection(in: self, at: index) as! T
        }
        return try T(from: FlatDecoding(state: self, index: index, suffix: []))
    }

    private func decodeModel<M: ModelDecodable>(_ type: M.Type, at index: Int) throws -> M {
        if case .scalar(.null) = document.entries[index], let null = M.nullValue { return null }
        var reader = FlatReader(document: document, position: index)
        do {
            return try M(from: &reader, context: context)
        } catch let failure as MappingError where failure.path.components.isEmpty {
            throw context.located(failure, expecting: "\(M.self)")
        }
    }

    /// Converts the scalar at `index` by `rule`, its path already entered.
    func convert<T>(at index: Int, expected: String, _ rule: (Value, DecodingContext) throws -> T) throws -> T {
        guard case .scalar(let value) = document.entries[index] else {
            throw context.error(.typeMismatch(expected: expected, found: briefDescription(at: index)))
        }
        return try rule(value, context)
    }

    /// Decodes a standard scalar at `index`: a value already of the type is taken as it is; anything else
    /// goes through the conversion table with `suffix` and `component` entered on the path.
    func scalar<T>(
        _ type: T.Type, at index: Int, _ suffix: [PathComponent], _ component: PathComponent?
    ) throws -> T {
        if case .scalar(let value) = document.entries[index], let exact = ScalarRule.exact(value, as: T.self) {
            return exact
        }
        return try at(suffix, component) {
            try convert(at: index, expected: "\(T.self)") { value, context in
                try ScalarRule.convert(value, as: T.self, context: context)
            }
        }
    }
}

/// The standard scalar types that `Codable` containers name in their own requirements.
enum ScalarRule {
    /// The value as `T` when it already is one, with no conversion to note.
    static func exact<T>(_ value: Value, as type: T.Type) -> T? {
        switch value {
        case .string(let text): return text as? T
        case .bool(let flag): return T.self == Bool.self ? flag as? T : nil
        case .integer(let number):
            if T.self == Int.self { return Int(exactly: number) as? T }
            if T.self == Double.self { return Double(number) as? T }
            if T.self == Int64.self { return number as? T }
            return nil
        case .double(let number):
            if T.self == Double.self { return number as? T }
            if T.self == Float.self { return Float(number) as? T }
            return nil
        default: return nil
        }
    }

    /// The value converted to `T` by the conversion table.
    static func convert<T>(_ value: Value, as type: T.Type, context: DecodingContext) throws -> T {
        switch type {
        case is String.Type: return try ConversionRules.string(value, context: context) as! T
        case is Bool.Type: return try ConversionRules.bool(value, context: context) as! T
        case is Double.Type: return try ConversionRules.floatingPoint(value, as: Double.self, context: context) as! T
        case is Float.Type: return try ConversionRules.floatingPoint(value, as: Float.self, context: context) as! T
        case let integer as any ModelInteger.Type: return try convertInteger(value, as: integer, context: context) as! T
        default: throw context.mismatch(expected: "\(T.self)", found: value)
        }
    }

    private static func convertInteger<I: ModelInteger>(
        _ value: Value, as type: I.Type, context: DecodingContext
    ) throws -> I {
        try ConversionRules.integer(value, as: I.self, context: context)
    }
}

/// A `Decoder` over one value of a ``FlatDocument``.
struct FlatDecoding: Decoder {
    let state: FlatDecodingState
    let index: Int
    /// Path components beyond the context's path: set for decoders that `superDecoder` hands out.
    let suffix: [PathComponent]

    var codingPath: [any CodingKey] { (state.context.pathStack + suffix).map(\.codingKey) }

    var userInfo: [CodingUserInfoKey: Any] { [CodableBridge.optionsKey: state.context.options] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .dictionary(_, let end) = state.document.entries[index] else {
            let found = state.briefDescription(at: index)
            throw state.error(.typeMismatch(expected: "a dictionary", found: found), suffix, nil)
        }
        state.opened(index)
        return KeyedDecodingContainer(
            FlatKeyedContainer<Key>(state: state, dictionary: index, end: end, suffix: suffix))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let count, let end) = state.document.entries[index] else {
            let found = state.briefDescription(at: index)
            throw state.error(.typeMismatch(expected: "an array", found: found), suffix, nil)
        }
        return FlatUnkeyedContainer(state: state, end: end, count: count, position: index + 1, suffix: suffix)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        FlatSingleValueContainer(decoder: self)
    }
}

extension PathComponent {
    /// The component as a coding key.
    var codingKey: any CodingKey {
        switch self {
        case .key(let key): AnyCodingKey(stringValue: key)
        case .index(let index): AnyCodingKey(intValue: index)
        }
    }
}

struct FlatKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let state: FlatDecodingState
    let dictionary: Int
    let end: Int
    let suffix: [PathComponent]

    var codingPath: [any CodingKey] { (state.context.pathStack + suffix).map(\.codingKey) }

    var allKeys: [Key] {
        var keys: [Key] = []
        var index = dictionary + 1
        while index < end {
            if case .key(let text) = state.document.entries[index], let key = Key(stringValue: text) {
                keys.append(key)
            }
            index = state.document.end(ofValueAt: index + 1)
        }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        state.find(state.dataKey(key), in: dictionary, end: end) != nil
    }

    /// The entry of the value under `key`, or `nil` when the key is absent.
    func valueIndex(_ key: Key) -> Int? {
        state.find(state.dataKey(key), in: dictionary, end: end).map { $0 + 1 }
    }

    func requiredValueIndex(_ key: Key) throws -> Int {
        guard let index = valueIndex(key) else { throw state.error(.missingKey, suffix, .key(state.dataKey(key))) }
        return index
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let index = valueIndex(key) else { return true }
        if case .scalar(.null) = state.document.entries[index] { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let index = try requiredValueIndex(key)
        return try state.at(suffix, .key(state.dataKey(key))) { try state.decode(type, at: index) }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = valueIndex(key) else { return nil }
        if case .scalar(.null) = state.document.entries[index] { return nil }
        return try state.at(suffix, .key(state.dataKey(key))) { try state.decode(type, at: index) }
    }

    func scalar<T>(_ type: T.Type, forKey key: Key) throws -> T {
        try state.scalar(type, at: try requiredValueIndex(key), suffix, .key(state.dataKey(key)))
    }

    func scalarIfPresent<T>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = valueIndex(key) else { return nil }
        if case .scalar(.null) = state.document.entries[index] { return nil }
        return try state.scalar(type, at: index, suffix, .key(state.dataKey(key)))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(type, forKey: key) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try scalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try scalarIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try scalarIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try scalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try scalarIfPresent(type, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let index = try requiredValueIndex(key)
        return try FlatDecoding(state: state, index: index, suffix: suffix + [.key(state.dataKey(key))])
            .container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let index = try requiredValueIndex(key)
        return try FlatDecoding(state: state, index: index, suffix: suffix + [.key(state.dataKey(key))])
            .unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        FlatDecoding(state: state, index: dictionary, suffix: suffix + [.key("super")])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        FlatDecoding(state: state, index: try requiredValueIndex(key), suffix: suffix + [.key(state.dataKey(key))])
    }
}

struct FlatUnkeyedContainer: UnkeyedDecodingContainer {
    let state: FlatDecodingState
    let end: Int
    let count: Int?
    /// The entry of the next element.
    var position: Int
    let suffix: [PathComponent]
    var currentIndex = 0

    init(state: FlatDecodingState, end: Int, count: Int, position: Int, suffix: [PathComponent]) {
        self.state = state
        self.end = end
        self.count = count
        self.position = position
        self.suffix = suffix
    }

    var codingPath: [any CodingKey] { (state.context.pathStack + suffix).map(\.codingKey) }
    var isAtEnd: Bool { position >= end }

    /// The next element's entry; the container moves past it only once it is decoded.
    func nextIndex() throws -> Int {
        guard !isAtEnd else { throw state.error(.missingKey, suffix, .index(currentIndex)) }
        return position
    }

    mutating func advance() {
        position = state.document.end(ofValueAt: position)
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .scalar(.null) = state.document.entries[position] else { return false }
        advance()
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let index = try nextIndex()
        let element = try state.at(suffix, .index(currentIndex)) { try state.decode(type, at: index) }
        advance()
        return element
    }

    mutating func scalar<T>(_ type: T.Type) throws -> T {
        let element = try state.scalar(type, at: try nextIndex(), suffix, .index(currentIndex))
        advance()
        return element
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar(type) }
    mutating func decode(_ type: String.Type) throws -> String { try scalar(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try FlatDecoding(state: state, index: try nextIndex(), suffix: suffix + [.index(currentIndex)])
            .container(keyedBy: type)
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try FlatDecoding(state: state, index: try nextIndex(), suffix: suffix + [.index(currentIndex)])
            .unkeyedContainer()
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = FlatDecoding(state: state, index: try nextIndex(), suffix: suffix + [.index(currentIndex)])
        advance()
        return decoder
    }
}

struct FlatSingleValueContainer: SingleValueDecodingContainer {
    let decoder: FlatDecoding

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        if case .scalar(.null) = decoder.state.document.entries[decoder.index] { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.state.at(decoder.suffix, nil) { try decoder.state.decode(type, at: decoder.index) }
    }

    func scalar<T>(_ type: T.Type) throws -> T {
        try decoder.state.scalar(type, at: decoder.index, decoder.suffix, nil)
    }

    func decode(_ type: Bool.Type) throws -> Bool { try scalar(type) }
    func decode(_ type: String.Type) throws -> String { try scalar(type) }
    func decode(_ type: Double.Type) throws -> Double { try scalar(type) }
    func decode(_ type: Float.Type) throws -> Float { try scalar(type) }
    func decode(_ type: Int.Type) throws -> Int { try scalar(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) }
}
