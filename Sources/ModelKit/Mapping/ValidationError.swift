/// Thrown by ``KeyedModel/validateModel()`` to reject a model; decoding fails with its reason and path.
public struct ValidationError: Error, Sendable, Hashable {
    /// Why the model is not acceptable.
    public var reason: String

    /// Creates the error.
    public init(_ reason: String) {
        self.reason = reason
    }
}
