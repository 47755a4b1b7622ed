import ModelKitKeyRules

/// Writes the decoding and encoding code of one model's properties.
///
/// Decoding makes one pass over the data: each key is looked up in the model's key table and switched on by
/// index. Keys that several properties read, and the first step of key paths, are captured as a `Value` and
/// resolved after the pass, in the order of each property's keys, so the first key present wins.
struct ModelCodeGenerator {
    let typeName: String
    /// How code nested in the model's extension names the model: the extended type as written (`Catalog.Entry`),
    /// since a nested type's own name is not in scope in an extension of it, and `Self` in the fields' struct is
    /// that struct.
    let typeReference: String
    let properties: [ModelProperty]
    let keysExpression: String
    // Handing the values to the implicit memberwise initializer took decoding user.json's `GitHubUser` from
    // 24,160 to 22,770 instructions, twitter.json from 12.31M to 11.59M.
    /// Whether the decoding initializer hands the values to the struct's implicit memberwise initializer
    /// instead of setting each property.
    ///
    /// A `var` with an initial value (an optional's implicit `nil` too) is set before an initializer's first
    /// statement. Every initializer written in source that then sets it, the decoding one or one it delegates
    /// to, keeps `self` in memory, and the optimizer returns a copy of it: a value-witness copy and destroy, with
    /// a retain and a release of every reference the model holds. The implicit memberwise initializer builds the
    /// value from its arguments at once.
    let setsThroughMemberwiseInitializer: Bool

    /// A top-level key of the data, with the properties that read it.
    struct Entry {
        var declared: String
        var snakeCase: String
        var uses: [(property: Int, candidate: Int, rest: [KeyPathStep])]
        var isDirect: Bool { uses.count == 1 && uses[0].rest.isEmpty }
    }

    let entries: [Entry]
    /// For each property and each of its keys, the entry it starts at and the steps after it.
    let candidates: [[(entry: Int, rest: [KeyPathStep])]]

    // Measured on a model of 3,000 properties (debug, its compile job by pass): the compiler's region-based
    // isolation check, its ARC and definite-initialization passes and its local name lookup each take a time
    // that grows faster than a function's size (the isolation check 282 ms at 300 properties, 15.6 s at 3,000),
    // so no generated function of a wide model holds more than one part's properties.
    /// The most properties a model has before its code is split into parts: the fields of each part of that
    /// many properties in a struct of their own with their own key switch and `finish`, and its encoding in one
    /// method per part.
    static let propertiesPerPart = 100
    /// This generator's part size: ``propertiesPerPart`` (the type's), unless a test asks for smaller parts.
    let propertiesPerPart: Int
    /// Whether the model has more properties than one part holds, and its code is written in parts.
    var isWide: Bool { properties.count > propertiesPerPart }
    /// The properties of each part, in order; one part holding them all when the model is not wide.
    var parts: [Range<Int>] {
        stride(from: 0, to: max(properties.count, 1), by: propertiesPerPart).map {
            $0..<min($0 + propertiesPerPart, properties.count)
        }
    }

    /// - Parameters:
    ///   - hasMemberwiseInitializer: whether the model has a memberwise initializer (Swift's implicit one, or
    ///     the one this macro writes for a `public` or `package` struct), which the decoding initializer then
    ///     hands its values to when there are any and no property has an attribute that may change its
    ///     parameter.
    ///   - propertiesPerPart: how many properties a model may have before its fields and its encoding are
    ///     split into parts of that many (see ``isWide``).
    ///   - fieldsAsTuple: whether the fields may be one labelled tuple rather than a struct (see
    ///     ``fieldsAreTuple``): for a debug build.
    init(
        typeName: String, typeReference: String? = nil, properties: [ModelProperty], keysExpression: String,
        hasMemberwiseInitializer: Bool = false, propertiesPerPart: Int = ModelCodeGenerator.propertiesPerPart,
        fieldsAsTuple: Bool = false
    ) {
        self.propertiesPerPart = propertiesPerPart
        self.typeName = typeName
        self.typeReference = typeReference ?? typeName
        self.properties = properties
        self.keysExpression = keysExpression
        self.setsThroughMemberwiseInitializer =
            hasMemberwiseInitializer && !properties.isEmpty && properties.allSatisfy { !$0.hasOtherAttributes }
        var entries: [Entry] = []
        var candidates: [[(entry: Int, rest: [KeyPathStep])]] = []
        for (propertyIndex, property) in properties.enumerated() {
            var own: [(entry: Int, rest: [KeyPathStep])] = []
            for (candidateIndex, steps) in property.keySteps.enumerated() {
                // The declaration's reader refused a path that starts with an index.
                guard case .key(let first) = steps.first else { continue }
                let snake = property.keysAreExplicit ? first : SnakeCaseKey.key(for: first)
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
        let capturedCount = entries.filter { !$0.isDirect }.count
        self.fieldsAreTuple =
            fieldsAsTuple && properties.count <= propertiesPerPart && properties.allSatisfy { $0.type != nil }
            && properties.count + capturedCount > 1
    }

    // Measured on 300 models of 20 properties in a module of their own, debug, with the expansions written as source
    // (Benchmarks/NOTES.md, 2026-12-02, tenth session): the module's clean build 43.5 s with a struct, 35.7 s with a
    // tuple; its emit-module job, which a touched file's rebuild waits for, 5.1 s against 4.7 s. A struct has value
    // witnesses, accessors for each member and a memberwise initializer, compiled in every debug build and declared
    // in the emit-module job; a tuple has none. Release builds keep the struct: there, the fields as nested tuples of
    // at most 64 were destroyed through the runtime's generic tuple witness, a call per element, where the struct's
    // destroy is compiled for it (user.json 4.4% slower; Benchmarks/NOTES.md, 2026-11-27, evening). A flat tuple in a
    // release build was not measured.
    /// Whether the fields are one labelled tuple, `typealias _DecodingFields = (count: ModelKit.Field<Int>, …)`,
    /// started by the model's `_startFields()` and read and finished by its `_decodeField(_:keyAt:…)` and
    /// `_finishFields(_:in:context:)`, rather than a struct: asked for (a debug build's extension), in a model that
    /// is not wide, whose every property's type is written (a tuple's element types are written; a struct's member
    /// may take its type from its start) and that has more than one field (a tuple of one element has no label).
    let fieldsAreTuple: Bool

    // The decoding initializer hands the values to the memberwise initializer as the call's arguments, not
    // through a local each: the compiler's lookup of a local walks every local declared before it (3,000 locals
    // took 5.6 s to type-check; at 100 properties the call saves 4.6% of the compile job's instructions). A
    // literal among 3,000 arguments took the type checker 34 s, so a literal default is given to the field when
    // it is finished.
    /// Whether the field of the property at `index` is given its default when it is finished, and its value is
    /// then taken without one: a property whose default is a literal.
    private func finishesWithLiteral(_ index: Int) -> Bool {
        defaultExpression(index).map(MemberwiseInitializer.isLiteral) == true
    }

    /// `ModelKeys(declaredJoined: "a\0b", snakeCaseJoined: "a\0b", typeStrategy: …)`: each list of keys as one
    /// string, which the optimizer handles in constant time where an array literal took time that grew with the
    /// square of its length; `ModelKeys(declared: […], snakeCase: […], typeStrategy: …)` when a key holds a NUL.
    func keysInitializer(strategy: String) -> String {
        let declared = entries.map(\.declared)
        let snake = entries.map(\.snakeCase)
        guard (declared + snake).allSatisfy({ !$0.contains("\0") }) else {
            let declaredList = declared.map(literal).joined(separator: ", ")
            let snakeList = snake.map(literal).joined(separator: ", ")
            return
                "ModelKit.ModelKeys(declared: [\(declaredList)], snakeCase: [\(snakeList)], typeStrategy: \(strategy))"
        }
        let declaredJoined = literal(declared.joined(separator: "\0"))
        let snakeJoined = literal(snake.joined(separator: "\0"))
        return
            "ModelKit.ModelKeys(declaredJoined: \(declaredJoined), snakeCaseJoined: \(snakeJoined), typeStrategy: \(strategy))"
    }

    /// The default of the property at `index`, as generated code writes it: its initial value, `nil` for an
    /// optional without one, or `nil` when the property must be present.
    private func defaultExpression(_ index: Int) -> String? {
        let property = properties[index]
        return property.initializer ?? (property.isOptional ? "nil" : nil)
    }

    /// The name of the struct that holds a model's fields while it is decoded, nested in the model.
    static let fieldsTypeName = "_DecodingFields"

    /// The field's declaration after its name: its type, where the property's type is written
    /// (`: ModelKit.Field<Int>`), the field then started by the struct's memberwise initializer (``startMember``);
    /// where none is written, a start typed by a key path to the property (its initial value may name `Self`,
    /// which in the fields' struct would be that struct).
    private func fieldDeclaration(_ index: Int) -> String {
        let property = properties[index]
        guard let type = property.type else {
            let hasDefault = defaultExpression(index) != nil
            return " = ModelKit.Field(for: \\\(typeReference).\(property.name), hasDefault: \(hasDefault))"
        }
        return ": ModelKit.Field<\(type)>"
    }

    /// The fields' struct's `start()`, which makes it through its memberwise initializer, each field whose type is
    /// written given its start (`count: .init(hasDefault: true)`), each part its own `start()`.
    ///
    /// Measured against the fields' initial values, and against assignments in `init()` (which the compiler's
    /// definite-initialization check pays for with more than the number of fields: +3.2% for the compile job of a
    /// 100-property model): an initial value is an expression the emit-module job type-checks too, 1.25 s of the
    /// 6.6 s it took for 300 models of 20 properties; as arguments of one call they are checked only where the
    /// model is compiled (the 100-property model's job −1.0% instructions, the 300 models' −2.6%).
    ///
    /// A part's `start()` is never inlined: the three entry points that start the fields would each hold every
    /// part's start in one block, which LLVM's optimizer and instruction selection took time for that grew faster
    /// than its length (a 3,000-property model's expansion compiled as source in release: 205 s, against 147 s with
    /// this and the table's slots made a hundred at a time in functions of their own; `Benchmarks/NOTES.md`,
    /// 2026-11-30, 07:30).
    private func startMember(arguments: [String], isPart: Bool = false) -> String {
        "    \(isPart ? "@inline(never) " : "")static func start() -> Self { Self(\(arguments.joined(separator: ", "))) }"
    }

    /// The start arguments of the fields of the properties in `range` whose type is written.
    private func startArguments(_ range: Range<Int>) -> [String] {
        range.compactMap { index in
            guard properties[index].type != nil else { return nil }
            return "\(argumentLabel(properties[index])): \(fieldStart(index))"
        }
    }

    /// How the field of the property at `index`, whose type is written, starts: with or without a default.
    private func fieldStart(_ index: Int) -> String {
        ".init(hasDefault: \(defaultExpression(index) != nil))"
    }

    /// How the value of the property at `index` is taken from its finished field: the default, evaluated only
    /// when no key set the value, is written here, where `Self` is the model.
    private func takenValue(_ index: Int) -> String {
        let name = "fields.\(fieldPath(index))"
        guard let defaultExpression = defaultExpression(index), !finishesWithLiteral(index) else {
            // In a wide model the values go to one call in thousands: each taken by a call of its own (ModelKit's
            // `Field.takeDecodedValueOutOfLine()`).
            return "\(name).\(isWide ? "takeDecodedValueOutOfLine" : "takeDecodedValue")()"
        }
        return "\(name).takeDecodedValue(default: \(defaultExpression))"
    }

    /// The transform of a property as the generated code names it: through the typed accessor `@Transform`
    /// adds when the property's type is written, so that a mismatch is reported there and not here.
    private func transformExpression(_ index: Int) -> String? {
        let property = properties[index]
        guard let transform = property.transform else { return nil }
        guard TransformMacro.hasAccessor(type: property.type) else { return transform }
        return "\(typeReference).\(TransformMacro.accessorName(property.bareName))"
    }

    private func transformArgument(_ index: Int) -> String {
        transformExpression(index).map { ", transform: \($0)" } ?? ""
    }

    private func stepsLiteral(_ steps: [KeyPathStep]) -> String {
        steps.map { step in
            switch step {
            case .key(let key): ".key(\(literal(key)))"
            case .index(let index): ".index(\(index))"
            }
        }.joined(separator: ", ")
    }

    /// The name of the member that holds the tree captured under the entry at `index`, for the properties
    /// that read inside it or share it.
    private func capturedName(_ index: Int) -> String {
        "captured\(index)"
    }

    /// How the fields reach the tree captured under the entry at `index`: through the struct that holds the captured
    /// trees in a wide model.
    private func capturedPath(_ index: Int) -> String {
        isWide ? "\(Self.capturedMember).\(capturedName(index))" : capturedName(index)
    }

    /// The struct that holds every field while the model is decoded, one member per property, named after it,
    /// and the trees captured for key paths and shared keys; with the code that decodes a key into its field
    /// and finishes every field once the dictionary is read.
    ///
    /// The fields live in one struct, not in one local each, so that every point where decoding can throw has
    /// one value to destroy: with a local per property, each of the initializer's calls that can throw
    /// destroys every field, and the initializer grows with the square of the number of properties. The code
    /// that reads a key and the code that finishes the fields are methods of the struct, where the fields are
    /// reached through `self` and no call has anything of its own to destroy. The struct is copyable: a
    /// noncopyable one costs the compiler's ownership checker time that grows faster than the square of the
    /// number of properties.
    ///
    /// In a debug build's extension the fields may be one labelled tuple instead (``fieldsAreTuple``), which the
    /// model's static functions start, read keys into and finish, handed the tuple.
    ///
    /// In a wide model (``isWide``) the fields of each part are a struct of their own (`Part0`, `Part1`, …), with
    /// the switch over the keys its properties read directly and the `finish` of its fields, and the fields are a
    /// tuple of the parts (`part0`, `part1`, …, and `captured`, a struct of the captured trees, if there are any),
    /// started where it is stored (``fieldsStart``), which static members of an enum of the parts switch on (the
    /// captured keys, and every other key to the part whose range of keys holds it) and finish. A tuple has no value
    /// witnesses of its own, where a struct of the parts had a copy, an assignment and an enum tag store spelled out
    /// over every field: the tag store wrote the whole struct as one integer (936,000 bits at 3,000 properties),
    /// which LLVM took seconds to lower.
    ///
    /// - Parameter keySwitchCondition: a compilation condition under which the key switches are left out (a struct
    ///   whose generic initializer reads through its field table under both conditions: unused, they still cost the
    ///   optimizer a sixth of a small model module's release build); `nil` to keep them everywhere.
    /// - Parameter conditions: the build's conditions, where the plug-in knows them (see ``BuildConditions``).
    func fieldsDeclaration(
        keySwitchCondition: CompilationCondition? = nil, conditions: BuildConditions = .unknown
    ) -> String {
        // With a local per property: 80,000 destroys for 200 properties, a build of a minute; 1,264 properties
        // never finished.
        // How the switch and `finish` reach the fields: members of the struct they are in, or of the tuple they are
        // handed.
        let owner = isWide || fieldsAreTuple ? "fields." : "self."
        var lines: [String] = []
        let keyRanges = isWide ? parts.indices.map(directEntries) : []
        let captured = entries.indices.filter { !entries[$0].isDirect }
        let capturedMembers = captured.map {
            "    fileprivate var \(capturedName($0)): ModelKit.Value? = nil  // \(literal(entries[$0].declared))"
        }
        if isWide {
            lines.append("enum \(Self.partsTypeName) {")
            for part in parts.indices {
                if part > 0 { lines.append("") }
                lines += partDeclaration(
                    part, readsKeys: keyRanges[part] != nil, keySwitchCondition: keySwitchCondition,
                    conditions: conditions
                )
                .map { $0.isEmpty ? $0 : "    " + $0 }
            }
            if !captured.isEmpty {
                lines += ["", "    struct \(Self.capturedTypeName): \(Self.scratchConformance) {"]
                lines += capturedMembers.map { "    " + $0 } + ["    }"]
            }
        } else if fieldsAreTuple {
            let elements = tupleElements()
            let declarations = elements.map(\.declaration).joined(separator: ", ")
            lines.append("typealias \(Self.fieldsTypeName) = (\(declarations))")
            lines.append("")
            let starts = elements.map(\.start).joined(separator: ", ")
            lines.append("    static func \(Self.tupleStartName)() -> \(Self.fieldsTypeName) { (\(starts)) }")
        } else {
            lines.append("struct \(Self.fieldsTypeName): \(Self.scratchConformance) {")
            lines += fieldMembers(parts[0])
            lines += capturedMembers
            lines.append("")
            lines.append(startMember(arguments: startArguments(parts[0])))
        }
        let keySwitch = Self.keySwitch(unless: keySwitchCondition, conditions: conditions) {
            var keySwitch: [String] = []
            let signature =
                isWide
                ? Self.partsKeySwitchSignature : fieldsAreTuple ? Self.tupleKeySwitchSignature : Self.keySwitchSignature
            keySwitch.append("    \(signature) {")
            keySwitch.append("        switch index {")
            for entryIndex in entries.indices {
                if entries[entryIndex].isDirect {
                    guard !isWide else { continue }
                    keySwitch += directDecodingCase(entryIndex, owner: owner).map { "        " + $0 }
                } else {
                    keySwitch.append("        case \(entryIndex):  // \(literal(entries[entryIndex].declared))")
                    keySwitch.append(
                        "            \(owner)\(capturedPath(entryIndex)) = try context.capture(key: keys.keys[\(entryIndex)], from: &reader)"
                    )
                }
            }
            if isWide {
                // A captured key's case comes first, so that it matches before the range of the part it falls in.
                for part in parts.indices {
                    guard let range = keyRanges[part] else { continue }
                    let pattern =
                        range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)...\(range.upperBound)"
                    keySwitch.append("        case \(pattern):")
                    keySwitch.append(
                        "            try fields.\(partMember(part)).decode(keyAt: index, in: keys, from: &reader, context: context)"
                    )
                }
            }
            keySwitch.append("        default:")
            keySwitch.append("            try reader.skipValue()")
            keySwitch.append("        }")
            keySwitch.append("    }")
            return keySwitch
        }
        if !keySwitch.isEmpty { lines += [""] + keySwitch }
        lines.append("")
        let finishSignature =
            isWide ? Self.partsFinishSignature : fieldsAreTuple ? Self.tupleFinishSignature : Self.finishSignature
        lines.append("    \(finishSignature) {")
        for (propertyIndex, own) in candidates.enumerated() {
            for (candidateIndex, candidate) in own.enumerated() where !entries[candidate.entry].isDirect {
                let rest = stepsLiteral(candidate.rest)
                let fullPath =
                    "ModelKit.ValuePath([.key(keys.keys[\(candidate.entry)])\(rest.isEmpty ? "" : ", " + rest)])"
                lines.append(
                    "        if let found = \(owner)\(capturedPath(candidate.entry))?[ModelKit.ValuePath([\(rest)])] {")
                lines.append(
                    "            try \(owner)\(fieldPath(propertyIndex)).decode(priority: \(candidateIndex), path: \(fullPath), value: found, context: context\(transformArgument(propertyIndex)))"
                )
                lines.append("        }")
            }
        }
        // Every field is finished (settled, or a missing key thrown) before any property is set, so that no
        // point that can throw has properties to destroy.
        if isWide {
            for part in parts.indices {
                lines.append("        try fields.\(partMember(part)).finish(in: keys, context: context)")
            }
        } else {
            lines += finishingStatements(parts[0], owner: owner).map { "        " + $0 }
        }
        lines.append("    }")
        // The tuple's functions are the model's own, written among its members.
        if fieldsAreTuple {
            return lines.map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }.joined(separator: "\n")
        }
        lines.append("}")
        if isWide {
            let elements = wideFieldsElements.map { "\($0.label): \($0.type)" }
            lines += ["", "typealias \(Self.fieldsTypeName) = (\(elements.joined(separator: ", ")))"]
        }
        return lines.joined(separator: "\n")
    }

    // A tuple of the parts, not a function that returns one: a debug build moved a returned tuple field by field,
    // one block of code for every field of the model (the 3,000-property model's debug build took 296 s), where a
    // tuple written where it is stored is made there, each part's `start()` writing its part in place.
    /// How generated code starts a model's fields: the fields' struct's `start()`, or in a wide model the tuple of
    /// its parts' starts.
    var fieldsStart: String {
        if fieldsAreTuple { return "Self.\(Self.tupleStartName)()" }
        guard isWide else { return "\(Self.fieldsTypeName).start()" }
        let elements = wideFieldsElements.map { "\($0.label): \($0.type)\($0.isPart ? ".start()" : "()")" }
        return "(\(elements.joined(separator: ", ")))"
    }

    /// The elements of a wide model's fields' tuple, in order: each part, then the captured trees if there are any.
    private var wideFieldsElements: [(label: String, type: String, isPart: Bool)] {
        var elements = parts.indices.map { (partMember($0), "\(Self.partsTypeName).\(partType($0))", true) }
        if entries.contains(where: { !$0.isDirect }) {
            elements.append((Self.capturedMember, "\(Self.partsTypeName).\(Self.capturedTypeName)", false))
        }
        return elements
    }

    /// The statement that reads the value of the key at `index` into the fields at `fields`.
    var fieldsKeySwitchCall: String {
        if fieldsAreTuple {
            return
                "try Self.\(Self.tupleKeySwitchName)(&fields, keyAt: index, in: keys, from: &reader, context: context)"
        }
        return isWide
            ? "try \(Self.partsTypeName).decode(&fields, keyAt: index, in: keys, from: &reader, context: context)"
            : "try fields.decode(keyAt: index, in: keys, from: &reader, context: context)"
    }

    /// The statement that finishes every field at `fields`.
    var fieldsFinishCall: String {
        if fieldsAreTuple { return "try Self.\(Self.tupleFinishName)(&fields, in: keys, context: context)" }
        return isWide
            ? "try \(Self.partsTypeName).finish(&fields, in: keys, context: context)"
            : "try fields.finish(in: keys, context: context)"
    }

    private static let keySwitchSignature =
        "mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws"
    private static let finishSignature =
        "mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws"
    private static let partsKeySwitchSignature =
        "static func decode<R: ModelKit.ModelReader>(_ fields: inout \(fieldsTypeName), keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws"
    private static let partsFinishSignature =
        "static func finish(_ fields: inout \(fieldsTypeName), in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws"

    /// The names of the model's static functions that start, read a key into, and finish fields that are a tuple
    /// (``fieldsAreTuple``).
    static let tupleStartName = "_startFields"
    static let tupleKeySwitchName = "_decodeField"
    static let tupleFinishName = "_finishFields"
    private static let tupleKeySwitchSignature =
        "static func \(tupleKeySwitchName)<R: ModelKit.ModelReader>(_ fields: inout \(fieldsTypeName), keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws"
    private static let tupleFinishSignature =
        "static func \(tupleFinishName)(_ fields: inout \(fieldsTypeName), in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws"

    /// The elements of the fields' tuple (``fieldsAreTuple``), each as the tuple's type declares it and as
    /// `_startFields()` starts it: a field per property, named after it, then a captured tree per entry that is not
    /// read directly.
    private func tupleElements() -> [(declaration: String, start: String)] {
        let fields = properties.indices.map { index in
            (
                "\(properties[index].name)\(fieldDeclaration(index))",
                "\(properties[index].name): \(fieldStart(index))"
            )
        }
        let captured = entries.indices.filter { !entries[$0].isDirect }.map {
            ("\(capturedName($0)): ModelKit.Value?", "\(capturedName($0)): nil")
        }
        return fields + captured
    }

    /// In a wide model, the namespace of its parts' structs, with the key switch and the `finish` of its fields; and
    /// the struct in it that holds the trees captured for key paths and shared keys, and its element in the fields'
    /// tuple.
    static let partsTypeName = "_DecodingParts"
    static let capturedTypeName = "Captured"

    /// The conformance of the structs that hold the fields while a model is decoded.
    ///
    /// Swift 6's check that no value crosses an isolation boundary unsafely tracks every value of a type that is
    /// not `Sendable` and, as a profile of it reads, walks the type's stored properties for each use: in a
    /// decoding initializer that takes 3,000 values out of the fields, 5 of the 46 seconds that the debug compile
    /// job of that model's file took. The fields are a local of one synchronous initializer and never leave it,
    /// so nothing they hold can be sent anywhere; `@unchecked Sendable` says so, and the checker passes them by.
    static let scratchConformance = "@unchecked Sendable"
    static let capturedMember = "captured"

    /// The name of the struct that holds the fields of the part at `index` of a wide model, nested in the enum of
    /// the parts, and the name of its element in the fields' tuple.
    private func partType(_ index: Int) -> String { "Part\(index)" }
    private func partMember(_ index: Int) -> String { "part\(index)" }

    /// How the fields' struct reaches the field of the property at `index`: through its part in a wide model.
    private func fieldPath(_ index: Int) -> String {
        isWide ? "\(partMember(index / propertiesPerPart)).\(properties[index].name)" : properties[index].name
    }

    /// The first and last of the keys read directly into the properties of part number `part`; `nil` when all
    /// of them are captured. Keys are numbered in the order of the properties that first read them, so the
    /// parts' ranges follow each other.
    private func directEntries(_ part: Int) -> ClosedRange<Int>? {
        let direct = parts[part].flatMap { property in
            candidates[property].map(\.entry).filter { entries[$0].isDirect }
        }
        guard let first = direct.min(), let last = direct.max() else { return nil }
        return first...last
    }

    /// The fields of the properties in `range`, each named after its property.
    private func fieldMembers(_ range: Range<Int>) -> [String] {
        // `fileprivate` members: the compiler gives an internal stored property a getter, a setter and a
        // `_modify` accessor, and a file-private one no `_modify`; a 20-model file had 4,323 SIL functions, 3,920
        // with them file-private. A field whose type is written starts in `start()` (see `startMember`).
        range.map { "    fileprivate var \(properties[$0].name)\(fieldDeclaration($0))" }
    }

    /// The lines of a key switch, indented as members (`makeLines` makes them), under `#if !(condition)` where
    /// `condition` is given and the build's conditions are not known, left out where they are known to hold it.
    private static func keySwitch(
        unless condition: CompilationCondition?, conditions: BuildConditions, _ makeLines: () -> [String]
    ) -> [String] {
        guard let condition else { return makeLines() }
        // The directives are indented as the members they stand among.
        return conditions.when(.not(condition), makeLines).map { $0.hasPrefix("#") ? "    " + $0 : $0 }
    }

    /// The struct that holds the fields of one part of a wide model, with its own `finish` and, when any of its
    /// properties reads a key directly (`readsKeys`), its own key switch.
    private func partDeclaration(
        _ part: Int, readsKeys: Bool, keySwitchCondition: CompilationCondition?, conditions: BuildConditions
    ) -> [String] {
        let range = parts[part]
        var lines = ["struct \(partType(part)): \(Self.scratchConformance) {"]
        lines += fieldMembers(range)
        lines += ["", startMember(arguments: startArguments(range), isPart: true)]
        if readsKeys {
            let keySwitch = Self.keySwitch(unless: keySwitchCondition, conditions: conditions) {
                var keySwitch = ["    \(Self.keySwitchSignature) {", "        switch index {"]
                for (entryIndex, entry) in entries.enumerated()
                where entry.isDirect && range.contains(entry.uses[0].property) {
                    keySwitch += directDecodingCase(entryIndex).map { "        " + $0 }
                }
                return keySwitch + ["        default:", "            try reader.skipValue()", "        }", "    }"]
            }
            if !keySwitch.isEmpty { lines += [""] + keySwitch }
        }
        lines += ["", "    \(Self.finishSignature) {"]
        lines += finishingStatements(range).map { "        " + $0 }
        lines += ["    }", "}"]
        return lines
    }

    /// The case of a key switch that decodes the key at `entryIndex` into the one field that reads it, which
    /// is a member of the struct the switch is in (`owner`, `self.`), or of the tuple it is handed (`fields.`).
    private func directDecodingCase(_ entryIndex: Int, owner: String = "self.") -> [String] {
        let use = entries[entryIndex].uses[0]
        return [
            "case \(entryIndex):  // \(literal(entries[entryIndex].declared))",
            "    try \(owner)\(properties[use.property].name).decode(priority: \(use.candidate), keyAt: \(entryIndex), in: keys, from: &reader, context: context\(transformArgument(use.property)))",
        ]
    }

    /// The statements that finish the fields of the properties in `range`, members of the struct they are in
    /// (`owner`, `self.`), or of the tuple they are handed (`fields.`).
    private func finishingStatements(_ range: Range<Int>, owner: String = "self.") -> [String] {
        range.map { index in
            let property = properties[index]
            let first = candidates[index].first
            // A key read directly is named by its place in the table, so no closure captures the table.
            let keyArguments: String
            if let first, first.rest.isEmpty {
                keyArguments = "keyAt: \(first.entry), in: keys"
            } else {
                keyArguments = "key: " + literal(property.keys.first ?? property.bareName)
            }
            let reports = property.isOptional ? "false" : "true"
            let defaultArgument =
                finishesWithLiteral(index) ? defaultExpression(index).map { ", orLiteral: \($0)" } ?? "" : ""
            return
                "try \(owner)\(property.name).finish(\(keyArguments), context: context, reportsMissing: \(reports)\(defaultArgument))"
        }
    }

    /// The statements that read the dictionary at `reader` into the fields and assign every property of `self`.
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
        lines.append("var fields = \(fieldsStart)")
        lines.append("decoding: while true {")
        lines.append("    switch try reader.nextKey(in: keys) {")
        lines.append("    case .known(let index):")
        lines.append("        " + fieldsKeySwitchCall)
        lines.append("    case .end:")
        lines.append("        break decoding")
        lines.append("    case .unknown:")
        if reportsUnknownKeys { lines.append("        try context.unknownKey(reader.currentKey())") }
        lines.append("        try reader.skipValue()")
        lines.append("    }")
        lines.append("}")
        return (lines + [settingStatements()]).joined(separator: "\n")
    }

    /// The statements that finish the fields at `fields` and assign every property of `self` from them: the end of
    /// the decoding initializer, and the whole of the initializer a field table's entry points finish with.
    func settingStatements() -> String {
        var lines: [String] = []
        lines.append(fieldsFinishCall)
        if setsThroughMemberwiseInitializer {
            // A value whose default is computed is taken in a statement of its own and the call names the local:
            // as arguments of the one call, 1,000 defaults took the type checker 14 s and 1.1 GB, one expression
            // with a closure or a literal to infer for each. The other values are taken in the call itself (see
            // `finishesWithLiteral`), where a local each would cost the lookup of every name.
            let locals = valueLocalNames()
            let takenInCall = properties.indices.map { defaultExpression($0) == nil || finishesWithLiteral($0) }
            for index in properties.indices where !takenInCall[index] {
                lines.append("let \(locals[index]) = \(takenValue(index))")
            }
            let arguments = properties.indices.map {
                "\(argumentLabel(properties[$0])): \(takenInCall[$0] ? takenValue($0) : locals[$0])"
            }
            lines.append("self.init(\(arguments.joined(separator: ", ")))")
        } else {
            let assignments = properties.indices.map { "self.\(properties[$0].name) = \(takenValue($0))" }
            if assignments.count <= Self.assignmentsPerBlock {
                lines.append(contentsOf: assignments)
            } else {
                // Set in blocks of a few dozen (`if true`, which the optimizer removes): the compiler's check that
                // each property is set once scans a block's earlier assignments for every assignment, a time that
                // grew with the square of their number (800 properties: over a minute). Swift 6.3.1's mandatory
                // destroy hoisting still crashes on 3,000 properties set so, which is why a struct with Swift's
                // memberwise initializer calls it at every width.
                for start in stride(from: 0, to: assignments.count, by: Self.assignmentsPerBlock) {
                    lines.append("if true {")
                    let end = min(start + Self.assignmentsPerBlock, assignments.count)
                    lines.append(contentsOf: assignments[start..<end].map { "    " + $0 })
                    lines.append("}")
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The slots of the model's ``FieldTable`` (ModelKit's), one for each key in the order of the key table: each
    /// slot's arguments (the key path of its property's field, and its priority when not the first) and its key as a
    /// literal, for a comment; `nil` when some key is not read directly into one property without a transform (a key
    /// path's first step, a key several properties read), which the table has no slot for.
    func fieldTableSlots() -> [(arguments: String, key: String)]? {
        guard !entries.isEmpty else { return nil }
        var slots: [(arguments: String, key: String)] = []
        for entry in entries {
            let use = entry.uses[0]
            guard entry.isDirect, properties[use.property].transform == nil else { return nil }
            let priority = use.candidate == 0 ? "" : ", priority: \(use.candidate)"
            slots.append(("\\\(Self.fieldsTypeName).\(fieldPath(use.property))\(priority)", literal(entry.declared)))
        }
        return slots
    }

    /// The names of the locals that hold the properties' values before they are handed to the memberwise
    /// initializer: each property's name followed by `Value`, with underscores added where that name is one of
    /// the initializer's own locals or appears in a default or transform expression, which a local of that name
    /// would shadow.
    private func valueLocalNames() -> [String] {
        var taken: Set<String> = ["reader", "context", "keys", "fields"]
        for property in properties {
            for expression in [property.initializer, property.transform].compactMap({ $0 }) {
                taken.formUnion(identifiers(in: expression))
            }
        }
        return properties.map { property in
            var name = property.bareName + "Value"
            while taken.contains(name) { name += "_" }
            taken.insert(name)
            return name
        }
    }

    /// The identifiers in a piece of source, as a superset: every run of identifier characters.
    private func identifiers(in source: String) -> Set<String> {
        var result: Set<String> = []
        var current = ""
        for character in source + " " {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if !current.isEmpty { result.insert(current) }
                current = ""
            }
        }
        return result
    }

    /// How many properties an initializer that sets each one sets in one block.
    static let assignmentsPerBlock = 32

    /// How a call names the property's parameter: without backticks, which an argument label needs only for
    /// `inout` (the compiler warns about the others).
    private func argumentLabel(_ property: ModelProperty) -> String {
        property.bareName == "inout" ? property.name : property.bareName
    }

    /// The statements that write every property of `self` as one dictionary to `writer`: in a wide model, the
    /// properties read directly are written by one method per part (``encodingMethods()``).
    ///
    /// - Parameter throughWriter: each property written by a call of the writer's own `writeField` (a concrete
    ///   writer's, compiled in ModelKit) instead of the context's generic one.
    func encodingStatements(throughWriter: Bool = false) -> String {
        var lines: [String] = []
        lines.append("let keys = \(keysExpression).table(for: context.options.keyStrategy)")
        if throughWriter {
            lines.append("try writer.beginModel(count: \(properties.count), context: context)")
        } else {
            lines.append("try writer.beginDictionary(count: \(properties.count))")
            lines.append("try context.enter()")
        }
        if isWide {
            for part in parts.indices where parts[part].contains(where: writesDirectly) {
                lines.append("try self.encode(part\(part): keys, to: &writer, context: context)")
            }
        } else {
            lines += directWrites(parts[0], throughWriter: throughWriter)
        }
        var nested: [String] = []
        for (index, property) in properties.enumerated() {
            guard let first = candidates[index].first, !first.rest.isEmpty else { continue }
            let path = "ModelKit.ValuePath([.key(keys.keys[\(first.entry)]), \(stepsLiteral(first.rest))])"
            if let transform = transformExpression(index) {
                nested.append(
                    "nested.add(encoded: try (\(transform)).encode(self.\(property.name)), at: \(path), context: context)"
                )
            } else {
                nested.append("try nested.add(self.\(property.name), at: \(path), context: context)")
            }
        }
        if !nested.isEmpty {
            lines.append("var nested = ModelKit.NestedOutput()")
            lines.append(contentsOf: nested)
            lines.append("try nested.write(to: &writer, context: context)")
        }
        if throughWriter {
            lines.append("try writer.endModel(context: context)")
        } else {
            lines.append("context.leave()")
            lines.append("try writer.endDictionary()")
        }
        return lines.joined(separator: "\n")
    }

    /// The statements that write the properties in `range` whose first key is read directly, each to its key.
    private func directWrites(_ range: Range<Int>, throughWriter: Bool = false) -> [String] {
        range.filter(writesDirectly).map { index in
            let first = candidates[index][0]
            guard !throughWriter else {
                return
                    "try writer.writeField(self.\(properties[index].name), keyAt: \(first.entry), in: keys, context: context)"
            }
            return
                "try context.writeField(self.\(properties[index].name), keyAt: \(first.entry), in: keys\(transformArgument(index)), to: &writer)"
        }
    }

    /// Whether the property at `index` is written to its first key directly, not under a key path.
    private func writesDirectly(_ index: Int) -> Bool {
        candidates[index].first?.rest.isEmpty == true
    }

    /// The methods that write each part of a wide model, members of the model; none for a model that is not wide.
    ///
    /// Each is an `encode` told apart by its first argument's label (`encode(part0:to:context:)`), a name the
    /// macro declares; a private one, which a subclass's does not meet.
    func encodingMethods() -> [String] {
        guard isWide else { return [] }
        return parts.indices.compactMap { part in
            let writes = directWrites(parts[part])
            guard !writes.isEmpty else { return nil }
            return
                ([
                    "private func encode<W: ModelKit.ModelWriter>(part\(part) keys: ModelKit.KeyTable, to writer: inout W, context: ModelKit.EncodingContext) throws {"
                ]
                + writes.map { "    " + $0 } + ["}"]).joined(separator: "\n")
        }
    }
}
