// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

/// What one of a property's keys held the last time it appeared in the dictionary.
@usableFromInline
struct FieldRecord<T> {
    @usableFromInline
    enum Outcome {
        /// A value decoded in place.
        case decoded(T)
        /// A value that failed in lenient mode, already noted: the default stands.
        case defaulted
        /// An error that counts if this key's turn comes.
        case failed(MappingError)
        /// A value read as a tree, decoded only if this key's turn comes.
        case later((DecodingContext) throws -> T?)
    }

    /// The key's position among the property's keys.
    @usableFromInline var priority: Int
    @usableFromInline var outcome: Outcome

    @usableFromInline
    init(priority: Int, outcome: Outcome) {
        self.priority = priority
        self.outcome = outcome
    }
}
