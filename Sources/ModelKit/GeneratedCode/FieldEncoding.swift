// Called by code @DictionaryModel generates, through FieldTable: change with Sources/ModelKitMacros and
// Tests/ModelKitMacrosTests.

import Foundation
// The standard library's reflection of a struct's stored properties (names, offsets and types, from the type's
// metadata), SPI since Swift 5.9: the encoding table is made from it at run time, so that a model's module compiles
// nothing for it (a table the macro wrote took the compile benchmark's 300-property model past twice `Codable`'s
// build time; Benchmarks/NOTES.md, 2026-11-29, 06:00).
@_spi(Reflection) import Swift
import Synchronization

// A model compiled with both conditions was written through its generic `encode`, every property a call of the
// unspecialized `writeField` and each writer call through a witness table: from another module, JSON took 1.2–1.6
// times the time of the same models compiled for the writer (Benchmarks/NOTES.md, 2026-11-29, 10:30).
/// How the ``FieldTable`` of a struct compiled with both `MODELKIT_GENERIC_MODELS` and `MODELKIT_DECODING_TABLES`
/// writes the struct: each property's place in it, its first key, and its type, found once from the struct's
/// metadata; the loop over them is compiled here for each writer, and writes the common scalars and arrays through
/// code compiled for them, a struct model, an optional one or an array of them through the model's own table where
/// it lies (see ``NestedModelWriting``), every other property through ModelKit's generic `writeField`.
///
/// It writes what the struct's generated `encode` writes, in the same order: the properties its decoding fields
/// hold, in declaration order, each under its first key.
@usableFromInline
final class FieldEncoding: @unchecked Sendable {
    /// One property.
    struct Entry {
        /// Where it lies in the struct.
        let offset: Int
        /// Its first key's index in the model's key table.
        let keyIndex: Int
        /// Its kind, if it is a common scalar or array of them.
        let scalar: ScalarFieldKind
        /// Its type.
        let type: any ModelEncodable.Type
        /// For a property that holds a model, an array of models or an optional of either, how the model's table is
        /// found; kept by ``FieldEncoding/nestedWritings``, so that writing borrows it instead of retaining it.
        let nested: Unmanaged<NestedModelWriting>?
    }

    /// The struct it writes.
    let model: Any.Type
    let entries: [Entry]
    /// What keeps the entries' ``Entry/nested`` alive.
    private let nestedWritings: [NestedModelWriting]

    /// The encoding of `model`, a struct, whose decoding fields (`fields`, a struct of ``Field``s, in parts or
    /// not) the table's `slots` decode; `nil` if a stored property cannot be found so, and the model's generated
    /// `encode` is to be called instead.
    init?(model: Any.Type, fields: Any.Type, slots: [FieldSlot]) {
        var firstKeys: [Int: Int] = [:]
        for (index, slot) in slots.enumerated() where slot.priority == 0 {
            firstKeys[slot.offset] = index
        }
        var keyIndices: [String: Int] = [:]
        guard Self.forEachField(of: fields, at: 0, { name, offset in keyIndices[name] = firstKeys[offset] }),
            keyIndices.count == firstKeys.count
        else { return nil }
        var entries: [Entry] = []
        var nestedWritings: [NestedModelWriting] = []
        let found = _forEachField(of: model) { name, offset, type, _ in
            guard let keyIndex = keyIndices[String(cString: name)] else { return true }
            guard let encodable = type as? any ModelEncodable.Type else { return false }
            let scalar = ScalarFieldKind(type)
            let nested = scalar == .none ? NestedModelWriting(type) : nil
            if let nested { nestedWritings.append(nested) }
            entries.append(
                Entry(
                    offset: offset, keyIndex: keyIndex, scalar: scalar, type: encodable,
                    nested: nested.map(Unmanaged.passUnretained)))
            return true
        }
        guard found, entries.count == keyIndices.count else { return nil }
        self.model = model
        self.entries = entries
        self.nestedWritings = nestedWritings
    }

    /// Calls `body` with the name and offset of each ``Field`` of `fields`, a struct whose stored properties are
    /// fields or parts holding fields (a wide model's), at `base`; false if it is not such a struct.
    private static func forEachField(of fields: Any.Type, at base: Int, _ body: (String, Int) -> Void) -> Bool {
        _forEachField(of: fields) { name, offset, type, _ in
            guard type is any NestedModelField.Type else { return forEachField(of: type, at: base + offset, body) }
            body(String(cString: name), base + offset)
            return true
        }
    }

    /// Writes the struct at `model` as a dictionary: its generated `encode`'s statements, run by a loop.
    @inline(__always)
    func encode<W: FieldTableWriter>(
        _ model: UnsafeRawPointer, keys: KeyTable, to writer: inout W, context: EncodingContext
    ) throws {
        try encode(model, keys: keys, to: &writer, context: context) { entry, value, writer in
            try Self.write(entry, at: value, keys: keys, to: &writer, context: context)
        }
    }

    /// Writes the struct at `model` as a dictionary to a writer that has no loop here (`Value` trees, `Encoder`s),
    /// for the generic `encode` of a struct compiled with both conditions: every property that is not a common
    /// scalar through ModelKit's generic `writeField`. Compiled once, generic over the writer.
    func encodeToAnyWriter<W: ModelWriter>(
        _ model: UnsafeRawPointer, keys: KeyTable, to writer: inout W, context: EncodingContext
    ) throws {
        try encode(model, keys: keys, to: &writer, context: context) { entry, value, writer in
            try ScalarFieldKind.write(entry.pointee.type, value, entry.pointee.keyIndex, keys, &writer, context)
        }
    }

    /// The loop of both: each common scalar written by its kind, any other property by `writeOther`.
    @inline(__always)
    private func encode<W: ModelWriter>(
        _ model: UnsafeRawPointer, keys: KeyTable, to writer: inout W, context: EncodingContext,
        writingOther writeOther: (UnsafePointer<Entry>, UnsafeRawPointer, inout W) throws -> Void
    ) throws {
        try writer.beginDictionary(count: entries.count)
        try context.enter()
        // Each entry is read where it lies: a copy retained its nested model's reference.
        try entries.withUnsafeBufferPointer { entries in
            guard let first = entries.baseAddress else { return }
            for index in 0..<entries.count {
                let entry = first + index
                let value = model + entry.pointee.offset
                if try !entry.pointee.scalar.write(
                    value, keyAt: entry.pointee.keyIndex, in: keys, to: &writer, context: context)
                {
                    try writeOther(entry, value, &writer)
                }
            }
        }
        context.leave()
        try writer.endDictionary()
    }

    /// Writes a property that is not a common scalar: a struct model, or an array of them, through the model's table,
    /// where it lies, once the table is found; any other through ModelKit's generic `writeField`.
    @inline(never)
    private static func write<W: FieldTableWriter>(
        _ entry: UnsafePointer<Entry>, at value: UnsafeRawPointer, keys: KeyTable, to writer: inout W,
        context: EncodingContext
    ) throws {
        guard let nested = entry.pointee.nested else {
            return try ScalarFieldKind.write(entry.pointee.type, value, entry.pointee.keyIndex, keys, &writer, context)
        }
        // Borrowed, not retained: the encoding keeps it.
        try nested._withUnsafeGuaranteedRef { nested in
            try write(entry, nested: nested, at: value, keys: keys, to: &writer, context: context)
        }
    }

    /// Writes a property that holds a struct model, an optional one or an array of them (`nested` says which),
    /// through the model's table, once it is found.
    @inline(__always)
    private static func write<W: FieldTableWriter>(
        _ entry: UnsafePointer<Entry>, nested: NestedModelWriting, at value: UnsafeRawPointer, keys: KeyTable,
        to writer: inout W, context: EncodingContext
    ) throws {
        let index = entry.pointee.keyIndex
        // A `nil` optional is nothing to write unless the options write `nil`, which the generic way does, as the
        // writer writes it: through the generic `writeField`, each of wide.json's 740 `nil` models an iteration was
        // copied out of its record and asked whether it was absent (Benchmarks/NOTES.md, 2026-12-01, third session).
        guard let property = nested.unwrapped(at: value) else {
            guard context.writesNil else { return }
            return try ScalarFieldKind.write(entry.pointee.type, value, index, keys, &writer, context)
        }
        // A model whose table cannot write it is written the generic way.
        guard !nested.hasNoTable else {
            return try ScalarFieldKind.write(entry.pointee.type, value, index, keys, &writer, context)
        }
        var elements: UnsafeRawPointer?
        var count = 0
        if let array = nested.array {
            (elements, count) = nested.elements(ofArrayAt: property, array)
            // An empty array is written as one, as the generic code writes it, without the table.
            guard count > 0 else {
                try writer.writeKey(keys.keys[index])
                return try writer.writeEmptyArray(context: context)
            }
        }
        guard let writing = nested.writing() else {
            try ScalarFieldKind.write(entry.pointee.type, value, index, keys, &writer, context)
            // The model's table is made the first time a model is written, as above, except by its JSON and
            // Foundation-object entry points, which write each property by a call (the writer's `writeField`):
            // there a struct's table not made yet is looked up again next time, not taken for missing. A class has
            // none, and is not looked for again.
            let byCalls = W.self == JSONWriter.self || W.self == FoundationObjectWriter.self
            return nested.lookUp(keepingMissing: !byCalls || nested.isClass)
        }
        // Both borrowed, not retained: the registry keeps the model's table, and the table its keys (a retain and a
        // release of each for every nested model, 112 pairs an iteration of weibo.json).
        try writing._withUnsafeGuaranteedRef { writing in
            try writer.writeKey(keys.keys[index])
            let modelKeys = Unmanaged.passUnretained(writing.keys.table(for: context.options.keyStrategy))
            try modelKeys._withUnsafeGuaranteedRef { modelKeys in
                guard nested.array != nil else {
                    return try W.encode(writing.table, model: property, keys: modelKeys, to: &writer, context: context)
                }
                try withUnsafeMutablePointer(to: &writer) { writer in
                    try W.encode(
                        writing.table, models: elements, count: count, stride: nested.stride, keys: modelKeys,
                        writerAt: UnsafeMutableRawPointer(writer), context: context)
                }
            }
        }
    }
}

// A property that held a model, or an array of them, was written through the generic `writeField`, which copied the
// model out of the struct first (generic code cannot call a method on a value behind a pointer without a copy: a
// retain and a release of every string and array in it), then went through `encodeValue`, `_encodeJSON` and the
// table's `encode`; an array, through the generic array's code and a look-up of its elements' table under a lock.
/// How a property that holds a struct model, an optional one, or an array of them (or an optional array) is written
/// through the model's ``FieldTable``, where it lies: the table is looked up in the tables registered by struct (see
/// ``FieldTable/writing(_:)``) after a model has been written once the generic way, which makes it, and kept.
final class NestedModelWriting: Sendable {
    /// The model's table, once looked up.
    let modelTable: ModelTableLookup

    /// For a property that holds an optional, the optional's type.
    let optional: (any OptionalPayload.Type)?
    /// For a property that holds an array of models, the array's type.
    let array: (any ArrayPayload.Type)?
    /// Where such an array's elements begin in its storage, read once; `nil` where arrays are not laid out as
    /// ``ModelArrayAllocator`` reads them, and the array's own code finds them.
    let arrayElementOffset: Int?
    /// The model's stride, where an array's elements lie.
    let stride: Int
    /// Whether the model is a class, which no table writes.
    let isClass: Bool

    /// How a property of `type` is written through its model's table, if `type` is a model, an array of models, or
    /// an optional of either.
    init?(_ type: Any.Type) {
        let optional = type as? any OptionalPayload.Type
        let unwrapped = optional?.wrappedType ?? type
        let array = unwrapped as? any ArrayPayload.Type
        guard let model = (array?.elementType ?? unwrapped) as? any KeyedModel.Type else { return nil }
        modelTable = ModelTableLookup(model: ObjectIdentifier(model))
        self.optional = optional
        self.array = array
        arrayElementOffset = array?.elementOffset
        stride = array?.elementStride ?? 0
        isClass = model is AnyObject.Type
    }

    /// The property's model or array at `value`; `nil` if the property is an optional that is `nil`.
    @inline(__always)
    func unwrapped(at value: UnsafeRawPointer) -> UnsafeRawPointer? {
        guard let optional else { return value }
        // A single-payload enum lays its payload out first: the model lies where the optional does.
        return Self.isNil(optional, at: value) ? nil : value
    }

    // Read from the storage: through the array's generic code, which asked the runtime for its buffer's metadata,
    // each of wide.json's 1,480 arrays of models an iteration took about 90 instructions more (Benchmarks/NOTES.md,
    // 2026-12-01, third session).
    /// The elements of the array of models at `property` (`array` is its type), and their count.
    @inline(__always)
    func elements(ofArrayAt property: UnsafeRawPointer, _ array: any ArrayPayload.Type) -> (UnsafeRawPointer?, Int) {
        guard let arrayElementOffset else { return array.elements(at: property) }
        return ModelArrayAllocator.elements(ofArrayAt: property, elementOffset: arrayElementOffset)
    }

    /// The model's table, if it has been found.
    @inline(__always)
    func writing() -> Unmanaged<FieldTable.ModelTable>? { modelTable.table() }

    /// Whether the look-up found that no table writes the model (a class, or one built without both conditions).
    var hasNoTable: Bool { modelTable.isMissing }

    /// Looks the model's table up, after a model has been written the generic way, and keeps what it finds, unless
    /// it has been looked up; a table not found is kept as missing only if `keepingMissing`.
    func lookUp(keepingMissing: Bool = true) {
        modelTable.lookUp(keepingMissing: keepingMissing, FieldTable.writing)
    }
}

extension ScalarFieldKind {
    /// Writes the property of this kind at `value` under the key at `index`; false, having done nothing, for
    /// ``none``.
    @inline(__always)
    func write<W: ModelWriter>(
        _ value: UnsafeRawPointer, keyAt index: Int, in keys: KeyTable, to writer: inout W, context: EncodingContext
    ) throws -> Bool {
        switch self {
        case .none: return false
        case .int: try Self.writeInline(Int.self, value, index, keys, &writer, context)
        case .optionalInt: try Self.writeInline(Int?.self, value, index, keys, &writer, context)
        case .string, .optionalString:
            // Decided when compiled: this loop is compiled for each writer.
            guard W.self == FoundationObjectWriter.self else {
                if self == .string {
                    try Self.writeInline(String.self, value, index, keys, &writer, context)
                } else {
                    try Self.writeInline(String?.self, value, index, keys, &writer, context)
                }
                return true
            }
            let string =
                self == .string
                ? value.assumingMemoryBound(to: String.self).pointee
                : value.assumingMemoryBound(to: String?.self).pointee
            try withUnsafeMutablePointer(to: &writer) { writer in
                try writer.withMemoryRebound(to: FoundationObjectWriter.self, capacity: 1) { writer in
                    try writer.pointee.writeField(consuming: string, keyAt: index, in: keys, context: context)
                }
            }
        case .double: try Self.writeInline(Double.self, value, index, keys, &writer, context)
        case .optionalDouble: try Self.writeInline(Double?.self, value, index, keys, &writer, context)
        case .bool: try Self.writeInline(Bool.self, value, index, keys, &writer, context)
        case .optionalBool: try Self.writeInline(Bool?.self, value, index, keys, &writer, context)
        case .int64: try Self.writeInline(Int64.self, value, index, keys, &writer, context)
        case .optionalInt64: try Self.writeInline(Int64?.self, value, index, keys, &writer, context)
        case .date: try Self.write(Date.self, value, index, keys, &writer, context)
        case .optionalDate: try Self.write(Date?.self, value, index, keys, &writer, context)
        case .url: try Self.write(URL.self, value, index, keys, &writer, context)
        case .optionalURL: try Self.write(URL?.self, value, index, keys, &writer, context)
        case .ints: try Self.write([Int].self, value, index, keys, &writer, context)
        case .optionalInts: try Self.write([Int]?.self, value, index, keys, &writer, context)
        case .strings: try Self.write([String].self, value, index, keys, &writer, context)
        case .optionalStrings: try Self.write([String]?.self, value, index, keys, &writer, context)
        case .doubles: try Self.write([Double].self, value, index, keys, &writer, context)
        case .optionalDoubles: try Self.write([Double]?.self, value, index, keys, &writer, context)
        case .int64s: try Self.write([Int64].self, value, index, keys, &writer, context)
        case .optionalInt64s: try Self.write([Int64]?.self, value, index, keys, &writer, context)
        }
        return true
    }

    // For JSON, inlined rather than through the exported `writeField`, whose layers (`isAbsent`, `encodeValue`, the
    // writer's `encodeValue`, `_encodeJSON`) come down to the writer's own call for a standard scalar: user.json
    // −2.5%, weibo −1.8%. Inlined for Foundation objects too, the loop grew by the tree writer's `add` for each
    // kind, and model → `[String: Any]` took 8.5% more on user.
    /// Writes the scalar of type `T` at `value` as `writeField(_:keyAt:in:to:)` does: for JSON, compiled here for
    /// `T`.
    @inline(__always)
    fileprivate static func writeInline<T: ModelEncodable, W: ModelWriter>(
        _: T.Type, _ value: UnsafeRawPointer, _ index: Int, _ keys: KeyTable, _ writer: inout W,
        _ context: EncodingContext
    ) throws {
        // Decided when compiled: the loop is compiled for each writer.
        guard W.self == JSONWriter.self else { return try write(T.self, value, index, keys, &writer, context) }
        let property = value.assumingMemoryBound(to: T.self).pointee
        if property.isAbsent && !context.writesNil { return }
        try writer.writeKey(keys.keys[index])
        try property.encode(to: &writer, context: context)
    }

    /// Writes the property of type `T` at `value` through `writeField`: compiled for `T` in the cases above, generic
    /// for any other property.
    @inline(__always)
    fileprivate static func write<T: ModelEncodable, W: ModelWriter>(
        _: T.Type, _ value: UnsafeRawPointer, _ index: Int, _ keys: KeyTable, _ writer: inout W,
        _ context: EncodingContext
    ) throws {
        try context.writeField(value.assumingMemoryBound(to: T.self).pointee, keyAt: index, in: keys, to: &writer)
    }
}

// An array of models in generic code wrote each element through its `encodeValue`, its `_encodeJSON` and the table's
// `encode`, after copying it out of the array's storage (generic code cannot call a method on a value behind a
// pointer without a copy): three quarters of what citm_catalog.json's encoding from a module compiled with both
// conditions spent more than the default build (Benchmarks/NOTES.md, 2026-11-29, 12:10). Its elements are now written
// where they lie, by the writer's loop over the table.
extension FieldTable {
    // The writer is told by comparing types, not by a cast to `FieldTableWriter`, which asked the runtime for the
    // conformance on every array, and an empty array is not told by `isEmpty`, which asked for the array's metadata
    // and its `Collection` conformance (twitter.json's hundreds of empty arrays of models: its encoding 2-4% slower).
    /// Writes `array` through its elements' table, if they are structs whose table has been made and the writer is
    /// one the tables have loops for; false, having written nothing, otherwise.
    @usableFromInline
    static func encodeModels<Element, W: ModelWriter>(
        _ array: [Element], to writer: inout W, context: EncodingContext
    ) throws -> Bool {
        guard let tableWriter = tableWriter(W.self) else { return false }
        return try array.withUnsafeBufferPointer { elements in
            // An empty array is written as it is of any type, without looking its elements' table up.
            guard !elements.isEmpty, let first = elements.baseAddress else {
                try writer.writeEmptyArray(context: context)
                return true
            }
            guard let writing = writing(Element.self) else { return false }
            let keys = writing.keys.table(for: context.options.keyStrategy)
            try withUnsafeMutablePointer(to: &writer) { writer in
                try tableWriter.encode(
                    writing.table, models: UnsafeRawPointer(first), count: elements.count,
                    stride: MemoryLayout<Element>.stride, keys: keys, writerAt: UnsafeMutableRawPointer(writer),
                    context: context)
            }
            return true
        }
    }

    // A dictionary of models in generic code was written by the standard library's unspecialized code (its indices,
    // `map` and sort, each step asking the runtime for metadata) and each value through its `encodeValue`,
    // `_encodeJSON` and the table's generic `encode`: weibo.json's pictures, one dictionary of 18 models an iteration,
    // cost 16,000 instructions more from a module compiled with both conditions than in the caller's module, 2.8% of
    // the whole file's writing (Benchmarks/NOTES.md, 2026-11-30, 13:30).
    /// Writes `dictionary`, sorted by key as any dictionary is, each value through its table, if they are structs
    /// whose table has been made and the writer is one the tables have loops for; false, having written nothing,
    /// otherwise.
    @usableFromInline
    static func encodeModels<Value, W: ModelWriter>(
        _ dictionary: [String: Value], to writer: inout W, context: EncodingContext
    ) throws -> Bool {
        guard let tableWriter = tableWriter(W.self), !dictionary.isEmpty, let writing = writing(Value.self) else {
            return false
        }
        // The keys and the values views list the entries in the same order. The values are copied into an array, as
        // a dictionary's generic code copies each value it reads, so that the table reads them where they lie.
        let names = Array(dictionary.keys)
        let values = Array(dictionary.values)
        var order = Array(names.indices)
        order.sort { names[$0] < names[$1] }
        let keys = writing.keys.table(for: context.options.keyStrategy)
        try writer.beginDictionary(count: names.count)
        try context.enter()
        try values.withUnsafeBufferPointer { values in
            guard let first = values.baseAddress else { return }
            for position in order {
                try writer.writeKey(names[position])
                try withUnsafeMutablePointer(to: &writer) { writer in
                    try tableWriter.encode(
                        writing.table, model: UnsafeRawPointer(first + position), keys: keys,
                        writerAt: UnsafeMutableRawPointer(writer), context: context)
                }
            }
        }
        context.leave()
        try writer.endDictionary()
        return true
    }
}

// Property lists written from a model in another module went through its generic `encode`, unspecialized, its
// writer called through witness tables: 1.1-1.4 times the time of the same models written in the caller's module
// (Benchmarks/NOTES.md, 2026-11-30, 10:30).
extension FieldTable {
    // Neither inlined nor specialized, as the loop for any reader is: the model's module compiles nothing for it.
    /// Writes `model`, the struct the table was made for, through the loop compiled here for the writer, if it has
    /// one (JSON, Foundation objects, property lists): the generic `encode` of a struct whose table is made of
    /// unspecialized slots (both conditions) calls it first. False, having written nothing, if the writer has no
    /// loop here or the table cannot write the struct, which the generated `encode` then writes itself.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func encode<Model: ModelEncodable, W: ModelWriter>(
        _ model: Model, keys: KeyTable, toAnyWriter writer: inout W, context: EncodingContext
    ) throws -> Bool {
        guard let encoding, encoding.model == Model.self, let tableWriter = Self.tableWriter(W.self) else {
            return false
        }
        try withUnsafePointer(to: model) { model in
            try withUnsafeMutablePointer(to: &writer) { writer in
                try tableWriter.encode(
                    self, model: UnsafeRawPointer(model), keys: keys, writerAt: UnsafeMutableRawPointer(writer),
                    context: context)
            }
        }
        return true
    }

    // Neither inlined nor specialized, as the loop for any reader is.
    /// Writes `model`, the struct the table was made for, to any writer: through the writer's loop here where it has
    /// one (see ``encode(_:keys:toAnyWriter:context:)``), to any other through the table's loop compiled once,
    /// generic over the writer. The generic `encode` of a struct compiled with both conditions, whose properties
    /// the table finds from its metadata, is this call. Throws if the table cannot write the struct.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func encode<Model: ModelEncodable, W: ModelWriter>(
        _ model: Model, keys: KeyTable, toAny writer: inout W, context: EncodingContext
    ) throws {
        if try encode(model, keys: keys, toAnyWriter: &writer, context: context) { return }
        guard let encoding, encoding.model == Model.self else {
            throw MappingError(
                .malformedData(
                    format: "writer", location: String(describing: Model.self),
                    detail: "its stored properties were not found from its metadata, so it cannot be written"),
                at: ValuePath())
        }
        try withUnsafePointer(to: model) { model in
            try encoding.encodeToAnyWriter(UnsafeRawPointer(model), keys: keys, to: &writer, context: context)
        }
    }

    /// The writer `W` as one the tables have loops for, or `nil`.
    private static func tableWriter<W: ModelWriter>(_: W.Type) -> (any FieldTableWriter.Type)? {
        if W.self == JSONWriter.self { return JSONWriter.self }
        if W.self == FoundationObjectWriter.self { return FoundationObjectWriter.self }
        if W.self == BinaryPropertyListWriter.self { return BinaryPropertyListWriter.self }
        if W.self == XMLPropertyListWriter.self { return XMLPropertyListWriter.self }
        return nil
    }
}

extension FieldTableWriter {
    /// Writes the struct at `model` through `table` to the writer at `writer`.
    @inline(__always)
    static func encode(
        _ table: FieldTable, model: UnsafeRawPointer, keys: KeyTable, writerAt writer: UnsafeMutableRawPointer,
        context: EncodingContext
    ) throws {
        try encode(
            table, model: model, keys: keys, to: &writer.assumingMemoryBound(to: Self.self).pointee, context: context)
    }

    /// Writes the array of `count` structs at `models`, `stride` bytes apart, each through `table`, to the writer at
    /// `writer`.
    @inline(__always)
    static func encodeModels(
        _ table: FieldTable, at models: UnsafeRawPointer?, count: Int, stride: Int, keys: KeyTable,
        to writer: inout Self, context: EncodingContext
    ) throws {
        try writer.beginArray(count: count)
        try context.enter()
        if let models, let encoding = table.encoding {
            for index in 0..<count {
                try encoding.encode(models + index * stride, keys: keys, to: &writer, context: context)
            }
        }
        context.leave()
        try writer.endArray()
    }
}

/// The writers a ``FieldTable`` writes a struct to, ``JSONWriter``, ``FoundationObjectWriter``,
/// ``BinaryPropertyListWriter`` and ``XMLPropertyListWriter``: each has the loop over the struct's properties
/// compiled for it in ModelKit.
public protocol FieldTableWriter: ModelWriter {
    /// Writes the struct at `model` through the table's encoding.
    static func encode(
        _ table: FieldTable, model: UnsafeRawPointer, keys: KeyTable, to writer: inout Self, context: EncodingContext
    ) throws

    /// Writes the array of `count` structs at `models`, `stride` bytes apart, each through `table` (made for their
    /// type), to the writer at `writer`.
    static func encode(
        _ table: FieldTable, models: UnsafeRawPointer?, count: Int, stride: Int, keys: KeyTable,
        writerAt writer: UnsafeMutableRawPointer, context: EncodingContext
    ) throws
}

// The loops are not inlinable: compiled here, once for each writer, which is the point of the table.
extension JSONWriter: FieldTableWriter {
    /// Writes the struct through the table's loop, compiled for JSON.
    @inline(never)
    public static func encode(
        _ table: FieldTable, model: UnsafeRawPointer, keys: KeyTable, to writer: inout JSONWriter,
        context: EncodingContext
    ) throws {
        try table.encoding!.encode(model, keys: keys, to: &writer, context: context)
    }

    /// Writes the structs through the table's loop, compiled for JSON.
    @inline(never)
    public static func encode(
        _ table: FieldTable, models: UnsafeRawPointer?, count: Int, stride: Int, keys: KeyTable,
        writerAt writer: UnsafeMutableRawPointer, context: EncodingContext
    ) throws {
        try encodeModels(
            table, at: models, count: count, stride: stride, keys: keys,
            to: &writer.assumingMemoryBound(to: JSONWriter.self).pointee, context: context)
    }
}

extension FoundationObjectWriter: FieldTableWriter {
    /// Writes the struct through the table's loop, compiled for Foundation objects.
    @inline(never)
    public static func encode(
        _ table: FieldTable, model: UnsafeRawPointer, keys: KeyTable, to writer: inout FoundationObjectWriter,
        context: EncodingContext
    ) throws {
        try table.encoding!.encode(model, keys: keys, to: &writer, context: context)
    }

    /// Writes the structs through the table's loop, compiled for Foundation objects.
    @inline(never)
    public static func encode(
        _ table: FieldTable, models: UnsafeRawPointer?, count: Int, stride: Int, keys: KeyTable,
        writerAt writer: UnsafeMutableRawPointer, context: EncodingContext
    ) throws {
        try encodeModels(
            table, at: models, count: count, stride: stride, keys: keys,
            to: &writer.assumingMemoryBound(to: FoundationObjectWriter.self).pointee, context: context)
    }
}

extension BinaryPropertyListWriter: FieldTableWriter {
    /// Writes the struct through the table's loop, compiled for binary property lists.
    @inline(never)
    public static func encode(
        _ table: FieldTable, model: UnsafeRawPointer, keys: KeyTable, to writer: inout BinaryPropertyListWriter,
        context: EncodingContext
    ) throws {
        try table.encoding!.encode(model, keys: keys, to: &writer, context: context)
    }

    /// Writes the structs through the table's loop, compiled for binary property lists.
    @inline(never)
    public static func encode(
        _ table: FieldTable, models: UnsafeRawPointer?, count: Int, stride: Int, keys: KeyTable,
        writerAt writer: UnsafeMutableRawPointer, context: EncodingContext
    ) throws {
        try encodeModels(
            table, at: models, count: count, stride: stride, keys: keys,
            to: &writer.assumingMemoryBound(to: BinaryPropertyListWriter.self).pointee, context: context)
    }
}

extension XMLPropertyListWriter: FieldTableWriter {
    /// Writes the struct through the table's loop, compiled for XML property lists.
    @inline(never)
    public static func encode(
        _ table: FieldTable, model: UnsafeRawPointer, keys: KeyTable, to writer: inout XMLPropertyListWriter,
        context: EncodingContext
    ) throws {
        try table.encoding!.encode(model, keys: keys, to: &writer, context: context)
    }

    /// Writes the structs through the table's loop, compiled for XML property lists.
    @inline(never)
    public static func encode(
        _ table: FieldTable, models: UnsafeRawPointer?, count: Int, stride: Int, keys: KeyTable,
        writerAt writer: UnsafeMutableRawPointer, context: EncodingContext
    ) throws {
        try encodeModels(
            table, at: models, count: count, stride: stride, keys: keys,
            to: &writer.assumingMemoryBound(to: XMLPropertyListWriter.self).pointee, context: context)
    }
}

// Each step here keeps the optional where it lies and its metadata at hand, checked in the optimized IR: a static
// member of `Optional` is handed `Wrapped`'s metadata alone and asked the runtime for `Optional<Wrapped>`'s on every
// call, a member called on `pointee` of a generic type copied the optional (its model's strings and arrays
// retained), and so did `self == nil` in a mutating member. A mutating requirement, called on the memory of a type
// opened from the optional's metatype, is handed the address and the optional's own metadata, and its non-mutating
// member reads the tag in place.
/// An optional whose wrapped value is found where it lies (see ``NestedModelWriting``).
protocol OptionalPayload: SendableMetatype {
    /// The wrapped type.
    static var wrappedType: Any.Type { get }
    /// Whether the optional is `nil`, told where it lies (`mutating` only so that it is handed the address).
    mutating func liesAsNil() -> Bool
}

extension Optional: OptionalPayload {
    static var wrappedType: Any.Type { Wrapped.self }

    mutating func liesAsNil() -> Bool { isNone }

    private var isNone: Bool { self == nil }
}

extension NestedModelWriting {
    /// Whether the `O` at `value` is `nil`.
    fileprivate static func isNil<O: OptionalPayload>(_: O.Type, at value: UnsafeRawPointer) -> Bool {
        UnsafeMutableRawPointer(mutating: value).assumingMemoryBound(to: O.self).pointee.liesAsNil()
    }
}

// As `OptionalPayload`: a mutating requirement, called on the memory of the type opened from the property's metatype,
// is handed the array's address and its own metadata, and its non-mutating member reads the elements in place.
/// An array whose elements are found where they lie (see ``NestedModelWriting``).
protocol ArrayPayload: SendableMetatype {
    /// The element type.
    static var elementType: Any.Type { get }
    /// The elements' stride.
    static var elementStride: Int { get }
    /// Where the elements begin in the array's storage, if arrays are laid out as ``ModelArrayAllocator`` reads them.
    static var elementOffset: Int? { get }
    /// The address of the array's elements (`nil` if it has none) and their count (`mutating` only so that it is
    /// handed the address): they lie there as long as the array does, unchanged. An array of structs is always the
    /// standard library's own contiguous storage; one bridged from Objective-C (of classes, whose tables write
    /// nothing) would lend a copy, whose address only its count is read with.
    mutating func elementsInPlace() -> (UnsafeRawPointer?, Int)
}

extension Array: ArrayPayload {
    static var elementType: Any.Type { Element.self }
    static var elementStride: Int { MemoryLayout<Element>.stride }
    static var elementOffset: Int? { ModelArrayAllocator.layout(of: Element.self)?.elementOffset }

    mutating func elementsInPlace() -> (UnsafeRawPointer?, Int) { elements }

    private var elements: (UnsafeRawPointer?, Int) {
        withUnsafeBufferPointer { (UnsafeRawPointer($0.baseAddress), $0.count) }
    }
}

extension ArrayPayload {
    /// The elements of the `Self` at `value`, and their count.
    fileprivate static func elements(at value: UnsafeRawPointer) -> (UnsafeRawPointer?, Int) {
        UnsafeMutableRawPointer(mutating: value).assumingMemoryBound(to: Self.self).pointee.elementsInPlace()
    }
}

extension ModelWriter {
    /// Writes an empty array, as every array's encoding does.
    mutating func writeEmptyArray(context: EncodingContext) throws {
        try beginArray(count: 0)
        try context.enter()
        context.leave()
        try endArray()
    }
}

// A string read out of a struct by the table's loop is a copy: through `writeField` it was borrowed, copied again into
// its node and released, an atomic pair more for each string than the model's own `encode` pays.
extension FoundationObjectWriter {
    /// Writes `string`, a property the table's loop read out of a struct, under the key at `index` in `keys`, moving
    /// it into its node; `nil` as `writeField(_:keyAt:in:to:)` writes it (nothing, unless nulls are written).
    @inline(__always)
    mutating func writeField(
        consuming string: consuming String?, keyAt index: Int, in keys: KeyTable, context: EncodingContext
    ) throws {
        guard let string else {
            guard context.writesNil else { return }
            try writeKey(keys.keys[index])
            return try writeNull()
        }
        try writeKey(keys.keys[index])
        try add(string)
    }
}
