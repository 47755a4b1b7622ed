import Foundation
import ModelKit

/// An `NSKeyedArchiver` archive, read without the classes that wrote it — seed 004's `Checklists.plist`.
///
/// The archive is a property list of numbered objects that refer to each other (`$objects`, `CF$UID`
/// references, `$class` entries). Reading resolves the references into one `Value` tree: an instance of an
/// app's class becomes a dictionary of the keys it encoded; `NSArray`, `NSSet`, `NSDictionary`, `NSString`,
/// `NSNumber`, `NSDate`, `NSData`, `NSNull`, `NSUUID`, `NSURL` and their mutable kinds become the plain values.
/// Today's models then decode from the tree:
///
/// ```swift
/// let archive = try KeyedArchive(data: Data(contentsOf: url))
/// let lists = try archive.decode([Checklist].self, forKey: "Checklists")
/// ```
///
/// An object referred to twice decodes to two equal values. An object that contains itself is an error, or
/// a marker of your choice (``Options/cycles``); no archive, however malformed, makes reading loop or crash.
public struct KeyedArchive: Sendable {
    /// How to read the objects.
    public struct Options: Sendable, Hashable {
        /// What to do with an object that contains itself.
        public enum CycleHandling: Sendable, Hashable {
            /// Throw ``KeyedArchiveError/Reason/cycle(className:)``.
            case fail
            /// Put this value where the object refers back to itself.
            case replace(with: Value)
        }

        /// What to do with an object that contains itself; ``CycleHandling/fail`` unless told otherwise.
        public var cycles: CycleHandling = .fail
        /// When set, each instance of an app's class gets this key with its class name, for polymorphic
        /// decoding; `nil` leaves only the keys the class encoded.
        public var classNameKey: String?
        /// How deep objects may nest. Whatever it is set to, reading stops with
        /// ``KeyedArchiveError/Reason/tooDeep(limit:)`` before the thread's stack runs out, as ModelKit's
        /// readers do: the resolver follows the objects recursively.
        public var maximumDepth: Int = 512
        /// How many values the tree may hold once shared objects are expanded, so that an archive of objects
        /// that refer to each other many times cannot blow up exponentially.
        public var maximumSize: Int = 10_000_000

        /// The defaults: cycles fail, no class names, limits of 512 levels and ten million values.
        public init() {}
    }

    /// The archiver's name, `NSKeyedArchiver`.
    public let archiver: String
    /// The keys of the top-level objects: `root` for `archivedData(withRootObject:)`, the given keys for
    /// `encode(_:forKey:)` — `Checklists` in seed 004.
    public var topLevelKeys: [String] { Array(top.keys) }

    private let objects: [Value]
    private let top: OrderedDictionaryOfValues

    /// Reads the archive's property list (binary or XML).
    ///
    /// - Throws: ``KeyedArchiveError`` when the bytes are not a property list or not a keyed archive.
    public init(data: Data) throws {
        let plist: Value
        do {
            plist = try Value(data: data)
        } catch {
            throw KeyedArchiveError(.notPropertyList("\(error)"))
        }
        try self.init(propertyList: plist)
    }

    /// Reads an archive whose property list is already parsed into a `Value`, with each `CF$UID` reference
    /// as the dictionary `{"CF$UID": n}` (how ModelKit reads binary UIDs, and how XML spells them).
    public init(propertyList: Value) throws {
        guard case .dictionary(let entries) = propertyList else {
            throw KeyedArchiveError(.notKeyedArchive("the property list is a \(propertyList.kind), not a dictionary"))
        }
        guard case .string(let archiver)? = entries["$archiver"] else {
            throw KeyedArchiveError(.notKeyedArchive("$archiver is missing"))
        }
        guard archiver == "NSKeyedArchiver" else {
            throw KeyedArchiveError(.notKeyedArchive("$archiver is \"\(archiver)\""))
        }
        guard case .array(let objects)? = entries["$objects"] else {
            throw KeyedArchiveError(.notKeyedArchive("$objects is missing or not an array"))
        }
        guard case .dictionary(let top)? = entries["$top"] else {
            throw KeyedArchiveError(.notKeyedArchive("$top is missing or not a dictionary"))
        }
        self.archiver = archiver
        self.objects = objects
        self.top = top
    }

    /// The top-level object `key` as a `Value` tree.
    ///
    /// - Parameters:
    ///   - key: the top-level key; `nil` takes `root`, or the only key when there is just one.
    ///   - options: what to do with cycles and class names, and the limits.
    public func value(forKey key: String? = nil, options: Options = Options()) throws -> Value {
        let name = try topLevelKey(key)
        guard let entry = top[name] else {
            throw KeyedArchiveError(.missingTopLevelKey(name, available: topLevelKeys))
        }
        var resolver = ArchiveResolver(objects: objects, options: options)
        return try resolver.resolve(entry).value
    }

    /// The top-level object `key` decoded as a model, by ModelKit's rules.
    ///
    /// Plain `Codable` types decode from ``value(forKey:options:)`` with ModelKit's `ModelDecoder`.
    public func decode<Model: ModelDecodable>(
        _ type: Model.Type, forKey key: String? = nil, options: Options = Options(),
        decoding: DecodingOptions = DecodingOptions()
    ) throws -> Model {
        try Model(value: value(forKey: key, options: options), options: decoding)
    }

    private func topLevelKey(_ key: String?) throws -> String {
        if let key { return key }
        if top["root"] != nil { return "root" }
        if top.count == 1 { return top.keys[0] }
        throw KeyedArchiveError(.missingTopLevelKey("root", available: topLevelKeys))
    }
}

/// Turns the numbered objects into one tree, following references depth first.
private struct ArchiveResolver {
    let objects: [Value]
    let options: KeyedArchive.Options
    /// Objects already decoded, with the number of values each expands to; a shared object is decoded once.
    private var decoded: [Int: (value: Value, size: Int)] = [:]
    /// The objects being decoded, from the top down to here: meeting one again is a cycle.
    private var active: Set<Int> = []
    private var path: [PathComponent] = []
    /// Recursive calls under way, by `nested` and `object(at:)`: references inside keys and URLs nest objects
    /// without adding to the path, and still use the stack.
    private var frames = 0
    private var stack = StackGuard()

    init(objects: [Value], options: KeyedArchive.Options) {
        self.objects = objects
        self.options = options
    }

    private func error(_ reason: KeyedArchiveError.Reason) -> KeyedArchiveError {
        KeyedArchiveError(reason, at: ValuePath(path))
    }

    /// A value found in an object: a reference is followed; anything else is the value itself.
    mutating func resolve(_ value: Value) throws -> (value: Value, size: Int) {
        if case .dictionary(let entries) = value, entries.count == 1, let number = entries["CF$UID"] {
            return try object(at: reference(number))
        }
        switch value {
        case .array(let elements):
            return try array(elements)
        case .dictionary(let entries):
            var result = OrderedDictionaryOfValues()
            var size = 1
            for (key, element) in entries {
                let resolved = try nested(.key(key)) { try $0.resolve(element) }
                result[key] = resolved.value
                size += resolved.size
            }
            return (.dictionary(result), size)
        default:
            return (value, 1)
        }
    }

    private func reference(_ number: Value) throws -> Int {
        switch number {
        case .integer(let index) where index >= 0 && index < Int64(objects.count): return Int(index)
        case .unsignedInteger(let index) where index < UInt64(objects.count): return Int(index)
        default:
            throw error(.invalidReference("\(number.briefDescription), with \(objects.count) objects"))
        }
    }

    private mutating func nested<Result>(
        _ component: PathComponent, _ body: (inout ArchiveResolver) throws -> Result
    ) throws -> Result {
        guard path.count < options.maximumDepth else { throw error(.tooDeep(limit: options.maximumDepth)) }
        try enterFrame()
        defer { frames -= 1 }
        path.append(component)
        defer { path.removeLast() }
        return try body(&self)
    }

    /// Counts a recursive call, refusing it when the stack is nearly used up.
    private mutating func enterFrame() throws {
        guard stack.hasRoom(atDepth: frames) else { throw error(.tooDeep(limit: path.count)) }
        frames += 1
    }

    private mutating func object(at index: Int) throws -> (value: Value, size: Int) {
        if let known = decoded[index] { return known }
        if active.contains(index) {
            switch options.cycles {
            case .fail: throw error(.cycle(className: (try? archivedClass(of: objects[index]).name) ?? "unknown"))
            case .replace(let marker): return (marker, 1)
            }
        }
        try enterFrame()
        defer { frames -= 1 }
        active.insert(index)
        defer { active.remove(index) }
        let result = try decodeObject(objects[index], index: index)
        guard result.size <= options.maximumSize else { throw error(.tooLarge(limit: options.maximumSize)) }
        decoded[index] = result
        return result
    }

    private mutating func decodeObject(_ object: Value, index: Int) throws -> (value: Value, size: Int) {
        switch object {
        case .string("$null") where index == 0:
            return (.null, 1)
        case .dictionary(let fields):
            return try instance(fields, of: archivedClass(of: object))
        case .array:
            throw error(.malformedObject("object \(index) is an array, not an object with a $class"))
        default:
            // Strings, numbers, booleans, data and dates are stored as themselves.
            return (object, 1)
        }
    }

    private struct ArchivedClass {
        var name: String
        /// The class and its superclasses, most derived first.
        var lineage: [String]
    }

    private func archivedClass(of object: Value) throws -> ArchivedClass {
        guard case .dictionary(let fields) = object, let reference = fields["$class"] else {
            throw error(.malformedObject("a dictionary without $class"))
        }
        guard case .dictionary(let link) = reference, link.count == 1, let number = link["CF$UID"] else {
            throw error(.malformedObject("$class is not a reference"))
        }
        guard case .dictionary(let description) = objects[try self.reference(number)],
            case .string(let name)? = description["$classname"]
        else {
            throw error(.malformedObject("$class refers to an object without $classname"))
        }
        var lineage = [name]
        if case .array(let classes)? = description["$classes"] {
            lineage = classes.compactMap { if case .string(let name) = $0 { name } else { nil } }
        }
        return ArchivedClass(name: name, lineage: lineage)
    }

    private mutating func instance(
        _ fields: OrderedDictionaryOfValues, of archived: ArchivedClass
    ) throws -> (value: Value, size: Int) {
        let lineage = Set(archived.lineage)
        func field(_ key: String) -> Value? { fields[key] }
        if lineage.contains("NSDictionary") {
            return try dictionary(keys: field("NS.keys"), values: field("NS.objects"), className: archived.name)
        }
        if !lineage.isDisjoint(with: ["NSArray", "NSSet", "NSOrderedSet"]) {
            guard let elements = field("NS.objects") else { return (.array([]), 1) }
            guard case .array(let list) = elements else {
                throw error(.malformedObject("\(archived.name)'s NS.objects is not an array"))
            }
            return try array(list)
        }
        if lineage.contains("NSString") {
            if case .string(let text)? = field("NS.string") { return (.string(text), 1) }
            if case .data(let bytes)? = field("NS.bytes"), let text = String(data: bytes, encoding: .utf8) {
                return (.string(text), 1)
            }
            throw error(.malformedObject("\(archived.name) without NS.string"))
        }
        if lineage.contains("NSDate") {
            switch field("NS.time") {
            case .double(let time)?: return (.date(Date(timeIntervalSinceReferenceDate: time)), 1)
            case .integer(let time)?: return (.date(Date(timeIntervalSinceReferenceDate: Double(time))), 1)
            default: throw error(.malformedObject("\(archived.name) without NS.time"))
            }
        }
        if lineage.contains("NSData") {
            if case .data(let bytes)? = field("NS.data") ?? field("NS.bytes") { return (.data(bytes), 1) }
            throw error(.malformedObject("\(archived.name) without NS.data"))
        }
        if lineage.contains("NSNull") {
            return (.null, 1)
        }
        if lineage.contains("NSUUID") {
            guard case .data(let bytes)? = field("NS.uuidbytes"), bytes.count == 16 else {
                throw error(.malformedObject("\(archived.name) without 16 NS.uuidbytes"))
            }
            let uuid = bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
            return (.string(uuid.uuidString), 1)
        }
        if lineage.contains("NSURL") {
            return try url(relative: field("NS.relative"), base: field("NS.base"), className: archived.name)
        }
        return try members(fields, of: archived)
    }

    /// An instance of an app's class: the keys it encoded, with `$`-escaped keys given back their name.
    private mutating func members(
        _ fields: OrderedDictionaryOfValues, of archived: ArchivedClass
    ) throws -> (value: Value, size: Int) {
        var result = OrderedDictionaryOfValues()
        var size = 1
        if let classNameKey = options.classNameKey {
            result[classNameKey] = .string(archived.name)
            size += 1
        }
        for (key, value) in fields where key != "$class" {
            // NSKeyedArchiver doubles the `$` of a key that starts with one, to keep it apart from its own.
            let name = key.hasPrefix("$$") ? String(key.dropFirst()) : key
            let resolved = try nested(.key(name)) { try $0.resolve(value) }
            result[name] = resolved.value
            size += resolved.size
        }
        return (.dictionary(result), size)
    }

    private mutating func array(_ elements: [Value]) throws -> (value: Value, size: Int) {
        var result: [Value] = []
        result.reserveCapacity(elements.count)
        var size = 1
        for (index, element) in elements.enumerated() {
            let resolved = try nested(.index(index)) { try $0.resolve(element) }
            result.append(resolved.value)
            size += resolved.size
            guard size <= options.maximumSize else { throw error(.tooLarge(limit: options.maximumSize)) }
        }
        return (.array(result), size)
    }

    private mutating func dictionary(
        keys: Value?, values: Value?, className: String
    ) throws -> (value: Value, size: Int) {
        guard case .array(let keyList) = keys ?? .array([]), case .array(let valueList) = values ?? .array([]) else {
            throw error(.malformedObject("\(className)'s NS.keys or NS.objects is not an array"))
        }
        guard keyList.count == valueList.count else {
            throw error(
                .malformedObject("\(className) has \(keyList.count) NS.keys but \(valueList.count) NS.objects"))
        }
        var result = OrderedDictionaryOfValues()
        var size = 1
        for (keyReference, valueReference) in zip(keyList, valueList) {
            let key: String
            switch try resolve(keyReference).value {
            case .string(let text): key = text
            case .integer(let number): key = String(number)
            case .unsignedInteger(let number): key = String(number)
            case .double(let number): key = String(number)
            case .bool(let flag): key = String(flag)
            case let other:
                throw error(.malformedObject("\(className) has a key that is a \(other.kind), not a string"))
            }
            let resolved = try nested(.key(key)) { try $0.resolve(valueReference) }
            result[key] = resolved.value
            size += resolved.size
            guard size <= options.maximumSize else { throw error(.tooLarge(limit: options.maximumSize)) }
        }
        return (.dictionary(result), size)
    }

    private mutating func url(relative: Value?, base: Value?, className: String) throws -> (value: Value, size: Int) {
        guard let relative, case .string(let text) = try resolve(relative).value else {
            throw error(.malformedObject("\(className) without NS.relative"))
        }
        if let base, case .string(let baseText) = try resolve(base).value,
            let absolute = URL(string: text, relativeTo: URL(string: baseText))
        {
            return (.string(absolute.absoluteString), 1)
        }
        return (.string(text), 1)
    }
}
