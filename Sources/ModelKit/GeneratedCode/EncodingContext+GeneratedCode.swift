// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

import OrderedCollections

extension EncodingContext {
    // The key is named by its index rather than by `keys.keys[index]`: the compiler tried every overload of
    // `Array`'s subscript for each property of each model, three times the type-checking of the rest of the line.
    // Never inlined, and exported for the common scalars and both writers ModelKit ships, as `Field.decode` is:
    // a release build of 30 models × 20 properties took 15.5 → 12.7 s and 457 → 418 MB, 100 properties
    // 2.06 → 1.55 s; encoding costs 2.4–4.9% more instructions (model → `[String: Any]` the most), the call per
    // property that inlining saved. Encoding's targets (`json-encode` ≤ 0.5× `JSONEncoder`) keep a wide margin.
    /// Writes one property: the key at `index` in `keys` and the value, or nothing when the value is absent and
    /// `nil` is omitted.
    ///
    /// Never inlined, though specialized for each property type and writer, so that a model's encoder does not
    /// grow by a copy of it for each property. For the common scalars written as JSON or as Foundation objects,
    /// ModelKit compiles the specialization once and exports it.
    @_specialize(exported:true,kind:full,where T == Int, W == JSONWriter)
    @_specialize(exported:true,kind:full,where T == Int?, W == JSONWriter)
    @_specialize(exported:true,kind:full,where T == String, W == JSONWriter)
    @_specialize(exported:true,kind:full,where T == String?, W == JSONWriter)
    @_specialize(exported:true,kind:full,where T == Double, W == JSONWriter)
    @_specialize(exported:true,kind:full,where T == Double?, W == JSONWriter)
    @_specialize(exported:true,kind:full,where T == Bool, W == JSONWriter)
    @_specialize(exported:true,kind:full,where T == Bool?, W == JSONWriter)
    @_specialize(exported:true,kind:full,where T == Int64, W == JSONWriter)
    @_specialize(exported:true,kind:full,where T == Int64?, W == JSONWriter)
    @_specialize(exported:true,kind:full,where T == Int, W == FoundationObjectWriter)
    @_specialize(exported:true,kind:full,where T == Int?, W == FoundationObjectWriter)
    @_specialize(exported:true,kind:full,where T == String, W == FoundationObjectWriter)
    @_specialize(exported:true,kind:full,where T == String?, W == FoundationObjectWriter)
    @_specialize(exported:true,kind:full,where T == Double, W == FoundationObjectWriter)
    @_specialize(exported:true,kind:full,where T == Double?, W == FoundationObjectWriter)
    @_specialize(exported:true,kind:full,where T == Bool, W == FoundationObjectWriter)
    @_specialize(exported:true,kind:full,where T == Bool?, W == FoundationObjectWriter)
    @_specialize(exported:true,kind:full,where T == Int64, W == FoundationObjectWriter)
    @_specialize(exported:true,kind:full,where T == Int64?, W == FoundationObjectWriter)
    @inlinable @inline(never)
    public func writeField<T: ModelEncodable, W: ModelWriter>(
        _ value: T, keyAt index: Int, in keys: KeyTable, to writer: inout W
    ) throws {
        try writeFieldInline(value, keyAt: index, in: keys, to: &writer)
    }

    /// The body of ``writeField(_:keyAt:in:to:)``, for the calls compiled here that inline it.
    @inlinable @inline(__always)
    func writeFieldInline<T: ModelEncodable, W: ModelWriter>(
        _ value: T, keyAt index: Int, in keys: KeyTable, to writer: inout W
    ) throws {
        if value.isAbsent && !writesNil { return }
        try writer.writeKey(keys.keys[index])
        try value.encodeValue(to: &writer, context: self)
    }

    /// Writes a property through its transform, under the key at `index` in `keys`.
    @inlinable
    public func writeField<Transform: ValueTransform, W: ModelWriter>(
        _ value: Transform.Output, keyAt index: Int, in keys: KeyTable, transform: Transform, to writer: inout W
    ) throws {
        let encoded = try transform.encode(value)
        if case .null = encoded, !writesNil { return }
        try writer.writeKey(keys.keys[index])
        try encoded.encode(to: &writer, context: self)
    }

    /// Writes `model` as a dictionary that starts with `key: tag`, for polymorphic models.
    public func writeTagged<Model: ModelEncodable, W: ModelWriter>(
        _ model: Model, key: String, tag: String, to writer: inout W
    ) throws {
        var inner = ValueWriter()
        try model.encode(to: &inner, context: self)
        var entries: OrderedDictionaryOfValues = [key: .string(tag)]
        if case .dictionary(let fields)? = inner.result {
            for (field, value) in fields where field != key { entries[field] = value }
        }
        try Value.dictionary(entries).encode(to: &writer, context: self)
    }
}
