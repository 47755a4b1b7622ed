import Foundation
import OrderedCollections

/// A model made by `@DictionaryModel`: it knows its keys and may hook into decoding.
public protocol KeyedModel: ModelCodable {
    /// The keys the model reads, under each key strategy.
    static var modelKeys: ModelKeys { get }

    /// Called after every property is set; adjust derived state here.
    mutating func modelDidDecode(context: DecodingContext) throws

    /// Called after ``modelDidDecode(context:)``; throw ``ValidationError`` to reject the model.
    func validateModel() throws
}

extension KeyedModel {
    // Inlinable, as ``DecodingContext/validate(_:)`` is, so that a model without hooks pays nothing for them.

    /// Does nothing.
    @inlinable public mutating func modelDidDecode(context: DecodingContext) throws {}
    /// Accepts every model.
    @inlinable public func validateModel() throws {}
}

/// Thrown by ``KeyedModel/validateModel()`` to reject a model; decoding fails with its reason and path.
public struct ValidationError: Error, Sendable, Hashable {
    /// Why the model is not acceptable.
    public var reason: String

    /// Creates the error.
    public init(_ reason: String) {
        self.reason = reason
    }
}

/// The key tables of one model type: the keys as declared and as snake_case, built once.
public struct ModelKeys: Sendable {
    /// The keys as declared (property names, or the keys given with `@Key`).
    public let declared: KeyTable
    /// The keys with property names in snake_case; keys given with `@Key` are kept as written.
    public let snakeCase: KeyTable
    /// The strategy the type chose.
    public let typeStrategy: ModelKeyStrategy

    /// Creates the tables; both arrays list the same keys in the same order.
    public init(declared: [String], snakeCase: [String], typeStrategy: ModelKeyStrategy) {
        self.declared = KeyTable(declared)
        self.snakeCase = declared == snakeCase ? self.declared : KeyTable(snakeCase)
        self.typeStrategy = typeStrategy
    }

    /// The table for a call's strategy.
    @inlinable
    public func table(for strategy: DecodingOptions.KeyStrategy) -> KeyTable {
        switch strategy {
        case .typeDefault: typeStrategy == .snakeCase ? snakeCase : declared
        case .propertyNames: declared
        case .snakeCase: snakeCase
        }
    }
}

/// One property being decoded by generated code: its value so far and which of its keys set it.
///
/// Decoding bytes directly gives the model that decoding their tree (`Value`, `[String: Any]`) gives:
///
/// - A key that appears more than once in one dictionary counts with its last value, as in Foundation and in
///   every tree. The earlier values are replaced, even ones that failed: an error in a value that a later one
///   replaces is not thrown, in strict mode either.
/// - Among a property's keys (`@Key("id", "user_id")`), the first in the list that holds a usable value wins,
///   wherever it is in the dictionary; a later key in the list is not read once an earlier one has set the
///   value, and a value that fails is an error (or, in lenient mode, a note) only when it would be read so.
///
/// The common case, each key once, decodes in place. Anything more (a key again, a second of the property's
/// keys, a value that failed) is recorded per key, in the order the keys first appear, and settled when the
/// dictionary has been read, exactly as the tree would have been decoded.
public struct Field<T> {
    /// The value, once set or defaulted.
    public var value: T?
    /// The position of the key that set the value among the property's keys; `Int.max` while unset.
    public var priority = Int.max
    /// Whether any of the property's keys was present, even if its value was then defaulted.
    public var seen = false
    @usableFromInline let defaultValue: T?
    /// What each key held the last time it appeared, once more than one value in place is needed; `nil` on
    /// the common path.
    @usableFromInline var records: [FieldRecord<T>]?

    /// A field whose property has an initial value.
    @inlinable public init(default value: T) {
        self.defaultValue = value
    }

    /// A field whose property must be present in the data.
    @inlinable public init() {
        self.defaultValue = nil
    }

    /// Whether a key with this priority should be read: it comes before the key that set the value.
    @inlinable public func wants(_ priority: Int) -> Bool { priority < self.priority }

    /// The decoded value, the default, or a missing-key error at `key`: ``finish(key:context:reportsMissing:)``
    /// and ``takeValue()`` in one call.
    ///
    /// - Parameter reportsMissing: whether a missing key that takes the default is noted; optionals that are
    ///   simply absent are not.
    /// - Throws: the error of a value that counts (see ``Field``), or ``MappingError/Reason/missingKey``.
    @inlinable
    public mutating func take(
        key: @autoclosure () -> String, context: DecodingContext, reportsMissing: Bool
    ) throws -> T {
        try finish(key: key(), context: context, reportsMissing: reportsMissing)
        return takeValue()
    }

    /// Settles the field once the dictionary is read: throws the error of a value that counts (see ``Field``)
    /// or ``MappingError/Reason/missingKey`` at `key`, and notes a missing key that takes the default if
    /// `reportsMissing`. After it returns, ``takeValue()`` has a value to give.
    ///
    /// Generated initializers finish every field before they set any property, so that the points where
    /// decoding can still throw come before the properties that would have to be destroyed there: taking and
    /// setting one property at a time made each of them destroy the properties set so far, and the
    /// initializers grew with the square of the number of properties.
    @inlinable
    public mutating func finish(
        key: @autoclosure () -> String, context: DecodingContext, reportsMissing: Bool
    ) throws {
        try settle(context: context)
        if value == nil {
            try FieldSettling.finishWithoutValue(
                hasDefault: defaultValue != nil, seen: seen, key: key(), context: context,
                reportsMissing: reportsMissing)
        }
    }

    /// ``finish(key:context:reportsMissing:)`` for the key at `index` in `table`.
    ///
    /// The key is named by its table and index rather than by an autoclosure: a closure that captures the
    /// table made the caller retain and release it for every property of every model decoded.
    @inlinable
    public mutating func finish(
        keyAt index: Int, in table: KeyTable, context: DecodingContext, reportsMissing: Bool
    ) throws {
        try settle(context: context)
        if value == nil {
            try FieldSettling.finishWithoutValue(
                hasDefault: defaultValue != nil, seen: seen, key: table.keys[index], context: context,
                reportsMissing: reportsMissing)
        }
    }

    /// ``FieldSettling/finishWithoutValue(hasDefault:seen:key:context:reportsMissing:)`` for this field: the call
    /// that code inlined from earlier versions of this library makes, kept so that it still links.
    @usableFromInline
    func finishWithoutValue(key: String, context: DecodingContext, reportsMissing: Bool) throws {
        try FieldSettling.finishWithoutValue(
            hasDefault: defaultValue != nil, seen: seen, key: key, context: context, reportsMissing: reportsMissing)
    }

    /// The decoded value, or the default, after ``finish(keyAt:in:context:reportsMissing:)`` succeeded.
    ///
    /// The value is moved out of the field rather than copied, so that taking it costs no retain.
    @inlinable
    public mutating func takeValue() -> T {
        if let value = self.value.take() { return value }
        guard let defaultValue else { preconditionFailure("Field.takeValue() before finish(…) succeeded") }
        return defaultValue
    }

    /// Notes what the key at `priority` held this time, replacing what it held before.
    @usableFromInline
    mutating func record(_ priority: Int, _ outcome: FieldRecord<T>.Outcome) {
        var records = self.records ?? []
        self.records = nil
        // The value decoded in place, which nothing recorded yet, becomes the first record.
        if records.isEmpty, let value { records.append(FieldRecord(priority: self.priority, outcome: .decoded(value))) }
        if let index = records.firstIndex(where: { $0.priority == priority }) {
            records[index].outcome = outcome
        } else {
            records.append(FieldRecord(priority: priority, outcome: outcome))
        }
        self.records = records
    }

    /// The value and priority that the recorded keys give, taken in the order they first appeared as a tree
    /// holding each key once, with its last value, would give them.
    @usableFromInline
    func settled(context: DecodingContext) throws -> (value: T?, priority: Int) {
        var value: T?
        var priority = Int.max
        for record in records ?? [] where record.priority < priority {
            switch record.outcome {
            case .decoded(let decoded):
                value = decoded
                priority = record.priority
            case .defaulted:
                break
            case .failed(let error):
                throw error
            case .later(let decode):
                if let decoded = try decode(context) {
                    value = decoded
                    priority = record.priority
                }
            }
        }
        return (value, priority)
    }

    /// Settles the recorded keys, before the keys read after the pass over the dictionary (paths, shared keys).
    @inlinable
    mutating func settle(context: DecodingContext) throws {
        guard records != nil else { return }
        (value, priority) = try settled(context: context)
        records = nil
    }

    /// `transform`'s output for `found`; `nil` when it failed and the default stands (noted, lenient mode).
    @inlinable
    static func transformed<Transform: ValueTransform>(
        _ found: Value, with transform: Transform, hasDefault: Bool, context: DecodingContext
    ) throws -> T? where Transform.Output == T {
        do {
            return try transform.decode(found, context: context)
        } catch let error as MappingError {
            guard hasDefault, !context.isStrict, error.isRecoverable else { throw error }
            context.note(.defaultedInvalid(error: error.description(relativeTo: context.path)))
            return nil
        } catch {
            let failure = context.error(.transformFailed(String(describing: error)))
            guard hasDefault, !context.isStrict else { throw failure }
            context.note(.defaultedInvalid(error: failure.reasonDescription))
            return nil
        }
    }
}

/// The part of settling a ``Field`` that does not depend on its value's type.
///
/// Not generic, so that the common case of an absent optional key costs a call and two tests: as a method of
/// the generic `Field`, unspecialized, it looked up the metadata of `Optional<T>` at run time to test the
/// default for `nil`, about 450 instructions a missing key.
@usableFromInline
enum FieldSettling {
    /// Checks that a field without a value has a default, and notes it as missing if asked and no key of it
    /// was seen.
    @usableFromInline
    static func finishWithoutValue(
        hasDefault: Bool, seen: Bool, key: String, context: DecodingContext, reportsMissing: Bool
    ) throws {
        guard hasDefault else { throw MappingError(.missingKey, at: context.path(appending: .key(key))) }
        if reportsMissing && !seen { context.note(.defaultedMissing, at: .key(key)) }
    }
}

/// What one of a property's keys held the last time it appeared in the dictionary.
@usableFromInline
struct FieldRecord<T> {
    @usableFromInline
    enum Outcome {
        /// A value decoded in place.
        case decoded(T)
        /// A value that failed in lenient mode, already noted: the default stands.
        case defaulted
        /// An error that counts if this key's turn comes.
        case failed(MappingError)
        /// A value read as a tree, decoded only if this key's turn comes.
        case later((DecodingContext) throws -> T?)
    }

    /// The key's position among the property's keys.
    @usableFromInline var priority: Int
    @usableFromInline var outcome: Outcome

    @usableFromInline
    init(priority: Int, outcome: Outcome) {
        self.priority = priority
        self.outcome = outcome
    }
}

extension Field where T: ModelDecodable {
    /// Decodes the value under the key at `index` in `table` from the reader.
    ///
    /// The key is named by its table and index, so that its `String` is copied only when a path or a note
    /// needs it: a value of exactly the property's type (see ``ModelDecodable/decodeExact(from:)``) never does.
    /// (An autoclosure did the same, but the closure captured the table, which the caller then retained and
    /// released for every property of every model decoded.)
    ///
    /// The first of the property's keys to appear is decoded in place; an error in it is kept rather than
    /// thrown (see ``take(key:context:reportsMissing:)``), in case the key appears again. Any later key is read
    /// as a tree and recorded.
    ///
    /// Never inlined, though specialized for each property type and reader: inlined into a model's initializer
    /// once per property, it made a model of six pictures 3,500 instructions long, and decoding `[String: Any]`
    /// spent more time on instruction-cache misses than on its work.
    @inlinable @inline(never)
    public mutating func decode<R: ModelReader>(
        priority: Int, keyAt index: Int, in table: KeyTable, from reader: inout R, context: DecodingContext
    ) throws {
        guard !seen else {
            return try decodeAgain(priority: priority, key: table.keys[index], from: &reader, context: context)
        }
        seen = true
        // A collection reserves room for the size the last one under this key had.
        if T.isCollection { context.collectionSize = table.learnedSizes.size(ofKeyAt: index) }
        // Unseen, the field holds no value: the decoded one is moved in, not bound and copied (a retain and a
        // release of every string).
        value = try context.decodeExact(T.self, at: .key(table.keys[index]), from: &reader)
        if value != nil {
            self.priority = priority
            return
        }
        let key = table.keys[index]
        let depth = reader.depth
        let pathDepth = context.pathDepth
        do {
            value = try context.decodeField(T.self, at: .key(key), from: &reader, hasDefault: defaultValue != nil)
            if value != nil {
                self.priority = priority
                if T.isCollection { table.learnedSizes.learn(context.collectionSize, ofKeyAt: index) }
            } else {
                record(priority, .defaulted)
            }
        } catch let error as MappingError where error.isRecoverable {
            try reader.recover(toDepth: depth)
            context.truncatePath(to: pathDepth)
            record(priority, .failed(error))
        }
    }

    /// Decodes the value under `key`: the call that code generated by earlier versions of the macro makes.
    ///
    /// Kept so that such code still links and decodes the same, until it is compiled again: SwiftPM does not
    /// recompile a file whose macro expansion would change when only the macro and this library changed, so an
    /// upgrade otherwise ends in an undefined symbol until a clean build. New code calls
    /// ``decode(priority:keyAt:in:from:context:)``.
    @inlinable
    public mutating func decode<R: ModelReader>(
        priority: Int, key: @autoclosure () -> String, from reader: inout R, context: DecodingContext
    ) throws {
        try decode(priority: priority, keyAt: 0, in: KeyTable([key()]), from: &reader, context: context)
    }

    /// Records the value of a key met after the first of the property's keys.
    @usableFromInline
    mutating func decodeAgain<R: ModelReader>(
        priority: Int, key: String, from reader: inout R, context: DecodingContext
    ) throws {
        let found = try context.capture(key: key, from: &reader)
        let hasDefault = defaultValue != nil
        record(
            priority,
            .later { context in
                var reader = ValueReader(found)
                return try context.decodeField(T.self, at: .key(key), from: &reader, hasDefault: hasDefault)
            })
    }

    /// Decodes the value found at `path` inside a captured tree.
    @inlinable
    public mutating func decode(priority: Int, path: ValuePath, value found: Value, context: DecodingContext) throws {
        try settle(context: context)
        guard wants(priority), !NestedOutput.isPlaceholder(found, at: path) else { return }
        seen = true
        var reader = ValueReader(found)
        for component in path.components { try context.push(component) }
        defer { for _ in path.components { context.pop() } }
        if let decoded = try context.decodeValue(T.self, from: &reader, hasDefault: defaultValue != nil) {
            value = decoded
            self.priority = priority
        }
    }
}

extension Field {
    /// Decodes the value under the key at `index` in `table` with `transform` instead of the conversion table;
    /// a key met again is recorded as in ``decode(priority:keyAt:in:from:context:)``.
    @inlinable
    public mutating func decode<R: ModelReader, Transform: ValueTransform>(
        priority: Int, keyAt index: Int, in table: KeyTable, from reader: inout R, context: DecodingContext,
        transform: Transform
    ) throws where Transform.Output == T {
        let key = table.keys[index]
        try context.push(.key(key))
        defer { context.pop() }
        let found = try Value(from: &reader, context: context)
        let hasDefault = defaultValue != nil
        guard !seen else {
            record(
                priority,
                .later { context in
                    try context.push(.key(key))
                    defer { context.pop() }
                    return try Self.transformed(found, with: transform, hasDefault: hasDefault, context: context)
                })
            return
        }
        seen = true
        do {
            if let decoded = try Self.transformed(found, with: transform, hasDefault: hasDefault, context: context) {
                value = decoded
                self.priority = priority
            } else {
                record(priority, .defaulted)
            }
        } catch let error as MappingError where error.isRecoverable {
            record(priority, .failed(error))
        }
    }

    /// Decodes the value under `key` with `transform`: the call of code generated by earlier versions of the
    /// macro, kept as ``decode(priority:key:from:context:)`` is.
    @inlinable
    public mutating func decode<R: ModelReader, Transform: ValueTransform>(
        priority: Int, key: @autoclosure () -> String, from reader: inout R, context: DecodingContext,
        transform: Transform
    ) throws where Transform.Output == T {
        try decode(
            priority: priority, keyAt: 0, in: KeyTable([key()]), from: &reader, context: context, transform: transform)
    }

    /// Decodes the value found at `path` inside a captured tree with `transform`.
    @inlinable
    public mutating func decode<Transform: ValueTransform>(
        priority: Int, path: ValuePath, value found: Value, context: DecodingContext, transform: Transform
    ) throws where Transform.Output == T {
        try settle(context: context)
        guard wants(priority), !NestedOutput.isPlaceholder(found, at: path) else { return }
        seen = true
        for component in path.components { try context.push(component) }
        defer { for _ in path.components { context.pop() } }
        if let decoded = try Self.transformed(
            found, with: transform, hasDefault: defaultValue != nil, context: context)
        {
            value = decoded
            self.priority = priority
        }
    }
}

/// A conversion for one property, used with `@Transform` where the conversion table is not what the data
/// needs: a custom date format, a comma-separated list, a unit change.
public protocol ValueTransform<Output>: Sendable {
    /// The property's type.
    associatedtype Output

    /// Makes the property's value from the data.
    func decode(_ value: Value, context: DecodingContext) throws -> Output
    /// Makes the data from the property's value.
    func encode(_ output: Output) throws -> Value
}

/// Dates written in one fixed `DateFormatter` format, such as `"dd/MM/yyyy"`.
public struct DateFormatTransform: ValueTransform {
    /// The format, in `DateFormatter` syntax.
    public let format: String
    /// The time zone of the texts.
    public let timeZone: TimeZone

    /// Creates the transform; texts are read in `timeZone` (UTC unless given).
    public init(_ format: String, timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        self.format = format
        self.timeZone = timeZone
    }

    private func formatter() -> DateFormatter {
        // A formatter per call: DateFormatter is not Sendable, and transforms are the rare path.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        return formatter
    }

    /// Parses the text; a number or a plist date is taken as the conversion table says.
    public func decode(_ value: Value, context: DecodingContext) throws -> Date {
        if case .string(let text) = value {
            if let date = formatter().date(from: text) { return date }
            throw context.mismatch(expected: "date in format \(format)", found: value)
        }
        return try ConversionRules.date(value, context: context)
    }

    /// Formats the date.
    public func encode(_ output: Date) throws -> Value {
        .string(formatter().string(from: output))
    }
}

extension ValueTransform {
    /// Lets a transform serve an optional property: `nil` stays `nil`.
    public var optional: OptionalTransform<Self> { OptionalTransform(base: self) }
}

/// A transform applied to the wrapped value of an optional property.
public struct OptionalTransform<Base: ValueTransform>: ValueTransform {
    /// The transform of the wrapped value.
    public let base: Base

    /// `null` becomes `nil`; anything else goes through the base.
    public func decode(_ value: Value, context: DecodingContext) throws -> Base.Output? {
        if case .null = value { return nil }
        return try base.decode(value, context: context)
    }

    /// `nil` becomes `null`.
    public func encode(_ output: Base.Output?) throws -> Value {
        guard let output else { return .null }
        return try base.encode(output)
    }
}

extension EncodingContext {
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
}

/// Properties whose keys are paths (`@Key("info.city")`), gathered while encoding and written as nested
/// dictionaries once every property is known, so that `info.city` and `info.zip` share one `info`.
///
/// A path with an array index (`images[1].url`) writes an array long enough to hold that index; the elements
/// before it, which no property writes, are empty dictionaries — every format holds those, where a property
/// list could not hold a null. Reading a key path that ends at an index, such a placeholder counts as absent
/// (see ``isPlaceholder(_:at:)``), so that a model whose `coordinates[0]` is `nil` and `coordinates[1]` is set
/// reads back what it wrote, in strict mode too. An index at or beyond ``maximumIndex`` is an error naming the
/// path, not an array of that many placeholders.
public struct NestedOutput {
    /// The largest array index a key path may write.
    public static let maximumIndex = 99_999

    @usableFromInline var root = Value.dictionary([:])
    /// The first path that could not be written, thrown by ``write(to:context:)``.
    @usableFromInline var unwritablePath: ValuePath?

    /// An empty output.
    @inlinable public init() {}

    /// Whether `found`, read at a key path that ends at an array index, is the empty dictionary that
    /// ``write(to:context:)`` puts before an index that a property writes: it is read as absent.
    @inlinable
    public static func isPlaceholder(_ found: Value, at path: ValuePath) -> Bool {
        guard case .index = path.components.last, case .dictionary(let entries) = found else { return false }
        return entries.isEmpty
    }

    /// Adds `value` at `path`.
    @inlinable
    public mutating func add<T: ModelEncodable>(_ value: T, at path: ValuePath, context: EncodingContext) throws {
        if value.isAbsent && !context.writesNil { return }
        var writer = ValueWriter()
        try value.encode(to: &writer, context: context)
        insert(writer.result ?? .null, at: path)
    }

    /// Adds a value made by a transform at `path`.
    @inlinable
    public mutating func add(encoded: Value, at path: ValuePath, context: EncodingContext) {
        if case .null = encoded, !context.writesNil { return }
        insert(encoded, at: path)
    }

    @inlinable
    mutating func insert(_ value: Value, at path: ValuePath) {
        // Kept until `write` rather than thrown here: `add(encoded:at:context:)` does not throw.
        if !root.insert(value, at: path.components[...]), unwritablePath == nil { unwritablePath = path }
    }

    /// Writes each gathered top-level entry into the dictionary being written.
    ///
    /// - Throws: ``MappingError/Reason/tooLarge(_:)`` at a key path whose array index is out of range; the
    ///   path is the key as the model declares it (writers do not all know where the model itself is).
    @inlinable
    public func write<W: ModelWriter>(to writer: inout W, context: EncodingContext) throws {
        if let unwritablePath {
            throw MappingError(
                .tooLarge("an array index in a key path must be 0...\(NestedOutput.maximumIndex)"), at: unwritablePath)
        }
        guard case .dictionary(let entries) = root else { return }
        for (key, value) in entries {
            try writer.writeKey(key)
            try value.encode(to: &writer, context: context)
        }
    }
}

extension Value {
    /// Sets `value` at `path`, making dictionaries and arrays on the way; array elements before an index
    /// are empty dictionaries.
    ///
    /// - Returns: `false`, changing nothing, when an index is outside `0...NestedOutput.maximumIndex`.
    @usableFromInline
    mutating func insert(_ value: Value, at path: ArraySlice<PathComponent>) -> Bool {
        guard let first = path.first else {
            self = value
            return true
        }
        let rest = path.dropFirst()
        switch first {
        case .key(let key):
            var entries: OrderedDictionaryOfValues
            if case .dictionary(let existing) = self { entries = existing } else { entries = [:] }
            var child = entries[key] ?? .null
            guard child.insert(value, at: rest) else { return false }
            entries[key] = child
            self = .dictionary(entries)
        case .index(let index):
            guard index >= 0 && index <= NestedOutput.maximumIndex else { return false }
            var elements: [Value]
            if case .array(let existing) = self { elements = existing } else { elements = [] }
            while elements.count < index { elements.append(.dictionary([:])) }
            if elements.count == index { elements.append(.null) }
            guard elements[index].insert(value, at: rest) else { return false }
            self = .array(elements)
        }
        return true
    }
}

extension DecodingContext {
    /// Reads the value under `key` into a tree, for properties that read inside it or share it.
    @inlinable
    public func capture<R: ModelReader>(key: String, from reader: inout R) throws -> Value {
        try push(.key(key))
        defer { pop() }
        return try Value(from: &reader, context: self)
    }

    /// Runs the model's validation; a ``ValidationError`` becomes a ``MappingError`` at the current path.
    ///
    /// Inlinable so that a model without validation pays nothing: a call the optimizer cannot see into copied
    /// the whole model, every string retained and released, for each model decoded.
    @inlinable
    public func validate<Model: KeyedModel>(_ model: Model) throws {
        do {
            try model.validateModel()
        } catch let error as ValidationError {
            throw MappingError(.validationFailed(error.reason), at: path)
        }
    }

    /// The string under `key` that names a polymorphic model's case.
    public func discriminator(_ key: String, in value: Value, model: String) throws -> String {
        guard case .dictionary(let entries) = value else {
            throw mismatch(expected: "\(model) (a dictionary)", found: value)
        }
        guard let tag = entries[key] else {
            throw MappingError(.missingKey, at: path(appending: .key(key)))
        }
        try push(.key(key))
        defer { pop() }
        return try ConversionRules.string(tag, context: self)
    }
}

extension EncodingContext {
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

extension Value {
    /// The entries of `base` followed by those of `overlay` (which win), for a subclass that adds its own
    /// properties to its superclass's.
    public static func merging(_ base: Value?, _ overlay: Value?) -> Value {
        guard case .dictionary(var entries)? = base else { return overlay ?? .null }
        if case .dictionary(let extra)? = overlay {
            for (key, value) in extra { entries[key] = value }
        }
        return .dictionary(entries)
    }
}
