// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

import Foundation

// Measured as a prototype first (Benchmarks/NOTES.md 2026-11-28, 17:30), then as the macro writes it (NOTES,
// 2026-11-28, 20:00).
/// A model's keys as data, for the JSON and Foundation-object entry points of a module that asks for it.
///
/// Generated code decodes a dictionary with a loop over its keys and a switch that hands each key to its
/// property's ``Field``. In a model's module that loop is compiled for every reader the module decodes with, and
/// inlines the reader's key matching, so it is a large part of what a `public` model's entry points cost to build.
/// A table instead holds, for each key the model reads directly, where its property's field lies in the model's
/// fields and how to decode into it; the loop over the keys is compiled once here, for each of the two readers.
/// The common scalars (`Int`, `String`, `Double`, `Bool`, `Int64`, `Date`, `URL` and their optionals) and arrays of
/// `Int`, `String`, `Double` and `Int64` (and their optionals) are decoded by ModelKit's own exported specializations of
/// ``Field/decode(priority:keyAt:in:from:context:)``; every other property through a function specialized for its
/// type in the model's module.
///
/// A module asks for it with the compilation condition `MODELKIT_DECODING_TABLES`, for its release builds
/// (`swiftSettings: [.define("MODELKIT_DECODING_TABLES", .when(configuration: .release))]`); `@DictionaryModel` then
/// writes a table into the entry points of each `public` or `package` struct whose keys are each read directly into
/// one property (key paths, a key several properties read and transforms keep the key switch). It took 3–22% off
/// the release builds of the compile benchmark's model modules; decoding JSON from another module took 0–8% longer
/// (a slot's loads, and a switch or an indirect call per key), which is why it is not the default
/// (`Benchmarks/NOTES.md`, 2026-11-28, 20:00). In a debug build it took longer to build than the key switch.
///
/// In a module compiled with `MODELKIT_GENERIC_MODELS` as well, the table is made of slots whose decoders are
/// ModelKit's, compiled once and generic over the property's type (``FieldSlot/init(unspecialized:priority:)``):
/// the module then compiles nothing for a reader or a property's type, as with `MODELKIT_GENERIC_MODELS` alone, but
/// the loop over the keys and the common scalars run compiled for the reader. So do properties that hold models
/// (`M`, `M?`, `[M]`, `[M]?`, `[String: M]`, `[String: M]?`): their slots carry a `NestedModelDecoder`, made once
/// per slot, through which a struct model is decoded where it lies by its own table (``ModelDecoding``), and any
/// other model through its entry point for the reader. Such a table also writes its struct
/// (``init(_:encoding:fields:expected:finish:)``, ``encode(_:keys:to:context:)``): a loop compiled here for each
/// writer, over the properties as the struct's metadata places them. From another module, JSON decodes in
/// 0.96–1.05 times the instructions of the same models in the caller's module on the benchmark's files (up to
/// 1.52 times with the nested models' generic code) and encodes in 1.00–1.05 times (up to 1.39 with the generic
/// `encode`); release builds took 20–36% longer than with `MODELKIT_GENERIC_MODELS` alone (`Benchmarks/NOTES.md`,
/// 2026-11-28, 22:30, and 2026-11-29, 03:30, 08:30, 10:30, 12:10, 12:30, 15:10, 15:40, 17:40 and 21:00). Such a
/// table is registered by its struct's type as it is made, so that generic code writes an array of such structs
/// through it, each where it lies, and so does the table of a struct that holds such a struct, or an array of
/// them, which also decodes it through it.
public struct FieldTable: Sendable {
    @usableFromInline let slots: [FieldSlot]
    /// What the loop over the keys reads of each slot for every key, eight bytes a slot (see ``SlotHeader``).
    @usableFromInline let headers: [SlotHeader]
    /// How the struct is written, for a table made by ``init(_:encoding:fields:)``.
    @usableFromInline let encoding: FieldEncoding?
    /// How the struct is decoded into memory it is given, for a table made by
    /// ``init(_:encoding:fields:expected:finish:)``.
    @usableFromInline let decoding: ModelDecoding?

    /// A table whose slot at each index decodes the key at that index of the model's key table.
    @inlinable public init(_ slots: [FieldSlot]) {
        self.slots = slots
        headers = SlotHeader.headers(of: slots)
        encoding = nil
        decoding = nil
    }

    /// A table whose slot at each index decodes the key at that index of the model's key table, and which writes
    /// the struct `model`, whose decoding fields are a `fields`, through a loop compiled in ModelKit (see
    /// ``encode(_:keys:to:context:)``).
    public init(_ slots: [FieldSlot], encoding model: Any.Type, fields: Any.Type) {
        self.slots = slots
        headers = SlotHeader.headers(of: slots)
        encoding = FieldEncoding(model: model, fields: fields, slots: slots)
        decoding = nil
        Self.register(self, for: model)
    }

    // Neither inlined nor specialized, so that the model's module compiles nothing for it.
    /// A table that writes the struct `model` as ``init(_:encoding:fields:)`` does, and decodes it into memory it is
    /// given when it is a property of another such struct (see ``ModelDecoding``): its fields start as `fields`, a
    /// model's `_DecodingFields.start()`, and `finish` makes the struct from them.
    ///
    /// - Parameters:
    ///   - slots: the slot of each key of the model's key table, at the key's index.
    ///   - model: the struct.
    ///   - fields: the struct's fresh decoding fields.
    ///   - expected: what a mismatch names when the value is not a dictionary, as the model's entry points name it.
    ///   - finish: initializes the struct at its second argument from the fields at its first, whose values it
    ///     takes, with the key table and the context; the fields are destroyed by the caller if it throws.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public init<Fields>(
        _ slots: [FieldSlot], encoding model: Any.Type, fields: Fields, expected: String,
        finish: @escaping ModelDecoding.Finish
    ) {
        self.slots = slots
        headers = SlotHeader.headers(of: slots)
        encoding = FieldEncoding(model: model, fields: Fields.self, slots: slots)
        decoding = ModelDecoding(fields: fields, expected: expected, finish: finish)
        Self.register(self, for: model)
    }

    // Neither inlined nor specialized, as `ModelEntryPoints.encodeGenerically` is, which the entry points called
    // before: so the model's module compiles nothing more. Inlinable, it was compiled there for each model and
    // writer and took 2.6% fewer instructions on citm_catalog.json; the compile benchmark could not tell the two
    // apart, but the composed conditions' module of 30 models sits at 2.0× `Codable`'s release build either way
    // (Benchmarks/NOTES.md, 2026-11-29, 10:30).
    /// Writes `model`, the struct the table was made for by ``init(_:encoding:fields:)``, as a dictionary: the
    /// statements of its generated `encode`, run by a loop compiled in ModelKit for the writer. Through the
    /// model's generated `encode` if the table has no encoding, or was made for another type.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func encode<Model: ModelEncodable, W: FieldTableWriter>(
        _ model: Model, keys: KeyTable, to writer: inout W, context: EncodingContext
    ) throws {
        guard let encoding, encoding.model == Model.self else {
            return try ModelEntryPoints.encodeGenerically(model, to: &writer, context: context)
        }
        try withUnsafePointer(to: model) { model in
            try W.encode(self, model: UnsafeRawPointer(model), keys: keys, to: &writer, context: context)
        }
    }

    /// Reads the dictionary at `reader` into `fields`, a model's `_DecodingFields`, one slot per key: throws a
    /// mismatch naming `expected` when the value is not a dictionary.
    @inlinable
    public func decode<Fields, R: FieldTableReader>(
        into fields: inout Fields, expected: String, keys: KeyTable, from reader: inout R,
        context: borrowing DecodingContext
    ) throws {
        try withUnsafeMutablePointer(to: &fields) { fields in
            try R.decode(
                self, into: UnsafeMutableRawPointer(fields), expected: expected, keys: keys, from: &reader,
                context: context)
        }
    }

    // Neither inlined nor specialized, so that the model's module compiles nothing for it: the loop and the
    // per-key switch of a struct's generic initializer were a sixth of a small model module's release build
    // (Benchmarks/NOTES.md, 2026-11-30, 01:30).
    /// Reads the dictionary at `reader`, of any type, into `fields`, a model's `_DecodingFields`, one slot per key:
    /// the generic initializer of a struct whose table is made of unspecialized slots (both conditions). A property
    /// list goes on to its reader's loop here, as JSON and Foundation objects do through the model's entry points;
    /// for any other reader (`Value` trees, `Decoder`s) a common scalar decodes through its kind, any other property
    /// through its field's type, both compiled once, generic over the reader. Throws a mismatch naming `expected`
    /// when the value is not a dictionary.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func decode<Fields, R: ModelReader>(
        into fields: inout Fields, expected: String, keys: KeyTable, fromAnyReader reader: inout R,
        context: borrowing DecodingContext
    ) throws {
        // A property list read from a model in another module came here, through witness tables: 1.7-2.7 times the
        // time of the same models decoded in the caller's module (Benchmarks/NOTES.md, 2026-11-30, 10:30). Its
        // readers have loops of their own, compiled here; comparing metadata costs two loads.
        if R.self == BinaryPropertyListReader.self {
            return try Self.withReader(&reader, as: BinaryPropertyListReader.self) { reader in
                try decode(into: &fields, expected: expected, keys: keys, from: &reader, context: context)
            }
        }
        if R.self == XMLPropertyListReader.self {
            return try Self.withReader(&reader, as: XMLPropertyListReader.self) { reader in
                try decode(into: &fields, expected: expected, keys: keys, from: &reader, context: context)
            }
        }
        guard try reader.beginDictionary() else {
            throw context.mismatch(expected: expected, foundKind: try reader.peekKind())
        }
        // The same loop as `decodeKeys`' below, written again: a loop shared through a closure made the JSON
        // cases 1.9-3.3% slower (Benchmarks/NOTES.md, 2026-11-30, 03:30).
        try withUnsafeMutablePointer(to: &fields) { fields in
            let fields = UnsafeMutableRawPointer(fields)
            try withSlots { headers, slots in
                decoding: while true {
                    switch try reader.nextKey(in: keys) {
                    case .known(let index):
                        guard index < headers.count else {
                            try reader.skipValue()
                            continue
                        }
                        // The slot is used where it lies, as in `decodeKeys`.
                        let header = headers[index]
                        let field = fields + Int(header.offset)
                        if try !header.scalar.decode(
                            field, priority: Int(header.priority), keyAt: index, in: keys, from: &reader,
                            context: context)
                        {
                            // Bound first: passed from the buffer's subscript, the existential metatype is not opened.
                            let fieldType = slots[index].field
                            try Self.decode(
                                fieldType, at: field, priority: Int(header.priority), keyAt: index, in: keys,
                                from: &reader, context: context)
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
    }

    /// Runs `body` with the slots' headers and the slots, where they lie.
    @inline(__always)
    private func withSlots<Result>(
        _ body: (UnsafeBufferPointer<SlotHeader>, UnsafeBufferPointer<FieldSlot>) throws -> Result
    ) rethrows -> Result {
        try headers.withUnsafeBufferPointer { headers in
            try slots.withUnsafeBufferPointer { slots in try body(headers, slots) }
        }
    }

    /// Runs `body` on `reader`, whose type `R` is `Reader`.
    @inline(__always)
    private static func withReader<R: ModelReader, Reader: ModelReader>(
        _ reader: inout R, as _: Reader.Type, _ body: (inout Reader) throws -> Void
    ) throws {
        try withUnsafeMutablePointer(to: &reader) { reader in
            try reader.withMemoryRebound(to: Reader.self, capacity: 1) { reader in try body(&reader.pointee) }
        }
    }

    /// Decodes into the field of type `F` at `field`.
    fileprivate static func decode<F: KeyedFieldDecoding, R: ModelReader>(
        _: F.Type, at field: UnsafeMutableRawPointer, priority: Int, keyAt index: Int, in keys: KeyTable,
        from reader: inout R, context: DecodingContext
    ) throws {
        try field.assumingMemoryBound(to: F.self).pointee.decode(
            priority: priority, keyAt: index, in: keys, from: &reader, context: context)
    }

    /// The loop of the generated initializer, with the key switch replaced by the table.
    @inline(__always)
    fileprivate func decodeKeys<R: FieldTableReader>(
        into fields: UnsafeMutableRawPointer, expected: String, keys: KeyTable, from reader: inout R,
        context: DecodingContext
    ) throws {
        guard try reader.beginDictionary() else {
            throw context.mismatch(expected: expected, foundKind: try reader.peekKind())
        }
        try withSlots { headers, slots in
            decoding: while true {
                switch try reader.nextKey(in: keys) {
                case .known(let index):
                    guard index < headers.count else {
                        try reader.skipValue()
                        continue
                    }
                    // The slot is used where it lies: a copy would retain and release its functions.
                    let header = headers[index]
                    let field = fields + Int(header.offset)
                    let decoded = try header.scalar.decode(
                        field, priority: Int(header.priority), keyAt: index, in: keys, from: &reader,
                        context: context)
                    if !decoded {
                        if let nested = slots[index].borrowedNested {
                            // Borrowed, not retained: the slot keeps it. Read from the slot, the decoder was retained
                            // and released around each nested model, two atomic operations a model.
                            try nested._withUnsafeGuaranteedRef { nested in
                                try nested.decode(
                                    field: field, priority: Int(header.priority), keyAt: index, in: keys,
                                    from: &reader, context: context
                                ) { reader in
                                    try R.decode(
                                        slots[index], field: field, keyAt: index, in: keys, from: &reader,
                                        context: context)
                                }
                            }
                        } else {
                            try R.decode(
                                slots[index], field: field, keyAt: index, in: keys, from: &reader, context: context)
                        }
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
}

// A nested model was decoded through its `_decodeJSON`: its witness, its key table found and retained, its fields
// started and destroyed, and the model returned and moved into place, about 240 instructions a model more than
// the same models compiled for the reader (108 `WeiboPictureMetadata` an iteration of weibo.json; Benchmarks/NOTES.md,
// 2026-11-29, 21:00).
/// How a ``FieldTable`` decodes its struct into memory it is given, for a property of another struct's table (see
/// `NestedModelDecoder`): the loop over the keys runs on fields that start as a copy of the model's fresh fields,
/// then the model's `finish` makes the struct from them where it is to lie.
///
/// The fresh fields are kept as bytes: a ``Field`` starts without a value, so they hold no reference, and copying
/// their bytes is copying them. Once `finish` has returned, every field's value has been taken (the generated
/// initializer takes each field's), so nothing is left to destroy.
public final class ModelDecoding: @unchecked Sendable {
    /// Initializes the struct at the second pointer from the fields at the first, whose values it takes.
    public typealias Finish =
        @Sendable (UnsafeMutableRawPointer, UnsafeMutableRawPointer, KeyTable, DecodingContext) throws -> Void

    /// The fresh fields' bytes, kept for the process's life, as the table is.
    let start: UnsafeMutableRawPointer
    let size: Int
    let alignment: Int
    /// What a mismatch names when the value is not a dictionary.
    let expected: String
    let finish: Finish
    /// Destroys the fields at a pointer, after the loop or `finish` threw.
    let destroy: @Sendable (UnsafeMutableRawPointer) -> Void

    /// The decoding of a struct from fields that start as `fields`; `nil` if they take more than ``largestFields``
    /// bytes.
    init?<Fields>(fields: Fields, expected: String, finish: @escaping Finish) {
        guard MemoryLayout<Fields>.size <= Self.largestFields else { return nil }
        size = MemoryLayout<Fields>.size
        alignment = MemoryLayout<Fields>.alignment
        start = .allocate(byteCount: max(size, 1), alignment: alignment)
        start.initializeMemory(as: Fields.self, to: fields)
        self.expected = expected
        self.finish = finish
        destroy = { $0.assumingMemoryBound(to: Fields.self).deinitialize(count: 1) }
    }

    /// Decodes the struct at `reader` into `model` through `table`, with the model's keys `keys`.
    @inline(__always)
    func decode<R: FieldTableReader>(
        _ table: FieldTable, into model: UnsafeMutableRawPointer, keys: ModelKeys, from reader: inout R,
        context: borrowing DecodingContext
    ) throws {
        // Borrowed, not retained: the model's registered table keeps its keys for the process's life, and a retain
        // and release of the key table for each nested model was 2,500 instructions an iteration of weibo.json's 55.
        try Unmanaged.passUnretained(keys.table(for: context.options.keyStrategy))._withUnsafeGuaranteedRef { keys in
            try Self.withRoom(byteCount: size, alignment: alignment) { fields in
                fields.copyMemory(from: start, byteCount: size)
                do {
                    try R.decode(table, into: fields, expected: expected, keys: keys, from: &reader, context: context)
                    try finish(fields, model, keys, context)
                } catch {
                    destroy(fields)
                    throw error
                }
            }
        }
    }

    /// The most bytes ``withRoom(byteCount:alignment:_:)`` takes from the stack: past it,
    /// `withUnsafeTemporaryAllocation` asks whether the stack has room, which on Linux's main thread reads the
    /// process's memory map (`pthread_getattr_np`, thousands of instructions).
    static let largestRoomOnStack = 1024

    // On the heap, the fields of weibo.json's users and statuses cost more in `malloc` than decoding them through
    // their entry points, whose fields are a local of the model's own (Benchmarks/NOTES.md, 2026-11-29, 21:00).
    /// The largest fields decoded here: a wider model (about 25 properties and more) is decoded through its entry
    /// point.
    static let largestFields = largestRoomOnStack

    /// Calls `body` with room for `byteCount` bytes: on the stack, or for more than ``largestRoomOnStack``, on the heap.
    @inline(__always)
    static func withRoom<Result>(
        byteCount: Int, alignment: Int, _ body: (UnsafeMutableRawPointer) throws -> Result
    ) rethrows -> Result {
        guard byteCount <= largestRoomOnStack else {
            let room = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: alignment)
            defer { room.deallocate() }
            return try body(room)
        }
        return try withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: alignment) { room in
            try body(room.baseAddress!)
        }
    }
}

/// Decodes the value under a key of a model's key table into the ``Field`` at a pointer, from JSON: the slot's
/// priority, the key's index, the table, the reader and the context.
public typealias JSONFieldDecoder =
    @Sendable (
        UnsafeMutableRawPointer, Int, Int, KeyTable, inout JSONReader, DecodingContext
    ) throws -> Void

/// Decodes the value under a key of a model's key table into the ``Field`` at a pointer, from Foundation objects:
/// the slot's priority, the key's index, the table, the reader and the context.
public typealias ObjectsFieldDecoder =
    @Sendable (
        UnsafeMutableRawPointer, Int, Int, KeyTable, inout FoundationObjectReader, DecodingContext
    ) throws -> Void

// The loop over the keys read each key's slot of 80 bytes, two cache lines where the specialized code has the same
// values in its instructions: weibo.json's decoding from another module missed the first-level data cache 1.38 times
// as often as the same models compiled for the reader, most of it in the loop, and took 1.05–1.07 times the time for
// 1.04 times the instructions (callgrind's cache simulation; Benchmarks/NOTES.md, 2026-12-01).
/// What the loop over a ``FieldTable``'s keys reads of a slot for every key: where the field lies, the key's
/// priority and the property's kind, eight bytes, kept apart from the rest of the slot (its functions), which only
/// a property that is not a common scalar reads.
@usableFromInline
struct SlotHeader: Sendable {
    /// ``FieldSlot/offset``.
    let offset: Int32
    /// ``FieldSlot/priority``.
    let priority: Int16
    /// ``FieldSlot/scalar``.
    let scalar: ScalarFieldKind

    /// The headers of `slots`, in order.
    @usableFromInline
    static func headers(of slots: [FieldSlot]) -> [SlotHeader] {
        slots.map { SlotHeader(offset: Int32($0.offset), priority: Int16($0.priority), scalar: $0.scalar) }
    }
}

/// One key of a ``FieldTable``: where its property's ``Field`` lies in the model's fields, the key's priority among
/// the property's keys, and how to decode into the field.
public struct FieldSlot: Sendable {
    @usableFromInline let offset: Int
    @usableFromInline let priority: Int
    @usableFromInline let scalar: ScalarFieldKind
    @usableFromInline let json: JSONFieldDecoder
    @usableFromInline let objects: ObjectsFieldDecoder
    /// For a property that holds models, in a slot made by ``init(unspecialized:priority:)``: how ModelKit's code
    /// for the reader decodes it.
    @usableFromInline let nested: NestedModelDecoder?
    /// ``nested``, as the table's loop reaches it without retaining it.
    @usableFromInline let borrowedNested: Unmanaged<NestedModelDecoder>?
    /// The field's type, through which ``FieldTable/decode(into:expected:keys:fromAnyReader:context:)`` decodes it
    /// from any reader.
    @usableFromInline let field: any KeyedFieldDecoding.Type

    /// The slot of the field at `path` in a model's fields, for a key at `priority` among its property's keys.
    ///
    /// Inlinable, so that the decoders of a property that is not a common scalar (a model, an array of them) are
    /// compiled where the table is made, for its type.
    @inlinable
    public init<Fields, T: ModelDecodable & SendableMetatype>(
        _ path: WritableKeyPath<Fields, Field<T>>, priority: Int = 0
    ) {
        self.init(path, priority: priority, nested: nil)
    }

    /// The slot of the field at `path`, decoded through `nested` if there is one, else through `decoders`, or if
    /// they are `nil` through decoders made for the field's type.
    @inlinable
    init<Fields, T: ModelDecodable & SendableMetatype>(
        _ path: WritableKeyPath<Fields, Field<T>>, priority: Int, nested: NestedModelDecoder?,
        decoders: (json: JSONFieldDecoder, objects: ObjectsFieldDecoder)? = nil
    ) {
        guard let offset = MemoryLayout<Fields>.offset(of: path) else {
            preconditionFailure("a field slot's key path names a stored property")
        }
        self.offset = offset
        self.priority = priority
        scalar = ScalarFieldKind(T.self)
        (json, objects) = decoders ?? Self.decoders(of: Field<T>.self)
        self.nested = nested
        borrowedNested = nested.map(Unmanaged.passUnretained)
        field = Field<T>.self
    }

    // Neither inlined nor specialized: Swift's cross-module optimization would otherwise hand its body to the
    // model's module, which would compile the slot's decoders for the property's type after all.
    /// The slot of the field at `path`, its decoders compiled once here, generic over the property's type: the
    /// table of a model in a module compiled with both `MODELKIT_GENERIC_MODELS` and `MODELKIT_DECODING_TABLES` is
    /// made of these, so that the module compiles nothing for a property's type and a reader. A common scalar
    /// decodes as fast as through ``init(_:priority:)``; any other property through witness tables.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public init<Fields, T: ModelDecodable & SendableMetatype>(
        unspecialized path: WritableKeyPath<Fields, Field<T>>, priority: Int = 0
    ) {
        let nested = ScalarFieldKind(T.self) == .none ? NestedModelDecoder.make(for: T.self) : nil
        self.init(path, priority: priority, nested: nested, decoders: Self.specializedDecoders(for: T.self))
    }

    // A dictionary of `Int`s went through the decoders made for any type, whose generic `Field.decode` asked the
    // runtime for its optional's metadata on every key: weibo.json's users' badges and privacy settings, 0.4% of its
    // decoding from another module. As kinds of the loops' switch instead, four more cases made the JSON loop 1.07%
    // longer on twitter.json, its decoding 0.25% (Benchmarks/NOTES.md, 2026-12-01, third session).
    /// The decoders ModelKit compiles for a slot of a property of `type`, for the dictionaries of `Int` and `String`
    /// by `String` and their optionals; `nil` for any other type.
    static func specializedDecoders(for type: Any.Type) -> (json: JSONFieldDecoder, objects: ObjectsFieldDecoder)? {
        switch type {
        case is [String: Int].Type: decoders(of: Field<[String: Int]>.self)
        case is [String: Int]?.Type: decoders(of: Field<[String: Int]?>.self)
        case is [String: String].Type: decoders(of: Field<[String: String]>.self)
        case is [String: String]?.Type: decoders(of: Field<[String: String]?>.self)
        default: nil
        }
    }

    // Generic over the field's type rather than the property's: in the unspecialized slots, the closures hold the
    // field type's metadata and hand it to its `decode`; made over `T`, they asked the runtime for `Field<T>`'s
    // metadata on every key. Specialized for a field type, the call is a direct one, as before.
    /// The decoders of a slot whose field is an `F`.
    @inlinable
    static func decoders<F: KeyedFieldDecoding & SendableMetatype>(
        of _: F.Type
    ) -> (json: JSONFieldDecoder, objects: ObjectsFieldDecoder) {
        (
            json: { field, priority, index, keys, reader, context in
                try field.assumingMemoryBound(to: F.self).pointee.decode(
                    priority: priority, keyAt: index, in: keys, from: &reader, context: context)
            },
            objects: { field, priority, index, keys, reader, context in
                try field.assumingMemoryBound(to: F.self).pointee.decode(
                    priority: priority, keyAt: index, in: keys, from: &reader, context: context)
            }
        )
    }
}

/// A ``Field`` of a decodable type, as the slots of a ``FieldTable`` reach it.
@usableFromInline
protocol KeyedFieldDecoding: SendableMetatype {
    /// Decodes the value under the key at `index` in `table` from the reader.
    mutating func decode<R: ModelReader>(
        priority: Int, keyAt index: Int, in table: KeyTable, from reader: inout R, context: DecodingContext
    ) throws
}

extension Field: KeyedFieldDecoding where T: ModelDecodable {}

/// The common scalars and arrays a ``FieldSlot`` decodes without a call through the slot: each is a switch case
/// calling ModelKit's exported specialization of ``Field/decode(priority:keyAt:in:from:context:)`` (an indirect call
/// per key cost 10% of decoding JSON, the switch 3%). Through an unspecialized slot, a `[Int]` property had gone
/// through the generic code, a third of decoding citm_catalog.json from a module compiled with both conditions.
@usableFromInline
enum ScalarFieldKind: UInt8, Sendable {
    case none, int, optionalInt, string, optionalString, double, optionalDouble, bool, optionalBool
    case int64, optionalInt64, date, optionalDate, url, optionalURL
    case ints, optionalInts, strings, optionalStrings, doubles, optionalDoubles, int64s, optionalInt64s

    @inlinable init(_ type: Any.Type) {
        switch type {
        case is Int.Type: self = .int
        case is Int?.Type: self = .optionalInt
        case is String.Type: self = .string
        case is String?.Type: self = .optionalString
        case is Double.Type: self = .double
        case is Double?.Type: self = .optionalDouble
        case is Bool.Type: self = .bool
        case is Bool?.Type: self = .optionalBool
        case is Int64.Type: self = .int64
        case is Int64?.Type: self = .optionalInt64
        case is Date.Type: self = .date
        case is Date?.Type: self = .optionalDate
        case is URL.Type: self = .url
        case is URL?.Type: self = .optionalURL
        case is [Int].Type: self = .ints
        case is [Int]?.Type: self = .optionalInts
        case is [String].Type: self = .strings
        case is [String]?.Type: self = .optionalStrings
        case is [Double].Type: self = .doubles
        case is [Double]?.Type: self = .optionalDoubles
        case is [Int64].Type: self = .int64s
        case is [Int64]?.Type: self = .optionalInt64s
        default: self = .none
        }
    }

    /// Decodes into the field of this kind at `field`; false, having done nothing, for ``none``.
    @inline(__always)
    func decode<R: ModelReader>(
        _ field: UnsafeMutableRawPointer, priority: Int, keyAt index: Int, in keys: KeyTable, from reader: inout R,
        context: DecodingContext
    ) throws -> Bool {
        switch self {
        case .none: return false
        case .int: try Self.decode(Int.self, field, priority, index, keys, &reader, context)
        case .optionalInt: try Self.decode(Int?.self, field, priority, index, keys, &reader, context)
        case .string: try Self.decode(String.self, field, priority, index, keys, &reader, context)
        case .optionalString: try Self.decode(String?.self, field, priority, index, keys, &reader, context)
        case .double: try Self.decode(Double.self, field, priority, index, keys, &reader, context)
        case .optionalDouble: try Self.decode(Double?.self, field, priority, index, keys, &reader, context)
        case .bool: try Self.decode(Bool.self, field, priority, index, keys, &reader, context)
        case .optionalBool: try Self.decode(Bool?.self, field, priority, index, keys, &reader, context)
        case .int64: try Self.decode(Int64.self, field, priority, index, keys, &reader, context)
        case .optionalInt64: try Self.decode(Int64?.self, field, priority, index, keys, &reader, context)
        case .date: try Self.decode(Date.self, field, priority, index, keys, &reader, context)
        case .optionalDate: try Self.decode(Date?.self, field, priority, index, keys, &reader, context)
        case .url: try Self.decode(URL.self, field, priority, index, keys, &reader, context)
        case .optionalURL: try Self.decode(URL?.self, field, priority, index, keys, &reader, context)
        case .ints: try Self.decode([Int].self, field, priority, index, keys, &reader, context)
        case .optionalInts: try Self.decode([Int]?.self, field, priority, index, keys, &reader, context)
        case .strings: try Self.decode([String].self, field, priority, index, keys, &reader, context)
        case .optionalStrings: try Self.decode([String]?.self, field, priority, index, keys, &reader, context)
        case .doubles: try Self.decode([Double].self, field, priority, index, keys, &reader, context)
        case .optionalDoubles: try Self.decode([Double]?.self, field, priority, index, keys, &reader, context)
        case .int64s: try Self.decode([Int64].self, field, priority, index, keys, &reader, context)
        case .optionalInt64s: try Self.decode([Int64]?.self, field, priority, index, keys, &reader, context)
        }
        return true
    }

    @inline(__always)
    private static func decode<T: ModelDecodable, R: ModelReader>(
        _: T.Type, _ field: UnsafeMutableRawPointer, _ priority: Int, _ index: Int, _ keys: KeyTable,
        _ reader: inout R, _ context: DecodingContext
    ) throws {
        try field.assumingMemoryBound(to: Field<T>.self).pointee.decode(
            priority: priority, keyAt: index, in: keys, from: &reader, context: context)
    }
}

/// The readers a ``FieldTable`` decodes from, ``JSONReader``, ``FoundationObjectReader``,
/// ``BinaryPropertyListReader`` and ``XMLPropertyListReader``: each has the table's loop over a dictionary's keys
/// compiled for it in ModelKit, and chooses a slot's decoder for it.
public protocol FieldTableReader: ModelReader {
    /// Reads the dictionary at `reader` through `table` into the fields at `fields`, throwing a mismatch naming
    /// `expected` when the value is not a dictionary.
    static func decode(
        _ table: FieldTable, into fields: UnsafeMutableRawPointer, expected: String, keys: KeyTable,
        from reader: inout Self, context: DecodingContext
    ) throws

    /// Decodes the value under the key at `index` through `slot` into the field at `field`.
    static func decode(
        _ slot: FieldSlot, field: UnsafeMutableRawPointer, keyAt index: Int, in keys: KeyTable,
        from reader: inout Self, context: DecodingContext
    ) throws
}

// The loops are not inlinable: compiled here, once for each reader, which is the point of the table.
extension JSONReader: FieldTableReader {
    /// Reads the dictionary through the table's loop, compiled for JSON.
    @inline(never)
    public static func decode(
        _ table: FieldTable, into fields: UnsafeMutableRawPointer, expected: String, keys: KeyTable,
        from reader: inout JSONReader, context: DecodingContext
    ) throws {
        try table.decodeKeys(into: fields, expected: expected, keys: keys, from: &reader, context: context)
    }

    /// Decodes through the slot's function for JSON.
    @inline(__always)
    public static func decode(
        _ slot: FieldSlot, field: UnsafeMutableRawPointer, keyAt index: Int, in keys: KeyTable,
        from reader: inout JSONReader, context: DecodingContext
    ) throws {
        try slot.json(field, slot.priority, index, keys, &reader, context)
    }
}

extension FoundationObjectReader: FieldTableReader {
    /// Reads the dictionary through the table's loop, compiled for Foundation objects.
    @inline(never)
    public static func decode(
        _ table: FieldTable, into fields: UnsafeMutableRawPointer, expected: String, keys: KeyTable,
        from reader: inout FoundationObjectReader, context: DecodingContext
    ) throws {
        try table.decodeKeys(into: fields, expected: expected, keys: keys, from: &reader, context: context)
    }

    /// Decodes through the slot's function for Foundation objects.
    @inline(__always)
    public static func decode(
        _ slot: FieldSlot, field: UnsafeMutableRawPointer, keyAt index: Int, in keys: KeyTable,
        from reader: inout FoundationObjectReader, context: DecodingContext
    ) throws {
        try slot.objects(field, slot.priority, index, keys, &reader, context)
    }
}

// The property-list readers' loops, for the generic initializer of a struct whose table is made of unspecialized
// slots (both conditions): a property that is neither a common scalar nor a model decodes through its field's type,
// as in the loop for any reader, rather than through a function of its own in each slot, which a model's module
// would compile for each property's type.
extension BinaryPropertyListReader: FieldTableReader {
    /// Reads the dictionary through the table's loop, compiled for binary property lists.
    @inline(never)
    public static func decode(
        _ table: FieldTable, into fields: UnsafeMutableRawPointer, expected: String, keys: KeyTable,
        from reader: inout BinaryPropertyListReader, context: DecodingContext
    ) throws {
        try table.decodeKeys(into: fields, expected: expected, keys: keys, from: &reader, context: context)
    }

    /// Decodes through the field's type.
    @inline(__always)
    public static func decode(
        _ slot: FieldSlot, field: UnsafeMutableRawPointer, keyAt index: Int, in keys: KeyTable,
        from reader: inout BinaryPropertyListReader, context: DecodingContext
    ) throws {
        let fieldType = slot.field
        try FieldTable.decode(
            fieldType, at: field, priority: slot.priority, keyAt: index, in: keys, from: &reader, context: context)
    }
}

extension XMLPropertyListReader: FieldTableReader {
    /// Reads the dictionary through the table's loop, compiled for XML property lists.
    @inline(never)
    public static func decode(
        _ table: FieldTable, into fields: UnsafeMutableRawPointer, expected: String, keys: KeyTable,
        from reader: inout XMLPropertyListReader, context: DecodingContext
    ) throws {
        try table.decodeKeys(into: fields, expected: expected, keys: keys, from: &reader, context: context)
    }

    /// Decodes through the field's type.
    @inline(__always)
    public static func decode(
        _ slot: FieldSlot, field: UnsafeMutableRawPointer, keyAt index: Int, in keys: KeyTable,
        from reader: inout XMLPropertyListReader, context: DecodingContext
    ) throws {
        let fieldType = slot.field
        try FieldTable.decode(
            fieldType, at: field, priority: slot.priority, keyAt: index, in: keys, from: &reader, context: context)
    }
}
