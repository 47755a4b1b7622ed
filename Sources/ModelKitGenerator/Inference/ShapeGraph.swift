/// A property's type as inference decided it, before it is written as Swift.
public indirect enum TypeReference: Sendable, Hashable, CustomStringConvertible {
    /// `String`.
    case string
    /// `Int`.
    case int
    /// `UInt64`, for whole numbers above `Int64.max`.
    case unsignedInt64
    /// `Double`.
    case double
    /// `Decimal`, for numbers whose digits a `Double` would lose.
    case decimal
    /// `Bool`.
    case bool
    /// `Date`: every value was a property-list date or a date text the conversion table reads.
    case date
    /// `Data`.
    case data
    /// `URL`.
    case url
    /// `UUID`.
    case uuid
    /// `Value`: the samples disagree on the kind, or never showed one.
    case value
    /// A generated model type.
    case model(String)
    /// A generated `ModelEnum`.
    case enumeration(String)
    /// An array.
    case array(TypeReference)
    /// A dictionary whose keys are data (`[String: T]`).
    case map(TypeReference)
    /// An optional: missing or `null` in some sample.
    case optional(TypeReference)
    /// `Int`, `Double`, `Decimal` or `String` for a property that was a number in some samples and text in others,
    /// read either way by `@Transform(NumberOrText<T>())`; Swift spells it as the wrapped type.
    case numberOrText(TypeReference)

    /// The type as Swift spells it.
    public var description: String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .unsignedInt64: "UInt64"
        case .double: "Double"
        case .decimal: "Decimal"
        case .bool: "Bool"
        case .date: "Date"
        case .data: "Data"
        case .url: "URL"
        case .uuid: "UUID"
        case .value: "Value"
        case .model(let name), .enumeration(let name): name
        case .array(let element): "[\(element)]"
        case .map(let element): "[String: \(element)]"
        case .optional(let wrapped): "\(wrapped)?"
        case .numberOrText(let base): base.description
        }
    }

    /// Whether the type needs Foundation imported.
    var usesFoundation: Bool {
        switch self {
        case .date, .data, .url, .uuid, .decimal: true
        case .array(let element), .map(let element), .optional(let element), .numberOrText(let element):
            element.usesFoundation
        default: false
        }
    }
}

/// One stored property of a generated model.
public struct PropertyShape: Sendable, Hashable {
    /// The key in the data.
    public var key: String
    /// The Swift property name.
    public var name: String
    /// The property's type, `.optional` when some sample lacks the key or holds `null`.
    public var type: TypeReference
    /// Whether the property needs `@Key(key)`: its name, under the type's key strategy, is not the key.
    public var needsKeyAttribute: Bool
    /// What the property holds, from a schema's `description`; `nil` for samples, whose documentation names the
    /// key.
    public var documentation: String?

    /// A property reading `key` as `name`.
    public init(
        key: String, name: String, type: TypeReference, needsKeyAttribute: Bool, documentation: String? = nil
    ) {
        self.key = key
        self.name = name
        self.type = type
        self.needsKeyAttribute = needsKeyAttribute
        self.documentation = documentation
    }
}

/// One generated `@DictionaryModel` struct: an object shape found in the samples.
public struct ModelShape: Sendable, Hashable {
    /// The type's name.
    public var name: String
    /// The properties, in the order their keys first appeared in the samples.
    public var properties: [PropertyShape]
    /// Whether most keys are snake_case, so the type declares `keyStrategy: .snakeCase`.
    public var usesSnakeCase: Bool
    /// Where the samples first hold this shape (`statuses[].user`; empty for the root), for its documentation.
    public var samplePath: String
    /// What the type stands for, from a schema (its `description`, or where it is); `nil` for samples, whose
    /// documentation names ``samplePath``.
    public var documentation: String?
}

/// One generated `ModelEnum`: a string with a small closed set of values (`--enums`).
public struct EnumShape: Sendable, Hashable {
    /// One case and the raw value it stands for.
    public struct Case: Sendable, Hashable {
        /// The case's name.
        public var name: String
        /// The string in the data.
        public var rawValue: String
    }

    /// The enum's name.
    public var name: String
    /// The cases in the order their values first appeared, then the fallback when it is not one of them.
    public var cases: [Case]
    /// The name of the case an unknown value becomes in lenient mode.
    public var fallback: String
    /// Whether the fallback is one of the samples' values (`unknown`, `other`); otherwise it was added, named
    /// `unknown` (or `unknownValue` when that is taken), and its raw value is in no sample.
    public var fallbackIsInSamples: Bool
    /// Where the samples first hold these values, for the enum's documentation.
    public var samplePath: String

    /// An enum of `values`, each a case named in lowerCamelCase, and the fallback: the values' own `unknown` or
    /// `other`, else an added `unknown`.
    init(name: String, values: [String], samplePath: String) {
        let names = SwiftIdentifier.distinctLowerCamelCase(values)
        let used = Set(names)
        var cases = zip(names, values).map { Case(name: $0, rawValue: $1) }
        if let existing = cases.first(where: { ["unknown", "other"].contains($0.rawValue) }) {
            fallback = existing.name
            fallbackIsInSamples = true
        } else {
            var fallbackName = "unknown"
            while used.contains(fallbackName) { fallbackName += "Value" }
            cases.append(Case(name: fallbackName, rawValue: fallbackName))
            fallback = fallbackName
            fallbackIsInSamples = false
        }
        self.name = name
        self.cases = cases
        self.samplePath = samplePath
    }
}

/// One generated polymorphic model: an enum whose cases each hold one model, told apart by a key of the data
/// (`@DictionaryModel(discriminator: "kind")`), from a schema's `oneOf` of objects.
public struct UnionShape: Sendable, Hashable {
    /// One case: its name, the discriminator's value that selects it, and the model it holds.
    public struct Case: Sendable, Hashable {
        /// The case's name.
        public var name: String
        /// The value of the discriminator key that names this case.
        public var tag: String
        /// The model the case holds.
        public var model: String
    }

    /// The enum's name.
    public var name: String
    /// The key whose value names the case.
    public var discriminator: String
    /// The cases, in the schema's order.
    public var cases: [Case]
    /// What the enum stands for, from the schema.
    public var documentation: String?
}

/// Everything inference found: the root's type and the types it needs, in the order they are written.
public struct ShapeGraph: Sendable, Hashable {
    /// One generated declaration.
    public enum Declaration: Sendable, Hashable {
        /// A `@DictionaryModel` struct.
        case model(ModelShape)
        /// A `ModelEnum`.
        case enumeration(EnumShape)
        /// A polymorphic `@DictionaryModel(discriminator:)` enum.
        case union(UnionShape)

        /// The declaration's type name.
        public var name: String {
            switch self {
            case .model(let shape): shape.name
            case .enumeration(let shape): shape.name
            case .union(let shape): shape.name
            }
        }
    }

    /// The root's name (``GeneratorOptions/rootName``).
    public var rootName: String
    /// The type a sample decodes as: a model, `[Model]` for a top-level array, or any other type, which the
    /// output names with a `typealias`.
    public var rootType: TypeReference
    /// The declarations, the root's first, then each in the order the samples first reach it.
    public var declarations: [Declaration]
}
