// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

import Foundation

// Measured in Benchmarks/NOTES.md, 2026-11-29, 06:00.
/// A model's properties as data, for the JSON and Foundation-object encoding entry points of a model in a module
/// compiled with both `MODELKIT_GENERIC_MODELS` and `MODELKIT_DECODING_TABLES`.
///
/// Under `MODELKIT_GENERIC_MODELS` alone a model encodes through its generic `encode(to:context:)`, compiled once
/// and unspecialized, which reaches the writer through witness tables: from another module, 1.2–1.7 times as long
/// as the same model compiled for the writer. A table instead holds, for each property written directly under
/// its key, where it lies in the model and the key's index; the loop over the properties is compiled here, once
/// for each of the two writers, and so is the writing of the common scalars and arrays (the kinds of ``FieldSlot``).
/// Any other property (a model, an array of models) is written by ModelKit's code compiled for the writer and generic
/// over the property's type, as the field table's slots decode it: the model's module compiles nothing for a writer
/// or a property's type.
public struct EncodingTable: Sendable {
    @usableFromInline let count: Int
    @usableFromInline let slots: [EncodingSlot]

    /// A table of a model with `count` properties, whose slots write, in order, those written directly.
    @inlinable public init(count: Int, _ slots: [EncodingSlot]) {
        self.count = count
        self.slots = slots
    }

    /// Writes `model` as one dictionary through the table, its keys named by `keys`.
    @inlinable
    public func encode<Model, W: EncodingTableWriter>(
        _ model: Model, keys: KeyTable, to writer: inout W, context: EncodingContext
    ) throws {
        try withUnsafePointer(to: model) { model in
            try W.encode(self, from: UnsafeRawPointer(model), keys: keys, to: &writer, context: context)
        }
    }

    /// The generated `encode(to:context:)`'s statements, with the properties taken from the table.
    @inline(__always)
    fileprivate func encodeFields<W: EncodingTableWriter>(
        from model: UnsafeRawPointer, keys: KeyTable, to writer: inout W, context: EncodingContext
    ) throws {
        try writer.beginDictionary(count: count)
        try context.enter()
        try slots.withUnsafeBufferPointer { slots in
            for index in slots.indices {
                // The slot is used where it lies: a copy would retain and release its functions.
                let field = model + slots[index].offset
                let written = try slots[index].scalar.encode(
                    field, keyAt: slots[index].key, in: keys, to: &writer, context: context)
                if !written {
                    try W.encode(slots[index], field: field, keys: keys, to: &writer, context: context)
                }
            }
        }
        context.leave()
        try writer.endDictionary()
    }
}

/// Writes the property at a pointer under the key at an index of a model's key table, as JSON.
public typealias JSONPropertyEncoder =
    @Sendable (UnsafeRawPointer, Int, KeyTable, inout JSONWriter, EncodingContext) throws -> Void

/// Writes the property at a pointer under the key at an index of a model's key table, as Foundation objects.
public typealias ObjectsPropertyEncoder =
    @Sendable (UnsafeRawPointer, Int, KeyTable, inout FoundationObjectWriter, EncodingContext) throws -> Void

/// One property of an ``EncodingTable``: where it lies in the model, the index of its key, and how to write it.
public struct EncodingSlot: Sendable {
    let offset: Int
    let key: Int
    let scalar: ScalarFieldKind
    let json: JSONPropertyEncoder
    let objects: ObjectsPropertyEncoder

    // Neither inlined nor specialized, as `FieldSlot(unspecialized:)`: Swift's cross-module optimization would
    // otherwise hand its body to the model's module, which would compile the slot's writers for the property's type.
    /// The slot of the stored property at `path`, written under the key at `key` in the model's key table, its
    /// writers compiled once here, generic over the property's type (the common scalars and arrays are written by
    /// their kind, compiled for each writer).
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public init<Model, T: ModelEncodable & SendableMetatype>(unspecialized path: KeyPath<Model, T>, keyAt key: Int) {
        guard let offset = MemoryLayout<Model>.offset(of: path) else {
            preconditionFailure("an encoding slot's key path names a stored property")
        }
        self.offset = offset
        self.key = key
        scalar = ScalarFieldKind(T.self)
        (json, objects) = Self.encoders(of: T.self)
    }

    /// The writers of a slot whose property is a `T`.
    static func encoders<T: ModelEncodable & SendableMetatype>(
        of _: T.Type
    ) -> (json: JSONPropertyEncoder, objects: ObjectsPropertyEncoder) {
        (
            json: { field, key, keys, writer, context in
                try context.writeField(field.assumingMemoryBound(to: T.self).pointee, keyAt: key, in: keys, to: &writer)
            },
            objects: { field, key, keys, writer, context in
                try context.writeField(field.assumingMemoryBound(to: T.self).pointee, keyAt: key, in: keys, to: &writer)
            }
        )
    }
}

extension ScalarFieldKind {
    /// Writes the property of this kind at `field` under the key at `key`, returning `false` for ``none``, which the
    /// slot's own writer writes.
    @inline(__always)
    func encode<W: ModelWriter>(
        _ field: UnsafeRawPointer, keyAt key: Int, in keys: KeyTable, to writer: inout W, context: EncodingContext
    ) throws -> Bool {
        switch self {
        case .none: return false
        case .int: try Self.encode(Int.self, field, key, keys, &writer, context)
        case .optionalInt: try Self.encode(Int?.self, field, key, keys, &writer, context)
        case .string: try Self.encode(String.self, field, key, keys, &writer, context)
        case .optionalString: try Self.encode(String?.self, field, key, keys, &writer, context)
        case .double: try Self.encode(Double.self, field, key, keys, &writer, context)
        case .optionalDouble: try Self.encode(Double?.self, field, key, keys, &writer, context)
        case .bool: try Self.encode(Bool.self, field, key, keys, &writer, context)
        case .optionalBool: try Self.encode(Bool?.self, field, key, keys, &writer, context)
        case .int64: try Self.encode(Int64.self, field, key, keys, &writer, context)
        case .optionalInt64: try Self.encode(Int64?.self, field, key, keys, &writer, context)
        case .date: try Self.encode(Date.self, field, key, keys, &writer, context)
        case .optionalDate: try Self.encode(Date?.self, field, key, keys, &writer, context)
        case .url: try Self.encode(URL.self, field, key, keys, &writer, context)
        case .optionalURL: try Self.encode(URL?.self, field, key, keys, &writer, context)
        case .ints: try Self.encode([Int].self, field, key, keys, &writer, context)
        case .optionalInts: try Self.encode([Int]?.self, field, key, keys, &writer, context)
        case .strings: try Self.encode([String].self, field, key, keys, &writer, context)
        case .optionalStrings: try Self.encode([String]?.self, field, key, keys, &writer, context)
        case .doubles: try Self.encode([Double].self, field, key, keys, &writer, context)
        case .optionalDoubles: try Self.encode([Double]?.self, field, key, keys, &writer, context)
        }
        return true
    }

    @inline(__always)
    private static func encode<T: ModelEncodable, W: ModelWriter>(
        _: T.Type, _ field: UnsafeRawPointer, _ key: Int, _ keys: KeyTable, _ writer: inout W,
        _ context: EncodingContext
    ) throws {
        try context.writeField(field.assumingMemoryBound(to: T.self).pointee, keyAt: key, in: keys, to: &writer)
    }
}

/// The writers an ``EncodingTable`` writes to, ``JSONWriter`` and ``FoundationObjectWriter``: each has the table's
/// loop over a model's properties compiled for it in ModelKit, and chooses a slot's writer for it.
public protocol EncodingTableWriter: ModelWriter {
    /// Writes the model at `model` through `table` as one dictionary.
    static func encode(
        _ table: EncodingTable, from model: UnsafeRawPointer, keys: KeyTable, to writer: inout Self,
        context: EncodingContext
    ) throws

    /// Writes the property at `field` through `slot`'s writer.
    static func encode(
        _ slot: EncodingSlot, field: UnsafeRawPointer, keys: KeyTable, to writer: inout Self, context: EncodingContext
    ) throws
}

// The loops are not inlinable: compiled here, once for each writer, which is the point of the table.
extension JSONWriter: EncodingTableWriter {
    /// Writes the model through the table's loop, compiled for JSON.
    @inline(never)
    public static func encode(
        _ table: EncodingTable, from model: UnsafeRawPointer, keys: KeyTable, to writer: inout JSONWriter,
        context: EncodingContext
    ) throws {
        try table.encodeFields(from: model, keys: keys, to: &writer, context: context)
    }

    /// Writes through the slot's function for JSON.
    @inline(__always)
    public static func encode(
        _ slot: EncodingSlot, field: UnsafeRawPointer, keys: KeyTable, to writer: inout JSONWriter,
        context: EncodingContext
    ) throws {
        try slot.json(field, slot.key, keys, &writer, context)
    }
}

extension FoundationObjectWriter: EncodingTableWriter {
    /// Writes the model through the table's loop, compiled for Foundation objects.
    @inline(never)
    public static func encode(
        _ table: EncodingTable, from model: UnsafeRawPointer, keys: KeyTable, to writer: inout FoundationObjectWriter,
        context: EncodingContext
    ) throws {
        try table.encodeFields(from: model, keys: keys, to: &writer, context: context)
    }

    /// Writes through the slot's function for Foundation objects.
    @inline(__always)
    public static func encode(
        _ slot: EncodingSlot, field: UnsafeRawPointer, keys: KeyTable, to writer: inout FoundationObjectWriter,
        context: EncodingContext
    ) throws {
        try slot.objects(field, slot.key, keys, &writer, context)
    }
}
