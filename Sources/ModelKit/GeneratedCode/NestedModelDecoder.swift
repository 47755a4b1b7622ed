// Called by code @DictionaryModel generates, through FieldSlot(unspecialized:): change with
// Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

import Foundation

// A property that holds a model went through ModelKit's generic code, unspecialized: `Field.decode`, the array's
// loop and every layer between them, each asking the runtime for `Optional<T>`'s and `Array<T>`'s metadata and
// calling the reader through witness tables. From a module compiled with both conditions, citm_catalog.json took
// 1.5 times the instructions of the same models compiled for the reader (Benchmarks/NOTES.md, 2026-11-29, 08:30).
/// How a ``FieldTable`` of ModelKit's unspecialized slots decodes a property whose type is a model `M`, `M?`, `[M]`,
/// `[M]?`, `[String: M]` or `[String: M]?` (`M` a ``KeyedModel``, as `@DictionaryModel` declares): the loop over an
/// array's elements or a dictionary's entries and the
/// rules of ``Field/decode(priority:keyAt:in:from:context:)`` run in code compiled here for each reader; a struct
/// model is decoded where it lies through its own table (``ModelDecoding``) once its entry point has made the table,
/// and what else depends on `M` (another model's entry point for the reader, making the property's value) goes
/// through the metatypes kept here, made once for each slot.
///
/// So a model's module still compiles nothing for a reader or a property's type.
@usableFromInline
final class NestedModelDecoder: @unchecked Sendable {
    /// What the property holds.
    enum Shape {
        case model, optionalModel, models, optionalModels, modelsByKey, optionalModelsByKey
    }

    let shape: Shape
    // Stored, not derived from the shape: the table's loop reads them for every nested model (twitter.json took
    // 0.5% more instructions with the comparisons).
    let isOptional: Bool
    let isCollection: Bool
    /// The property's type, as errors name it.
    let propertyType: Any.Type
    /// The model.
    let model: any KeyedModel.Type
    /// The property's ``Field`` type.
    let field: any NestedModelField.Type
    /// Where the field's stored properties lie in it.
    let valueOffset: Int
    let priorityOffset: Int
    let seenOffset: Int
    let hasDefaultOffset: Int

    // The optionals and arrays a field's value is made of, each made through its own metatype: generic code that
    // wrote `M?` asked the runtime for `Optional<M>`'s metadata on every call, a sixth of decoding twitter.json
    // from a module compiled with both conditions.
    let optionalModel: any OptionalStorage.Type
    let optionalOptionalModel: any OptionalStorage.Type
    let arrayOfModels: any ArrayStorage.Type
    let optionalArray: any OptionalStorage.Type
    let optionalDictionary: any OptionalStorage.Type
    /// The model's stride and alignment, where its array's elements lie.
    let modelStride: Int
    let modelAlignment: Int
    /// Whether the model is its own optional, and that optional's: whether `nil` lies in the model's spare bits, so
    /// that a model decoded straight into the field's value (an `M?` or `M??`) is already its `.some`.
    let modelIsItsOptionals: Bool
    /// For an array of models, its storage allocated from the storage class's metadata, found once (see
    /// ``ModelArrayAllocator``); `nil` where the arrays' layout is not the one it writes.
    let arrayAllocator: ModelArrayAllocator?
    /// The model's table, through which it is decoded where it is to lie (see ``ModelDecoding``), once it has been
    /// decoded through its entry point, which makes the table.
    let modelTable: ModelTableLookup

    private init<M: KeyedModel>(_: M.Type, shape: Shape, propertyType: Any.Type) {
        self.shape = shape
        isOptional = shape == .optionalModel || shape == .optionalModels || shape == .optionalModelsByKey
        isCollection = shape != .model && shape != .optionalModel
        self.propertyType = propertyType
        model = M.self
        field =
            switch shape {
            case .model: Field<M>.self
            case .optionalModel: Field<M?>.self
            case .models: Field<[M]>.self
            case .optionalModels: Field<[M]?>.self
            case .modelsByKey: Field<[String: M]>.self
            case .optionalModelsByKey: Field<[String: M]?>.self
            }
        (valueOffset, priorityOffset, seenOffset, hasDefaultOffset) = field.offsets
        optionalModel = M?.self
        optionalOptionalModel = M??.self
        arrayOfModels = [M].self
        optionalArray = [M]?.self
        optionalDictionary = [String: M]?.self
        modelStride = MemoryLayout<M>.stride
        modelAlignment = MemoryLayout<M>.alignment
        modelIsItsOptionals = MemoryLayout<M??>.size == MemoryLayout<M>.size
        arrayAllocator = shape == .models || shape == .optionalModels ? ModelArrayAllocator.make(for: M.self) : nil
        modelTable = ModelTableLookup(model: ObjectIdentifier(M.self))
    }

    /// The decoder for a field of `T`, if `T` is a model, an optional model, or an array of them (or optional
    /// array); `nil` for every other type, and for a model that decodes `null` to a value of its own.
    static func make<T>(for _: T.Type) -> NestedModelDecoder? {
        if let model = T.self as? any KeyedModel.Type {
            return make(model: model, shape: .model, propertyType: T.self)
        }
        if let shaped = T.self as? any NestedModelShape.Type {
            return shaped.nestedModelDecoder(propertyType: T.self)
        }
        return nil
    }

    /// The decoder for a property of `shape` holding `element`s, whose type is `propertyType`; `nil` if `element` is
    /// not a model.
    static func make(holding element: Any.Type, shape: Shape, propertyType: Any.Type) -> NestedModelDecoder? {
        guard let model = element as? any KeyedModel.Type else { return nil }
        return make(model: model, shape: shape, propertyType: propertyType)
    }

    /// The decoder for a property of `shape` holding `M`s, whose type is `propertyType`.
    static func make<M: KeyedModel>(model _: M.Type, shape: Shape, propertyType: Any.Type) -> NestedModelDecoder? {
        // A model that decodes `null` to a value of its own keeps ModelKit's generic code, which asks it. So would
        // an array or a dictionary whose optionals were not its own bits, which Swift's single-reference `Array` and
        // `Dictionary` always are.
        guard M.nullValue == nil, MemoryLayout<[M]??>.size == MemoryLayout<[M]>.size,
            MemoryLayout<[String: M]??>.size == MemoryLayout<[String: M]>.size
        else { return nil }
        return NestedModelDecoder(M.self, shape: shape, propertyType: propertyType)
    }

}

/// `Optional`, `Array` and `Dictionary` of models, as ``NestedModelDecoder/make(for:)`` finds the model inside them.
protocol NestedModelShape {
    /// The decoder for a property of `Self`, whose type is `propertyType`.
    static func nestedModelDecoder(propertyType: Any.Type) -> NestedModelDecoder?
    /// The decoder for a property of `Self?`, whose type is `propertyType`.
    static func optionalNestedModelDecoder(propertyType: Any.Type) -> NestedModelDecoder?
}

extension Optional: NestedModelShape {
    static func nestedModelDecoder(propertyType: Any.Type) -> NestedModelDecoder? {
        NestedModelDecoder.make(holding: Wrapped.self, shape: .optionalModel, propertyType: propertyType)
            ?? (Wrapped.self as? any NestedModelShape.Type)?.optionalNestedModelDecoder(propertyType: propertyType)
    }

    static func optionalNestedModelDecoder(propertyType: Any.Type) -> NestedModelDecoder? { nil }
}

extension Array: NestedModelShape {
    static func nestedModelDecoder(propertyType: Any.Type) -> NestedModelDecoder? {
        NestedModelDecoder.make(holding: Element.self, shape: .models, propertyType: propertyType)
    }

    static func optionalNestedModelDecoder(propertyType: Any.Type) -> NestedModelDecoder? {
        NestedModelDecoder.make(holding: Element.self, shape: .optionalModels, propertyType: propertyType)
    }
}

extension Dictionary: NestedModelShape where Key == String {
    static func nestedModelDecoder(propertyType: Any.Type) -> NestedModelDecoder? {
        NestedModelDecoder.make(holding: Value.self, shape: .modelsByKey, propertyType: propertyType)
    }

    static func optionalNestedModelDecoder(propertyType: Any.Type) -> NestedModelDecoder? {
        NestedModelDecoder.make(holding: Value.self, shape: .optionalModelsByKey, propertyType: propertyType)
    }
}

/// A ``Field`` as a ``NestedModelDecoder`` reaches it, through its metatype: its layout, and its records of a key
/// that failed or left the default.
protocol NestedModelField {
    /// Where the stored properties `value`, `priority`, `seen` and `hasDefault` lie in the field.
    static var offsets: (value: Int, priority: Int, seen: Int, hasDefault: Int) { get }
    /// ``Field``'s record of a key that left the property to its default.
    static func recordDefaulted(at field: UnsafeMutableRawPointer, priority: Int, context: DecodingContext)
    /// ``Field``'s record of a key whose value failed.
    static func recordFailure(
        _ error: MappingError, at field: UnsafeMutableRawPointer, priority: Int, context: DecodingContext)
}

extension Field: NestedModelField {
    static var offsets: (value: Int, priority: Int, seen: Int, hasDefault: Int) {
        (
            MemoryLayout<Self>.offset(of: \Self.value)!, MemoryLayout<Self>.offset(of: \Self.priority)!,
            MemoryLayout<Self>.offset(of: \Self.seen)!, MemoryLayout<Self>.offset(of: \Self.hasDefault)!
        )
    }

    static func recordDefaulted(at field: UnsafeMutableRawPointer, priority: Int, context: DecodingContext) {
        field.assumingMemoryBound(to: Self.self).pointee.recordDefaulted(priority: priority, context: context)
    }

    static func recordFailure(
        _ error: MappingError, at field: UnsafeMutableRawPointer, priority: Int, context: DecodingContext
    ) {
        field.assumingMemoryBound(to: Self.self).pointee.recordFailure(error, priority: priority, context: context)
    }
}

/// An optional, made at a pointer through its metatype (see ``NestedModelDecoder``).
protocol OptionalStorage {
    /// The wrapped type.
    associatedtype Wrapped
    /// The optional holding `wrapped`.
    init(wrapping wrapped: consuming Wrapped)
    /// `nil`.
    init(nilValue: Void)
}

// Made by initializers, whose result is the memory they are given: a static method of `Optional` that initialized
// a pointer to `Self` asked the runtime for `Optional<Wrapped>`'s metadata, though it was handed it.
extension Optional: OptionalStorage {
    init(wrapping wrapped: consuming Wrapped) { self = .some(wrapped) }
    init(nilValue: Void) { self = .none }
}

/// An array, made through its metatype and grown as an existential (see ``NestedModelDecoder``): so that the code
/// calling it is generic over the reader alone, and every call is handed the array's metadata.
protocol ArrayStorage {
    /// The empty array.
    init(emptyArray: Void)
    /// The array whose elements `initialize` decodes into its storage: it is given the storage, its capacity (at
    /// least `capacity`) and the count of elements initialized, which it keeps current, so that they are destroyed
    /// if it throws.
    init(
        capacity: Int, initializingWith initialize: (UnsafeMutableRawPointer, Int, inout Int) throws -> Void
    ) rethrows
    /// Appends the element at `element`, which it moves.
    mutating func append(movingFrom element: UnsafeMutableRawPointer)
}

// Decoded into the array's storage, not into room of the decoder's own and moved: twitter.json's hundred statuses
// were copied once more, 340,000 instructions of `memcpy` an iteration (Benchmarks/NOTES.md, 2026-11-29, 10:30).
// Instance members and initializers, not static methods at a pointer: those asked the runtime for
// `Array<Element>`'s metadata on every call (1.1 M instructions an iteration of citm_catalog.json).
extension Array: ArrayStorage {
    init(emptyArray: Void) { self = [] }

    init(
        capacity: Int, initializingWith initialize: (UnsafeMutableRawPointer, Int, inout Int) throws -> Void
    ) rethrows {
        try self.init(unsafeUninitializedCapacity: capacity) { storage, initialized in
            try initialize(UnsafeMutableRawPointer(storage.baseAddress!), storage.count, &initialized)
        }
    }

    mutating func append(movingFrom element: UnsafeMutableRawPointer) {
        append(element.assumingMemoryBound(to: Element.self).move())
    }
}

// Making the field's value. The field's value is `nil` until its first key is decoded, which is when these run:
// it is initialized over, as `Field.decode` moves its first value in. An array's optionals, and most models', are
// the value's own bits (`nil` lies in its spare bits; the Swift ABI's single-payload enums), so the value is made
// where it lies: wrapped in an optional and that in another, a decoded `TwitterUser` was moved three times, a quarter
// of a million instructions of `memcpy` an iteration of twitter.json (Benchmarks/NOTES.md, 2026-11-29, 10:30).
extension NestedModelDecoder {
    /// Makes the field's value the model at `model`, which it moves (`M` or `M?`), for a model that is not its
    /// own optional.
    func setModel(movingFrom model: UnsafeMutableRawPointer, inField field: UnsafeMutableRawPointer) {
        let value = field + valueOffset
        if shape == .model {
            Self.initialize(optionalModel, at: value, movingFrom: model)
        } else {
            Self.initialize(optionalOptionalModel, at: value) {
                Self.initialize(optionalModel, at: $0, movingFrom: model)
            }
        }
    }

    /// Makes the field's value `nil` again (`M?` or `M??` is `.none`), after a model decoded in place failed and
    /// may have left part of itself there.
    func setAbsent(inField field: UnsafeMutableRawPointer) {
        let optional = shape == .model ? optionalModel : optionalOptionalModel
        Self.initializeNil(optional, at: field + valueOffset)
    }

    /// Makes the field's value `nil` (`M?`, `[M]?` or `[String: M]?`), for `null`.
    func setNil(inField field: UnsafeMutableRawPointer) {
        let value = field + valueOffset
        if shape == .optionalModels {
            Self.initializeNil(optionalArray, at: value)
        } else if shape == .optionalModelsByKey {
            Self.initializeNil(optionalDictionary, at: value)
        } else if modelIsItsOptionals {
            Self.initializeNil(optionalModel, at: value)
        } else {
            Self.initialize(optionalOptionalModel, at: value) { Self.initializeNil(optionalModel, at: $0) }
        }
    }

    /// Initializes the memory at `value` to an `S` wrapping the value at `wrapped`, which it moves.
    private static func initialize<S: OptionalStorage>(
        _: S.Type, at value: UnsafeMutableRawPointer, movingFrom wrapped: UnsafeMutableRawPointer
    ) {
        value.initializeMemory(as: S.self, to: S(wrapping: wrapped.assumingMemoryBound(to: S.Wrapped.self).move()))
    }

    /// Initializes the memory at `value` to an `S` wrapping what `makeWrapped` makes in the memory it is given.
    private static func initialize<S: OptionalStorage>(
        _: S.Type, at value: UnsafeMutableRawPointer, wrapping makeWrapped: (UnsafeMutableRawPointer) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: S.Wrapped.self, capacity: 1) { wrapped in
            makeWrapped(UnsafeMutableRawPointer(wrapped.baseAddress!))
            value.initializeMemory(as: S.self, to: S(wrapping: wrapped.baseAddress!.move()))
        }
    }

    /// Initializes the memory at `value` to a `nil` `S`.
    private static func initializeNil<S: OptionalStorage>(_: S.Type, at value: UnsafeMutableRawPointer) {
        value.initializeMemory(as: S.self, to: S(nilValue: ()))
    }
}

// The rules below are `Field.decode`'s, `DecodingContext.decodeField`'s and the array's, for these four shapes: a
// change there is a change here (Tests/ModelKitGenericTablesTests decodes random input through both, strictly and
// leniently, and expects the same models, errors and notes).
extension NestedModelDecoder {
    /// Decodes the value under the key at `index` into the field at `field`, as
    /// ``Field/decode(priority:keyAt:in:from:context:)`` does; a key met again goes to `repeated`, which is the
    /// field's generic decoding.
    @inline(__always)
    func decode<R: FieldTableReader>(
        field: UnsafeMutableRawPointer, priority: Int, keyAt index: Int, in keys: KeyTable, from reader: inout R,
        context: DecodingContext, repeated: (inout R) throws -> Void
    ) throws {
        guard !(field + seenOffset).load(as: Bool.self) else { return try repeated(&reader) }
        (field + seenOffset).storeBytes(of: true, as: Bool.self)
        if isCollection { context.collectionSize = keys.learnedSizes.size(ofKeyAt: index) }
        if isOptional {
            // An optional's exact value: `null` is `nil`, set in place.
            let isNull: Bool
            do {
                isNull = try reader.decodeNull()
            } catch let error as MappingError where error.path.components.isEmpty {
                throw context.located(error, at: .key(keys.keys[index]), expecting: "\(propertyType)")
            }
            if isNull {
                setNil(inField: field)
                (field + priorityOffset).storeBytes(of: priority, as: Int.self)
                return
            }
        }
        let depth = reader.depth
        let pathDepth = context.pathDepth
        do {
            if try decodeValue(field: field, key: keys.keys[index], from: &reader, context: context) {
                (field + priorityOffset).storeBytes(of: priority, as: Int.self)
                if isCollection { keys.learnedSizes.learn(context.collectionSize, ofKeyAt: index) }
            } else {
                self.field.recordDefaulted(at: field, priority: priority, context: context)
            }
        } catch {
            try context.recover(from: error, reader: &reader, toDepth: depth, pathDepth: pathDepth) {
                self.field.recordFailure($0, at: field, priority: priority, context: context)
            }
        }
    }

    /// `DecodingContext.decodeField`: the value at `key`, moved into the field; false when the default stands
    /// (noted).
    private func decodeValue<R: FieldTableReader>(
        field: UnsafeMutableRawPointer, key: String, from reader: inout R, context: DecodingContext
    ) throws -> Bool {
        try context.push(.key(key))
        defer { context.pop() }
        let lenient = (field + hasDefaultOffset).load(as: Bool.self) && !context.isStrict
        // An optional's `null` was read as its exact value.
        if !isOptional, try reader.decodeNull() {
            guard lenient else { throw context.mismatch(expected: String(describing: propertyType), foundKind: .null) }
            context.note(.defaultedNull)
            return false
        }
        guard lenient else {
            try decodeLocated(field: field, from: &reader, context: context)
            return true
        }
        let depth = reader.depth
        let pathDepth = context.pathDepth
        do {
            try decodeLocated(field: field, from: &reader, context: context)
            return true
        } catch {
            try context.recover(from: error, reader: &reader, toDepth: depth, pathDepth: pathDepth) {
                context.note(.defaultedInvalid(error: $0.description(relativeTo: context.path)))
            }
            return false
        }
    }

    // Inlined into `decodeValue`: a call fewer for each nested model (weibo.json −0.4%, twitter −0.4%); inlining
    // `decodeValue` into the table's loop as well cost more than it saved (weibo +0.4%, twitter +0.8%).
    /// `DecodingContext.decodeLocated`: the value moved into the field, a reader's error given the path and the
    /// property's type.
    @inline(__always)
    private func decodeLocated<R: FieldTableReader>(
        field: UnsafeMutableRawPointer, from reader: inout R, context: DecodingContext
    ) throws {
        do {
            switch shape {
            case .model, .optionalModel:
                try decodeModel(intoField: field, from: &reader, context: context)
            case .models, .optionalModels:
                try decodeModels(intoField: field, from: &reader, context: context)
            case .modelsByKey, .optionalModelsByKey:
                try decodeModelsByKey(intoField: field, from: &reader, context: context)
            }
        } catch {
            throw context.locating(error, expecting: propertyType)
        }
    }

    /// A model decoded into the field (see ``decodeModel(into:from:context:)``).
    @inline(__always)
    private func decodeModel<R: FieldTableReader>(
        intoField field: UnsafeMutableRawPointer, from reader: inout R, context: DecodingContext
    ) throws {
        guard modelIsItsOptionals else {
            return try ModelDecoding.withRoom(byteCount: modelStride, alignment: modelAlignment) { model in
                try decodeModel(into: model, from: &reader, context: context)
                setModel(movingFrom: model, inField: field)
            }
        }
        do {
            try decodeModel(into: field + valueOffset, from: &reader, context: context)
        } catch {
            setAbsent(inField: field)
            throw error
        }
    }

    /// The model at `reader`, decoded into `destination`: through its table where it has one that decodes into
    /// memory it is given, else through the reader's entry point (``ModelReader/decodeValue(_:from:context:)``),
    /// after which its table, made by then, is looked up.
    @inline(__always)
    private func decodeModel<R: FieldTableReader>(
        into destination: UnsafeMutableRawPointer, from reader: inout R, context: DecodingContext
    ) throws {
        if let table = modelTable.table() {
            // Borrowed, not retained: the registry keeps it.
            return try table._withUnsafeGuaranteedRef {
                try $0.decode(into: destination, from: &reader, context: context)
            }
        }
        try Self.decodeModel(model, into: destination, from: &reader, context: context)
        modelTable.lookUp(FieldTable.decoding)
    }

    // Generic over the reader alone, so that its loop is compiled for it: generic over the model and the array's
    // type as well, its closures were not specialized for the reader (the model's and the array's types are opened
    // from the metatypes kept here), and every step of the reader went through its witness table.
    /// The array's decoding (`Array.init(from:context:)`): its models, each decoded as an element (a failed one
    /// dropped with a note in lenient mode), into the field's storage as far as the room made goes, then appended,
    /// as `Array.init(decoding:context:)` does in generic code.
    private func decodeModels<R: FieldTableReader>(
        intoField field: UnsafeMutableRawPointer, from reader: inout R, context: DecodingContext
    ) throws {
        guard try reader.beginArray() else {
            throw context.mismatch(expected: "array", of: model, foundKind: try reader.peekKind())
        }
        // A model is not a collection: the size expected is read, not taken (`expectedCollectionSize(of:)`).
        let expected = context.collectionSize
        let announced = reader.remainingElementCount
        guard try reader.nextElement() else {
            Self.initializeEmpty(arrayOfModels, at: field + valueOffset)
            context.collectionSize = 0
            return
        }
        let room = context.arrayReservation(announced: announced, expected: expected, stride: modelStride)
        let capacity = Swift.max(room, 1)
        if let allocator = arrayAllocator {
            return try decodeModels(
                intoField: field, capacity: capacity, allocator: allocator, from: &reader, context: context)
        }
        var index = 0
        var count = 0
        var atElement = true
        var array = try arrayOfModels.init(capacity: capacity) { storage, capacity, initialized in
            while atElement && initialized < capacity {
                if try decodeElement(
                    at: index, into: storage + initialized * modelStride, from: &reader, context: context)
                {
                    initialized += 1
                }
                index += 1
                atElement = try reader.nextElement()
            }
            count = initialized
        }
        // Past the room made, moving the elements to room of ModelKit's own and making a second array of them cost
        // more than appending (citm_catalog.json, Benchmarks/NOTES.md, 2026-11-29, 10:30).
        if atElement {
            try ModelDecoding.withRoom(byteCount: modelStride, alignment: modelAlignment) { element in
                while atElement {
                    if try decodeElement(at: index, into: element, from: &reader, context: context) {
                        array.append(movingFrom: element)
                        count += 1
                    }
                    index += 1
                    atElement = try reader.nextElement()
                }
            }
        }
        Self.initialize(field + valueOffset, to: consume array)
        context.collectionSize = count
    }

    // Past the room made, the storage is made twice as large and the elements moved into it, as the standard library
    // grows an array (whose `append` in generic code asked the runtime for the storage class's metadata at each
    // growth).
    /// The array's elements, the reader at the first, decoded into storage `allocator` makes with room for
    /// `capacity`, which becomes the field's value.
    @inline(__always)
    private func decodeModels<R: FieldTableReader>(
        intoField field: UnsafeMutableRawPointer, capacity: Int, allocator: ModelArrayAllocator, from reader: inout R,
        context: DecodingContext
    ) throws {
        var storage = allocator.allocate(capacity: capacity)
        var storageCapacity = capacity
        var index = 0
        var count = 0
        do {
            repeat {
                if count == storageCapacity {
                    storageCapacity *= 2
                    storage = Self.grow(
                        storage, holding: count, to: storageCapacity, allocator: allocator, model: model)
                }
                let element = storage + allocator.elementOffset + count * modelStride
                if try decodeElement(at: index, into: element, from: &reader, context: context) {
                    count += 1
                    allocator.setCount(count, of: storage)
                }
                index += 1
            } while try reader.nextElement()
        } catch {
            allocator.release(storage)
            throw error
        }
        // The field's value is the array: the storage's address, and the reference it was allocated with.
        (field + valueOffset).storeBytes(of: storage, as: UnsafeMutableRawPointer.self)
        context.collectionSize = count
    }

    // Generic over the array's type, opened from the existential, which hands it the array's metadata: a member of
    // `Array` that initialized a pointer to `Self` asked the runtime for it (1,800 times an iteration of twitter.json).
    /// Initializes the memory at `value` to `array`.
    private static func initialize<S: ArrayStorage>(_ value: UnsafeMutableRawPointer, to array: consuming S) {
        value.initializeMemory(as: S.self, to: array)
    }

    /// Initializes the memory at `value` to the empty `S`.
    private static func initializeEmpty<S: ArrayStorage>(_: S.Type, at value: UnsafeMutableRawPointer) {
        value.initializeMemory(as: S.self, to: S(emptyArray: ()))
    }

    /// A storage of `capacity` elements, made by `allocator`, holding the `count` elements of `storage` moved into it;
    /// `storage` is released, emptied.
    private static func grow(
        _ storage: UnsafeMutableRawPointer, holding count: Int, to capacity: Int, allocator: ModelArrayAllocator,
        model: any KeyedModel.Type
    ) -> UnsafeMutableRawPointer {
        let grown = allocator.allocate(capacity: capacity)
        moveElements(
            model, from: storage + allocator.elementOffset, to: grown + allocator.elementOffset, count: count)
        allocator.setCount(count, of: grown)
        allocator.setCount(0, of: storage)
        allocator.release(storage)
        return grown
    }

    /// Moves `count` models from `source` to the uninitialized memory at `destination`.
    fileprivate static func moveElements<M: KeyedModel>(
        _: M.Type, from source: UnsafeMutableRawPointer, to destination: UnsafeMutableRawPointer, count: Int
    ) {
        destination.assumingMemoryBound(to: M.self).moveInitialize(
            from: source.assumingMemoryBound(to: M.self), count: count)
    }

    /// `DecodingContext.decodeElement`: the model at `index` into `element`; false for one dropped in lenient mode.
    @inline(__always)
    private func decodeElement<R: FieldTableReader>(
        at index: Int, into element: UnsafeMutableRawPointer, from reader: inout R, context: DecodingContext
    ) throws -> Bool {
        if index >= context.options.maximumCollectionCount { throw context.tooManyMembers("elements") }
        return try decodeElement(.index(index), into: element, from: &reader, context: context)
    }

    /// `DecodingContext.decodeElement`: the model at `component` of the path (an array's index, a dictionary's key)
    /// into `element`; false for one dropped in lenient mode.
    @inline(__always)
    private func decodeElement<R: FieldTableReader>(
        _ component: PathComponent, into element: UnsafeMutableRawPointer, from reader: inout R,
        context: DecodingContext
    ) throws -> Bool {
        try context.push(component)
        defer { context.pop() }
        let depth = reader.depth
        let pathDepth = context.pathDepth
        do {
            try decodeModel(into: element, from: &reader, context: context)
            return true
        } catch {
            let located = context.locating(error, expecting: model)
            if context.isStrict { throw located }
            try context.recover(
                from: located, reader: &reader, toDepth: depth, pathDepth: pathDepth, noting: context.noteDropped)
            return false
        }
    }

    /// The model at `reader`, decoded through the reader's entry point into `element`.
    @inline(__always)
    private static func decodeModel<M: KeyedModel, R: FieldTableReader>(
        _: M.Type, into element: UnsafeMutableRawPointer, from reader: inout R, context: DecodingContext
    ) throws {
        element.assumingMemoryBound(to: M.self).initialize(
            to: try R.decodeValue(M.self, from: &reader, context: context))
    }
}

// A dictionary of models made in generic code (`Dictionary.init(from:context:)` through a slot of a module compiled with
// both conditions) went through the standard library's unspecialized subscript for each entry, which asked the
// runtime for the metadata of `_NativeDictionary`, `Dictionary` and `Optional` each time and rehashed every key as it
// grew: about 1,400 instructions an entry more than the same code compiled for the model, twice that while it grew
// (Benchmarks/NOTES.md, 2026-11-29, 17:40). The keys are indexed here instead, in a dictionary of positions compiled for `String` and `Int`, whose
// `mapValues` makes the dictionary of models in its own hash table's places: no key is hashed twice.
extension NestedModelDecoder {
    /// The dictionary's decoding (`Dictionary.init(from:context:)`): each value a model decoded as an element into
    /// storage of the decoder's own, the position of each key's last value kept by key; a value that fails drops the
    /// key's earlier one too, with a note in lenient mode, and in strict mode its error is thrown at the end unless a
    /// later value under the key replaces it.
    private func decodeModelsByKey<R: FieldTableReader>(
        intoField field: UnsafeMutableRawPointer, from reader: inout R, context: DecodingContext
    ) throws {
        guard try reader.beginDictionary() else {
            throw context.mismatch(expected: "dictionary", of: model, foundKind: try reader.peekKind())
        }
        // A model is not a collection: the size expected is read, not taken (`expectedCollectionSize(of:)`).
        let expected = context.collectionSize
        var storage = ModelStorage(
            of: self,
            capacity: Swift.max(context.reservation(for: expected, stride: modelStride, upToBytes: 1 << 20), 4))
        var positions: [String: Int] = [:]
        if expected > 0 { positions.reserveCapacity(storage.capacity) }
        // Errors of values that no later value under the same key has replaced (yet), thrown at the end.
        var failures: [(key: String, error: MappingError)] = []
        do {
            while try reader.nextKey(in: KeyTable.empty) != .end {
                if positions.count >= context.options.maximumCollectionCount {
                    throw context.tooManyMembers("entries")
                }
                let key = reader.currentKey()
                let position = storage.vacantPosition()
                let depth = reader.depth
                let pathDepth = context.pathDepth
                do {
                    if try decodeElement(
                        .key(key), into: storage.address(of: position), from: &reader, context: context)
                    {
                        if let replaced = positions.updateValue(position, forKey: key) {
                            storage.vacate(replaced)
                        }
                    } else {
                        storage.free(position)
                        if let dropped = positions.removeValue(forKey: key) { storage.vacate(dropped) }
                    }
                    if !failures.isEmpty { failures.removeAll { $0.key == key } }
                } catch let error as MappingError where error.isRecoverable {
                    storage.free(position)
                    try reader.recover(toDepth: depth)
                    context.truncatePath(to: pathDepth)
                    if let dropped = positions.removeValue(forKey: key) { storage.vacate(dropped) }
                    if let index = failures.firstIndex(where: { $0.key == key }) {
                        failures[index].error = error
                    } else {
                        failures.append((key, error))
                    }
                }
            }
            if let failure = failures.first { throw failure.error }
        } catch {
            for position in positions.values { storage.vacate(position) }
            storage.deallocate()
            throw error
        }
        Self.initializeDictionary(model, at: field + valueOffset, movingFrom: storage.base, positions: positions)
        storage.deallocate()
        context.collectionSize = positions.count
    }

    /// Initializes the memory at `value` to the `[String: M]` whose value under each key of `positions` is the model
    /// at that position of `models`, which it moves.
    private static func initializeDictionary<M: KeyedModel>(
        _: M.Type, at value: UnsafeMutableRawPointer, movingFrom models: UnsafeMutableRawPointer,
        positions: [String: Int]
    ) {
        let models = models.assumingMemoryBound(to: M.self)
        let dictionary: [String: M] = positions.isEmpty ? [:] : positions.mapValues { (models + $0).move() }
        value.initializeMemory(as: [String: M].self, to: dictionary)
    }

    /// Deinitializes the model at `model`.
    private static func deinitialize<M: KeyedModel>(_: M.Type, at model: UnsafeMutableRawPointer) {
        model.assumingMemoryBound(to: M.self).deinitialize(count: 1)
    }

    /// Room for a dictionary's models, each at a position: the positions below ``used`` hold a model, except those in
    /// ``vacant``, which are taken again first, so that the storage grows only when every position holds one.
    private struct ModelStorage {
        private let model: any KeyedModel.Type
        private let stride: Int
        private let alignment: Int
        private(set) var base: UnsafeMutableRawPointer
        private(set) var capacity: Int
        private var used = 0
        private var vacant: [Int] = []

        /// Room for `capacity` of the decoder's models.
        init(of decoder: NestedModelDecoder, capacity: Int) {
            (model, stride, alignment) = (decoder.model, decoder.modelStride, decoder.modelAlignment)
            base = .allocate(byteCount: capacity * stride, alignment: alignment)
            self.capacity = capacity
        }

        func address(of position: Int) -> UnsafeMutableRawPointer {
            base + position * stride
        }

        /// A position that holds no model, the storage grown (its models moved) if every one does.
        mutating func vacantPosition() -> Int {
            if let position = vacant.popLast() { return position }
            if used == capacity {
                let grown = UnsafeMutableRawPointer.allocate(byteCount: 2 * capacity * stride, alignment: alignment)
                NestedModelDecoder.moveElements(model, from: base, to: grown, count: used)
                base.deallocate()
                base = grown
                capacity *= 2
            }
            used += 1
            return used - 1
        }

        /// Marks the position, which holds no model, as vacant.
        mutating func free(_ position: Int) {
            vacant.append(position)
        }

        /// Deinitializes the model at the position and marks it vacant.
        mutating func vacate(_ position: Int) {
            NestedModelDecoder.deinitialize(model, at: address(of: position))
            vacant.append(position)
        }

        /// Frees the room; the models left must have been moved or deinitialized.
        func deallocate() {
            base.deallocate()
        }
    }
}
