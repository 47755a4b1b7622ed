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
