// Called by code @DictionaryModel generates, through FieldSlot(unspecialized:): change with
// Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

import Foundation

// A property that holds a model went through ModelKit's generic code, unspecialized: `Field.decode`, the array's
// loop and every layer between them, each asking the runtime for `Optional<T>`'s and `Array<T>`'s metadata and
// calling the reader through witness tables. From a module compiled with both conditions, citm_catalog.json took
// 1.5 times the instructions of the same models compiled for the reader (Benchmarks/NOTES.md, 2026-11-29, 08:30).
/// How a ``FieldTable`` of ModelKit's unspecialized slots decodes a property whose type is a model `M`, `M?`, `[M]`
/// or `[M]?` (`M` a ``KeyedModel``, as `@DictionaryModel` declares): the loop over an array's elements and the
/// rules of ``Field/decode(priority:keyAt:in:from:context:)`` run in code compiled here for each reader, and only
/// what depends on `M` goes through this object (a call to `M`'s entry point for the reader, and moving values into
/// the property's ``Field``), which is made once for each slot and holds `M`'s metadata.
///
/// So a model's module still compiles nothing for a reader or a property's type.
@usableFromInline
class NestedModelDecoder: @unchecked Sendable {
    /// What the property holds.
    enum Shape {
        case model, optionalModel, models, optionalModels
    }

    let shape: Shape
    /// The property's type, as errors name it.
    let fieldType: Any.Type
    /// The model's type, as an array's errors name it.
    let modelType: Any.Type
    /// The model's stride and alignment, for the room an array's elements are decoded into.
    let modelStride: Int
    let modelAlignment: Int
    /// Where the ``Field``'s stored properties lie in it.
    let valueOffset: Int
    let priorityOffset: Int
    let seenOffset: Int
    let hasDefaultOffset: Int

    init(
        shape: Shape, fieldType: Any.Type, modelType: Any.Type, modelStride: Int, modelAlignment: Int,
        offsets: (value: Int, priority: Int, seen: Int, hasDefault: Int)
    ) {
        self.shape = shape
        self.fieldType = fieldType
        self.modelType = modelType
        self.modelStride = modelStride
        self.modelAlignment = modelAlignment
        valueOffset = offsets.value
        priorityOffset = offsets.priority
        seenOffset = offsets.seen
        hasDefaultOffset = offsets.hasDefault
    }

    var isOptional: Bool { shape == .optionalModel || shape == .optionalModels }
    var isCollection: Bool { shape == .models || shape == .optionalModels }

    // What depends on the model, implemented by `NestedModelDecoderOf`.

    /// Decodes a model from JSON into the uninitialized memory at `model`.
    func decodeModel(
        into model: UnsafeMutableRawPointer, from reader: inout JSONReader, context: DecodingContext
    )
        throws
    { preconditionFailure("NestedModelDecoder is abstract") }

    /// Decodes a model from Foundation objects into the uninitialized memory at `model`.
    func decodeModel(
        into model: UnsafeMutableRawPointer, from reader: inout FoundationObjectReader, context: DecodingContext
    ) throws { preconditionFailure("NestedModelDecoder is abstract") }

    /// Moves the model at `model` into the field at `field`, as its value (`M` or `M?`).
    func moveModel(from model: UnsafeMutableRawPointer, intoField field: UnsafeMutableRawPointer) {
        preconditionFailure("NestedModelDecoder is abstract")
    }

    /// Makes the field's value an array of the `count` models at `models`, which it moves (`[M]` or `[M]?`).
    func moveModels(from models: UnsafeMutableRawPointer, count: Int, intoField field: UnsafeMutableRawPointer) {
        preconditionFailure("NestedModelDecoder is abstract")
    }

    /// Makes the field's value `nil` (`M?` or `[M]?`), for `null`.
    func setNil(inField field: UnsafeMutableRawPointer) { preconditionFailure("NestedModelDecoder is abstract") }

    /// Moves `count` models from `source` to the uninitialized memory at `target`.
    func moveModels(from source: UnsafeMutableRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        preconditionFailure("NestedModelDecoder is abstract")
    }

    /// Destroys `count` models at `models`.
    func destroyModels(_ models: UnsafeMutableRawPointer, count: Int) {
        preconditionFailure("NestedModelDecoder is abstract")
    }

    /// ``Field``'s record of a key that left the property to its default.
    func recordDefaulted(inField field: UnsafeMutableRawPointer, priority: Int, context: DecodingContext) {
        preconditionFailure("NestedModelDecoder is abstract")
    }

    /// ``Field``'s record of a key whose value failed.
    func recordFailure(
        _ error: MappingError, inField field: UnsafeMutableRawPointer, priority: Int, context: DecodingContext
    ) { preconditionFailure("NestedModelDecoder is abstract") }
}

extension NestedModelDecoder {
    /// The decoder for a field of `T`, if `T` is a model, an optional model, or an array of them (or optional
    /// array); `nil` for every other type, and for a model that decodes `null` to a value of its own.
    static func make<T>(for _: T.Type) -> NestedModelDecoder? {
        if let model = T.self as? any KeyedModel.Type {
            return NestedModelDecoder.make(model: model, shape: .model, field: T.self)
        }
        if let shaped = T.self as? any NestedModelShape.Type {
            return shaped.nestedModelDecoder(field: T.self)
        }
        return nil
    }

    /// The decoder for a field of `shape` holding `M`s, whose type is `field`.
    static func make<M: KeyedModel>(model _: M.Type, shape: Shape, field: Any.Type) -> NestedModelDecoder? {
        NestedModelDecoderOf<M>.make(shape: shape, field: field)
    }
}

/// `Optional` and `Array` of models, as ``NestedModelDecoder/make(for:)`` finds the model inside them.
protocol NestedModelShape {
    /// The decoder for a field of `Self`, whose type is `field`.
    static func nestedModelDecoder(field: Any.Type) -> NestedModelDecoder?
    /// The decoder for a field of `Self?`, whose type is `field`.
    static func optionalNestedModelDecoder(field: Any.Type) -> NestedModelDecoder?
}

extension Optional: NestedModelShape {
    static func nestedModelDecoder(field: Any.Type) -> NestedModelDecoder? {
        if let model = Wrapped.self as? any KeyedModel.Type {
            return NestedModelDecoder.make(model: model, shape: .optionalModel, field: field)
        }
        if let shaped = Wrapped.self as? any NestedModelShape.Type {
            return shaped.optionalNestedModelDecoder(field: field)
        }
        return nil
    }

    static func optionalNestedModelDecoder(field: Any.Type) -> NestedModelDecoder? { nil }
}

extension Array: NestedModelShape {
    static func nestedModelDecoder(field: Any.Type) -> NestedModelDecoder? {
        guard let model = Element.self as? any KeyedModel.Type else { return nil }
        return NestedModelDecoder.make(model: model, shape: .models, field: field)
    }

    static func optionalNestedModelDecoder(field: Any.Type) -> NestedModelDecoder? {
        guard let model = Element.self as? any KeyedModel.Type else { return nil }
        return NestedModelDecoder.make(model: model, shape: .optionalModels, field: field)
    }
}

/// ``NestedModelDecoder`` for the model `M`: generic, compiled once, never for a particular `M`.
final class NestedModelDecoderOf<M: KeyedModel>: NestedModelDecoder, @unchecked Sendable {
    // Each optional and array the field's value is made of is made through its own metatype, kept here: in this
    // generic code, `M?` written out asked the runtime for `Optional<M>`'s metadata on every call, a sixth of
    // decoding twitter.json from a module compiled with both conditions.
    private let optionalModel: any OptionalStorage.Type = M?.self
    private let optionalOptionalModel: any OptionalStorage.Type = M??.self
    private let arrayOfModels: any ArrayStorage.Type = [M].self
    private let optionalArray: any OptionalStorage.Type = [M]?.self
    private let optionalOptionalArray: any OptionalStorage.Type = [M]??.self
    /// The layouts of `M?`, `[M]` and `[M]?`, for the values a field's value is made from.
    private let optionalModelLayout = (size: MemoryLayout<M?>.size, alignment: MemoryLayout<M?>.alignment)
    private let arrayLayout = (size: MemoryLayout<[M]>.size, alignment: MemoryLayout<[M]>.alignment)
    private let optionalArrayLayout = (size: MemoryLayout<[M]?>.size, alignment: MemoryLayout<[M]?>.alignment)

    static func make(shape: Shape, field: Any.Type) -> NestedModelDecoder? {
        // A model that decodes `null` to a value of its own keeps ModelKit's generic code, which asks it.
        guard M.nullValue == nil else { return nil }
        let offsets =
            switch shape {
            case .model: Self.offsets(in: Field<M>.self)
            case .optionalModel: Self.offsets(in: Field<M?>.self)
            case .models: Self.offsets(in: Field<[M]>.self)
            case .optionalModels: Self.offsets(in: Field<[M]?>.self)
            }
        return NestedModelDecoderOf(
            shape: shape, fieldType: field, modelType: M.self, modelStride: MemoryLayout<M>.stride,
            modelAlignment: MemoryLayout<M>.alignment, offsets: offsets)
    }

    private static func offsets<T>(in _: Field<T>.Type) -> (value: Int, priority: Int, seen: Int, hasDefault: Int) {
        (
            MemoryLayout<Field<T>>.offset(of: \Field<T>.value)!,
            MemoryLayout<Field<T>>.offset(of: \Field<T>.priority)!,
            MemoryLayout<Field<T>>.offset(of: \Field<T>.seen)!,
            MemoryLayout<Field<T>>.offset(of: \Field<T>.hasDefault)!
        )
    }

    override func decodeModel(
        into model: UnsafeMutableRawPointer, from reader: inout JSONReader, context: DecodingContext
    ) throws {
        model.assumingMemoryBound(to: M.self).initialize(to: try M._decodeJSON(from: &reader, context: context))
    }

    override func decodeModel(
        into model: UnsafeMutableRawPointer, from reader: inout FoundationObjectReader, context: DecodingContext
    ) throws {
        model.assumingMemoryBound(to: M.self).initialize(to: try M._decodeObjects(from: &reader, context: context))
    }

    // The field's value is `nil` until its first key is decoded, which is when these run: it is initialized over,
    // as `Field.decode` moves its first value in.
    override func moveModel(from model: UnsafeMutableRawPointer, intoField field: UnsafeMutableRawPointer) {
        let value = field + valueOffset
        if shape == .model {
            Self.initializeSome(optionalModel, at: value, movingFrom: model)
            return
        }
        withUnsafeTemporaryAllocation(
            byteCount: optionalModelLayout.size, alignment: optionalModelLayout.alignment
        ) { wrapped in
            Self.initializeSome(optionalModel, at: wrapped.baseAddress!, movingFrom: model)
            Self.initializeSome(optionalOptionalModel, at: value, movingFrom: wrapped.baseAddress!)
        }
    }

    override func moveModels(
        from models: UnsafeMutableRawPointer, count: Int, intoField field: UnsafeMutableRawPointer
    ) {
        let value = field + valueOffset
        withUnsafeTemporaryAllocation(byteCount: arrayLayout.size, alignment: arrayLayout.alignment) { array in
            Self.initializeArray(arrayOfModels, at: array.baseAddress!, movingFrom: models, count: count)
            if shape == .models {
                Self.initializeSome(optionalArray, at: value, movingFrom: array.baseAddress!)
                return
            }
            withUnsafeTemporaryAllocation(
                byteCount: optionalArrayLayout.size, alignment: optionalArrayLayout.alignment
            ) { wrapped in
                Self.initializeSome(optionalArray, at: wrapped.baseAddress!, movingFrom: array.baseAddress!)
                Self.initializeSome(optionalOptionalArray, at: value, movingFrom: wrapped.baseAddress!)
            }
        }
    }

    override func setNil(inField field: UnsafeMutableRawPointer) {
        let value = field + valueOffset
        let (wrappedNil, outer, layout) =
            shape == .optionalModel
            ? (optionalModel, optionalOptionalModel, optionalModelLayout)
            : (optionalArray, optionalOptionalArray, optionalArrayLayout)
        withUnsafeTemporaryAllocation(byteCount: layout.size, alignment: layout.alignment) { wrapped in
            Self.initializeNil(wrappedNil, at: wrapped.baseAddress!)
            Self.initializeSome(outer, at: value, movingFrom: wrapped.baseAddress!)
        }
    }

    override func moveModels(from source: UnsafeMutableRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        target.assumingMemoryBound(to: M.self).moveInitialize(
            from: source.assumingMemoryBound(to: M.self), count: count)
    }

    override func destroyModels(_ models: UnsafeMutableRawPointer, count: Int) {
        models.assumingMemoryBound(to: M.self).deinitialize(count: count)
    }

    override func recordDefaulted(inField field: UnsafeMutableRawPointer, priority: Int, context: DecodingContext) {
        switch shape {
        case .model:
            field.assumingMemoryBound(to: Field<M>.self).pointee.recordDefaulted(priority: priority, context: context)
        case .optionalModel:
            field.assumingMemoryBound(to: Field<M?>.self).pointee.recordDefaulted(priority: priority, context: context)
        case .models:
            field.assumingMemoryBound(to: Field<[M]>.self).pointee.recordDefaulted(priority: priority, context: context)
        case .optionalModels:
            field.assumingMemoryBound(to: Field<[M]?>.self).pointee.recordDefaulted(
                priority: priority, context: context)
        }
    }

    override func recordFailure(
        _ error: MappingError, inField field: UnsafeMutableRawPointer, priority: Int, context: DecodingContext
    ) {
        switch shape {
        case .model:
            field.assumingMemoryBound(to: Field<M>.self).pointee.recordFailure(
                error, priority: priority, context: context)
        case .optionalModel:
            field.assumingMemoryBound(to: Field<M?>.self).pointee.recordFailure(
                error, priority: priority, context: context)
        case .models:
            field.assumingMemoryBound(to: Field<[M]>.self).pointee.recordFailure(
                error, priority: priority, context: context)
        case .optionalModels:
            field.assumingMemoryBound(to: Field<[M]?>.self).pointee.recordFailure(
                error, priority: priority, context: context)
        }
    }
}

/// An optional, made at a pointer through its metatype (see ``NestedModelDecoderOf``).
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

extension NestedModelDecoder {
    /// Initializes the memory at `value` to an `S` wrapping the value at `wrapped`, which it moves.
    static func initializeSome<S: OptionalStorage>(
        _: S.Type, at value: UnsafeMutableRawPointer, movingFrom wrapped: UnsafeMutableRawPointer
    ) {
        value.initializeMemory(as: S.self, to: S(wrapping: wrapped.assumingMemoryBound(to: S.Wrapped.self).move()))
    }

    /// Initializes the memory at `value` to a `nil` `S`.
    static func initializeNil<S: OptionalStorage>(_: S.Type, at value: UnsafeMutableRawPointer) {
        value.initializeMemory(as: S.self, to: S(nilValue: ()))
    }
}

/// An array, made at a pointer through its metatype (see ``NestedModelDecoderOf``).
protocol ArrayStorage {
    /// The array of the `count` elements at `elements`, which it moves.
    init(movingFrom elements: UnsafeMutableRawPointer, count: Int)
}

extension Array: ArrayStorage {
    init(movingFrom elements: UnsafeMutableRawPointer, count: Int) {
        guard count > 0 else {
            self = []
            return
        }
        self.init(unsafeUninitializedCapacity: count) { storage, initialized in
            storage.baseAddress!.moveInitialize(from: elements.assumingMemoryBound(to: Element.self), count: count)
            initialized = count
        }
    }
}

extension NestedModelDecoder {
    /// Initializes the memory at `value` to an `S` of the `count` elements at `elements`, which it moves.
    static func initializeArray<S: ArrayStorage>(
        _: S.Type, at value: UnsafeMutableRawPointer, movingFrom elements: UnsafeMutableRawPointer, count: Int
    ) {
        value.initializeMemory(as: S.self, to: S(movingFrom: elements, count: count))
    }
}

/// The readers a ``NestedModelDecoder`` decodes models from: each calls the model's entry point for it.
protocol NestedModelReading: ModelReader {
    /// Decodes a model through `decoder` into the uninitialized memory at `model`.
    static func decodeModel(
        _ decoder: NestedModelDecoder, into model: UnsafeMutableRawPointer, from reader: inout Self,
        context: DecodingContext
    ) throws
}

extension JSONReader: NestedModelReading {
    static func decodeModel(
        _ decoder: NestedModelDecoder, into model: UnsafeMutableRawPointer, from reader: inout JSONReader,
        context: DecodingContext
    ) throws {
        try decoder.decodeModel(into: model, from: &reader, context: context)
    }
}

extension FoundationObjectReader: NestedModelReading {
    static func decodeModel(
        _ decoder: NestedModelDecoder, into model: UnsafeMutableRawPointer, from reader: inout FoundationObjectReader,
        context: DecodingContext
    ) throws {
        try decoder.decodeModel(into: model, from: &reader, context: context)
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
    func decode<R: NestedModelReading>(
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
                throw context.located(error, at: .key(keys.keys[index]), expecting: "\(fieldType)")
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
                recordDefaulted(inField: field, priority: priority, context: context)
            }
        } catch {
            try context.recover(from: error, reader: &reader, toDepth: depth, pathDepth: pathDepth) {
                recordFailure($0, inField: field, priority: priority, context: context)
            }
        }
    }

    /// `DecodingContext.decodeField`: the value at `key`, moved into the field; false when the default stands
    /// (noted).
    private func decodeValue<R: NestedModelReading>(
        field: UnsafeMutableRawPointer, key: String, from reader: inout R, context: DecodingContext
    ) throws -> Bool {
        try context.push(.key(key))
        defer { context.pop() }
        // An optional's `null` was read as its exact value.
        if !isOptional, try reader.decodeNull() {
            let hasDefault = (field + hasDefaultOffset).load(as: Bool.self)
            if hasDefault && !context.isStrict {
                context.note(.defaultedNull)
                return false
            }
            throw context.mismatch(expected: String(describing: fieldType), foundKind: .null)
        }
        guard (field + hasDefaultOffset).load(as: Bool.self) && !context.isStrict else {
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

    /// `DecodingContext.decodeLocated`: the value moved into the field, a reader's error given the path and the
    /// property's type.
    private func decodeLocated<R: NestedModelReading>(
        field: UnsafeMutableRawPointer, from reader: inout R, context: DecodingContext
    ) throws {
        do {
            if isCollection {
                try decodeModels(intoField: field, from: &reader, context: context)
            } else {
                try withUnsafeTemporaryAllocation(byteCount: modelStride, alignment: modelAlignment) { model in
                    try R.decodeModel(self, into: model.baseAddress!, from: &reader, context: context)
                    moveModel(from: model.baseAddress!, intoField: field)
                }
            }
        } catch {
            throw context.locating(error, expecting: fieldType)
        }
    }

    /// The array's decoding (`Array.init(from:context:)`): its models, each decoded as an element (a failed one
    /// dropped with a note in lenient mode), moved into the field.
    private func decodeModels<R: NestedModelReading>(
        intoField field: UnsafeMutableRawPointer, from reader: inout R, context: DecodingContext
    ) throws {
        guard try reader.beginArray() else {
            throw context.mismatch(expected: "array", of: modelType, foundKind: try reader.peekKind())
        }
        let expected = context.collectionSize
        let announced = reader.remainingElementCount
        guard try reader.nextElement() else {
            moveModels(from: UnsafeMutableRawPointer(bitPattern: modelAlignment)!, count: 0, intoField: field)
            context.collectionSize = 0
            return
        }
        let stride = Swift.max(modelStride, 1)
        let limit = context.options.maximumCollectionCount
        // The array's reservation: the count the reader knows, up to 64 MiB; else the size expected, up to 1 MiB;
        // at least four.
        var capacity =
            if let announced {
                Swift.min(announced, limit, (64 << 20) / stride)
            } else {
                expected > 4 ? Swift.min(expected, limit, (1 << 20) / stride) : 4
            }
        capacity = Swift.max(capacity, 1)
        var models = UnsafeMutableRawPointer.allocate(byteCount: capacity * stride, alignment: modelAlignment)
        var count = 0
        defer {
            destroyModels(models, count: count)
            models.deallocate()
        }
        var index = 0
        var atElement = true
        while atElement {
            if index >= limit { throw context.tooManyMembers("elements") }
            if count == capacity {
                capacity *= 2
                let larger = UnsafeMutableRawPointer.allocate(byteCount: capacity * stride, alignment: modelAlignment)
                moveModels(from: models, to: larger, count: count)
                models.deallocate()
                models = larger
            }
            if try decodeElement(at: index, into: models + count * stride, from: &reader, context: context) {
                count += 1
            }
            index += 1
            atElement = try reader.nextElement()
        }
        let decoded = count
        count = 0
        moveModels(from: models, count: decoded, intoField: field)
        context.collectionSize = decoded
    }

    /// `DecodingContext.decodeElement`: the model at `index` into `model`; false for one dropped in lenient mode.
    private func decodeElement<R: NestedModelReading>(
        at index: Int, into model: UnsafeMutableRawPointer, from reader: inout R, context: DecodingContext
    ) throws -> Bool {
        try context.push(.index(index))
        defer { context.pop() }
        let depth = reader.depth
        let pathDepth = context.pathDepth
        do {
            try R.decodeModel(self, into: model, from: &reader, context: context)
            return true
        } catch {
            let located = context.locating(error, expecting: modelType)
            if context.isStrict { throw located }
            try context.recover(
                from: located, reader: &reader, toDepth: depth, pathDepth: pathDepth, noting: context.noteDropped)
            return false
        }
    }
}
