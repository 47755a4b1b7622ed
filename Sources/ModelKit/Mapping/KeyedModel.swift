/// A model made by `@DictionaryModel`: it knows its keys and may hook into decoding.
public protocol KeyedModel: ModelCodable {
    /// The keys the model reads, under each key strategy.
    static var modelKeys: ModelKeys { get }

    /// Called after every property is set; adjust derived state here.
    mutating func modelDidDecode(context: DecodingContext) throws

    /// Called after ``modelDidDecode(context:)``; throw ``ValidationError`` to reject the model.
    func validateModel() throws

    /// Writes the model at `model` (a `Self`) as JSON through its entry point, where it lies: for ModelKit's generic
    /// code, which would copy it to call the entry point itself. A raw pointer, which a class's conformance can take.
    static func _encodeJSON(at model: UnsafeRawPointer, to writer: inout JSONWriter, context: EncodingContext) throws

    /// Writes the model at `model` (a `Self`) as Foundation objects through its entry point, where it lies, as
    /// `_encodeJSON(at:to:context:)` writes JSON.
    static func _encodeObjects(
        at model: UnsafeRawPointer, to writer: inout FoundationObjectWriter, context: EncodingContext
    ) throws
}

extension KeyedModel {
    // Inlinable, as ``DecodingContext/validate(_:)`` is, so that a model without hooks pays nothing for them.

    /// Does nothing.
    @inlinable public mutating func modelDidDecode(context: DecodingContext) throws {}
    /// Accepts every model.
    @inlinable public func validateModel() throws {}

    // Compiled in the model's module, where its witness is: there the model is read in place.
    /// Calls `_encodeJSON(to:context:)` on the model at `model`.
    @inlinable
    public static func _encodeJSON(
        at model: UnsafeRawPointer, to writer: inout JSONWriter, context: EncodingContext
    )
        throws
    {
        try model.assumingMemoryBound(to: Self.self).pointee._encodeJSON(to: &writer, context: context)
    }

    /// Calls `_encodeObjects(to:context:)` on the model at `model`.
    @inlinable
    public static func _encodeObjects(
        at model: UnsafeRawPointer, to writer: inout FoundationObjectWriter, context: EncodingContext
    ) throws {
        try model.assumingMemoryBound(to: Self.self).pointee._encodeObjects(to: &writer, context: context)
    }
}
