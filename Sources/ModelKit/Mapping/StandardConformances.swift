import Foundation

// The standard types decode through ``ConversionRules`` and encode to the writer's own scalar calls.

extension String: ModelCodable {
    /// Decodes a string by the conversion table.
    @inlinable
    public init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        self = try ConversionRules.string(reader.readScalar(), context: context)
    }

    /// A string, as it is.
    @inlinable
    public static func decodeExact<R: ModelReader>(from reader: inout R) throws -> String? {
        try reader.readExactString()
    }

    /// Writes the string.
    @inlinable
    public func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        try writer.write(self)
    }
}

extension Bool: ModelCodable {
    /// Decodes a Bool by the conversion table.
    @inlinable
    public init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        self = try ConversionRules.bool(reader.readScalar(), context: context)
    }

    /// A Boolean, as it is.
    @inlinable
    public static func decodeExact<R: ModelReader>(from reader: inout R) throws -> Bool? {
        try reader.readExactBool()
    }

    /// Writes the Bool.
    @inlinable
    public func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        try writer.write(self)
    }
}

/// The integer types share one implementation: decoded by ``ConversionRules/integer(_:as:context:)``.
public protocol ModelInteger: FixedWidthInteger, ModelCodable {}

extension ModelInteger {
    /// Decodes an integer by the conversion table.
    @inlinable
    public init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        self = try ConversionRules.integer(reader.readScalar(), as: Self.self, context: context)
    }

    /// An integer in range, as it is.
    @inlinable
    public static func decodeExact<R: ModelReader>(from reader: inout R) throws -> Self? {
        try reader.readExactInteger(as: Self.self)
    }

    /// Writes the integer as a signed or unsigned 64-bit number.
    @inlinable
    public func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        if let signed = Int64(exactly: self) {
            try writer.write(signed)
        } else {
            try writer.write(UInt64(self))
        }
    }
}

extension Int: ModelInteger {}
extension Int8: ModelInteger {}
extension Int16: ModelInteger {}
extension Int32: ModelInteger {}
extension Int64: ModelInteger {}
extension UInt: ModelInteger {}
extension UInt8: ModelInteger {}
extension UInt16: ModelInteger {}
extension UInt32: ModelInteger {}
extension UInt64: ModelInteger {}

extension Double: ModelCodable {
    /// Decodes a Double by the conversion table.
    @inlinable
    public init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        self = try ConversionRules.floatingPoint(reader.readScalar(), as: Double.self, context: context)
    }

    /// Any number.
    @inlinable
    public static func decodeExact<R: ModelReader>(from reader: inout R) throws -> Double? {
        try reader.readExactDouble()
    }

    /// Writes the Double.
    @inlinable
    public func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        try writer.write(self)
    }
}

extension Float: ModelCodable {
    /// Decodes a Float by the conversion table.
    @inlinable
    public init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        self = try ConversionRules.floatingPoint(reader.readScalar(), as: Float.self, context: context)
    }

    /// Writes the Float as the Double with the same shortest text, so `0.1` stays `0.1`.
    @inlinable
    public func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        try writer.write(Double(String(self)) ?? Double(self))
    }
}

extension Decimal: ModelCodable {
    /// Decodes a Decimal by the conversion table, keeping every digit of the source's text.
    @inlinable
    public init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        if let exact = try reader.readDecimal() {
            self = exact
        } else {
            self = try ConversionRules.decimal(reader.readScalar(), context: context)
        }
    }

    /// Writes the Decimal.
    @inlinable
    public func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        try writer.write(self)
    }
}

extension Date: ModelCodable {
    /// Decodes a Date by the conversion table.
    @inlinable
    public init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        self = try ConversionRules.date(reader.readScalar(), context: context)
    }

    /// Text that names a date with its own time zone: it converts without a note or a default.
    @inlinable
    public static func decodeExact<R: ModelReader>(from reader: inout R) throws -> Date? {
        try reader.readExactDate()
    }

    /// Writes the Date natively where the format has dates, else as ``EncodingOptions/dateEncoding`` says.
    ///
    /// - Throws: ``MappingError`` at the date's key path for a date that has no ISO 8601 text (NaN, an
    ///   infinity, outside ``DateText/years``; see ``DateText/iso8601(_:)``), or as a number, none that is not
    ///   finite; the format's own writer decides for native dates.
    @inlinable
    public func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        if W.writesNativeDates {
            try writer.write(self)
            return
        }
        switch context.options.dateEncoding {
        case .iso8601:
            guard let text = DateText.iso8601Text(self) else {
                throw DateText.noTextError(for: self, at: writer.valuePath)
            }
            try writer.write(text)
        case .secondsSince1970: try writer.write(timeIntervalSince1970)
        case .millisecondsSince1970: try writer.write((timeIntervalSince1970 * 1000).rounded())
        }
    }
}

extension Data: ModelCodable {
    /// Decodes Data from property-list data or a base64 string.
    @inlinable
    public init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        self = try ConversionRules.data(reader.readScalar(), context: context)
    }

    /// Writes the Data natively where the format has data, else as base64 text.
    @inlinable
    public func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        if W.writesNativeData {
            try writer.write(self)
        } else {
            try writer.write(base64EncodedString())
        }
    }
}

extension URL: ModelCodable {
    /// Decodes a URL from a string.
    @inlinable
    public init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        self = try ConversionRules.url(reader.readScalar(), context: context)
    }

    /// Writes the URL's absolute string.
    @inlinable
    public func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        try writer.write(absoluteString)
    }
}

extension UUID: ModelCodable {
    /// Decodes a UUID from its string.
    @inlinable
    public init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        self = try ConversionRules.uuid(reader.readScalar(), context: context)
    }

    /// Writes the UUID's string.
    @inlinable
    public func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        try writer.write(uuidString)
    }
}

extension Optional: ModelDecodable where Wrapped: ModelDecodable {
    /// Decodes `null` as `nil` and anything else as the wrapped type.
    @inlinable
    public init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        if try reader.decodeNull() {
            self = .none
        } else {
            self = .some(try Wrapped.decodedValue(from: &reader, context: context))
        }
    }

    /// `null` decodes to `nil`.
    @inlinable public static var nullValue: Self? { .some(.none) }

    /// A collection if the wrapped type is one.
    @inlinable public static var isCollection: Bool { Wrapped.isCollection }

    /// `null`, or an exact value of the wrapped type.
    @inlinable
    public static func decodeExact<R: ModelReader>(from reader: inout R) throws -> Self? {
        if try reader.decodeNull() { return .some(.none) }
        guard let wrapped = try Wrapped.decodeExact(from: &reader) else { return nil }
        return .some(.some(wrapped))
    }
}

extension Optional: ModelEncodable where Wrapped: ModelEncodable {
    /// Writes the wrapped value, or `null`.
    @inlinable
    public func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        if let self {
            try self.encodeValue(to: &writer, context: context)
        } else {
            try writer.writeNull()
        }
    }

    /// `nil` is absent.
    @inlinable public var isAbsent: Bool { self == nil }
}

extension Array: ModelDecodable where Element: ModelDecodable {
    // The type check below decides which of the two is called, when compiled: code compiled for the element's type
    // decodes inline; generic code calls ModelKit's copy (`DecodingContext.decodeArray`), which jumps to code
    // compiled here for the common arrays. With those specializations declared on this inlinable initializer, every
    // module that compiled it for an array of models compiled all eight of them again, with the readers' scalar
    // parsing: the compile benchmark's ten-property model (a `[Leaf]` among its properties) had 43,432 lines of SIL
    // in release, now 24,162, and its compile job 6% fewer instructions (Benchmarks/NOTES.md, 2026-11-29, 06:00).
    /// Decodes an array; in lenient mode an element that cannot be decoded is dropped with a diagnostic
    /// instead of failing the whole array.
    @inlinable
    public init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        if _isConcrete(Element.self) {
            try self.init(decoding: &reader, context: context)
        } else {
            self = try context.decodeArray(of: Element.self, from: &reader)
        }
    }

    // Not always inlined: inlined into the generic initializer above, its `Optional<Element>` look-ups were
    // made there before the branch that calls it was removed.
    /// Decodes the array at the reader's next value.
    @inlinable
    init<R: ModelReader>(decoding reader: inout R, context: borrowing DecodingContext) throws {
        guard try reader.beginArray() else {
            throw context.mismatch(expected: "array", of: Element.self, foundKind: try reader.peekKind())
        }
        let expected = context.expectedCollectionSize(of: Element.self)
        let announced = reader.remainingElementCount
        // An empty array allocates nothing.
        guard try reader.nextElement() else {
            self = []
            context.collectionSize = 0
            return
        }
        let room = context.arrayReservation(
            announced: announced, expected: expected, stride: MemoryLayout<Element>.stride)
        var index = 0
        var atElement = true
        // `_isConcrete` is true in optimized code compiled for the element's type and false in generic code, decided
        // when compiled; an unoptimized (debug) build has no code compiled for a type and takes the second branch,
        // which is what the debug tests run. Generic code (a model compiled with MODELKIT_GENERIC_MODELS) asked
        // the runtime for `Array<Element>`'s metadata on every `append`, a tenth of decoding citm_catalog.json from
        // such a module, so it decodes the elements into the array's storage instead, as far as the room made
        // goes. Code compiled for the type appends: making the storage that way asks the runtime for its class's
        // metadata, which took canada.json's 222,000 small arrays 15% longer.
        if _isConcrete(Element.self) {
            self = []
            reserveCapacity(room)
        } else {
            self = try Array(unsafeUninitializedCapacity: Swift.max(room, 1)) { storage, initialized in
                while atElement && initialized < storage.count {
                    let slot = storage.baseAddress! + initialized
                    if try Self.decodeElement(at: index, into: slot, from: &reader, context: context) {
                        initialized += 1
                    }
                    index += 1
                    atElement = try reader.nextElement()
                }
            }
        }
        if atElement {
            try withUnsafeTemporaryAllocation(of: Element.self, capacity: 1) { slot in
                while atElement {
                    if try Self.decodeElement(at: index, into: slot.baseAddress!, from: &reader, context: context) {
                        append(slot.baseAddress!.move())
                    }
                    index += 1
                    atElement = try reader.nextElement()
                }
            }
        }
        context.collectionSize = count
    }

    /// Decodes the element at `index` into `slot`, which it initializes and returns true for; false, leaving
    /// `slot` as it was, for an element dropped in lenient mode.
    @inlinable @inline(__always)
    static func decodeElement<R: ModelReader>(
        at index: Int, into slot: UnsafeMutablePointer<Element>, from reader: inout R,
        context: borrowing DecodingContext
    ) throws -> Bool {
        if index >= context.options.maximumCollectionCount {
            throw context.tooManyMembers("elements")
        }
        // Each optional is consumed by its switch, so that the element is moved, not copied: a copy retained and
        // released every string and array a model holds (a tenth of twitter.json's retains), and generic code
        // copied and destroyed the optional through its witnesses.
        let exact = try context.decodeExact(Element.self, at: .index(index), from: &reader)
        switch consume exact {
        case .some(let element):
            slot.initialize(to: consume element)
            return true
        case .none:
            let decoded = try context.decodeElement(Element.self, at: index, from: &reader)
            switch consume decoded {
            case .some(let element):
                slot.initialize(to: consume element)
                return true
            case .none:
                return false
            }
        }
    }

    /// An array is a collection.
    @inlinable public static var isCollection: Bool { true }
}

extension DecodingContext {
    // Compiled here for the common arrays and the readers with a table loop here (JSON, Foundation objects, property
    // lists), and chosen by a type check at the start of the generic code: a model compiled with
    // MODELKIT_GENERIC_MODELS reaches an array only through that code, where every element went through witness
    // tables (canada.json from such a module 3.9 → 1.0 of the same model compiled for the reader). Inlinable though never inlined: as an internal function, the
    // specializations' calls of `recover`'s exported specialization for JSON linked to a symbol that was never
    // emitted (release builds failed to link).
    /// An array of `Element`s decoded by code compiled once here, generic over the element type.
    @_specialize(kind:full,where Element == Int, R == JSONReader)
    @_specialize(kind:full,where Element == Double, R == JSONReader)
    @_specialize(kind:full,where Element == String, R == JSONReader)
    @_specialize(kind:full,where Element == [Double], R == JSONReader)
    @_specialize(kind:full,where Element == Int, R == FoundationObjectReader)
    @_specialize(kind:full,where Element == Double, R == FoundationObjectReader)
    @_specialize(kind:full,where Element == String, R == FoundationObjectReader)
    @_specialize(kind:full,where Element == [Double], R == FoundationObjectReader)
    @_specialize(kind:full,where Element == Int, R == BinaryPropertyListReader)
    @_specialize(kind:full,where Element == Double, R == BinaryPropertyListReader)
    @_specialize(kind:full,where Element == String, R == BinaryPropertyListReader)
    @_specialize(kind:full,where Element == [Double], R == BinaryPropertyListReader)
    @_specialize(kind:full,where Element == Int, R == XMLPropertyListReader)
    @_specialize(kind:full,where Element == Double, R == XMLPropertyListReader)
    @_specialize(kind:full,where Element == String, R == XMLPropertyListReader)
    @_specialize(kind:full,where Element == [Double], R == XMLPropertyListReader)
    @inlinable @inline(never)
    func decodeArray<Element: ModelDecodable, R: ModelReader>(
        of _: Element.Type, from reader: inout R
    ) throws -> [Element] {
        try [Element](decoding: &reader, context: self)
    }
}

extension Array: ModelEncodable where Element: ModelEncodable {
    /// Writes the elements in order.
    @inlinable
    public func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        // Decided when compiled, as in decoding: generic code calls ModelKit's copy, which jumps to code compiled
        // here for the common arrays.
        if _isConcrete(Element.self) {
            try encodeElements(to: &writer, context: context)
        } else {
            try context.encodeArray(self, to: &writer)
        }
    }

    /// Writes the elements in order, in code compiled for the element's type where it is known.
    @inlinable
    func encodeElements<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        try writer.beginArray(count: count)
        try context.enter()
        for element in self {
            try element.encodeValue(to: &writer, context: context)
        }
        context.leave()
        try writer.endArray()
    }
}

extension EncodingContext {
    // Compiled here for the common arrays and the writers with a table loop here (JSON, Foundation objects, property
    // lists), and chosen by a type check at the start of the generic code, as `DecodingContext.decodeArray` is: a model compiled with
    // MODELKIT_GENERIC_MODELS reaches an array only through that code, where every element went through witness
    // tables (canada.json from such a module took 1.19 times the instructions of the model compiled for the writer;
    // Benchmarks/NOTES.md, 2026-11-29, 10:30).
    /// Writes an array of `Element`s through code compiled once here, generic over the element type.
    @_specialize(kind:full,where Element == Int, W == JSONWriter)
    @_specialize(kind:full,where Element == Double, W == JSONWriter)
    @_specialize(kind:full,where Element == String, W == JSONWriter)
    @_specialize(kind:full,where Element == [Double], W == JSONWriter)
    @_specialize(kind:full,where Element == Int, W == FoundationObjectWriter)
    @_specialize(kind:full,where Element == Double, W == FoundationObjectWriter)
    @_specialize(kind:full,where Element == String, W == FoundationObjectWriter)
    @_specialize(kind:full,where Element == [Double], W == FoundationObjectWriter)
    @_specialize(kind:full,where Element == Int, W == BinaryPropertyListWriter)
    @_specialize(kind:full,where Element == Double, W == BinaryPropertyListWriter)
    @_specialize(kind:full,where Element == String, W == BinaryPropertyListWriter)
    @_specialize(kind:full,where Element == [Double], W == BinaryPropertyListWriter)
    @_specialize(kind:full,where Element == Int, W == XMLPropertyListWriter)
    @_specialize(kind:full,where Element == Double, W == XMLPropertyListWriter)
    @_specialize(kind:full,where Element == String, W == XMLPropertyListWriter)
    @_specialize(kind:full,where Element == [Double], W == XMLPropertyListWriter)
    @inlinable @inline(never)
    func encodeArray<Element: ModelEncodable, W: ModelWriter>(_ array: [Element], to writer: inout W) throws {
        // Structs with a table that writes them are written where they lie (the common arrays are concrete here).
        if !_isConcrete(Element.self), try FieldTable.encodeModels(array, to: &writer, context: self) { return }
        try array.encodeElements(to: &writer, context: self)
    }

    // As `encodeArray` (Benchmarks/NOTES.md, 2026-11-29, 12:10).
    /// Writes a dictionary of `Value`s through code compiled once here, generic over the value type.
    @_specialize(kind:full,where Value == String, W == JSONWriter)
    @_specialize(kind:full,where Value == Int, W == JSONWriter)
    @_specialize(kind:full,where Value == [Int], W == JSONWriter)
    @_specialize(kind:full,where Value == String, W == FoundationObjectWriter)
    @_specialize(kind:full,where Value == Int, W == FoundationObjectWriter)
    @_specialize(kind:full,where Value == [Int], W == FoundationObjectWriter)
    @_specialize(kind:full,where Value == String, W == BinaryPropertyListWriter)
    @_specialize(kind:full,where Value == Int, W == BinaryPropertyListWriter)
    @_specialize(kind:full,where Value == [Int], W == BinaryPropertyListWriter)
    @_specialize(kind:full,where Value == String, W == XMLPropertyListWriter)
    @_specialize(kind:full,where Value == Int, W == XMLPropertyListWriter)
    @_specialize(kind:full,where Value == [Int], W == XMLPropertyListWriter)
    @inlinable @inline(never)
    func encodeDictionary<Value: ModelEncodable, W: ModelWriter>(
        _ dictionary: [String: Value], to writer: inout W
    ) throws {
        // Structs with a table that writes them are written through it (the common dictionaries are concrete here).
        if !_isConcrete(Value.self), try FieldTable.encodeModels(dictionary, to: &writer, context: self) { return }
        try dictionary.encodeEntries(to: &writer, context: self)
    }
}

extension Set: ModelDecodable where Element: ModelDecodable {
    /// Decodes a set from an array, by the same rules as `Array`.
    @inlinable
    public init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        self = Set(try [Element](from: &reader, context: context))
    }

    /// A set is a collection.
    @inlinable public static var isCollection: Bool { true }
}

extension Set: ModelEncodable where Element: ModelEncodable {
    /// Writes the elements as an array.
    @inlinable
    public func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        try Array(self).encode(to: &writer, context: context)
    }
}

extension Dictionary: ModelDecodable where Key == String, Value: ModelDecodable {
    /// Decodes a dictionary with string keys; in lenient mode a value that cannot be decoded is dropped with
    /// a diagnostic.
    ///
    /// A key that appears more than once counts with its last value, as in Foundation and in trees: a value
    /// that is dropped drops the earlier ones too, and in strict mode an error in a value that a later one
    /// replaces is not thrown.
    @inlinable
    public init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        // Decided when compiled, as for arrays: generic code calls ModelKit's copy, which jumps to code compiled
        // here for the common dictionaries.
        if _isConcrete(Value.self) {
            try self.init(decoding: &reader, context: context)
        } else {
            self = try context.decodeDictionary(of: Value.self, from: &reader)
        }
    }

    /// Decodes the dictionary at the reader's next value.
    @inlinable
    init<R: ModelReader>(decoding reader: inout R, context: borrowing DecodingContext) throws {
        guard try reader.beginDictionary() else {
            throw context.mismatch(expected: "dictionary", of: Value.self, foundKind: try reader.peekKind())
        }
        self = [:]
        let expected = context.expectedCollectionSize(of: Value.self)
        // Errors of values that no later value under the same key has replaced (yet), thrown at the end.
        var failures: [(key: String, error: MappingError)] = []
        while true {
            guard try reader.nextKey(in: KeyTable.empty) != .end else { break }
            if count >= context.options.maximumCollectionCount {
                throw context.tooManyMembers("entries")
            }
            // Room for the size expected at once: each resize hashes every key again.
            if expected > 0 && capacity == 0 {
                reserveCapacity(context.reservation(forExpected: expected, of: (key: String, value: Value).self))
            }
            let key = reader.currentKey()
            let depth = reader.depth
            let pathDepth = context.pathDepth
            do {
                self[key] = try context.decodeElement(Value.self, at: key, from: &reader)
                if !failures.isEmpty { failures.removeAll { $0.key == key } }
            } catch let error as MappingError where error.isRecoverable {
                try reader.recover(toDepth: depth)
                context.truncatePath(to: pathDepth)
                self[key] = nil
                if let index = failures.firstIndex(where: { $0.key == key }) {
                    failures[index].error = error
                } else {
                    failures.append((key, error))
                }
            }
        }
        if let failure = failures.first { throw failure.error }
        context.collectionSize = count
    }

    /// A dictionary is a collection.
    @inlinable public static var isCollection: Bool { true }
}

extension DecodingContext {
    // As `decodeArray`: a model compiled with MODELKIT_GENERIC_MODELS reaches a dictionary only through generic code,
    // where every value went through witness tables and every entry asked the runtime for the dictionary's and the
    // optional value's metadata (citm_catalog.json's eight dictionaries of names, weibo.json's users' badges;
    // Benchmarks/NOTES.md, 2026-11-29, 12:10).
    /// A dictionary of `Value`s decoded by code compiled once here, generic over the value type.
    @_specialize(kind:full,where Value == String, R == JSONReader)
    @_specialize(kind:full,where Value == Int, R == JSONReader)
    @_specialize(kind:full,where Value == [Int], R == JSONReader)
    @_specialize(kind:full,where Value == String, R == FoundationObjectReader)
    @_specialize(kind:full,where Value == Int, R == FoundationObjectReader)
    @_specialize(kind:full,where Value == [Int], R == FoundationObjectReader)
    @_specialize(kind:full,where Value == String, R == BinaryPropertyListReader)
    @_specialize(kind:full,where Value == Int, R == BinaryPropertyListReader)
    @_specialize(kind:full,where Value == [Int], R == BinaryPropertyListReader)
    @_specialize(kind:full,where Value == String, R == XMLPropertyListReader)
    @_specialize(kind:full,where Value == Int, R == XMLPropertyListReader)
    @_specialize(kind:full,where Value == [Int], R == XMLPropertyListReader)
    @inlinable @inline(never)
    func decodeDictionary<Value: ModelDecodable, R: ModelReader>(
        of _: Value.Type, from reader: inout R
    ) throws -> [String: Value] {
        try [String: Value](decoding: &reader, context: self)
    }
}

extension Dictionary: ModelEncodable where Key == String, Value: ModelEncodable {
    /// Writes the entries, sorted by key so that the output is the same on every run.
    @inlinable
    public func encode<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        // Decided when compiled, as for arrays: generic code calls ModelKit's copy, which jumps to code compiled
        // here for the common dictionaries.
        if _isConcrete(Value.self) {
            try encodeEntries(to: &writer, context: context)
        } else {
            try context.encodeDictionary(self, to: &writer)
        }
    }

    /// Writes the entries sorted by key, in code compiled for the value's type where it is known.
    @inlinable
    func encodeEntries<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        try writer.beginDictionary(count: count)
        try context.enter()
        // The entries' positions are sorted by their keys, not the keys themselves: looking each sorted key up
        // again hashed it a second time. The value is read through its index rather than as `self[key]!`, which
        // copied it out. Positions, not indices, whose type depends on the value's: generic code (a model compiled
        // with MODELKIT_GENERIC_MODELS) sorted the indices in the standard library's unspecialized sort, which
        // allocated for each element it read (weibo.json's pictures written from such a module:
        // Benchmarks/NOTES.md, 2026-11-29, 10:30).
        let entries = Array(indices)
        let names = entries.map { keys[$0] }
        var order = Array(names.indices)
        order.sort { names[$0] < names[$1] }
        for position in order {
            try writer.writeKey(names[position])
            try values[entries[position]].encodeValue(to: &writer, context: context)
        }
        context.leave()
        try writer.endDictionary()
    }
}

extension KeyTable {
    /// A table with no keys, for dictionaries whose keys are data rather than property names.
    public static let empty = KeyTable([])
}

extension DecodingContext {
    /// Decodes one collection element; in lenient mode an element that fails is dropped with a diagnostic.
    @inlinable
    public func decodeElement<T: ModelDecodable, R: ModelReader>(
        _ type: T.Type, at index: Int, from reader: inout R
    )
        throws -> T?
    {
        try push(.index(index))
        defer { pop() }
        return try decodeLossy(type, from: &reader)
    }

    /// Decodes one dictionary value; in lenient mode a value that fails is dropped with a diagnostic.
    @inlinable
    public func decodeElement<T: ModelDecodable, R: ModelReader>(
        _ type: T.Type, at key: String, from reader: inout R
    )
        throws -> T?
    {
        try push(.key(key))
        defer { pop() }
        return try decodeLossy(type, from: &reader)
    }

    @inlinable
    func decodeLossy<T: ModelDecodable, R: ModelReader>(_ type: T.Type, from reader: inout R) throws -> T? {
        try decodeRecovering(type, from: &reader, unlessStrict: true, noting: noteDropped)
    }

    /// Notes a dropped element where its error is (`arrUsers[2].userId: expected Int, found string "abc";
    /// element dropped`), so the note says what strict mode would have thrown.
    @usableFromInline
    func noteDropped(_ error: MappingError) {
        guard collects else { return }
        let elementPath = pathStack
        if !error.path.components.isEmpty { pathStack = error.path.components }
        note(.droppedElement(error: error.reasonDescription))
        pathStack = elementPath
    }
}
