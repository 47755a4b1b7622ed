// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

import OrderedCollections

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
