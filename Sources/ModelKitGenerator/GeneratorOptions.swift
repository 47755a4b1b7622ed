/// The choices `modelkit generate` leaves to the user; each heuristic of the inference can be turned off here.
public struct GeneratorOptions: Sendable, Hashable {
    /// The access level written on every generated type and property.
    public enum Access: String, Sendable, Hashable, CaseIterable {
        /// No modifier: the models are internal to the module that holds them.
        case `internal`
        /// `package`: visible to the other modules of the same package.
        case package
        /// `public`: for a model library that apps import.
        case `public`
    }

    /// The name of the type for the samples' root (`[Root]` when the root is an array).
    public var rootName = "Root"
    /// The access level of the generated declarations.
    public var access = Access.internal
    /// Whether dictionaries whose keys are data (ids, dates, UUIDs) or that have many keys with one value shape
    /// become `[String: T]` instead of a type with one property per key (quicktype's map heuristic).
    public var detectsMaps = true
    /// Whether object shapes whose keys mostly agree share one type, with the keys that only some of them have
    /// optional, as quicktype's "combine similar classes" does: objects under keys that give one type name
    /// (`user` in a status and in its retweet) when at least half of all their keys are in both, and any two
    /// object types when three in four are and the keys they share have compatible types (`Int` and `Double`
    /// become `Double`). A type never merges with one it contains. Identical shapes share one type either way,
    /// whatever the order of their keys.
    public var combinesSimilarShapes = true
    /// Whether a string property with a small closed set of values becomes a `ModelEnum`.
    ///
    /// Each enum has a fallback case for values that no sample had: `unknown` (or `other`) when the samples have
    /// it, else an added case `unknown` whose raw value is in no sample. Lenient decoding turns an unseen value
    /// into the fallback with a note; strict decoding rejects it.
    public var makesEnums = false
    /// Whether strings that all hold numbers (`"10"`, `"12.50"`) are typed as numbers.
    ///
    /// Off by default: ModelKit converts such text in lenient mode only (with a `converted` note), and the default
    /// output must decode its own samples in strict mode with no diagnostics.
    public var typesNumbersInText = false

    /// The defaults: `Root`, internal, maps detected, similar shapes combined, no enums, numbers in text left as
    /// strings.
    public init() {}

    /// Why ``rootName`` cannot name the root type — not a Swift identifier, a keyword (`class`), or a name that
    /// would hide a type the generated code uses (`Date`, `Value`, `Result`) — or `nil` when it can.
    public var rootNameProblem: String? { TypeNaming.problem(withRootName: rootName) }
}
