/// A model made by `@DictionaryModel`: it knows its keys and may hook into decoding.
public protocol KeyedModel: ModelCodable {
    /// The keys the model reads, under each key strategy.
    static var modelKeys: ModelKeys { get }

    /// Called after every property is set; adjust derived state here.
    mutating func modelDidDecode(context: DecodingContext) throws

    /// Called after ``modelDidDecode(context:)``; throw ``ValidationError`` to reject the model.
    func validateModel() throws

    /// Writes the `count` models at `models` (contiguous `Self`s, an array's elements) as JSON, one after another,
    /// each through its entry point where it lies: for ModelKit's generic code, which would copy each to call the
    /// entry point itself. A raw pointer, which a class's conformance can take.
    static func _encodeJSON(
        elementsAt models: UnsafeRawPointer, count: Int, to writer: inout JSONWriter, context: EncodingContext
    ) throws

    /// Writes the `count` models at `models` as Foundation objects, one after another, as
    /// `_encodeJSON(elementsAt:count:to:context:)` writes JSON.
    static func _encodeObjects(
        elementsAt models: UnsafeRawPointer, count: Int, to writer: inout FoundationObjectWriter,
        context: EncodingContext
    ) throws
}

extension KeyedModel {
    // Inlinable, as ``DecodingContext/validate(_:)`` is, so that a model without hooks pays nothing for them.

    /// Does nothing.
    @inlinable public mutating func modelDidDecode(context: DecodingContext) throws {}
    /// Accepts every model.
    @inlinable public func validateModel() throws {}

    // Compiled in the model's module, where its witness is: there each model is read in place, and the loop calls
    // the model's own entry point from a call site of its own. The loop was ModelKit's, generic over the model, which
    // called this witness for each element: every array of models in a file went through the same two indirect calls
    // (the witness, and the entry point from the witnesses LLVM merged), and citm_catalog.json's arrays of prices,
    // seat categories and areas, interleaved, took 1.05–1.07 times the time of the models in the caller's module for
    // 1.02 times the instructions (Benchmarks/NOTES.md, 2026-12-01, second session).
    /// Calls `_encodeJSON(to:context:)` on each of the `count` models at `models`.
    @inlinable
    public static func _encodeJSON(
        elementsAt models: UnsafeRawPointer, count: Int, to writer: inout JSONWriter, context: EncodingContext
    ) throws {
        let models = models.assumingMemoryBound(to: Self.self)
        for index in 0..<count {
            try models[index]._encodeJSON(to: &writer, context: context)
        }
    }

    /// Calls `_encodeObjects(to:context:)` on each of the `count` models at `models`.
    @inlinable
    public static func _encodeObjects(
        elementsAt models: UnsafeRawPointer, count: Int, to writer: inout FoundationObjectWriter,
        context: EncodingContext
    ) throws {
        let models = models.assumingMemoryBound(to: Self.self)
        for index in 0..<count {
            try models[index]._encodeObjects(to: &writer, context: context)
        }
    }
}
