// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

// As JSON is (see JSONWriter+Fields.swift): through the table's loop, model → `[String: Any]` from another module
// took 1.06–1.08 times the time of the same models compiled for the writer, with 0.95 times the instructions
// (Benchmarks/NOTES.md, 2026-11-30, fourth session; 2026-12-01).
extension FoundationObjectWriter {
    // Not inlinable: the model's module compiles nothing for the property's type. The common scalars, their
    // optionals and arrays are specialized here and exported, and a model's code calls those specializations.
    /// Writes a property under the key at `index` in `keys`: nothing for `nil` unless nulls are written.
    @_specialize(exported:true,kind:full,where Value == Int)
    @_specialize(exported:true,kind:full,where Value == Int?)
    @_specialize(exported:true,kind:full,where Value == Int64)
    @_specialize(exported:true,kind:full,where Value == Int64?)
    @_specialize(exported:true,kind:full,where Value == String)
    @_specialize(exported:true,kind:full,where Value == String?)
    @_specialize(exported:true,kind:full,where Value == Double)
    @_specialize(exported:true,kind:full,where Value == Double?)
    @_specialize(exported:true,kind:full,where Value == Bool)
    @_specialize(exported:true,kind:full,where Value == Bool?)
    @_specialize(exported:true,kind:full,where Value == [Int])
    @_specialize(exported:true,kind:full,where Value == [Int]?)
    @_specialize(exported:true,kind:full,where Value == [Int64])
    @_specialize(exported:true,kind:full,where Value == [Int64]?)
    @_specialize(exported:true,kind:full,where Value == [String])
    @_specialize(exported:true,kind:full,where Value == [String]?)
    @_specialize(exported:true,kind:full,where Value == [Double])
    @_specialize(exported:true,kind:full,where Value == [Double]?)
    @inline(never)
    public mutating func writeField<Value: ModelEncodable>(
        _ value: Value, keyAt index: Int, in keys: KeyTable, context: EncodingContext
    ) throws {
        try context.writeFieldInline(value, keyAt: index, in: keys, to: &self)
    }

    /// Writes a property that holds a model through the model's own entry point.
    @inlinable
    public mutating func writeField<Model: KeyedModel>(
        _ model: Model, keyAt index: Int, in keys: KeyTable, context: EncodingContext
    ) throws {
        try writeKey(at: index, in: keys)
        try model._encodeObjects(to: &self, context: context)
    }

    /// Writes a property that holds an optional model: nothing for `nil` unless nulls are written.
    @inlinable
    public mutating func writeField<Model: KeyedModel>(
        _ model: Model?, keyAt index: Int, in keys: KeyTable, context: EncodingContext
    ) throws {
        guard let model else { return try writeNil(keyAt: index, in: keys, context: context) }
        try writeKey(at: index, in: keys)
        try model._encodeObjects(to: &self, context: context)
    }

    /// Writes a property that holds an array of models, each through its own entry point.
    @inlinable
    public mutating func writeField<Model: KeyedModel>(
        _ models: [Model], keyAt index: Int, in keys: KeyTable, context: EncodingContext
    ) throws {
        try writeKey(at: index, in: keys)
        try Self.writeModels(models, to: &self, context: context)
    }

    /// Writes a property that holds an optional array of models: nothing for `nil` unless nulls are written.
    @inlinable
    public mutating func writeField<Model: KeyedModel>(
        _ models: [Model]?, keyAt index: Int, in keys: KeyTable, context: EncodingContext
    ) throws {
        guard let models else { return try writeNil(keyAt: index, in: keys, context: context) }
        try writeKey(at: index, in: keys)
        try Self.writeModels(models, to: &self, context: context)
    }

    /// Writes a property that holds a dictionary of models, sorted by key as every dictionary is, each model
    /// through its own entry point.
    @inlinable
    public mutating func writeField<Model: KeyedModel>(
        _ models: [String: Model], keyAt index: Int, in keys: KeyTable, context: EncodingContext
    ) throws {
        try writeKey(at: index, in: keys)
        try Self.writeModels(models, to: &self, context: context)
    }

    // Compiled here, as every call the generated entry points make.
    /// Starts a model's dictionary of `count` entries, one level deeper.
    public mutating func beginModel(count: Int, context: EncodingContext) throws {
        try beginDictionary(count: count)
        try context.enter()
    }

    /// Ends a model's dictionary.
    public mutating func endModel(context: EncodingContext) throws {
        context.leave()
        try endDictionary()
    }

    /// Writes the key at `index` in `keys`.
    public mutating func writeKey(at index: Int, in keys: KeyTable) throws {
        try writeKey(keys.keys[index])
    }

    /// Writes `null` under the key at `index` when nulls are written; nothing otherwise.
    public mutating func writeNil(keyAt index: Int, in keys: KeyTable, context: EncodingContext) throws {
        guard context.writesNil else { return }
        try writeKey(keys.keys[index])
        try writeNull()
    }

    // Compiled here, generic over the model only: compiled for every array of models in the model's module, this
    // function was the largest the writing gave it after the model's own. The loop over the elements is the model's
    // witness (`KeyedModel`'s default implementation), compiled there once for each model type: about 5% of the
    // release build of a module of small models (Benchmarks/NOTES.md, 2026-12-01, second session).
    /// Writes `models` as an array of dictionaries, each through its own entry point.
    @inline(never)
    public static func writeModels<Model: KeyedModel>(
        _ models: [Model], to writer: inout FoundationObjectWriter, context: EncodingContext
    ) throws {
        try writer.writeModelsInPlace(models, context: context) {
            try Model._encodeObjects(
                elementsAt: UnsafeRawPointer($0.baseAddress!), count: $0.count, to: &$1, context: $2)
        }
    }

    /// Writes `models` as a dictionary sorted by key, each model through its own entry point.
    @inline(never)
    public static func writeModels<Model: KeyedModel>(
        _ models: [String: Model], to writer: inout FoundationObjectWriter, context: EncodingContext
    ) throws {
        try models.encodeEntries(to: &writer, context: context)
    }
}
