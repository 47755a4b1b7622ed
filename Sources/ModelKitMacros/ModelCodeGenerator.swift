/// Writes the decoding and encoding code of one model's properties.
///
/// Decoding makes one pass over the data: each key is looked up in the model's key table and switched on by
/// index. Keys that several properties read, and the first step of key paths, are captured as a `Value` and
/// resolved after the pass, in the order of each property's keys, so the first key present wins.
struct ModelCodeGenerator {
    let typeName: String
    let properties: [ModelProperty]
    let keysExpression: String
    /// Whether the decoding initializer hands the values to the struct's implicit memberwise initializer
    /// instead of setting each property.
    ///
    /// A `var` with an initial value (an optional's implicit `nil` too) is set before an initializer's first
    /// statement. Every initializer written in source that then sets it, the decoding one or one it delegates
    /// to, keeps `self` in memory, and the optimizer returns a copy of it: a value-witness copy and destroy, with
    /// a retain and a release of every reference the model holds. The implicit memberwise initializer builds the
    /// value from its arguments at once. Decoding user.json's `GitHubUser` went from 24,160 to 22,770
    /// instructions, twitter.json from 12.31M to 11.59M.
    let setsThroughMemberwiseInitializer: Bool

    /// A top-level key of the data, with the properties that read it.
    struct Entry {
        var declared: String
        var snakeCase: String
        var uses: [(property: Int, candidate: Int, rest: [PathStep])]
        var isDirect: Bool { uses.count == 1 && uses[0].rest.isEmpty }
    }

    let entries: [Entry]
    /// For each property and each of its keys, the entry it starts at and the steps after it.
    let candidates: [[(entry: Int, rest: [PathStep])]]

    /// - Parameter hasImplicitMemberwiseInitializer: whether Swift gives the model its implicit memberwise
    ///   initializer (only a struct can have one), which the decoding initializer then hands its values to when
    ///   there are any and no property has an attribute that may change its parameter.
    init(
        typeName: String, properties: [ModelProperty], keysExpression: String,
        hasImplicitMemberwiseInitializer: Bool = false
    ) {
        self.typeName = typeName
        self.properties = properties
        self.keysExpression = keysExpression
        self.setsThroughMemberwiseInitializer =
            hasImplicitMemberwiseInitializer && !properties.isEmpty
            && properties.allSatisfy { !$0.hasOtherAttributes }
        var entries: [Entry] = []
        var candidates: [[(entry: Int, rest: [PathStep])]] = []
        for (propertyIndex, property) in properties.enumerated() {
            var own: [(entry: Int, rest: [PathStep])] = []
            for (candidateIndex, key) in property.keys.enumerated() {
                let steps = KeyName.isPath(key) ? KeyName.pathComponents(key) : [.key(key)]
                guard case .key(let first) = steps.first else { continue }
                let snake = property.keysAreExplicit ? first : KeyName.snakeCase(first)
                let rest = Array(steps.dropFirst())
                let entryIndex: Int
                if let existing = entries.firstIndex(where: { $0.declared == first }) {
                    entryIndex = existing
                } else {
                    entries.append(Entry(declared: first, snakeCase: snake, uses: []))
                    entryIndex = entries.count - 1
                }
                entries[entryIndex].uses.append((propertyIndex, candidateIndex, rest))
                own.append((entryIndex, rest))
            }
            candidates.append(own)
        }
        self.entries = entries
        self.candidates = candidates
    }

    /// `ModelKeys(declared: […], snakeCase: […], typeStrategy: …)`.
    func keysInitializer(strategy: String) -> String {
        let declared = entries.map { literal($0.declared) }.joined(separator: ", ")
        let snake = entries.map { literal($0.snakeCase) }.joined(separator: ", ")
        return "ModelKit.ModelKeys(declared: [\(declared)], snakeCase: [\(snake)], typeStrategy: \(strategy))"
    }

    /// The default of the property at `index`, as generated code writes it: its initial value, `nil` for an
    /// optional without one, or `nil` when the property must be present.
    private func defaultExpression(_ index: Int) -> String? {
        let property = properties[index]
        return property.initializer ?? (property.isOptional ? "nil" : nil)
    }

    /// What the field of the property at `index` starts as.
    private func fieldInitializer(_ index: Int) -> String {
        let generic = properties[index].type.map { "<\($0)>" } ?? ""
        guard let defaultExpression = defaultExpression(index) else { return "ModelKit.Field\(generic)()" }
        return "ModelKit.Field\(generic)(defaultingTo: \(defaultExpression))"
    }

    /// How the value of the property at `index` is taken from its finished field: the default, evaluated only
    /// when no key set the value, is written again here.
    private func takenValue(_ index: Int) -> String {
        guard let defaultExpression = defaultExpression(index) else { return "\(fieldName(index)).takeValue()" }
        return "\(fieldName(index)).takeValue(default: \(defaultExpression))"
    }

    /// How generated code names the field of the property at `index`.
    ///
    /// Each field is a variable of its own. One tuple of them all made the initializer a third of the size,
    /// but its destruction went through the runtime's generic tuple walk, an indirect call per field for every
    /// model decoded, which cost more than the smaller code saved.
    private func fieldName(_ index: Int) -> String {
        "field\(index)"
    }

    /// The transform of a property as the generated code names it: through the typed accessor `@Transform`
    /// adds when the property's type is written, so that a mismatch is reported there and not here.
    private func transformExpression(_ index: Int) -> String? {
        let property = properties[index]
        guard let transform = property.transform else { return nil }
        guard TransformMacro.hasAccessor(type: property.type) else { return transform }
        return "Self.\(TransformMacro.accessorName(property.bareName))"
    }

    private func transformArgument(_ index: Int) -> String {
        transformExpression(index).map { ", transform: \($0)" } ?? ""
    }

    private func stepsLiteral(_ steps: [PathStep]) -> String {
        steps.map { step in
            switch step {
            case .key(let key): ".key(\(literal(key)))"
            case .index(let index): ".index(\(index))"
            }
        }.joined(separator: ", ")
    }

    /// The statements that read the dictionary at `reader` and assign every property of `self`.
    ///
    /// - Parameter reportsUnknownKeys: `false` in a subclass, whose superclass reads and reports the rest.
    func decodingStatements(reportsUnknownKeys: Bool) -> String {
        var lines: [String] = []
        lines.append("guard try reader.beginDictionary() else {")
        lines.append(
            "    throw context.mismatch(expected: \(literal("\(typeName) (a dictionary)")), foundKind: try reader.peekKind())"
        )
        lines.append("}")
        lines.append("let keys = \(keysExpression).table(for: context.options.keyStrategy)")
        for index in properties.indices { lines.append("var \(fieldName(index)) = \(fieldInitializer(index))") }
        for (entryIndex, entry) in entries.enumerated() where !entry.isDirect {
            lines.append("var captured\(entryIndex): ModelKit.Value? = nil")
        }
        lines.append("decoding: while true {")
        lines.append("    switch try reader.nextKey(in: keys) {")
        for (entryIndex, entry) in entries.enumerated() {
            lines.append("    case .known(\(entryIndex)):")
            if entry.isDirect {
                let use = entry.uses[0]
                lines.append(
                    "        try \(fieldName(use.property)).decode(priority: \(use.candidate), keyAt: \(entryIndex), in: keys, from: &reader, context: context\(transformArgument(use.property)))"
                )
            } else {
                lines.append(
                    "        captured\(entryIndex) = try context.capture(key: keys.keys[\(entryIndex)], from: &reader)")
            }
        }
        lines.append("    case .end:")
        lines.append("        break decoding")
        lines.append("    case .known, .unknown:")
        if reportsUnknownKeys { lines.append("        try context.unknownKey(reader.currentKey())") }
        lines.append("        try reader.skipValue()")
        lines.append("    }")
        lines.append("}")
        for (propertyIndex, own) in candidates.enumerated() {
            for (candidateIndex, candidate) in own.enumerated() where !entries[candidate.entry].isDirect {
                let rest = stepsLiteral(candidate.rest)
                let fullPath =
                    "ModelKit.ValuePath([.key(keys.keys[\(candidate.entry)])\(rest.isEmpty ? "" : ", " + rest)])"
                lines.append(
                    "if let found = captured\(candidate.entry)?[ModelKit.ValuePath([\(rest)])] {")
                lines.append(
                    "    try \(fieldName(propertyIndex)).decode(priority: \(candidateIndex), path: \(fullPath), value: found, context: context\(transformArgument(propertyIndex)))"
                )
                lines.append("}")
            }
        }
        // Every field is finished (settled, or a missing key thrown) before any property is set, so that every
        // point that can throw has the same fields to destroy and none of the properties: taking and setting
        // one property at a time made each of them destroy the properties set so far, and a model of 40
        // properties compiled to an initializer of 7,000 instructions, whose instruction-cache misses cost
        // more time than its work.
        for (index, property) in properties.enumerated() {
            let first = candidates[index].first
            // A key read directly is named by its place in the table, so no closure captures the table.
            let keyArguments: String
            if let first, first.rest.isEmpty {
                keyArguments = "keyAt: \(first.entry), in: keys"
            } else {
                keyArguments = "key: " + literal(property.keys.first ?? property.bareName)
            }
            let reports = property.isOptional ? "false" : "true"
            lines.append(
                "try \(fieldName(index)).finish(\(keyArguments), context: context, reportsMissing: \(reports))")
        }
        if setsThroughMemberwiseInitializer {
            let arguments = properties.indices.map { "\(argumentLabel(properties[$0])): \(takenValue($0))" }
            lines.append("self.init(\(arguments.joined(separator: ", ")))")
        } else {
            for (index, property) in properties.enumerated() {
                lines.append("self.\(property.name) = \(takenValue(index))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// How a call names the property's parameter: without backticks, which an argument label needs only for
    /// `inout` (the compiler warns about the others).
    private func argumentLabel(_ property: ModelProperty) -> String {
        property.bareName == "inout" ? property.name : property.bareName
    }

    /// The statements that write every property of `self` as one dictionary to `writer`.
    func encodingStatements() -> String {
        var lines: [String] = []
        lines.append("let keys = \(keysExpression).table(for: context.options.keyStrategy)")
        lines.append("try writer.beginDictionary(count: \(properties.count))")
        lines.append("try context.enter()")
        var nested: [String] = []
        for (index, property) in properties.enumerated() {
            guard let first = candidates[index].first else { continue }
            if first.rest.isEmpty {
                let transform = transformArgument(index)
                lines.append(
                    "try context.writeField(self.\(property.name), key: keys.keys[\(first.entry)]\(transform), to: &writer)"
                )
            } else {
                let path = "ModelKit.ValuePath([.key(keys.keys[\(first.entry)]), \(stepsLiteral(first.rest))])"
                if let transform = transformExpression(index) {
                    nested.append(
                        "nested.add(encoded: try (\(transform)).encode(self.\(property.name)), at: \(path), context: context)"
                    )
                } else {
                    nested.append("try nested.add(self.\(property.name), at: \(path), context: context)")
                }
            }
        }
        if !nested.isEmpty {
            lines.append("var nested = ModelKit.NestedOutput()")
            lines.append(contentsOf: nested)
            lines.append("try nested.write(to: &writer, context: context)")
        }
        lines.append("context.leave()")
        lines.append("try writer.endDictionary()")
        return lines.joined(separator: "\n")
    }
}
