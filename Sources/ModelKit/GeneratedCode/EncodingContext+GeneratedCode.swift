// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

import OrderedCollections

extension EncodingContext {
    /// Writes one property: its key and value, or nothing when the value is absent and `nil` is omitted.
    @inlinable
    public func writeField<T: ModelEncodable, W: ModelWriter>(_ value: T, key: String, to writer: inout W) throws {
        if value.isAbsent && !writesNil { return }
        try writer.writeKey(key)
        try value.encodeValue(to: &writer, context: self)
    }

    /// Writes a property through its transform.
    @inlinable
    public func writeField<Transform: ValueTransform, W: ModelWriter>(
        _ value: Transform.Output, key: String, transform: Transform, to writer: inout W
    ) throws {
        let encoded = try transform.encode(value)
        if case .null = encoded, !writesNil { return }
        try writer.writeKey(key)
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
