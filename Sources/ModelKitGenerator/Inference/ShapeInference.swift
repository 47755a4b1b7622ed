import Foundation
import ModelKit
import OrderedCollections

/// Turns samples into a ``ShapeGraph``: one summary of every position across all samples, then a type for each.
///
/// The decisions that are guesses rather than facts — a dictionary is a map, a string is an enum, a number is a
/// date — are each one function here with its threshold, and each can be turned off in ``GeneratorOptions``.
public struct ShapeInference: Sendable {
    /// The options that steer the heuristics.
    public var options: GeneratorOptions

    /// An inference with `options`.
    public init(options: GeneratorOptions = GeneratorOptions()) {
        self.options = options
    }

    /// The shapes of `samples`, unified: a key missing from some sample, or `null` in one, is optional.
    ///
    /// - Throws: ``SampleError`` when there is no sample, or the roots are neither all dictionaries nor all
    ///   arrays.
    public func infer(_ samples: [Sample]) throws -> ShapeGraph {
        var summary = SampleSummary()
        for sample in samples { summary.add(sample) }
        return try infer(summary)
    }

    /// The shapes of the samples that `arguments` name, read one at a time: only one sample's bytes and tree
    /// are held at once, so a folder of many megabytes needs the memory of its largest file and the summary.
    ///
    /// - Returns: the shapes and the names of the samples read, for the header.
    public func infer(reading arguments: [String], with reader: SampleReader) throws -> (ShapeGraph, [String]) {
        var summary = SampleSummary()
        try reader.forEachSample(in: arguments) { summary.add($0) }
        return (try infer(summary), summary.names)
    }

    /// Everything the samples held, position by position, with each sample's name and root kind for errors.
    struct SampleSummary {
        let root = ValueSummary()
        let rules = DecodingContext(options: .strict)
        var names: [String] = []
        var rootKinds: [ValueKind] = []

        mutating func add(_ sample: Sample) {
            root.add(sample.value, rules: rules)
            names.append(sample.name)
            rootKinds.append(sample.value.kind)
        }
    }

    func infer(_ summary: SampleSummary) throws -> ShapeGraph {
        guard let first = summary.rootKinds.first else { throw SampleError(file: "-", detail: "no samples") }
        let root = summary.root
        let kinds = root.kinds
        guard root.nulls == 0, kinds == [.dictionary] || kinds == [.array] else {
            let found = summary.rootKinds.map(\.description)
            let detail =
                Set(found).count > 1
                ? "the samples' roots differ (\(found.joined(separator: ", "))); give samples of one root kind"
                : "the root is \(first), not a dictionary or an array of dictionaries"
            throw SampleError(file: summary.names.joined(separator: ", "), detail: detail)
        }
        var builder = GraphBuilder(options: options)
        if options.combinesSimilarShapes { builder.mergeSimilarShapes(under: root) }
        let rootType: TypeReference
        if kinds == [.dictionary], options.detectsMaps, !root.keys.isEmpty, let values = builder.mapValues(root) {
            // A root keyed by data is a map, as one level down: `typealias Root = [String: RootValue]`.
            rootType = builder.mapType(values, hint: options.rootName + "Value", parentName: options.rootName)
        } else if kinds == [.dictionary] {
            rootType = builder.model(root, name: .root, parentName: nil)
        } else if let elements = root.elements {
            rootType = .array(builder.element(elements, key: options.rootName, parentName: nil, isRoot: true))
        } else {
            rootType = .array(.value)
        }
        let graph = ShapeGraph(
            rootName: options.rootName, rootType: rootType, declarations: builder.orderedDeclarations)
        return options.combinesSimilarShapes ? ShapeCombination.combine(graph) : graph
    }
}

/// The mutable state of one inference: names taken, shapes already written, the order of declarations.
struct GraphBuilder {
    enum ModelName {
        case root
        case hint(String)
    }

    let options: GeneratorOptions
    /// Declarations by the position where the samples first reach them (pre-order), filled in post-order.
    var slots: [ShapeGraph.Declaration?] = []
    var names: TypeNameAllocator
    /// Identical shapes share one type: a shape's content (names of its nested types included) → its name.
    var modelsBySignature: [ModelSignature: String] = [:]
    var enumsBySignature: [[String]: String] = [:]
    /// Where inference is in the tree: keys, `[]` for an array's elements, `[*]` for a map's values.
    var path: [String] = []

    /// ``path`` as the documentation comments show it: `statuses[].user`.
    var pathText: String {
        var text = ""
        for component in path {
            if component.hasPrefix("[") || text.isEmpty {
                text += component
            } else {
                text += "." + component
            }
        }
        return text
    }

    init(options: GeneratorOptions) {
        self.options = options
        names = TypeNameAllocator(taken: [options.rootName])
    }

    var orderedDeclarations: [ShapeGraph.Declaration] { slots.compactMap { $0 } }

    /// Object positions that share one shape: each position's summary → the merged summary of its group.
    var sharedShapes: [ObjectIdentifier: ValueSummary] = [:]
    /// The merged summaries, kept alive while their positions are looked up by identity.
    var mergedShapes: [ValueSummary] = []

    /// The key sets two positions under one name must share, as a fraction of their union, to be one type.
    static let similarShapeOverlap = 0.5

    /// Objects under keys that give one type name (`user` in a status and in its retweeted status) whose keys
    /// mostly agree become one type with the keys of both, optional where either lacks one — as quicktype does —
    /// instead of `User` and `RetweetedStatusUser` that differ in a key or two.
    mutating func mergeSimilarShapes(under root: ValueSummary) {
        var groups: [String: [ValueSummary]] = [:]
        var order: [String] = []
        func visit(_ summary: ValueSummary, key: String, element: Bool) {
            if summary.kinds == [.dictionary] && (!options.detectsMaps || mapValues(summary) == nil) {
                let name = TypeNaming.name(forKey: key, element: element, parentName: "")
                if groups[name] == nil { order.append(name) }
                groups[name, default: []].append(summary)
            }
            for (childKey, child) in summary.keys { visit(child, key: childKey, element: false) }
            if let elements = summary.elements { visit(elements, key: key, element: true) }
        }
        for (key, child) in root.keys { visit(child, key: key, element: false) }
        if let elements = root.elements {
            for (key, child) in elements.keys { visit(child, key: key, element: false) }
        }
        for name in order {
            guard let members = groups[name], members.count > 1 else { continue }
            var clusters: [(keys: Set<String>, members: [ValueSummary])] = []
            for member in members {
                let keys = Set(member.keys.keys)
                if let index = clusters.firstIndex(where: { cluster in
                    let union = cluster.keys.union(keys).count
                    return union > 0
                        && Double(cluster.keys.intersection(keys).count) / Double(union) >= Self.similarShapeOverlap
                }) {
                    clusters[index].keys.formUnion(keys)
                    clusters[index].members.append(member)
                } else {
                    clusters.append((keys, [member]))
                }
            }
            for cluster in clusters where cluster.members.count > 1 {
                let merged = ValueSummary()
                for member in cluster.members { merged.merge(member) }
                mergedShapes.append(merged)
                for member in cluster.members { sharedShapes[ObjectIdentifier(member)] = merged }
            }
        }
    }

    struct ModelSignature: Hashable {
        var properties: [PropertyShape]
        var snakeCase: Bool
    }

    /// The type of a property: its base type, optional when the key was missing somewhere or `null`.
    mutating func property(
        _ summary: ValueSummary, key: String, presentIn dictionaries: Int, parentName: String
    ) -> TypeReference {
        path.append(key)
        defer { path.removeLast() }
        // Only a property takes `@Transform(NumberOrText…)`; an array's element or a map's value that is a number in
        // one place and text in another stays `Value`.
        let base = type(of: summary, key: key, parentName: parentName, allowsNumberOrText: true)
        let optional = summary.occurrences < dictionaries || summary.nulls > 0
        return optional ? .optional(base) : base
    }

    /// The type of an array's elements, optional when some element is `null`.
    mutating func element(
        _ summary: ValueSummary, key: String, parentName: String?, isRoot: Bool = false
    )
        -> TypeReference
    {
        path.append("[]")
        defer { path.removeLast() }
        let base: TypeReference
        if isRoot && summary.kinds == [.dictionary] {
            base = model(summary, name: .root, parentName: nil)
        } else {
            base = type(of: summary, key: key, parentName: parentName, element: true)
        }
        return summary.nulls > 0 && base != .value ? .optional(base) : base
    }

    /// The base type of the values at a position.
    mutating func type(
        of summary: ValueSummary, key: String, parentName: String?, element: Bool = false,
        allowsNumberOrText: Bool = false
    )
        -> TypeReference
    {
        let kinds = summary.kinds
        switch kinds {
        case []: return .value
        case [.bool]: return .bool
        case [.number]: return numberType(summary, key: key)
        case [.string]: return stringType(summary, key: key, parentName: parentName, element: element)
        case [.date]: return .date
        case [.data]: return .data
        case [.date, .string] where summary.strings.allDates: return .date
        case [.array]:
            guard let elements = summary.elements else { return .array(.value) }
            // Arrays of arrays keep the key's name for the innermost elements: `coordinates` → `[[Coordinate]]`.
            return .array(self.element(elements, key: key, parentName: parentName))
        case [.dictionary]:
            let parent = parentName ?? options.rootName
            if options.detectsMaps, let values = mapValues(summary) {
                let hint = TypeNaming.name(forKey: key, element: true, parentName: parent)
                return mapType(values, hint: hint, parentName: parentName)
            }
            // The shape may be shared with other positions under the same name (see `mergeSimilarShapes`); whether
            // the key is optional was decided above from this position's own counts.
            let shape = sharedShapes[ObjectIdentifier(summary)] ?? summary
            let hint = TypeNaming.name(forKey: key, element: element, parentName: parent)
            return model(shape, name: .hint(hint), parentName: parentName)
        case [.number, .string] where allowsNumberOrText:
            return numberOrTextType(summary, key: key)
        default:
            return .value
        }
    }

    /// `[String: T]` for the values of a map (`[String: Value]` when the maps were always empty); `hint` names
    /// the values' type when they are models.
    mutating func mapType(_ values: ValueSummary?, hint: String, parentName: String?) -> TypeReference {
        guard let values else { return .map(.value) }
        path.append("[*]")
        defer { path.removeLast() }
        let valueType = type(of: values, key: hint, parentName: parentName, element: false)
        return .map(values.nulls > 0 && valueType != .value ? .optional(valueType) : valueType)
    }

    /// The type of a value that was a number in some samples and text in others (`19.99`, `"19.99"`), read by
    /// `NumberOrText` in strict mode too: a number when every text holds one (`Decimal` for amounts such as
    /// `"19.99"`), else `String`, which takes a number as its text.
    func numberOrTextType(_ summary: ValueSummary, key: String) -> TypeReference {
        let strings = summary.strings
        guard strings.allNumbers else { return .numberOrText(.string) }
        let numbers = numberType(summary, key: "")
        if numbers == .decimal || numbers == .unsignedInt64 || strings.allMoney { return .numberOrText(.decimal) }
        if numbers == .double || !strings.allIntegers { return .numberOrText(.double) }
        return .numberOrText(.int)
    }

    /// Whole numbers are `Int` (`UInt64` above its range); any fraction makes `Double`, and any number whose
    /// digits a `Double` would lose makes `Decimal`. Whole numbers of seconds in this century under a key that
    /// names a time (`created_at`, `timestamp`) are dates.
    func numberType(_ summary: ValueSummary, key: String) -> TypeReference {
        if summary.decimals > 0 { return .decimal }
        if summary.doubles > 0 { return .double }
        if summary.unsignedIntegers > 0 {
            return summary.integers > 0 && summary.minInteger < 0 ? .double : .unsignedInt64
        }
        if Self.namesATime(key) && summary.minInteger >= 946_684_800 && summary.maxInteger <= 4_102_444_800 {
            return .date
        }
        return .int
    }

    static func namesATime(_ key: String) -> Bool {
        let words = SwiftIdentifier.words(key).map { $0.lowercased() }
        guard let last = words.last else { return false }
        return ["at", "date", "time", "timestamp", "since", "until"].contains(last) || last.hasSuffix("timestamp")
    }

    mutating func stringType(
        _ summary: ValueSummary, key: String, parentName: String?, element: Bool
    )
        -> TypeReference
    {
        let strings = summary.strings
        if strings.allDates { return .date }
        if strings.allUUIDs { return .uuid }
        if strings.allURLs { return .url }
        if options.typesNumbersInText {
            if strings.allIntegers { return .int }
            if strings.allMoney { return .decimal }
            if strings.allNumbers { return .double }
        }
        if options.makesEnums, isEnum(strings, key: key) {
            let hint = TypeNaming.name(forKey: key, element: element, parentName: parentName ?? options.rootName)
            return enumeration(strings, name: hint, parentName: parentName)
        }
        return .string
    }

    /// A closed set: two to ``enumCaseLimit`` distinct values, each met at least three times on average, each a
    /// short word-like code (`en`, `zh-cn`, `recent`): not free text (white space), not an id (digits, hex),
    /// and not under a key that names text, a name, an id or a color.
    func isEnum(_ strings: StringSummary, key: String) -> Bool {
        guard !strings.hasMoreDistinct, (2...Self.enumCaseLimit).contains(strings.distinct.count) else { return false }
        guard strings.count >= strings.distinct.count * 3 else { return false }
        let lastWord = SwiftIdentifier.words(key).last?.lowercased() ?? ""
        let notCodes: Set<String> = [
            "id", "ids", "str", "name", "text", "title", "description", "color", "colour", "url", "message", "label",
        ]
        guard !notCodes.contains(lastWord) else { return false }
        return strings.distinct.allSatisfy { value in
            guard let first = value.unicodeScalars.first, value.count <= 24, CharacterSet.letters.contains(first)
            else { return false }
            let isHex = value.count >= 6 && value.allSatisfy(\.isHexDigit)
            return !isHex && !value.contains(where: \.isWhitespace)
        }
    }

    static let enumCaseLimit = 10

    /// The values of a dictionary seen as a map, or `nil` when it is a model: `.some(nil)` for dictionaries that
    /// were always empty (`[String: Value]`).
    ///
    /// A map when
    /// - every key is data: digits (`"138586341"`, `"-1"`), a UUID or a date; or
    /// - there are many keys (at least ``manyKeys``) whose values all have one kind and, for dictionaries, share
    ///   most of their keys (no more keys in all than twice as many as one value has on average); or
    /// - there are more than ``wideKeys`` keys that do not recur: a record has its keys in most of the
    ///   dictionaries met at its position, so a struct is kept only for a wide object seen more than once with
    ///   its keys present in at least half of the dictionaries, on average.
    func mapValues(_ summary: ValueSummary) -> ValueSummary?? {
        if summary.keys.isEmpty { return .some(nil) }
        let keysAreData = summary.keys.keys.allSatisfy(Self.isDataKey)
        guard keysAreData || summary.keys.count >= Self.manyKeys else { return nil }
        let merged = ValueSummary()
        for value in summary.keys.values { merged.merge(value) }
        if keysAreData { return merged }
        if summary.keys.count > Self.wideKeys {
            let presences = summary.keys.values.reduce(0) { $0 + $1.occurrences }
            let recurring = summary.dictionaries > 1 && presences * 2 >= summary.keys.count * summary.dictionaries
            if !recurring { return merged }
        }
        let kinds = merged.kinds
        guard kinds.count == 1 else { return nil }
        if kinds == [.dictionary] {
            // Values that are records of one kind share most keys; a configuration object's do not.
            let average = summary.keys.values.reduce(0) { $0 + ($1.keys.count) } / summary.keys.count
            guard merged.keys.count <= max(average * 2, 1) else { return nil }
        }
        return merged
    }

    static let manyKeys = 20
    static let wideKeys = 256

    static func isDataKey(_ key: String) -> Bool {
        if !key.isEmpty && key.utf8.allSatisfy({ SwiftIdentifier.isDigit($0) || $0 == UInt8(ascii: "-") })
            && key.utf8.contains(where: SwiftIdentifier.isDigit)
        {
            return true
        }
        if key.utf8.count == 36 && UUID(uuidString: key) != nil { return true }
        return DateText.parse(key, defaultTimeZone: TimeZone(identifier: "UTC")!) != nil
    }

    /// A model for a dictionary position; an identical shape met before is reused.
    mutating func model(_ summary: ValueSummary, name: ModelName, parentName: String?) -> TypeReference {
        let slot = slots.count
        let samplePath = pathText
        slots.append(nil)
        let provisionalName: String
        switch name {
        case .root: provisionalName = options.rootName
        case .hint(let hint): provisionalName = hint
        }
        let keys = Array(summary.keys.keys)
        let naming = PropertyNaming.names(for: keys)
        var properties: [PropertyShape] = []
        for (index, (key, value)) in summary.keys.enumerated() {
            let type = property(value, key: key, presentIn: summary.dictionaries, parentName: provisionalName)
            properties.append(
                PropertyShape(
                    key: key, name: naming.names[index].name, type: type,
                    needsKeyAttribute: naming.names[index].needsKey))
        }
        // Keys in any order: `{"id", "login"}` and `{"login", "id"}` are one shape.
        let signature = ModelSignature(properties: properties.sorted { $0.key < $1.key }, snakeCase: naming.snakeCase)
        let typeName: String
        switch name {
        case .root:
            typeName = options.rootName
        case .hint(let hint):
            if let existing = modelsBySignature[signature] { return .model(existing) }
            typeName = names.allocate(hint, parentName: parentName)
        }
        modelsBySignature[signature] = modelsBySignature[signature] ?? typeName
        slots[slot] = .model(
            ModelShape(
                name: typeName, properties: properties, usesSnakeCase: naming.snakeCase, samplePath: samplePath))
        return .model(typeName)
    }

    mutating func enumeration(_ strings: StringSummary, name hint: String, parentName: String?) -> TypeReference {
        let values = Array(strings.distinct)
        if let existing = enumsBySignature[values] { return .enumeration(existing) }
        let name = names.allocate(hint, parentName: parentName)
        enumsBySignature[values] = name
        slots.append(.enumeration(EnumShape(name: name, values: values, samplePath: pathText)))
        return .enumeration(name)
    }
}
