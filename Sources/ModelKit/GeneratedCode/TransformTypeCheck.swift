// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

/// The compile-time check that `@Transform` writes next to the property it is attached to.
///
/// A macro sees only syntax, so it cannot compare a transform's ``ValueTransform/Output`` with the property's
/// type. `@Transform` instead generates a call to ``transform(_:producing:)`` with the property's declared type
/// beside the property, so that a mismatch is one error there:
///
/// ```
/// static method 'transform(_:producing:)' requires the types 'Int' and '[String]' be equivalent
/// ```
///
/// A property without a type annotation has no type the macro can write, so it gets no such check; a mismatch
/// then shows in the code `@DictionaryModel` generates.
public enum TransformTypeCheck {
    /// Returns `transform`; compiles only when it converts values of the property's type, `Property`.
    ///
    /// The result's type is spelled with `Property` alone, so that on a mismatch the caller still sees a
    /// transform of the property's type and the mismatch is reported once, here, and not again where the
    /// result is used.
    @inlinable
    public static func transform<Transform: ValueTransform, Property>(
        _ transform: Transform, producing _: Property.Type
    ) -> some ValueTransform<Property> where Property == Transform.Output {
        transform
    }
}
