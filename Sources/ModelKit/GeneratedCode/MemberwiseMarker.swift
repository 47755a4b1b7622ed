// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

/// The first parameter of the memberwise initializer `@DictionaryModel` writes for a `public` or `package` struct;
/// calls leave it out.
///
/// The written initializer hands its arguments to Swift's implicit, internal one, which it must not redeclare:
/// this parameter, with its default, is all that tells the two apart. In the model's module a call reaches Swift's
/// initializer, elsewhere the public one (see the `MemberwiseInitializer` of the macros' module for why Swift's is
/// kept).
public struct MemberwiseMarker: Sendable {
    /// The marker; calls do not need to write it.
    @inlinable public init() {}
}
