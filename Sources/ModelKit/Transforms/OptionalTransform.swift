/// A transform applied to the wrapped value of an optional property.
public struct OptionalTransform<Base: ValueTransform>: ValueTransform {
    /// The transform of the wrapped value.
    public let base: Base

    /// `null` becomes `nil`; anything else goes through the base.
    public func decode(_ value: Value, context: DecodingContext) throws -> Base.Output? {
        if case .null = value { return nil }
        return try base.decode(value, context: context)
    }

    /// `nil` becomes `null`.
    public func encode(_ output: Base.Output?) throws -> Value {
        guard let output else { return .null }
        return try base.encode(output)
    }
}
