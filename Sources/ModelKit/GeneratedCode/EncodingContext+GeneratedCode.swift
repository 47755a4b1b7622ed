// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

import OrderedCollections

extension EncodingContext {
    // The key is named by its index rather than by `keys.keys[index]`: the compiler tried every overload of
    // `Array`'s subscript for each property of each model, three times the type-checking of the rest of the line.
    /// Writes one property: the key at `index` in `keys` and the value, or nothing when the value is absent and
    /// `nil` is omitted.
    @inlinable
    public func writeField<T: ModelEncodable, W: ModelWriter>(
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
