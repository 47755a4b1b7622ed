// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

/// A conversion for one property, used with `@Transform` where the conversion table is not what the data
/// needs: a custom date format, a comma-separated list, a unit change.
public protocol ValueTransform<Output>: Sendable {
    /// The property's type.
    associatedtype Output

    /// Makes the property's value from the data.
    func decode(_ value: Value, context: DecodingContext) throws -> Output
    /// Makes the data from the property's value.
    func encode(_ output: Output) throws -> Value
}

extension ValueTransform {
    /// Lets a transform serve an optional property: `nil` stays `nil`.
    public var optional: OptionalTransform<Self> { OptionalTransform(base: self) }
}
