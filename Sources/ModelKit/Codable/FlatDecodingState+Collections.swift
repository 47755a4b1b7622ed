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

    /// Whether the collection is decoded here even when it is also a ``ModelDecodable`` type (`[Double]`):
    /// the two ways give the same elements and notes, and this one reads scalars straight from the entries,
    /// where a ``FlatReader`` under the array's unspecialized `init(from:context:)` looked up generic metadata
    /// for every element.
    static var decodesBeforeModel: Bool { get }
}

extension Array: FlatDecodableCollection where Element: Decodable {
    static var decodesBeforeModel: Bool { true }

    static func decodeCollection(in state: FlatDecodingState, at index: Int) throws -> [Element] {
        let entry = state.document.entries[index]
        guard entry.kind == .array else {
            let found = state.briefDescription(at: index)
            throw state.context.error(.typeMismatch(expected: "array of \(Element.self)", found: found))
        }
        // Most arrays of an API's entities are empty (746 of twitter.json's 1,050): this code is not specialized,
        // and the way through the element type's route looked up the array's generic metadata at run time.
        if entry.count == 0 { return [] }
        if let scalars = try state.scalarElements(Element.self, ofArrayAt: index) { return scalars }
        let count = entry.count
        let end = entry.end
        var elements: [Element] = []
        elements.reserveCapacity(count)
        var position = index + 1
        var offset = 0
        let route = state.route(for: Element.self)
        while position < end {
            if let element = try state.decodeElement(Element.self, at: position, as: .index(offset), route: route) {
                elements.append(element)
            }
            position = state.document.end(ofValueAt: position)
            offset += 1
        }
        return elements
    }
}

extension Set: FlatDecodableCollection where Element: Decodable {
    static var decodesBeforeModel: Bool { true }

    static func decodeCollection(in state: FlatDecodingState, at index: Int) throws -> Set<Element> {
        Set(try [Element].decodeCollection(in: state, at: index))
    }
}

extension Dictionary: FlatDecodableCollection where Key == String, Value: Decodable {
    /// A dictionary of models keeps the model rules for a key that repeats (see `Dictionary`'s
    /// `init(from:context:)`).
    static var decodesBeforeModel: Bool { false }

    static func decodeCollection(in state: FlatDecodingState, at index: Int) throws -> [String: Value] {
        let entry = state.document.entries[index]
        guard entry.kind == .dictionary else {
            let found = state.briefDescription(at: index)
            throw state.context.error(.typeMismatch(expected: "dictionary of \(Value.self)", found: found))
        }
        let count = entry.count
        let end = entry.end
        var entries: [String: Value] = [:]
        entries.reserveCapacity(count)
        var position = index + 1
        while position < end {
            guard state.document.entries[position].isKey else { break }
            let key = state.document.key(at: position)
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
    func decodeElement<T: Decodable>(
        _ type: T.Type, at position: Int, as component: PathComponent, route: Route? = nil
    ) throws -> T? {
        do {
            return try at(.none, component) { try decode(type, at: position, route: route ?? self.route(for: T.self)) }
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

extension FlatDecodingState {
    /// The elements of the array at `index` when `Element` is a standard scalar type, read from the entries
    /// without a path entered for each; `nil` for other element types.
    ///
    /// Each branch runs only when `Element` is the type it names, so the array it makes is a `[Element]`
    /// and is handed back as one by `unsafeBitCast` rather than through the runtime's conditional array cast.
    func scalarElements<Element>(_ type: Element.Type, ofArrayAt index: Int) throws -> [Element]? {
        // `as? [Element]` was a third of the time of decoding citm_catalog's arrays of integers.
        if Element.self == Double.self {
            return unsafeBitCast(try scalarElements(Double.self, at: index), to: [Element].self)
        }
        if Element.self == String.self {
            return unsafeBitCast(try scalarElements(String.self, at: index), to: [Element].self)
        }
        if Element.self == Int.self {
            return unsafeBitCast(try scalarElements(Int.self, at: index), to: [Element].self)
        }
        if Element.self == Int64.self {
            return unsafeBitCast(try scalarElements(Int64.self, at: index), to: [Element].self)
        }
        if Element.self == Bool.self {
            return unsafeBitCast(try scalarElements(Bool.self, at: index), to: [Element].self)
        }
        if Element.self == Float.self {
            return unsafeBitCast(try scalarElements(Float.self, at: index), to: [Element].self)
        }
        return nil
    }

    /// An element that is not exactly a `Scalar` goes the full way, with its path, its conversion and its note.
    private func scalarElements<Scalar: Decodable>(_ type: Scalar.Type, at index: Int) throws -> [Scalar] {
        let entry = document.entries[index]
        var elements: [Scalar] = []
        elements.reserveCapacity(entry.count)
        var position = index + 1
        var offset = 0
        while position < entry.end {
            if let exact = ScalarRule.exact(in: document, at: position, as: Scalar.self) {
                elements.append(exact)
            } else if let element = try decodeElement(Scalar.self, at: position, as: .index(offset)) {
                elements.append(element)
            }
            position = document.end(ofValueAt: position)
            offset += 1
        }
        return elements
    }
}
