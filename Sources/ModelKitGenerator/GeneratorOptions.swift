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
    /// Whether a string property with a small closed set of values becomes a `ModelEnum` with a fallback case.
    public var makesEnums = false
    /// Whether strings that all hold numbers (`"10"`, `"12.50"`) are typed as numbers.
    ///
    /// Off by default: ModelKit converts such text in lenient mode only (with a `converted` note), and the default
    /// output must decode its own samples in strict mode with no diagnostics.
    public var typesNumbersInText = false

    /// The defaults: `Root`, internal, maps detected, no enums, numbers in text left as strings.
    public init() {}
}
