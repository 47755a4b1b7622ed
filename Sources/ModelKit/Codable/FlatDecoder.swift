import Foundation

/// What one ``ModelDecoder`` call shares between its containers: the document, the context, and marks.
///
/// `marks` runs beside the document's entries: at a key, 1 once a property asked for it (for the report of
/// unread keys); at a dictionary, the entry of the key after the one found last, where the next lookup starts
/// — `Codable` asks for keys mostly in the order they were written, so most lookups are one comparison.
///
/// A key repeated in one dictionary counts with its last value, as on every other path. The lookup from the
/// hint finds the first, so a call first decodes as if keys were unique and then checks, from the marks,
/// whether a key that was read appears again unread (``readKeyRepeats()``); only then is the document decoded
/// again with ``lastKeyWins``, where a lookup takes the last entry of its key from a list of each dictionary's
/// keys made at its first lookup.
final class FlatDecodingState {
    let document: FlatDocument
    let context: DecodingContext

    /// What the containers change as they decode, besides the marks.
    struct Marks {
        /// The dictionaries opened as keyed containers, whose unread keys are reported at the end and
        /// checked for repeats.
        var openedDictionaries: [Int] = []
        /// How many keys the opened dictionaries have (a dictionary opened twice counts twice), and how many
        /// keys were read: when the two are equal, no key is left unread, so none repeats a read one.
        var openedKeyCount = 0
        var readKeyCount = 0
        /// For a call decoded again because keys repeat: each dictionary's keys and their entries, in order.
        var entriesOfKeys: [Int: [String: [Int]]] = [:]
        /// The data keys of the coding keys asked for so far, under a key strategy that renames them.
        var renamedKeys: [String: String] = [:]
        /// How each type met so far decodes, so that its conformances are looked up once per call.
        var routes: [ObjectIdentifier: Route] = [:]
        /// The type looked up last and its route, in front of `routes`: a document of one model type makes
        /// no dictionary.
        var lastRouted: (type: ObjectIdentifier, route: Route)?
        /// The path suffixes that ``PathSuffix`` values name; the first is empty.
        var suffixes: [[PathComponent]] = [[]]
    }

    /// How a `Decodable` type is decoded.
    enum Route {
        /// By its own ``ModelDecodable`` rules, through a ``FlatReader``.
        case model(any ModelDecodable.Type)
        /// As a lossy collection (see ``FlatDecodableCollection``); `model` is the type as a ``ModelDecodable``
        /// when it is one too, whose rules decode a value that is not an array (and word its error).
        case collection(any FlatDecodableCollection.Type, model: (any ModelDecodable.Type)?)
        /// Through its `init(from:)`.
        case plain
    }

    // Kept behind a pointer rather than in stored `var`s, as `DecodingContext` keeps its levels: Swift checks
    // every access to a class's stored `var` for exclusivity at run time, and every key that a property asks
    // for reads and writes the marks. The state is confined to one decoding call.
    private let mutable: UnsafeMutablePointer<Marks>
    /// One mark per entry of the document, allocated with the state and freed with it: written at every key
    /// found, where an array's uniqueness check cost more than the write.
    private let marks: UnsafeMutableBufferPointer<Int>
    /// Whether the call renames keys to snake_case, read at every key.
    let isSnakeCase: Bool
    /// Whether unread keys are noted or rejected.
    let reportsUnreadKeys: Bool
    /// Whether a lookup returns the last of a key's entries in its dictionary rather than the first it meets.
    let lastKeyWins: Bool

    var renamedKeys: [String: String] {
        _read { yield mutable.pointee.renamedKeys }
        _modify { yield &mutable.pointee.renamedKeys }
    }

    init(document: FlatDocument, context: DecodingContext, lastKeyWins: Bool = false) {
        self.document = document
        self.context = context
        self.isSnakeCase = context.options.keyStrategy == .snakeCase
        self.reportsUnreadKeys = context.isStrict || context.options.collectsDiagnostics
        self.lastKeyWins = lastKeyWins
        mutable = UnsafeMutablePointer.allocate(capacity: 1)
        mutable.initialize(to: Marks())
        marks = UnsafeMutableBufferPointer.allocate(capacity: document.entries.count)
        marks.initialize(repeating: 0)
    }

    deinit {
        mutable.deinitialize(count: 1)
        mutable.deallocate()
        marks.deallocate()
    }

    /// The components that `suffix` names.
    func components(_ suffix: PathSuffix) -> [PathComponent] {
        suffix.id == 0 ? [] : mutable.pointee.suffixes[suffix.id]
    }

    /// `suffix` followed by `component`, for a nested container or decoder.
    func suffix(_ suffix: PathSuffix, appending component: PathComponent) -> PathSuffix {
        mutable.pointee.suffixes.append(components(suffix) + [component])
        return PathSuffix(id: mutable.pointee.suffixes.count - 1)
    }

    func opened(_ dictionary: Int) {
        mutable.pointee.openedDictionaries.append(dictionary)
        mutable.pointee.openedKeyCount &+= document.entries[dictionary].count
    }

    /// How `type` decodes: from this call's cache, else from the process's, else by its conformances.
    func route<T: Decodable>(for type: T.Type) -> Route {
        let key = ObjectIdentifier(type)
        if let last = mutable.pointee.lastRouted, last.type == key { return last.route }
        if let known = mutable.pointee.routes[key] {
            mutable.pointee.lastRouted = (key, known)
            return known
        }
        let route = RouteCache.shared.route(for: type)
        // The first type of a call lives in `lastRouted` alone; from the second on, every type is in `routes`.
        if let last = mutable.pointee.lastRouted {
            if mutable.pointee.routes.isEmpty { mutable.pointee.routes[last.type] = last.route }
            mutable.pointee.routes[key] = route
        }
        mutable.pointee.lastRouted = (key, route)
        return route
    }

    /// The entry of `key`'s key in the dictionary at `dictionary`, marked as read; `nil` if it is absent.
    ///
    /// Keys are compared on their UTF-8 bytes: a key from JSON without escapes is never made into a `String`.
    @inline(__always)
    func find(_ key: String, in dictionary: Int, end: Int) -> Int? {
        if lastKeyWins { return findLast(key, in: dictionary, end: end) }
        return key.withUTF8Bytes { find(utf8: $0, in: dictionary, end: end) }
    }

    private func find(utf8 key: UnsafeBufferPointer<UInt8>, in dictionary: Int, end: Int) -> Int? {
        let first = dictionary + 1
        let hint = marks[dictionary]
        let start = hint > first && hint < end ? hint : first
        let shape = KeyShape(UnsafeRawBufferPointer(key))
        // The entries and the text are borrowed once for the whole walk: a key that is absent is compared with
        // every key of its dictionary.
        let index: Int? = document.entries.withUnsafeBufferPointer { entries in
            document.bytes.withUnsafeBytes { text in
                func matches(_ index: Int) -> Bool {
                    let entry = entries[index]
                    guard entry.kind == .key else {
                        return entry.isKey && document.key(at: index).utf8.elementsEqual(key)
                    }
                    let keyStart = Int(entry.start)
                    let length = entry.end &- keyStart
                    guard length == key.count else { return false }
                    let candidate = UnsafeRawBufferPointer(rebasing: text[keyStart..<(keyStart &+ length)])
                    guard KeyShape(candidate) == shape else { return false }
                    return length <= KeyShape.wholeKeyLength
                        || memcmp(candidate.baseAddress!, key.baseAddress!, length) == 0
                }
                func next(after key: Int) -> Int {
                    let value = entries[key &+ 1]
                    return value.kind.rawValue >= FlatEntry.Kind.array.rawValue ? value.end : key &+ 2
                }
                var index = start
                while index < end {
                    if matches(index) { return index }
                    index = next(after: index)
                }
                index = first
                while index < start {
                    if matches(index) { return index }
                    index = next(after: index)
                }
                return nil
            }
        }
        guard let index else { return nil }
        return found(index, in: dictionary)
    }

    /// The last entry of `key` in the dictionary at `dictionary`, with every entry of the key marked as read,
    /// for a call decoded again because keys repeat.
    ///
    /// Each dictionary's keys are listed once, so that a type asking for every key of a large dictionary does
    /// not walk the whole dictionary at each key.
    private func findLast(_ key: String, in dictionary: Int, end: Int) -> Int? {
        if mutable.pointee.entriesOfKeys[dictionary] == nil {
            var entriesOfKeys: [String: [Int]] = [:]
            var index = dictionary + 1
            while index < end {
                if document.entries[index].isKey { entriesOfKeys[document.key(at: index), default: []].append(index) }
                index = document.end(ofValueAt: index + 1)
            }
            mutable.pointee.entriesOfKeys[dictionary] = entriesOfKeys
        }
        guard let entries = mutable.pointee.entriesOfKeys[dictionary]?[key], let last = entries.last else {
            return nil
        }
        for entry in entries { marks[entry] = 1 }
        return found(last, in: dictionary)
    }

    /// Whether a key that a property read appears again, unread, in one of the opened dictionaries: then the
    /// value read was not the last, and the call must decode again with ``lastKeyWins``.
    ///
    /// A document whose keys were all read costs one comparison of two counts. Otherwise each dictionary with
    /// both read and unread keys is checked in time linear in its size: its unread keys are compared on their
    /// bytes with up to 16 read ones, or looked up among more in a set.
    func readKeyRepeats() -> Bool {
        guard mutable.pointee.readKeyCount < mutable.pointee.openedKeyCount else { return false }
        let entries = document.entries
        for dictionary in mutable.pointee.openedDictionaries where entries[dictionary].kind == .dictionary {
            let end = entries[dictionary].end
            func forEachKey(read: Bool, _ body: (Int) -> Bool) -> Bool {
                var index = dictionary + 1
                while index < end {
                    if entries[index].isKey && (marks[index] == 1) == read && body(index) { return true }
                    index = document.end(ofValueAt: index + 1)
                }
                return false
            }
            var readCount = 0
            _ = forEachKey(read: true) { _ in
                readCount += 1
                return false
            }
            guard readCount > 0, readCount < entries[dictionary].count else { continue }
            let repeats: Bool
            if readCount <= 16 {
                repeats = withUnsafeTemporaryAllocation(of: Int.self, capacity: 16) { read in
                    var count = 0
                    _ = forEachKey(read: true) { key in
                        read[count] = key
                        count += 1
                        return false
                    }
                    return forEachKey(read: false) { key in
                        read[..<count].contains { document.keysAreEqual($0, key) }
                    }
                }
            } else {
                var names: Set<String> = []
                _ = forEachKey(read: true) { key in
                    names.insert(document.key(at: key))
                    return false
                }
                repeats = forEachKey(read: false) { names.contains(document.key(at: $0)) }
            }
            if repeats { return true }
        }
        return false
    }

    private func found(_ index: Int, in dictionary: Int) -> Int {
        mutable.pointee.readKeyCount &+= 1 &- marks[index]
        marks[index] = 1
        // The next lookup starts at the key after this one.
        marks[dictionary] = document.end(ofValueAt: index + 1)
        return index
    }

    /// Notes (or, in strict mode, rejects) every key of an opened dictionary that no property asked for.
    func reportUnreadKeys() throws {
        guard context.isStrict || context.options.collectsDiagnostics else { return }
        let entries = document.entries
        var unread: [(key: Int, dictionary: Int)] = []
        for dictionary in Set(mutable.pointee.openedDictionaries) {
            guard entries[dictionary].kind == .dictionary else { continue }
            let end = entries[dictionary].end
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
            guard entries[index].isKey else { continue }
            context.pathStack = saved + (paths[dictionary] ?? [])
            try context.unknownKey(document.key(at: index))
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
            let entry = entries[index]
            switch entry.kind {
            case .dictionary:
                if targets.contains(index) { result[index] = path }
                open.append((entry.end, true, 0))
            case .array:
                open.append((entry.end, false, 0))
            default:
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
                    guard entries[index].isKey else { return result }
                    path.append(.key(document.key(at: index)))
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
        let entry = document.entries[index]
        switch entry.kind {
        case .array: return "array of \(entry.count)"
        case .dictionary: return "dictionary of \(entry.count)"
        case .key, .escapedKey, .storedKey: return "key \"\(document.key(at: index))\""
        default: return document.value(at: index)?.briefDescription ?? "nothing"
        }
    }

    /// Runs `body` with `suffix` and `component` entered on the context's path, so notes and errors say where.
    func at<Result>(
        _ suffix: PathSuffix, _ component: PathComponent?, _ body: () throws -> Result
    ) throws -> Result {
        let depth = context.pathDepth
        defer { context.truncatePath(to: depth) }
        if suffix.id != 0 {
            for entered in components(suffix) { try context.push(entered) }
        }
        if let component { try context.push(component) }
        return try body()
    }

    /// An error at the context's path followed by `suffix` and `component`.
    func error(_ reason: MappingError.Reason, _ suffix: PathSuffix, _ component: PathComponent?) -> MappingError {
        MappingError(reason, at: ValuePath(context.pathStack + components(suffix) + (component.map { [$0] } ?? [])))
    }

    /// Decodes `T` from the value at `index`, its path already entered: types ModelKit knows read through
    /// their own rules, the rest through `init(from:)`.
    func decode<T: Decodable>(_ type: T.Type, at index: Int, route: Route? = nil) throws -> T {
        switch route ?? self.route(for: T.self) {
        case .model(let modelType): return try decodeModel(modelType, at: index, as: T.self)
        case .collection(let collectionType, let modelType):
            if let modelType, document.entries[index].kind != .array {
                return try decodeModel(modelType, at: index, as: T.self)
            }
            return try decodeCollection(collectionType, at: index, as: T.self)
        case .plain: return try T(from: FlatDecoding(state: self, index: index, suffix: .none))
        }
    }

    /// `M` is `T`: the model is handed back as `T` without a box around it.
    private func decodeModel<M: ModelDecodable, T>(_ type: M.Type, at index: Int, as _: T.Type) throws -> T {
        if document.entries[index].isNull, let null = M.nullValue { return null as! T }
        var reader = FlatReader(document: document, position: index)
        do {
            return try M(from: &reader, context: context) as! T
        } catch let failure as MappingError where failure.path.components.isEmpty {
            throw context.located(failure, expecting: "\(M.self)")
        }
    }

    private func decodeCollection<C: FlatDecodableCollection, T>(
        _ type: C.Type, at index: Int, as _: T.Type
    ) throws -> T {
        try C.decodeCollection(in: self, at: index) as! T
    }

    /// Decodes `T` under `name` of the dictionary at `dictionary`, which ends at `end`, with the path entered.
    func decode<T: Decodable>(
        _ type: T.Type, named name: String, in dictionary: Int, end: Int, _ suffix: PathSuffix
    ) throws -> T {
        guard let key = find(name, in: dictionary, end: end) else { throw error(.missingKey, suffix, .key(name)) }
        return try at(suffix, .key(name)) { try decode(type, at: key + 1) }
    }

    /// Decodes `T` under `name`, or `nil` when the key is absent or its value is `null`.
    func decodeIfPresent<T: Decodable>(
        _ type: T.Type, named name: String, in dictionary: Int, end: Int, _ suffix: PathSuffix
    ) throws -> T? {
        guard let key = find(name, in: dictionary, end: end), !document.entries[key + 1].isNull else { return nil }
        return try at(suffix, .key(name)) { try decode(type, at: key + 1) }
    }

    /// Decodes a standard scalar under `name`; see ``scalar(_:at:_:_:)``.
    ///
    /// The containers call this with the type spelled out, so that it is specialized for each scalar type: a
    /// call through a method generic over the container's key type as well would not be.
    func scalar<T>(
        _ type: T.Type, named name: String, in dictionary: Int, end: Int, _ suffix: PathSuffix
    ) throws -> T {
        guard let key = find(name, in: dictionary, end: end) else { throw error(.missingKey, suffix, .key(name)) }
        // The exact value first, so that the path component is made only for a conversion.
        if let exact = ScalarRule.exact(in: document, at: key + 1, as: T.self) { return exact }
        return try scalar(type, at: key + 1, suffix, .key(name))
    }

    /// Decodes a standard scalar under `name`, or `nil` when the key is absent or its value is `null`.
    func scalarIfPresent<T>(
        _ type: T.Type, named name: String, in dictionary: Int, end: Int, _ suffix: PathSuffix
    ) throws -> T? {
        guard let key = find(name, in: dictionary, end: end), !document.entries[key + 1].isNull else { return nil }
        if let exact = ScalarRule.exact(in: document, at: key + 1, as: T.self) { return exact }
        return try scalar(type, at: key + 1, suffix, .key(name))
    }

    /// Converts the scalar at `index` by `rule`, its path already entered.
    func convert<T>(at index: Int, expected: String, _ rule: (Value, DecodingContext) throws -> T) throws -> T {
        guard let value = document.value(at: index) else {
            throw context.error(.typeMismatch(expected: expected, found: briefDescription(at: index)))
        }
        return try rule(value, context)
    }

    /// Decodes a standard scalar at `index`: a value already of the type is taken as it is; anything else
    /// goes through the conversion table with `suffix` and `component` entered on the path.
    func scalar<T>(
        _ type: T.Type, at index: Int, _ suffix: PathSuffix, _ component: PathComponent?
    ) throws -> T {
        if let exact = ScalarRule.exact(in: document, at: index, as: T.self) { return exact }
        return try at(suffix, component) {
            try convert(at: index, expected: "\(T.self)") { value, context in
                try ScalarRule.convert(value, as: T.self, context: context)
            }
        }
    }
}

/// How each `Decodable` type met so far decodes, for the whole process.
///
/// A dynamic cast to a protocol that the type does not conform to scans the conformance records of every
/// loaded image, tens of thousands of instructions, and the runtime does not keep the answer for a generic
/// type whose conditional conformance fails (`[Hashtag]` as a ``ModelDecodable``). Each call of
/// ``ModelDecoder`` has its own cache in front of this one, so the lock is taken once per type and call.
final class RouteCache: @unchecked Sendable {
    static let shared = RouteCache()

    private let lock = NSLock()
    private var routes: [ObjectIdentifier: FlatDecodingState.Route] = [:]

    func route<T: Decodable>(for type: T.Type) -> FlatDecodingState.Route {
        let key = ObjectIdentifier(type)
        lock.lock()
        let known = routes[key]
        lock.unlock()
        if let known { return known }
        let route: FlatDecodingState.Route
        let collectionType = type as? any FlatDecodableCollection.Type
        let modelType = type as? any ModelDecodable.Type
        if let collectionType, collectionType.decodesBeforeModel {
            route = .collection(collectionType, model: modelType)
        } else if let modelType {
            route = .model(modelType)
        } else if let collectionType {
            route = .collection(collectionType, model: nil)
        } else {
            route = .plain
        }
        lock.lock()
        routes[key] = route
        lock.unlock()
        return route
    }
}

/// The standard scalar types that `Codable` containers name in their own requirements.
enum ScalarRule {
    /// The scalar at `index` of `document` as `T` when it already is one, with no conversion to note; read
    /// from the entry itself, without a ``Value``.
    @inline(__always)
    static func exact<T>(in document: FlatDocument, at index: Int, as type: T.Type) -> T? {
        let entry = document.entries[index]
        switch entry.kind {
        case .text, .escapedText:
            guard T.self == String.self else { return nil }
            return document.jsonString(of: entry) as? T
        case .bool:
            return T.self == Bool.self ? (entry.payload != 0) as? T : nil
        case .integer:
            let number = Int64(bitPattern: entry.payload)
            if T.self == Int.self { return Int(exactly: number) as? T }
            if T.self == Double.self { return Double(number) as? T }
            if T.self == Int64.self { return number as? T }
            return nil
        case .double:
            let number = Double(bitPattern: entry.payload)
            if T.self == Double.self { return number as? T }
            if T.self == Float.self { return Float(number) as? T }
            return nil
        case .stored:
            return exact(document.values[entry.end], as: T.self)
        default:
            return nil
        }
    }

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

/// Path components beyond the context's path, for the containers and decoders that `nestedContainer` and
/// `superDecoder` hand out; kept by the state and named by an index.
///
/// `KeyedDecodingContainer`'s box copies the container out for every call, and an array among its fields was
/// two more reference counts each time, for a suffix that is almost always empty.
struct PathSuffix {
    let id: Int

    /// No components: the context's path is the whole path.
    static let none = PathSuffix(id: 0)
}

/// A `Decoder` over one value of a ``FlatDocument``.
struct FlatDecoding: Decoder {
    let state: FlatDecodingState
    let index: Int
    /// Path components beyond the context's path: set for decoders that `superDecoder` hands out.
    let suffix: PathSuffix

    var codingPath: [any CodingKey] { (state.context.pathStack + state.components(suffix)).map(\.codingKey) }

    var userInfo: [CodingUserInfoKey: Any] { [CodableBridge.optionsKey: state.context.options] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let entry = state.document.entries[index]
        guard entry.kind == .dictionary else {
            let found = state.briefDescription(at: index)
            throw state.error(.typeMismatch(expected: "a dictionary", found: found), suffix, nil)
        }
        let end = entry.end
        state.opened(index)
        return KeyedDecodingContainer(
            FlatKeyedContainer<Key>(state: state, dictionary: index, end: end, suffix: suffix))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let entry = state.document.entries[index]
        guard entry.kind == .array else {
            let found = state.briefDescription(at: index)
            throw state.error(.typeMismatch(expected: "an array", found: found), suffix, nil)
        }
        return FlatUnkeyedContainer(
            state: state, end: entry.end, count: entry.count, position: index + 1, suffix: suffix)
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
    let suffix: PathSuffix

    var codingPath: [any CodingKey] { (state.context.pathStack + state.components(suffix)).map(\.codingKey) }

    var allKeys: [Key] {
        var keys: [Key] = []
        var index = dictionary + 1
        while index < end {
            if state.document.entries[index].isKey, let key = Key(stringValue: state.document.key(at: index)) {
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
        if state.document.entries[index].isNull { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try state.decode(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try state.decodeIfPresent(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }

    // The scalar requirements call the state with the type spelled out, so that each is specialized: a
    // helper generic over both the key type and the scalar type would not be.

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try state.scalar(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try state.scalar(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try state.scalar(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try state.scalar(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try state.scalar(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try state.scalar(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try state.scalar(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try state.scalar(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try state.scalar(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try state.scalar(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try state.scalar(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try state.scalar(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try state.scalar(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try state.scalar(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try state.scalarIfPresent(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try state.scalarIfPresent(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try state.scalarIfPresent(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try state.scalarIfPresent(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try state.scalarIfPresent(type, named: state.dataKey(key), in: dictionary, end: end, suffix)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let index = try requiredValueIndex(key)
        return try FlatDecoding(
            state: state, index: index, suffix: state.suffix(suffix, appending: .key(state.dataKey(key)))
        )
        .container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let index = try requiredValueIndex(key)
        return try FlatDecoding(
            state: state, index: index, suffix: state.suffix(suffix, appending: .key(state.dataKey(key)))
        )
        .unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        FlatDecoding(state: state, index: dictionary, suffix: state.suffix(suffix, appending: .key("super")))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        FlatDecoding(
            state: state, index: try requiredValueIndex(key),
            suffix: state.suffix(suffix, appending: .key(state.dataKey(key))))
    }
}

struct FlatUnkeyedContainer: UnkeyedDecodingContainer {
    let state: FlatDecodingState
    let end: Int
    let count: Int?
    /// The entry of the next element.
    var position: Int
    let suffix: PathSuffix
    var currentIndex = 0

    init(state: FlatDecodingState, end: Int, count: Int, position: Int, suffix: PathSuffix) {
        self.state = state
        self.end = end
        self.count = count
        self.position = position
        self.suffix = suffix
    }

    var codingPath: [any CodingKey] { (state.context.pathStack + state.components(suffix)).map(\.codingKey) }
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
        guard !isAtEnd, state.document.entries[position].isNull else { return false }
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
        let container = try FlatDecoding(
            state: state, index: try nextIndex(), suffix: state.suffix(suffix, appending: .index(currentIndex))
        )
        .container(keyedBy: type)
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try FlatDecoding(
            state: state, index: try nextIndex(), suffix: state.suffix(suffix, appending: .index(currentIndex))
        )
        .unkeyedContainer()
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = FlatDecoding(
            state: state, index: try nextIndex(), suffix: state.suffix(suffix, appending: .index(currentIndex)))
        advance()
        return decoder
    }
}

struct FlatSingleValueContainer: SingleValueDecodingContainer {
    let decoder: FlatDecoding

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        if decoder.state.document.entries[decoder.index].isNull { return true }
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
