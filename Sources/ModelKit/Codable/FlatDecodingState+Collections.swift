import Foundation

/// Arrays, sets and string-keyed dictionaries of plain `Decodable` elements, decoded by ``ModelDecoder`` as
/// ModelKit decodes collections of models: in lenient mode an element that fails is dropped with a
/// diagnostic at its path instead of failing the whole collection, and dictionary keys are data, kept as
/// written whatever the key strategy.
///
/// The standard library's `init(from:)` of these types cannot skip an element: an unkeyed container has no
/// way to report one as dropped, so the collection is decoded here, before `Codable` sees it.
protocol FlatDecodableCollection {
    /// Decodes the collection whose entry in `state`'s document is at `index`, its path already entered.
    static func decodeCollection(in state: FlatDecodingState, at index: Int) throws -> Self
}

extension Array: FlatDecodableCollection where Element: Decodable {
    static func decodeCollection(in state: FlatDecodingState, at index: Int) throws -> [Element] {
        guard case .array(let count, let end) = state.document.entries[index] else {
            let found = state.briefDescription(at: index)
            throw state.context.error(.typeMismatch(expected: "array of \(Element.self)", found: found))
        }
        var elements: [Element] = []
        elements.reserveCapacity(count)
        var position = index + 1
        var offset = 0
        while position < end {
            if let element = try state.decodeElement(Element.self, at: position, as: .index(offset)) {
                elements.append(element)
            }
            position = state.document.end(ofValueAt: position)
            offset += 1
        }
        return elements
    }
}

extension Set: FlatDecodableCollection where Element: Decodable {
    static func decodeCollection(in state: FlatDecodingState, at index: Int) throws -> Set<Element> {
        Set(try [Element].decodeCollection(in: state, at: index))
    }
}

extension Dictionary: FlatDecodableCollection where Key == String, Value: Decodable {
    static func decodeCollection(in state: FlatDecodingState, at index: Int) throws -> [String: Value] {
        guard case .dictionary(let count, let end) = state.document.entries[index] else {
            let found = state.briefDescription(at: index)
            throw state.context.error(.typeMismatch(expected: "dictionary of \(Value.self)", found: found))
        }
        var entries: [String: Value] = [:]
        entries.reserveCapacity(count)
        var position = index + 1
        while position < end {
            guard case .key(let key) = state.document.entries[position] else { break }
            // A key that appears again counts with its last value, as in every tree; a dropped value drops
            // the earlier ones too.
            entries[key] = try state.decodeElement(Value.self, at: position + 1, as: .key(key))
            position = state.document.end(ofValueAt: position + 1)
        }
        return entries
    }
}

extension FlatDecodingState {
    /// Decodes one element at `component`; in lenient mode an element that fails is dropped (`nil`) with a
    /// diagnostic. Errors that end the whole call — malformed data, limits — are thrown in either mode.
    func decodeElement<T: Decodable>(_ type: T.Type, at position: Int, as component: PathComponent) throws -> T? {
        do {
            return try at([], component) { try decode(type, at: position) }
        } catch let error as MappingError where error.isRecoverable && !context.isStrict {
            context.noteDropped(error)
        } catch let error as DecodingError where !context.isStrict {
            // A plain type's own `init(from:)` rejects a value with a `DecodingError`, as a model's
            // validation does with a `MappingError`.
            context.note(.droppedElement(error: error.briefDescription), at: component)
        }
        return nil
    }
}

extension DecodingError {
    /// What went wrong, without the coding path (a diagnostic carries its own).
    var briefDescription: String {
        switch self {
        case .typeMismatch(let type, let context): "expected \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context): "no \(type): \(context.debugDescription)"
        case .keyNotFound(let key, _): "required key \(key.stringValue) is missing"
        case .dataCorrupted(let context): context.debugDescription
        @unknown default: "\(self)"
        }
    }
}
