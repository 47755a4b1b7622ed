// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

/// The key tables of one model type: the keys as declared and as snake_case, built once.
public struct ModelKeys: Sendable {
    /// The keys as declared (property names, or the keys given with `@Key`).
    public let declared: KeyTable
    /// The keys with property names in snake_case; keys given with `@Key` are kept as written.
    public let snakeCase: KeyTable
    /// The strategy the type chose.
    public let typeStrategy: ModelKeyStrategy

    /// Creates the tables; both arrays list the same keys in the same order.
    public init(declared: [String], snakeCase: [String], typeStrategy: ModelKeyStrategy) {
        self.declared = KeyTable(declared)
        self.snakeCase = declared == snakeCase ? self.declared : KeyTable(snakeCase)
        self.typeStrategy = typeStrategy
    }

    // One string literal rather than an array literal of strings: the optimizer's passes over an array literal
    // grew with the square of its length (1,000 keys: 4.5 s of a release build for the two arrays; as two
    // strings, 0.24 s). Not inlined: it runs once for each model type.
    /// Creates the tables from the keys joined by NUL (`"\0"`), as `@DictionaryModel` writes them for keys that
    /// hold no NUL; both strings list the same keys in the same order.
    @inline(never)
    public init(declaredJoined: String, snakeCaseJoined: String, typeStrategy: ModelKeyStrategy) {
        self.init(
            declared: Self.keys(joined: declaredJoined), snakeCase: Self.keys(joined: snakeCaseJoined),
            typeStrategy: typeStrategy)
    }

    private static func keys(joined: String) -> [String] {
        joined.isEmpty ? [] : joined.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
    }

    /// The table for a call's strategy.
    @inlinable
    public func table(for strategy: DecodingOptions.KeyStrategy) -> KeyTable {
        switch strategy {
        case .typeDefault: typeStrategy == .snakeCase ? snakeCase : declared
        case .propertyNames: declared
        case .snakeCase: snakeCase
        }
    }
}
