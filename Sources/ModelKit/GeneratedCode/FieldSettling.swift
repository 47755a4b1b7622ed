// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

// As a method of the generic `Field`, unspecialized, this looked up the metadata of `Optional<T>` at run time to
// test the default for `nil`: about 450 instructions a missing key.
/// The part of settling a ``Field`` that does not depend on its value's type.
///
/// Not generic, so that the common case of an absent optional key costs a call and two tests, with no run-time
/// lookup of the metadata of `Optional<T>`.
@usableFromInline
enum FieldSettling {
    /// Checks that a field without a value has a default, and notes it as missing if asked and no key of it
    /// was seen.
    @usableFromInline
    static func finishWithoutValue(
        hasDefault: Bool, seen: Bool, key: String, context: DecodingContext, reportsMissing: Bool
    ) throws {
        guard hasDefault else { throw MappingError(.missingKey, at: context.path(appending: .key(key))) }
        if reportsMissing && !seen { context.note(.defaultedMissing, at: .key(key)) }
    }

    /// ``finishWithoutValue(hasDefault:seen:key:context:reportsMissing:)`` for the key at `index` in `table`,
    /// looked up here rather than in every generated `finish`.
    @usableFromInline
    static func finishWithoutValue(
        hasDefault: Bool, seen: Bool, keyAt index: Int, in table: KeyTable, context: DecodingContext,
        reportsMissing: Bool
    ) throws {
        try finishWithoutValue(
            hasDefault: hasDefault, seen: seen, key: table.keys[index], context: context, reportsMissing: reportsMissing
        )
    }
}
