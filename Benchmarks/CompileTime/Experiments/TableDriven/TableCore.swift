// An experiment, not a product (README.md beside it): decoding a model through a table of field slots, so that
// the loop over a dictionary's keys is compiled once per reader here instead of once per model and reader in
// the model's module. The common scalars are decoded by a switch over their kind, calling ModelKit's exported
// specializations; other properties through a closure per reader. Benchmarks/NOTES.md (2026-11-28, 17:30) has
// what it saved and what it cost.
import ModelKit

/// Decodes the value under a key into the `Field` at a pointer, from JSON.
public typealias JSONFieldDecoder = (
    UnsafeMutableRawPointer, Int, Int, KeyTable, inout JSONReader, DecodingContext
) throws -> Void
/// Decodes the value under a key into the `Field` at a pointer, from Foundation objects.
public typealias ObjectsFieldDecoder = (
    UnsafeMutableRawPointer, Int, Int, KeyTable, inout FoundationObjectReader, DecodingContext
) throws -> Void

/// A field decoder for readers other than JSON and Foundation objects, reached through a witness table.
public protocol GenericFieldDecoder {
    /// Decodes the value under the key at `index` into the `Field` at `field`.
    static func decode<R: ModelReader>(
        _ field: UnsafeMutableRawPointer, _ priority: Int, _ index: Int, _ keys: KeyTable, _ reader: inout R,
        _ context: DecodingContext) throws
}

/// The decoders of a `Field<T>`.
public enum FieldDecoding<T: ModelDecodable>: GenericFieldDecoder {
    /// Inlinable: specialized for `T` where a slot is made, so that a common scalar reaches ModelKit's exported
    /// specialization of `Field.decode`, and a model (or an array or optional of one) is compiled there.
    @inlinable public static func decodeJSON(
        _ field: UnsafeMutableRawPointer, _ priority: Int, _ index: Int, _ keys: KeyTable, _ reader: inout JSONReader,
        _ context: DecodingContext
    ) throws {
        try decode(field, priority, index, keys, &reader, context)
    }

    /// As ``decodeJSON(_:_:_:_:_:_:)``, from Foundation objects.
    @inlinable public static func decodeObjects(
        _ field: UnsafeMutableRawPointer, _ priority: Int, _ index: Int, _ keys: KeyTable,
        _ reader: inout FoundationObjectReader, _ context: DecodingContext
    ) throws {
        try decode(field, priority, index, keys, &reader, context)
    }

    /// As ``decodeJSON(_:_:_:_:_:_:)``, from any reader.
    @inlinable public static func decode<R: ModelReader>(
        _ field: UnsafeMutableRawPointer, _ priority: Int, _ index: Int, _ keys: KeyTable, _ reader: inout R,
        _ context: DecodingContext
    ) throws {
        try field.assumingMemoryBound(to: Field<T>.self).pointee.decode(
            priority: priority, keyAt: index, in: keys, from: &reader, context: context)
    }

    // Compiled once, here, generic over T: without the attribute SwiftPM's default cross-module optimization
    // hands the body to the model's module, which specializes it after all.
    /// As ``decodeJSON(_:_:_:_:_:_:)``, compiled once here for every `T`.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public static func decodeJSONOnce(
        _ field: UnsafeMutableRawPointer, _ priority: Int, _ index: Int, _ keys: KeyTable, _ reader: inout JSONReader,
        _ context: DecodingContext
    ) throws {
        try decode(field, priority, index, keys, &reader, context)
    }

    /// As ``decodeObjects(_:_:_:_:_:_:)``, compiled once here for every `T`.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public static func decodeObjectsOnce(
        _ field: UnsafeMutableRawPointer, _ priority: Int, _ index: Int, _ keys: KeyTable,
        _ reader: inout FoundationObjectReader, _ context: DecodingContext
    ) throws {
        try decode(field, priority, index, keys, &reader, context)
    }
}

/// One key of a model: where its property's `Field` is in the model's fields, its priority, and its decoders.
public struct FieldSlot: @unchecked Sendable {  // the closures capture nothing
    /// The `Field`'s offset in the fields struct.
    public let offset: Int
    /// The key's priority among the property's keys.
    public let priority: Int
    /// Decodes from JSON.
    public let json: JSONFieldDecoder
    /// Decodes from Foundation objects.
    public let objects: ObjectsFieldDecoder
    /// Decodes from any other reader.
    public let generic: any GenericFieldDecoder.Type
    /// The property's type when it is one of the common scalars, which the loops decode without a closure.
    public let scalar: ScalarKind

    /// A slot whose decoders are specialized for `T` where it is made.
    @inlinable public init<Fields, T: ModelDecodable & SendableMetatype>(
        _ path: WritableKeyPath<Fields, Field<T>>, priority: Int = 0
    ) {
        self.init(path, priority: priority, compiledOnce: false)
    }

    /// A slot whose JSON and Foundation-object decoders are compiled once, here, generic over `T`.
    @inlinable public init<Fields, T: ModelDecodable & SendableMetatype>(
        nested path: WritableKeyPath<Fields, Field<T>>, priority: Int = 0
    ) {
        self.init(path, priority: priority, compiledOnce: true)
    }

    @inlinable init<Fields, T: ModelDecodable & SendableMetatype>(
        _ path: WritableKeyPath<Fields, Field<T>>, priority: Int, compiledOnce: Bool
    ) {
        offset = MemoryLayout<Fields>.offset(of: path)!
        self.priority = priority
        if compiledOnce {
            json = FieldDecoding<T>.decodeJSONOnce
            objects = FieldDecoding<T>.decodeObjectsOnce
            scalar = .none
        } else {
            json = FieldDecoding<T>.decodeJSON
            objects = FieldDecoding<T>.decodeObjects
            scalar = ScalarKind(T.self)
        }
        generic = FieldDecoding<T>.self
    }
}

// The three loops are written out rather than one loop taking the slot's decoder as a closure: that one cost 0.5%
// more instructions decoding JSON and 0.3% decoding Foundation objects (callgrind), on a table that costs 2–3%.
/// Decodes a dictionary's keys from JSON into the fields at `fields`, one slot per key.
@inline(never)
public func decodeFieldsJSON(
    _ fields: UnsafeMutableRawPointer, slots: [FieldSlot], keys: KeyTable, from reader: inout JSONReader,
    context: DecodingContext
) throws {
    try slots.withUnsafeBufferPointer { slots in
        decoding: while true {
            switch try reader.nextKey(in: keys) {
            case .known(let index):
                guard index < slots.count else {
                    try reader.skipValue()
                    continue
                }
                // Indexed, not copied: a copy of the slot retains its closures.
                let field = fields + slots[index].offset
                if try !decodeScalar(slots[index].scalar, field, slots[index].priority, index, keys, &reader, context) {
                    try slots[index].json(field, slots[index].priority, index, keys, &reader, context)
                }
            case .end:
                break decoding
            case .unknown:
                try context.unknownKey(reader.currentKey())
                try reader.skipValue()
            }
        }
    }
}

/// Decodes a dictionary's keys from Foundation objects into the fields at `fields`, one slot per key.
@inline(never)
public func decodeFieldsObjects(
    _ fields: UnsafeMutableRawPointer, slots: [FieldSlot], keys: KeyTable, from reader: inout FoundationObjectReader,
    context: DecodingContext
) throws {
    try slots.withUnsafeBufferPointer { slots in
        decoding: while true {
            switch try reader.nextKey(in: keys) {
            case .known(let index):
                guard index < slots.count else {
                    try reader.skipValue()
                    continue
                }
                // Indexed, not copied: a copy of the slot retains its closures.
                let field = fields + slots[index].offset
                if try !decodeScalar(slots[index].scalar, field, slots[index].priority, index, keys, &reader, context) {
                    try slots[index].objects(field, slots[index].priority, index, keys, &reader, context)
                }
            case .end:
                break decoding
            case .unknown:
                try context.unknownKey(reader.currentKey())
                try reader.skipValue()
            }
        }
    }
}

/// Decodes a dictionary's keys from any reader into the fields at `fields`, through each slot's witness table.
@inlinable
public func decodeFields<R: ModelReader>(
    _ fields: UnsafeMutableRawPointer, slots: [FieldSlot], keys: KeyTable, from reader: inout R,
    context: DecodingContext
) throws {
    decoding: while true {
        switch try reader.nextKey(in: keys) {
        case .known(let index):
            guard index < slots.count else {
                try reader.skipValue()
                continue
            }
            let field = fields + slots[index].offset
            if try !decodeScalar(slots[index].scalar, field, slots[index].priority, index, keys, &reader, context) {
                try slots[index].generic.decode(field, slots[index].priority, index, keys, &reader, context)
            }
        case .end:
            break decoding
        case .unknown:
            try context.unknownKey(reader.currentKey())
            try reader.skipValue()
        }
    }
}

/// The common scalars a slot can hold, decoded by the loops through ModelKit's exported specializations.
public enum ScalarKind: UInt8, Sendable {
    case none, int, optionalInt, string, optionalString, double, optionalDouble, bool, optionalBool

    /// The kind of `type`.
    @inlinable public init(_ type: Any.Type) {
        switch type {
        case is Int.Type: self = .int
        case is Int?.Type: self = .optionalInt
        case is String.Type: self = .string
        case is String?.Type: self = .optionalString
        case is Double.Type: self = .double
        case is Double?.Type: self = .optionalDouble
        case is Bool.Type: self = .bool
        case is Bool?.Type: self = .optionalBool
        default: self = .none
        }
    }
}

/// Decodes into the `Field<T>` at `field`.
@inlinable @inline(__always)
func decodeScalar<T: ModelDecodable, R: ModelReader>(
    _: T.Type, _ field: UnsafeMutableRawPointer, _ priority: Int, _ index: Int, _ keys: KeyTable,
    _ reader: inout R, _ context: DecodingContext
) throws {
    try field.assumingMemoryBound(to: Field<T>.self).pointee.decode(
        priority: priority, keyAt: index, in: keys, from: &reader, context: context)
}

/// Decodes a scalar slot; false when the slot holds no scalar.
@inlinable @inline(__always)
func decodeScalar<R: ModelReader>(
    _ kind: ScalarKind, _ field: UnsafeMutableRawPointer, _ priority: Int, _ index: Int, _ keys: KeyTable,
    _ reader: inout R, _ context: DecodingContext
) throws -> Bool {
    switch kind {
    case .none: return false
    case .int: try decodeScalar(Int.self, field, priority, index, keys, &reader, context)
    case .optionalInt: try decodeScalar(Int?.self, field, priority, index, keys, &reader, context)
    case .string: try decodeScalar(String.self, field, priority, index, keys, &reader, context)
    case .optionalString: try decodeScalar(String?.self, field, priority, index, keys, &reader, context)
    case .double: try decodeScalar(Double.self, field, priority, index, keys, &reader, context)
    case .optionalDouble: try decodeScalar(Double?.self, field, priority, index, keys, &reader, context)
    case .bool: try decodeScalar(Bool.self, field, priority, index, keys, &reader, context)
    case .optionalBool: try decodeScalar(Bool?.self, field, priority, index, keys, &reader, context)
    }
    return true
}
