/// Merges the model types of a ``ShapeGraph`` whose keys mostly agree, wherever in the samples they are: an
/// `author` and an `owner` with the same fifteen keys become one type, as do two shapes that differ by a few keys,
/// which become optional (quicktype's "combine similar classes").
///
/// It works on types, after inference, so that shapes met inside maps and inside other merged shapes are seen
/// too; each merge can make others possible (two parents that differed only in those types), so it repeats until
/// nothing changes.
enum ShapeCombination {
    /// The share of all keys of two types that both must have: quicktype's three in four.
    static let requiredOverlap = 0.75

    static func combine(_ graph: ShapeGraph) -> ShapeGraph {
        var graph = graph
        var changed = true
        while changed {
            changed = false
            var index = 0
            while index < graph.declarations.count {
                guard case .model(var first) = graph.declarations[index] else {
                    index += 1
                    continue
                }
                var other = index + 1
                while other < graph.declarations.count {
                    guard case .model(let second) = graph.declarations[other], second.name != graph.rootName,
                        let combined = combination(of: first, second, in: graph)
                    else {
                        other += 1
                        continue
                    }
                    first = combined
                    graph.declarations[index] = .model(combined)
                    graph.declarations.remove(at: other)
                    replace(second.name, with: first.name, in: &graph)
                    changed = true
                }
                index += 1
            }
        }
        return graph
    }

    /// The type that `first` and `second` become, named as `first`, or `nil` when they are not similar enough,
    /// a key they share has types that do not join, or one of them contains the other.
    static func combination(of first: ModelShape, _ second: ModelShape, in graph: ShapeGraph) -> ModelShape? {
        let firstKeys = Set(first.properties.map(\.key))
        let secondKeys = Set(second.properties.map(\.key))
        let shared = firstKeys.intersection(secondKeys).count
        guard Double(shared) >= requiredOverlap * Double(firstKeys.union(secondKeys).count) else { return nil }
        let secondTypes = Dictionary(
            second.properties.map { ($0.key, $0.type) }, uniquingKeysWith: { first, _ in first })
        var keys: [String] = []
        var types: [TypeReference] = []
        for property in first.properties {
            keys.append(property.key)
            if let other = secondTypes[property.key] {
                guard let joined = join(property.type, other) else { return nil }
                types.append(joined)
            } else {
                types.append(property.type.optionalized)
            }
        }
        for property in second.properties where !firstKeys.contains(property.key) {
            keys.append(property.key)
            types.append(property.type.optionalized)
        }
        guard !contains(first.name, second.name, in: graph), !contains(second.name, first.name, in: graph) else {
            return nil
        }
        let naming = PropertyNaming.names(for: keys)
        var combined = first
        combined.usesSnakeCase = naming.snakeCase
        combined.properties = zip(keys, types).enumerated().map { index, entry in
            PropertyShape(
                key: entry.0, name: naming.names[index].name, type: entry.1,
                needsKeyAttribute: naming.names[index].needsKey)
        }
        return combined
    }

    /// One type for the values of two properties: the same type, a wider number (`Int` and `Double` make
    /// `Double`, either and `Decimal` make `Decimal`), optional when either is; `nil` when they do not join.
    static func join(_ first: TypeReference, _ second: TypeReference) -> TypeReference? {
        if case .optional(let wrapped) = first { return join(wrapped, second)?.optionalized }
        if case .optional(let wrapped) = second { return join(first, wrapped)?.optionalized }
        if first == second { return first }
        switch (first, second) {
        case (.array(let a), .array(let b)): return join(a, b).map(TypeReference.array)
        case (.map(let a), .map(let b)): return join(a, b).map(TypeReference.map)
        case (.numberOrText(let a), .numberOrText(let b)): return join(a, b).map(TypeReference.numberOrText)
        case (.int, .double), (.double, .int): return .double
        case (.int, .decimal), (.decimal, .int), (.double, .decimal), (.decimal, .double): return .decimal
        default: return nil
        }
    }

    /// Whether the type named `outer` holds a `inner`, at any depth.
    static func contains(_ outer: String, _ inner: String, in graph: ShapeGraph) -> Bool {
        var models: [String: ModelShape] = [:]
        for case .model(let shape) in graph.declarations { models[shape.name] = shape }
        var seen: Set<String> = []
        var pending = [outer]
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let shape = models[name] else { continue }
            for property in shape.properties {
                for model in property.type.modelNames {
                    if model == inner { return true }
                    pending.append(model)
                }
            }
        }
        return false
    }

    /// Every reference to the model `old` made to `new`, the root's included.
    static func replace(_ old: String, with new: String, in graph: inout ShapeGraph) {
        graph.rootType = graph.rootType.replacingModel(old, with: new)
        for index in graph.declarations.indices {
            guard case .model(var shape) = graph.declarations[index] else { continue }
            for property in shape.properties.indices {
                shape.properties[property].type = shape.properties[property].type.replacingModel(old, with: new)
            }
            graph.declarations[index] = .model(shape)
        }
    }
}

extension TypeReference {
    /// The type, optional if it is not already.
    var optionalized: TypeReference {
        if case .optional = self { return self }
        return .optional(self)
    }

    /// The names of the models this type refers to, through arrays, maps and optionals.
    var modelNames: [String] {
        switch self {
        case .model(let name): [name]
        case .array(let element), .map(let element), .optional(let element), .numberOrText(let element):
            element.modelNames
        default: []
        }
    }

    /// The type with every reference to the model `old` made to `new`.
    func replacingModel(_ old: String, with new: String) -> TypeReference {
        switch self {
        case .model(let name) where name == old: .model(new)
        case .array(let element): .array(element.replacingModel(old, with: new))
        case .map(let element): .map(element.replacingModel(old, with: new))
        case .optional(let element): .optional(element.replacingModel(old, with: new))
        default: self
        }
    }
}
