import ModelKit
import OrderedCollections

/// Turns a JSON Schema (draft 2020-12 or draft-07) or the `components/schemas` of an OpenAPI 3 document into a
/// ``ShapeGraph``, which ``SwiftRenderer`` writes as it writes the models of samples.
///
/// What is read: `type` (one or a list, `null` making the type optional), `properties` and `required`, `items`,
/// `enum` (strings become a `ModelEnum`), `const`, `format` (`date-time` and `date` → `Date`, `uri` and `url` →
/// `URL`, `uuid` → `UUID`, `byte` → `Data`, `decimal` → `Decimal`), `$ref` to anywhere in the document with the
/// named definitions of `$defs`, `definitions` and `components/schemas` becoming types of those names, `allOf`
/// (the properties of all), `oneOf`/`anyOf` (see `union(_:at:key:parentName:isProperty:)`),
/// `additionalProperties` as `[String: T]`, OpenAPI's `nullable` and `discriminator`, and `description` as
/// documentation. Everything else (`minimum`, `pattern`, `if`/`then` …) constrains values rather than types and
/// is left out; a schema with no type becomes `Value`.
public struct SchemaConverter: Sendable {
    /// The options; ``GeneratorOptions/rootName`` names the root type (or, for OpenAPI, picks the schema the
    /// header names), the access level is rendered as for samples, and the heuristics for samples do not apply.
    public var options: GeneratorOptions

    /// A converter with `options`.
    public init(options: GeneratorOptions = GeneratorOptions()) {
        self.options = options
    }

    /// Whether `document` is an OpenAPI document rather than a JSON Schema: it has an `openapi` key.
    public static func isOpenAPI(_ document: Value) -> Bool {
        document["openapi"] != nil
    }

    /// The root type's name that a JSON Schema suggests by its `title` (`"Purchase order"` → `PurchaseOrder`), or
    /// `nil` when it has none that can name a type.
    public static func suggestedRootName(for document: Value) -> String? {
        guard case .string(let title)? = document["title"], let name = SwiftIdentifier.upperCamelCase(title),
            TypeNaming.problem(withRootName: name) == nil
        else { return nil }
        return name
    }

    /// The types of `schema`, a JSON Schema or an OpenAPI document read as a sample.
    ///
    /// - Throws: ``SampleError`` naming the file and the place in the schema (`#/properties/a`): a reference that
    ///   is not to this document or leads nowhere, a schema that is not an object, an OpenAPI document without
    ///   `components/schemas`, or a `--name` that names none of its schemas.
    public func graph(for schema: Sample) throws -> ShapeGraph {
        var builder = SchemaGraphBuilder(document: schema.value, file: schema.name, options: options)
        return try builder.build()
    }
}

/// The state of one conversion: the names given, the declarations in the order they are reached.
struct SchemaGraphBuilder {
    let document: Value
    let file: String
    let options: GeneratorOptions
    var names: TypeNameAllocator
    /// The type name of each named definition, by its pointer (`#/$defs/Address`), given before any inline type
    /// is named so that an inline `address` does not take `Address`.
    var definitionNames: OrderedDictionary<String, String> = [:]
    /// The type each definition became, once it is done.
    var definitionTypes: [String: TypeReference] = [:]
    /// Definitions being converted, with the collection depth at which each began: a reference back to one of
    /// them through an array or a map is a recursive type Swift can hold, a direct one is not.
    var inProgress: [String: Int] = [:]
    var collectionDepth = 0
    var enumsByValues: [[String]: String] = [:]
    var slots: [ShapeGraph.Declaration?] = []

    init(document: Value, file: String, options: GeneratorOptions) {
        self.document = document
        self.file = file
        self.options = options
        names = TypeNameAllocator(taken: [])
    }

    func error(at location: String, _ detail: String) -> SampleError {
        SampleError(file: file, detail: "\(location): \(detail)")
    }

    // MARK: - The document

    mutating func build() throws -> ShapeGraph {
        guard case .dictionary = document else { throw error(at: "#", "the schema is not an object") }
        if SchemaConverter.isOpenAPI(document) {
            guard case .dictionary(let schemas)? = document["components"]?["schemas"], !schemas.isEmpty else {
                throw error(at: "#/components/schemas", "an OpenAPI document needs schemas here to make models of")
            }
            nameDefinitions(schemas, under: "#/components/schemas")
            return try graphOfDefinitions(rootName: options.rootName, explicitRoot: options.rootName != "Root")
        }
        let hasType = ["type", "properties", "items", "$ref", "oneOf", "anyOf", "allOf", "enum", "const"].contains {
            document[$0] != nil
        }
        names.taken.insert(options.rootName)
        for container in ["$defs", "definitions"] {
            if case .dictionary(let definitions)? = document[container] {
                nameDefinitions(definitions, under: "#/\(container)")
            }
        }
        guard hasType else {
            guard !definitionNames.isEmpty else { throw error(at: "#", "the schema has no type and no definitions") }
            return try graphOfDefinitions(rootName: options.rootName, explicitRoot: options.rootName != "Root")
        }
        definitionNames["#"] = options.rootName
        let rootType = try definition("#")
        for pointer in definitionNames.keys where definitionTypes[pointer] == nil { _ = try definition(pointer) }
        return ShapeGraph(rootName: options.rootName, rootType: rootType, declarations: slots.compactMap { $0 })
    }

    /// Every definition, each a type; the root is the one `rootName` names (its key or its type name), else the
    /// first.
    mutating func graphOfDefinitions(rootName: String, explicitRoot: Bool) throws -> ShapeGraph {
        var rootPointer = definitionNames.keys[0]
        if explicitRoot {
            guard
                let match = definitionNames.first(where: { pointer, name in
                    name == rootName || pointer.split(separator: "/").last.map(String.init) == rootName
                })
            else {
                let known = definitionNames.values.joined(separator: ", ")
                throw error(at: "#", "no schema is named \(rootName) (the schemas are \(known))")
            }
            rootPointer = match.key
        }
        for pointer in definitionNames.keys where definitionTypes[pointer] == nil { _ = try definition(pointer) }
        let rootType = definitionTypes[rootPointer] ?? .value
        let name = definitionNames[rootPointer] ?? rootName
        return ShapeGraph(rootName: name, rootType: rootType, declarations: slots.compactMap { $0 })
    }

    mutating func nameDefinitions(_ definitions: OrderedDictionaryOfValues, under container: String) {
        for key in definitions.keys {
            let hint = SwiftIdentifier.upperCamelCase(key).map { name in
                name.utf8.first.map(SwiftIdentifier.isLetter) == true ? name : "Schema" + name
            }
            definitionNames["\(container)/\(Self.escape(key))"] = names.allocate(hint ?? "Schema", parentName: nil)
        }
    }

    /// The type of a named definition (or the root): a model or enum of its name, or, for any other schema (an
    /// array, a string with a format), that type itself.
    mutating func definition(_ pointer: String) throws -> TypeReference {
        if let done = definitionTypes[pointer] { return done }
        guard let name = definitionNames[pointer] else { throw error(at: pointer, "not a named definition") }
        if let depth = inProgress[pointer] {
            // A struct cannot hold itself; through an array or a map it can.
            return collectionDepth > depth ? .model(name) : .value
        }
        let schema = try resolve(pointer, at: pointer)
        inProgress[pointer] = collectionDepth
        defer { inProgress[pointer] = nil }
        let type = try self.type(of: schema, at: pointer, key: name, parentName: nil, isProperty: false, named: name)
        definitionTypes[pointer] = type
        return type
    }

    /// The schema a `$ref` points to, `#` and `#/…` (JSON Pointer) inside this document.
    func resolve(_ reference: String, at location: String) throws -> Value {
        guard reference.hasPrefix("#") else {
            throw error(at: location, "$ref \(reference) is not in this document; only #/… references are read")
        }
        var value = document
        for token in reference.dropFirst().split(separator: "/", omittingEmptySubsequences: true) {
            let key = String(token).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if case .array(let array) = value, let index = Int(key), array.indices.contains(index) {
                value = array[index]
            } else if let next = value[key] {
                value = next
            } else {
                throw error(at: location, "$ref \(reference) leads nowhere")
            }
        }
        return value
    }

    static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    // MARK: - Types

    /// The type of `schema`, optional when it allows `null`. `key` names an inline model or enum (singular for an
    /// array's elements is the caller's affair); `named` is the exact name of a definition's own type.
    mutating func type(
        of schema: Value, at location: String, key: String, parentName: String?, isProperty: Bool,
        named: String? = nil
    ) throws -> TypeReference {
        if case .bool = schema { return .value }
        guard case .dictionary(let object) = schema else {
            throw error(at: location, "a schema must be an object or a boolean, not \(schema.briefDescription)")
        }
        if case .string(let reference)? = object["$ref"] {
            let base = try referenced(reference, at: location, key: key, parentName: parentName, isProperty: isProperty)
            return object["nullable"] == .bool(true) ? base.optionalized : base
        }
        var types = Self.typeNames(object["type"])
        var nullable = object["nullable"] == .bool(true) || types.contains("null")
        types.removeAll { $0 == "null" }
        if case .array(let values)? = object["enum"], values.contains(.null) { nullable = true }
        let base: TypeReference
        if case .array(let branches)? = object["oneOf"] ?? object["anyOf"] {
            base = try union(
                object, branches: branches, at: location, key: key, parentName: parentName, isProperty: isProperty,
                named: named)
        } else if case .array(let parts)? = object["allOf"] {
            base = try allOf(object, parts: parts, at: location, key: key, parentName: parentName, named: named)
        } else if case .array(let values)? = object["enum"] {
            base = enumType(values.filter { $0 != .null }, at: location, key: key, parentName: parentName, named: named)
        } else if let constant = object["const"] {
            base = Self.scalarType(of: [constant])
        } else if types.count > 1 {
            base = Self.mixedType(types, isProperty: isProperty)
        } else {
            switch types.first ?? Self.impliedType(object) {
            case "object": base = try objectType(object, at: location, key: key, parentName: parentName, named: named)
            case "array": base = try arrayType(object, at: location, key: key, parentName: parentName)
            case "string": base = Self.stringType(format: object["format"])
            case "integer": base = .int
            case "number": base = object["format"] == .string("decimal") ? .decimal : .double
            case "boolean": base = .bool
            default: base = .value
            }
        }
        return nullable && base != .value ? base.optionalized : base
    }

    mutating func referenced(
        _ reference: String, at location: String, key: String, parentName: String?, isProperty: Bool
    ) throws -> TypeReference {
        let pointer = reference == "#" ? "#" : reference
        if definitionNames[pointer] != nil { return try definition(pointer) }
        // A reference to a schema that is no named definition (`#/properties/a`) is that schema, inline.
        let target = try resolve(reference, at: location)
        return try type(of: target, at: reference, key: key, parentName: parentName, isProperty: isProperty)
    }

    static func typeNames(_ value: Value?) -> [String] {
        switch value {
        case .string(let name)?: [name]
        case .array(let names)?: names.compactMap { if case .string(let name) = $0 { name } else { nil } }
        default: []
        }
    }

    /// The type a schema without `type` has by its other keywords.
    static func impliedType(_ object: OrderedDictionaryOfValues) -> String {
        if object["properties"] != nil || object["additionalProperties"] != nil { return "object" }
        if object["items"] != nil || object["prefixItems"] != nil { return "array" }
        return ""
    }

    static func stringType(format: Value?) -> TypeReference {
        guard case .string(let format)? = format else { return .string }
        switch format {
        case "date-time", "date": return .date
        case "uri", "url", "iri": return .url
        case "uuid": return .uuid
        case "byte": return .data
        default: return .string
        }
    }

    /// The type of a list of scalar values (an `enum` that is not all strings, a `const`).
    static func scalarType(of values: [Value]) -> TypeReference {
        let kinds = Set(values.map(\.kind))
        guard kinds.count == 1, let kind = kinds.first else { return .value }
        switch kind {
        case .string: return .string
        case .bool: return .bool
        case .number:
            return values.allSatisfy { if case .integer = $0 { true } else { false } } ? .int : .double
        default: return .value
        }
    }

    /// `"type": ["string", "number"]` and the like: a number or its text for a property, else `Value`.
    static func mixedType(_ types: [String], isProperty: Bool) -> TypeReference {
        let kinds = Set(types)
        if kinds == ["integer", "number"] { return .double }
        if isProperty && kinds.isSubset(of: ["string", "integer", "number"]) && kinds.contains("string") {
            return .numberOrText(.string)
        }
        return .value
    }

    mutating func enumType(
        _ values: [Value], at location: String, key: String, parentName: String?, named: String?
    ) -> TypeReference {
        var strings: [String] = []
        for value in values {
            guard case .string(let text) = value else { return Self.scalarType(of: values) }
            if !strings.contains(text) { strings.append(text) }
        }
        // One value is a constant, as `const` is: a string, not an enum of one case.
        guard strings.count > 1 else { return strings.isEmpty ? .value : .string }
        // The same values met again (an inline copy of a definition's enum) are the same enum.
        if named == nil, let existing = enumsByValues[strings] { return .enumeration(existing) }
        let name = named ?? names.allocate(hintName(key, parentName: parentName), parentName: parentName)
        enumsByValues[strings] = enumsByValues[strings] ?? name
        slots.append(.enumeration(EnumShape(name: name, values: strings, samplePath: location)))
        return .enumeration(name)
    }

    func hintName(_ key: String, parentName: String?, element: Bool = false) -> String {
        TypeNaming.name(forKey: key, element: element, parentName: parentName ?? options.rootName)
    }

    mutating func arrayType(
        _ object: OrderedDictionaryOfValues, at location: String, key: String, parentName: String?
    ) throws -> TypeReference {
        // `items` as a list (draft-07 tuples) and `prefixItems` give elements of several types: `Value`.
        guard let items = object["items"], case .dictionary = items else { return .array(.value) }
        collectionDepth += 1
        defer { collectionDepth -= 1 }
        let element = try type(
            of: items, at: location + "/items", key: hintName(key, parentName: parentName, element: true),
            parentName: parentName, isProperty: false)
        return .array(element)
    }

    mutating func objectType(
        _ object: OrderedDictionaryOfValues, at location: String, key: String, parentName: String?, named: String?
    ) throws -> TypeReference {
        guard case .dictionary(let properties)? = object["properties"], !properties.isEmpty else {
            // No properties: a map, of the `additionalProperties` schema's values (`[String: Value]` without one).
            guard let values = object["additionalProperties"], case .dictionary = values else { return .map(.value) }
            collectionDepth += 1
            defer { collectionDepth -= 1 }
            let valueType = try type(
                of: values, at: location + "/additionalProperties",
                key: hintName(key, parentName: parentName, element: true) + "Value", parentName: parentName,
                isProperty: false)
            return .map(valueType)
        }
        let name = named ?? names.allocate(hintName(key, parentName: parentName), parentName: parentName)
        try model(
            named: name, properties: properties, required: Self.strings(object["required"]), at: location,
            documentation: Self.documentation(object, location: location))
        return .model(name)
    }

    static func strings(_ value: Value?) -> Set<String> {
        guard case .array(let values)? = value else { return [] }
        return Set(values.compactMap { if case .string(let text) = $0 { text } else { nil } })
    }

    /// The schema's `description` (or `title`), else where the type is in the schema; `nil` for the root without
    /// either.
    static func documentation(_ object: OrderedDictionaryOfValues, location: String) -> String? {
        if case .string(let text)? = object["description"] ?? object["title"] {
            return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        return location == "#" ? nil : "`\(location)` in the schema."
    }

    mutating func model(
        named name: String, properties: OrderedDictionaryOfValues, required: Set<String>, at location: String,
        documentation: String?
    ) throws {
        let slot = slots.count
        slots.append(nil)
        var keys: [String] = []
        var types: [TypeReference] = []
        var notes: [String?] = []
        for (key, schema) in properties {
            let type = try self.type(
                of: schema, at: "\(location)/properties/\(Self.escape(key))", key: key, parentName: name,
                isProperty: true)
            keys.append(key)
            types.append(required.contains(key) ? type : type.optionalized)
            if case .string(let text)? = schema["description"] {
                notes.append(text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
            } else {
                notes.append(nil)
            }
        }
        let naming = PropertyNaming.names(for: keys)
        let shapes = keys.indices.map { index in
            PropertyShape(
                key: keys[index], name: naming.names[index].name, type: types[index],
                needsKeyAttribute: naming.names[index].needsKey, documentation: notes[index])
        }
        slots[slot] = .model(
            ModelShape(
                name: name, properties: shapes, usesSnakeCase: naming.snakeCase, samplePath: location,
                documentation: documentation))
    }

    // MARK: - Combinations

    /// `allOf`: one model with the properties of every part (a `$ref` part contributes its definition's), each
    /// required when any part requires it.
    mutating func allOf(
        _ object: OrderedDictionaryOfValues, parts: [Value], at location: String, key: String, parentName: String?,
        named: String?
    ) throws -> TypeReference {
        if parts.count == 1 && object["properties"] == nil {
            // `allOf: [{"$ref": …}]`, a common way to add a description to a reference: the part itself.
            return try type(
                of: parts[0], at: location + "/allOf/0", key: key, parentName: parentName, isProperty: false)
        }
        var properties: OrderedDictionaryOfValues = [:]
        var required: Set<String> = []
        for (index, part) in parts.enumerated() {
            let resolved = try objectSchema(part, at: "\(location)/allOf/\(index)")
            for (property, schema) in resolved.properties { properties[property] = schema }
            required.formUnion(resolved.required)
        }
        if case .dictionary(let own)? = object["properties"] {
            for (property, schema) in own { properties[property] = schema }
        }
        required.formUnion(Self.strings(object["required"]))
        guard !properties.isEmpty else {
            return parts.count == 1
                ? try type(of: parts[0], at: location + "/allOf/0", key: key, parentName: parentName, isProperty: false)
                : .value
        }
        let name = named ?? names.allocate(hintName(key, parentName: parentName), parentName: parentName)
        try model(
            named: name, properties: properties, required: required, at: location,
            documentation: Self.documentation(object, location: location))
        return .model(name)
    }

    /// The schema that `schema` is once its `$ref`s are followed, and the last of them.
    func followingReferences(_ schema: Value, at location: String) throws -> (Value, String?) {
        var pointer: String?
        var schema = schema
        var seen: Set<String> = []
        while case .string(let reference)? = schema["$ref"], seen.insert(reference).inserted {
            pointer = reference
            schema = try resolve(reference, at: location)
        }
        return (schema, pointer)
    }

    /// The properties and required keys of an object schema, through `$ref`s and nested `allOf`s.
    func objectSchema(
        _ schema: Value, at location: String
    ) throws -> (
        properties: OrderedDictionaryOfValues, required: Set<String>, pointer: String?
    ) {
        let (schema, pointer) = try followingReferences(schema, at: location)
        var properties: OrderedDictionaryOfValues = [:]
        var required = Self.strings(schema["required"])
        if case .array(let parts)? = schema["allOf"] {
            for (index, part) in parts.enumerated() {
                let nested = try objectSchema(part, at: "\(location)/allOf/\(index)")
                for (property, value) in nested.properties { properties[property] = value }
                required.formUnion(nested.required)
            }
        }
        if case .dictionary(let own)? = schema["properties"] {
            for (property, value) in own { properties[property] = value }
        }
        return (properties, required, pointer)
    }

    /// `oneOf` and `anyOf`. `null` branches make the type optional; one branch left is that branch. Objects that a
    /// key tells apart — OpenAPI's `discriminator`, or a property that is a `const` (or one-value `enum`) string
    /// in every branch — become a polymorphic `@DictionaryModel(discriminator:)` enum; other objects become one
    /// model with the properties of all, each required only when every branch requires it (as quicktype unites
    /// classes). A number or its text is `NumberOrText` for a property; any other mix is `Value`.
    mutating func union(
        _ object: OrderedDictionaryOfValues, branches allBranches: [Value], at location: String, key: String,
        parentName: String?, isProperty: Bool, named: String?
    ) throws -> TypeReference {
        let container = object["oneOf"] != nil ? "oneOf" : "anyOf"
        let branches = allBranches.enumerated().filter { Self.typeNames($0.element["type"]) != ["null"] }
        let nullable = branches.count < allBranches.count
        func finish(_ type: TypeReference) -> TypeReference { nullable && type != .value ? type.optionalized : type }
        if branches.count == 1 {
            return finish(
                try type(
                    of: branches[0].element, at: "\(location)/\(container)/\(branches[0].offset)", key: key,
                    parentName: parentName, isProperty: isProperty, named: named))
        }
        var resolved: [(index: Int, properties: OrderedDictionaryOfValues, required: Set<String>, pointer: String?)] =
            []
        for (index, branch) in branches {
            let schema = try objectSchema(branch, at: "\(location)/\(container)/\(index)")
            guard !schema.properties.isEmpty else {
                // Not all objects: scalars of several kinds.
                let kinds = try branches.flatMap {
                    try Self.typeNames(followingReferences($0.element, at: location).0["type"])
                }
                return finish(Self.mixedType(kinds, isProperty: isProperty))
            }
            resolved.append((index, schema.properties, schema.required, schema.pointer))
        }
        let name = named ?? names.allocate(hintName(key, parentName: parentName), parentName: parentName)
        if let (discriminator, tags) = discriminator(object, resolved.map { ($0.properties, $0.pointer) }) {
            let slot = slots.count
            slots.append(nil)
            var cases: [UnionShape.Case] = []
            var used: Set<String> = []
            for (branch, tag) in zip(resolved, tags) {
                let branchLocation = "\(location)/\(container)/\(branch.index)"
                let caseType: TypeReference
                if let pointer = branch.pointer, definitionNames[pointer] != nil {
                    caseType = try definition(pointer)
                } else {
                    let caseName = names.allocate(
                        name + (SwiftIdentifier.upperCamelCase(tag) ?? "Case"), parentName: nil)
                    try model(
                        named: caseName, properties: branch.properties, required: branch.required, at: branchLocation,
                        documentation: "`\(branchLocation)` in the schema.")
                    caseType = .model(caseName)
                }
                guard case .model(let model) = caseType else { return finish(.value) }
                var caseName = SwiftIdentifier.lowerCamelCase(tag, fallback: "case")
                while !used.insert(caseName).inserted { caseName += "2" }
                cases.append(UnionShape.Case(name: caseName, tag: tag, model: model))
            }
            slots[slot] = .union(
                UnionShape(
                    name: name, discriminator: discriminator, cases: cases,
                    documentation: Self.documentation(object, location: location)))
            return finish(.model(name))
        }
        var properties: OrderedDictionaryOfValues = [:]
        var required: Set<String>?
        for branch in resolved {
            for (property, schema) in branch.properties where properties[property] == nil {
                properties[property] = schema
            }
            required = required.map { $0.intersection(branch.required) } ?? branch.required
        }
        try model(
            named: name, properties: properties, required: required ?? [], at: location,
            documentation: (Self.documentation(object, location: location).map { $0 + " " } ?? "")
                + "One of several shapes: a key that only some of them have is optional.")
        return finish(.model(name))
    }

    /// The key that tells the branches apart and each branch's value of it: OpenAPI's `discriminator` (its
    /// `mapping`, else each branch's schema name), or a property every branch requires as one constant string.
    func discriminator(
        _ object: OrderedDictionaryOfValues, _ branches: [(properties: OrderedDictionaryOfValues, pointer: String?)]
    ) -> (String, [String])? {
        if case .string(let key)? = object["discriminator"]?["propertyName"] {
            var mapping: [String: String] = [:]
            if case .dictionary(let entries)? = object["discriminator"]?["mapping"] {
                for (tag, reference) in entries {
                    if case .string(let pointer) = reference { mapping[pointer] = tag }
                }
            }
            var tags: [String] = []
            for branch in branches {
                guard let pointer = branch.pointer else { return nil }
                let schemaName = pointer.split(separator: "/").last.map(String.init) ?? pointer
                tags.append(mapping[pointer] ?? schemaName)
            }
            return (key, tags)
        }
        guard let first = branches.first else { return nil }
        for key in first.properties.keys {
            let tags = branches.compactMap { branch -> String? in
                guard let property = branch.properties[key] else { return nil }
                if case .string(let tag)? = property["const"] { return tag }
                if case .array(let values)? = property["enum"], values.count == 1, case .string(let tag) = values[0] {
                    return tag
                }
                return nil
            }
            if tags.count == branches.count && Set(tags).count == tags.count { return (key, tags) }
        }
        return nil
    }
}
