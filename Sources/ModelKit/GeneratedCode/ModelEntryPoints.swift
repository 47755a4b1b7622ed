// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

// Through the generic entry point alone, models in another module decoded 3.5–4.2 times slower.
/// How ModelKit reaches a model's code for the readers and writers most apps use, from any module.
///
/// A model's decoding initializer and `encode` are generic over the reader and the writer. In the model's own
/// module the optimizer compiles them for each reader the module uses; a caller in another module (an app that
/// keeps its models in a library) sees only the generic entry point, which reaches every reader call through a
/// witness table, several times slower.
///
/// So every ``ModelDecodable`` type also has `_decodeJSON(from:context:)` and
/// `_decodeObjects(from:context:)`, and every ``ModelEncodable`` type
/// `_encodeJSON(to:context:)` and `_encodeObjects(to:context:)`: entry
/// points for one concrete reader or writer. `@DictionaryModel` writes them for `public` and `package` models,
/// in the model's module, where they are compiled for that reader; every other type takes the defaults below,
/// which call the generic code, as before. ModelKit decodes and encodes every value through
/// ``ModelDecodable/decodedValue(from:context:)`` and ``ModelEncodable/encodeValue(to:context:)``, which ask
/// the reader or writer (``ModelReader/decodeValue(_:from:context:)``, ``ModelWriter/encodeValue(_:to:context:)``):
/// the JSON reader and writer and the Foundation-object ones choose their entry point, the others the generic
/// code. The choice is a protocol requirement of the reader, so in code compiled for a reader it is made by the
/// compiler, and in generic code it costs a witness-table call.
///
/// A module compiled with the condition `MODELKIT_GENERIC_MODELS` (`swiftSettings: [.define("MODELKIT_GENERIC_MODELS")]`
/// on its target) trades that speed for build time: its models' entry points call
/// ``decodeGenerically(_:from:context:)`` and ``encodeGenerically(_:to:context:)``, so the module compiles each
/// model once, generic, as `Codable`'s synthesized code is, and nothing of it for a particular reader or writer.
/// Its release build then takes 0.8–1.6 times `Codable`'s, against 1.2–6 times with the entry points, and its
/// models decode and encode through witness tables: from another module, JSON decodes 1.0–4.2 times slower than
/// compiled for the reader (0.10–0.31 of `JSONDecoder`'s time) and encodes 1.2–1.7 times slower
/// (`Benchmarks/NOTES.md`, 2026-11-28, 10:00, and 2026-11-29, 03:30). Debug builds are the same either way. A
/// module compiled with `MODELKIT_DECODING_TABLES` keeps the entry points but decodes through a ``FieldTable``, a
/// smaller trade; one compiled with both decodes and writes its structs through tables of ModelKit's unspecialized
/// slots (JSON is written by a call of `JSONWriter.writeField(_:keyAt:in:context:)` for each property), in
/// 0.96–1.05 times (decoding) and 1.00–1.05 times (encoding) the instructions of the same models in the caller's
/// module on the benchmark's files, and builds 20–36% longer than with `MODELKIT_GENERIC_MODELS` alone.
///
/// Generated code calls these; changing their signatures is a layout change (see ``Field``).
public enum ModelEntryPoints {
    // Neither inlined nor specialized, nor its twin below: Swift's cross-module optimization would otherwise hand
    // their bodies to the model's module, which would compile the model for the reader after all.
    /// Decodes a `Model` through its generic initializer, compiled once here: the entry points of a model
    /// compiled with `MODELKIT_GENERIC_MODELS` call it, so that its module compiles nothing for `R`.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public static func decodeGenerically<Model: ModelDecodable, R: ModelReader>(
        _ type: Model.Type, from reader: inout R, context: borrowing DecodingContext
    ) throws -> Model {
        try Model(from: &reader, context: context)
    }

    /// Encodes `model` through its generic `encode`, compiled once here: the entry points of a model compiled
    /// with `MODELKIT_GENERIC_MODELS` call it, so that its module compiles nothing for `W`.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public static func encodeGenerically<Model: ModelEncodable, W: ModelWriter>(
        _ model: Model, to writer: inout W, context: EncodingContext
    ) throws {
        try model.encode(to: &writer, context: context)
    }
}

extension ModelDecodable {
    /// Calls the generic initializer.
    @inlinable
    public static func _decodeJSON(from reader: inout JSONReader, context: borrowing DecodingContext) throws -> Self {
        try Self(from: &reader, context: context)
    }

    /// Calls the generic initializer.
    @inlinable
    public static func _decodeObjects(
        from reader: inout FoundationObjectReader, context: borrowing DecodingContext
    ) throws -> Self {
        try Self(from: &reader, context: context)
    }

    /// Decodes a value through the entry point the reader chooses (see ``ModelEntryPoints``).
    @inlinable @inline(__always)
    public static func decodedValue<R: ModelReader>(
        from reader: inout R, context: borrowing DecodingContext
    ) throws -> Self {
        try R.decodeValue(Self.self, from: &reader, context: context)
    }
}

extension ModelEncodable {
    /// Calls the generic `encode`.
    @inlinable
    public func _encodeJSON(to writer: inout JSONWriter, context: EncodingContext) throws {
        try encode(to: &writer, context: context)
    }

    /// Calls the generic `encode`.
    @inlinable
    public func _encodeObjects(to writer: inout FoundationObjectWriter, context: EncodingContext) throws {
        try encode(to: &writer, context: context)
    }

    /// Writes the value through the entry point the writer chooses (see ``ModelEntryPoints``).
    @inlinable
    public func encodeValue<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        try W.encodeValue(self, to: &writer, context: context)
    }
}

extension ModelReader {
    /// Calls the value's generic initializer.
    @inlinable
    public static func decodeValue<T: ModelDecodable>(
        _ type: T.Type, from reader: inout Self, context: borrowing DecodingContext
    ) throws -> T {
        try T(from: &reader, context: context)
    }
}

extension ModelWriter {
    /// Calls the value's generic `encode`.
    @inlinable
    public static func encodeValue<T: ModelEncodable>(
        _ value: T, to writer: inout Self, context: EncodingContext
    ) throws {
        try value.encode(to: &writer, context: context)
    }
}

extension JSONReader {
    /// Calls the value's entry point for JSON.
    @inlinable @inline(__always)
    public static func decodeValue<T: ModelDecodable>(
        _ type: T.Type, from reader: inout JSONReader, context: borrowing DecodingContext
    ) throws -> T {
        try T._decodeJSON(from: &reader, context: context)
    }
}

extension JSONWriter {
    /// Calls the value's entry point for JSON.
    @inlinable
    public static func encodeValue<T: ModelEncodable>(
        _ value: T, to writer: inout JSONWriter, context: EncodingContext
    ) throws {
        try value._encodeJSON(to: &writer, context: context)
    }
}

extension TreeSource {
    /// Calls the value's generic initializer.
    @inlinable
    public static func decodeValue<T: ModelDecodable>(
        _ type: T.Type, from reader: inout TreeReader<Self>, context: borrowing DecodingContext
    ) throws -> T {
        try T(from: &reader, context: context)
    }
}

extension FoundationObjects {
    /// Calls the value's entry point for Foundation objects.
    @inlinable @inline(__always)
    public static func decodeValue<T: ModelDecodable>(
        _ type: T.Type, from reader: inout FoundationObjectReader, context: borrowing DecodingContext
    ) throws -> T {
        try T._decodeObjects(from: &reader, context: context)
    }
}

extension TreeBuilder {
    /// Calls the value's generic `encode`.
    @inlinable
    public static func encodeValue<T: ModelEncodable>(
        _ value: T, to writer: inout TreeWriter<Self>, context: EncodingContext
    ) throws {
        try value.encode(to: &writer, context: context)
    }
}

extension FoundationObjectBuilder {
    /// Calls the value's entry point for Foundation objects.
    @inlinable
    public static func encodeValue<T: ModelEncodable>(
        _ value: T, to writer: inout FoundationObjectWriter, context: EncodingContext
    ) throws {
        try value._encodeObjects(to: &writer, context: context)
    }
}

extension TreeReader {
    /// Asks the tree's source, which chooses the entry point for its trees.
    @inlinable
    public static func decodeValue<T: ModelDecodable>(
        _ type: T.Type, from reader: inout TreeReader<Source>, context: borrowing DecodingContext
    ) throws -> T {
        try Source.decodeValue(type, from: &reader, context: context)
    }
}

extension TreeWriter {
    /// Asks the tree's builder, which chooses the entry point for its trees.
    @inlinable
    public static func encodeValue<T: ModelEncodable>(
        _ value: T, to writer: inout TreeWriter<Builder>, context: EncodingContext
    ) throws {
        try Builder.encodeValue(value, to: &writer, context: context)
    }
}
