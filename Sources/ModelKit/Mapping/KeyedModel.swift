/// A model made by `@DictionaryModel`: it knows its keys and may hook into decoding.
public protocol KeyedModel: ModelCodable {
    /// The keys the model reads, under each key strategy.
    static var modelKeys: ModelKeys { get }

    /// Called after every property is set; adjust derived state here.
    mutating func modelDidDecode(context: DecodingContext) throws

    /// Called after ``modelDidDecode(context:)``; throw ``ValidationError`` to reject the model.
    func validateModel() throws
}

extension KeyedModel {
    // Inlinable, as ``DecodingContext/validate(_:)`` is, so that a model without hooks pays nothing for them.

    /// Does nothing.
    @inlinable public mutating func modelDidDecode(context: DecodingContext) throws {}
    /// Accepts every model.
    @inlinable public func validateModel() throws {}
}
