// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

// Through its table, a struct compiled with both conditions was written by one loop whose kind switch served every
// property of every model: the processor mispredicted its one indirect jump about 255 times an iteration of
// weibo.json (callgrind's branch simulation), and from another module the file took 1.08–1.10 times the time of the
// same models compiled for the writer with 1.03 times the instructions (Benchmarks/NOTES.md, 2026-11-30, fourth
// session). A call for each property gives each its own call site, as the specialized code has, and each call is
// compiled once, here, so the model's module compiles none of the writer.
//
// The members are the writer's own, not a protocol's shared by both writers: a call of a protocol's member on the
// writer names the writer's conformance, whose witnesses (each of the writer's steps, the tree writer's generic
// ones specialized for Foundation objects) the model's module then optimized: 10 properties 0.44 → 0.66 s of release
// build (Benchmarks/NOTES.md, 2026-12-01).
extension JSONWriter {
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
        try model._encodeJSON(to: &self, context: context)
    }

    /// Writes a property that holds an optional model: nothing for `nil` unless nulls are written.
    @inlinable
    public mutating func writeField<Model: KeyedModel>(
        _ model: Model?, keyAt index: Int, in keys: KeyTable, context: EncodingContext
    ) throws {
        guard let model else { return try writeNil(keyAt: index, in: keys, context: context) }
        try writeKey(at: index, in: keys)
        try model._encodeJSON(to: &self, context: context)
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
    /// Writes `models` as a JSON array, each through its own entry point.
    @inline(never)
    public static func writeModels<Model: KeyedModel>(
        _ models: [Model], to writer: inout JSONWriter, context: EncodingContext
    ) throws {
        try writer.writeModelsInPlace(models, context: context) {
            try Model._encodeJSON(elementsAt: UnsafeRawPointer($0.baseAddress!), count: $0.count, to: &$1, context: $2)
        }
    }

    /// Writes `models` as a dictionary sorted by key, each model through its own entry point.
    @inline(never)
    public static func writeModels<Model: KeyedModel>(
        _ models: [String: Model], to writer: inout JSONWriter, context: EncodingContext
    ) throws {
        try models.encodeEntries(to: &writer, context: context)
    }
}

extension ModelWriter {
    // The writer is handed to `write` as its parameter, not captured from the caller's `inout` one: with the loop over
    // the elements in the callers and the writer reached so, citm_catalog.json took 1.13–1.20 times the time of the
    // models in the caller's module for 0.4% fewer instructions, against 1.03 (Benchmarks/NOTES.md, 2026-11-30,
    // fourth session). The loop itself is now the model's witness (see `writeModels(_:to:context:)`).
    /// Writes `models` as an array, all through `write`, handed their buffer (not empty).
    @inline(__always)
    mutating func writeModelsInPlace<Model: KeyedModel>(
        _ models: [Model], context: EncodingContext,
        writing write: (UnsafeBufferPointer<Model>, inout Self, EncodingContext) throws -> Void
    ) throws {
        try beginArray(count: models.count)
        try context.enter()
        // The models are handed on by their address: read here, in generic code, each was copied first, a retain and
        // a release of every reference it holds (citm_catalog.json 2.7% more instructions).
        try models.withUnsafeBufferPointer { models in
            guard !models.isEmpty else { return }
            try write(models, &self, context)
        }
        context.leave()
        try endArray()
    }
}
