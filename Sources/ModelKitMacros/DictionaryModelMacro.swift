import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@DictionaryModel`: generates decoding, encoding, key tables and `Codable` for a struct, a class or an
/// enum of models.
///
/// Structs and enums get everything in an extension, so a struct keeps Swift's implicit memberwise initializer,
/// and its decoding initializer hands the values to it where Swift gives one
/// (`ModelCodeGenerator.setsThroughMemberwiseInitializer`); a `public` or `package` struct also gets, in the
/// extension, a memberwise initializer at its own access that forwards to Swift's (`MemberwiseInitializer`).
/// Classes get their initializers and `encode` in the class body, because designated and `required`
/// initializers and overridable methods cannot live in an extension.
public struct DictionaryModelMacro: MemberMacro, ExtensionMacro {
    // Formatting took 38% of the plugin's time and, in debug builds, where swift-syntax itself is unoptimized,
    // seconds for a wide model.
    /// The expansion is written indented as it stands, so swift-syntax does not format it again.
    public static var formatMode: FormatMode { .disabled }

    struct Arguments {
        var strategy = ".propertyNames"
        var inheritsFromModel = false
        var discriminator: String?

        /// The arguments from the attribute's, each with its label.
        init(labelled arguments: [(label: String?, value: DeclaredVariable.Argument)] = []) {
            for (label, value) in arguments {
                switch label {
                case "keyStrategy":
                    strategy = value.expression.hasSuffix("snakeCase") ? ".snakeCase" : ".propertyNames"
                case "inheritsFromModel":
                    inheritsFromModel = value.expression == "true"
                case "discriminator":
                    if let content = value.stringContent { discriminator = content }
                default:
                    continue
                }
            }
        }
    }

    static func arguments(of node: AttributeSyntax) -> Arguments {
        Arguments(
            labelled: (node.arguments?.as(LabeledExprListSyntax.self) ?? []).map { argument in
                (
                    argument.label?.text,
                    DeclaredVariable.Argument(
                        expression: argument.expression.trimmedText,
                        stringContent: DeclaredVariable.plainStringContent(argument.expression))
                )
            })
    }

    /// `: A, B` for the conformances the compiler asks an extension for, or nothing.
    static func conformanceClause(_ conformances: [String]) -> String {
        conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
    }

    static func accessPrefix(_ modifiers: DeclModifierListSyntax) -> String {
        accessPrefix(modifiers.map { $0.name.text })
    }

    static func accessPrefix(_ modifiers: [String]) -> String {
        for modifier in modifiers {
            switch modifier {
            case "public", "open": return "public "
            case "package": return "package "
            default: continue
            }
        }
        return ""
    }

    /// The access of a class's overridable generated methods: `open` on an open class, so that a subclass in
    /// another module (an app's subclass of a library's model) can override them; the type's access otherwise.
    static func overridableAccessPrefix(_ modifiers: DeclModifierListSyntax) -> String {
        modifiers.contains { $0.name.text == "open" } ? "open " : accessPrefix(modifiers)
    }

    /// The stored properties the generated code reads and writes, with every mistake in them reported.
    static func properties(
        of members: [DeclaredMember], arguments: Arguments, issues: DeclarationIssues
    ) -> [ModelProperty] {
        let properties = PropertyReader.properties(of: members, issues: issues)
        PropertyReader.diagnoseDuplicateKeys(
            properties, snakeCase: arguments.strategy == ".snakeCase", issues: issues)
        return properties
    }

    /// Protocols that may come first in a class's inheritance list; any other first name is the superclass.
    static let knownProtocols: Set<String> = [
        "Sendable", "Codable", "Decodable", "Encodable", "Equatable", "Hashable", "Identifiable", "Comparable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "AnyObject", "ObservableObject", "Observable",
        "KeyedModel", "ModelCodable", "ModelDecodable", "ModelEncodable", "Error", "CaseIterable",
    ]

    static func hasPlainSuperclass(_ declaration: ClassDeclSyntax) -> Bool {
        guard let first = declaration.inheritanceClause?.inheritedTypes.first?.type else { return false }
        if first.is(AttributedTypeSyntax.self) { return false }
        let name = first.trimmedText.split(separator: ".").last.map(String.init) ?? ""
        if knownProtocols.contains(name) { return false }
        return !(name.hasSuffix("able") || name.hasSuffix("Protocol") || name.hasSuffix("Convertible"))
    }

    static func notAModelTypeMessage(_ declaration: some DeclGroupSyntax) -> ModelMacroMessage {
        if declaration.is(ActorDeclSyntax.self) {
            return .notAModelType(
                "an actor", why: ": encoding reads the properties synchronously, outside the actor's isolation")
        }
        if declaration.is(ProtocolDeclSyntax.self) {
            return .notAModelType("a protocol", why: "; attach it to each model type that conforms")
        }
        if declaration.is(ExtensionDeclSyntax.self) {
            return .notAModelType("an extension", why: "; attach it to the type's declaration")
        }
        return .notAModelType("this declaration", why: "")
    }

    // MARK: Member role (classes)

    /// For a class: the key table, the initializers and `encode` in the class body, where designated and
    /// `required` initializers and overridable methods must be. Structs get everything in an extension.
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let classDeclaration = declaration.as(ClassDeclSyntax.self) else { return [] }
        let arguments = arguments(of: node)
        let typeName = classDeclaration.name.text
        let access = accessPrefix(classDeclaration.modifiers)
        let overridableAccess = overridableAccessPrefix(classDeclaration.modifiers)
        let properties = properties(
            of: DeclaredMember.members(of: classDeclaration.memberBlock), arguments: arguments,
            issues: DeclarationIssues(diagnose: { context.diagnose($0) }))
        let isGeneric = classDeclaration.genericParameterClause != nil
        let keysName = arguments.inheritsFromModel ? "modelKeysOf\(typeName)" : "modelKeys"
        let generator = ModelCodeGenerator(
            typeName: typeName, properties: properties, keysExpression: "Self.\(keysName)")
        var members: [String] = []
        let keysInitializer = generator.keysInitializer(strategy: arguments.strategy)
        if isGeneric {
            members.append(
                "\(access)static var \(keysName): ModelKit.ModelKeys { \(keysInitializer) }")
        } else {
            members.append("\(access)static let \(keysName) = \(keysInitializer)")
        }
        members.append(generator.fieldsDeclaration())
        if arguments.inheritsFromModel {
            members.append(
                """
                \(access)required init<R: ModelKit.ModelReader>(from source: inout R, context: borrowing ModelKit.DecodingContext) throws {
                    let buffered = try ModelKit.Value(from: &source, context: context)
                    var reader = ModelKit.ValueReader(buffered)
                \(indented(generator.decodingStatements(reportsUnknownKeys: false), by: 4))
                    var superReader = ModelKit.ValueReader(buffered)
                    context.beginKnownKeys(keys)
                    defer { context.endKnownKeys() }
                    try super.init(from: &superReader, context: context)
                }
                """)
            members.append(
                """
                \(overridableAccess)override func encode<W: ModelKit.ModelWriter>(to output: inout W, context: ModelKit.EncodingContext) throws {
                    var writer = ModelKit.ValueWriter()
                \(indented(generator.encodingStatements(), by: 4))
                    var superWriter = ModelKit.ValueWriter()
                    try super.encode(to: &superWriter, context: context)
                    try ModelKit.Value.merging(superWriter.result, writer.result).encode(to: &output, context: context)
                }
                """)
        } else {
            let superInit = hasPlainSuperclass(classDeclaration) ? "\n    super.init()" : ""
            members.append(
                """
                \(access)required init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                \(indented(generator.decodingStatements(reportsUnknownKeys: true), by: 4))\(superInit)
                    var model = self
                    try context.didDecode(&model)
                    try context.validate(self)
                }
                """)
            members.append(
                """
                \(overridableAccess)func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                \(indented(generator.encodingStatements(), by: 4))
                }
                """)
            let entryPoints = EntryPoints.members(access: access, isGeneric: isGeneric)
            if !entryPoints.isEmpty { members.append(entryPoints.joined(separator: "\n")) }
            members.append(
                """
                \(overridableAccess)func encode(to encoder: any Encoder) throws {
                    try ModelKit.CodableBridge.encode(self, to: encoder)
                }
                """)
        }
        members += generator.encodingMethods()
        members.append(
            """
            \(access)required convenience init(from decoder: any Decoder) throws {
                var reader = try ModelKit.CodableBridge.reader(for: decoder)
                try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
            }
            """)
        return members.map(UnparsedDeclaration.member)
    }

    // MARK: Extension role (structs, enums, and conformances of classes)

    /// For a struct or an enum: everything, in an extension; for a class: its conformances.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        let arguments = arguments(of: node)
        let conformances = protocols.map { $0.trimmedText }
        let conformanceClause = Self.conformanceClause(conformances)
        let coding = CodingMembers(conformances: conformances)

        if declaration.is(ClassDeclSyntax.self) {
            if arguments.inheritsFromModel || conformances.isEmpty { return [] }
            return [try ExtensionDeclSyntax("extension \(type.trimmed)\(raw: conformanceClause) {}")]
        }
        if let enumDeclaration = declaration.as(EnumDeclSyntax.self) {
            return try polymorphicEnum(
                enumDeclaration, type: type, arguments: arguments, conformanceClause: conformanceClause,
                coding: coding, context: context)
        }
        guard let structDeclaration = declaration.as(StructDeclSyntax.self) else {
            // Only the extension role reports this: the compiler runs it on every kind of declaration, protocols
            // included, and the member role too would report it twice.
            context.diagnose(
                Diagnostic(
                    node: Syntax(node), message: notAModelTypeMessage(declaration),
                    fixIts: [ModelFixIts.removing(node)]))
            return []
        }
        let source = structExtension(
            of: DeclaredStruct(structDeclaration), typeReference: type.trimmedText, conformances: conformances,
            arguments: arguments, issues: DeclarationIssues(diagnose: { context.diagnose($0) }))
        return [UnparsedDeclaration.extension(source)]
    }

    /// The extension of a struct: its key table, fields, decoding initializer, `encode`, entry points, memberwise
    /// initializer and `Codable` members, as source. One writer for the struct swift-syntax parsed and for the
    /// struct the plug-in's fast path read from text (``StructSourceReader``).
    ///
    /// - Parameter conditions: the build's compilation conditions, where the plug-in knows them: the extension holds
    ///   only the branches the build compiles (see ``BuildConditions``), and in a debug build, a non-generic struct's
    ///   fields as a tuple (``ModelCodeGenerator/fieldsAreTuple``).
    static func structExtension(
        of declaration: DeclaredStruct, typeReference: String, conformances: [String], arguments: Arguments,
        issues: DeclarationIssues, conditions: BuildConditions = .unknown
    ) -> String {
        let conformanceClause = Self.conformanceClause(conformances)
        let coding = CodingMembers(conformances: conformances)
        let access = accessPrefix(declaration.modifiers)
        let properties = properties(of: declaration.members, arguments: arguments, issues: issues)
        let generator = ModelCodeGenerator(
            typeName: declaration.name, typeReference: typeReference, properties: properties,
            keysExpression: "Self.modelKeys",
            hasMemberwiseInitializer: declaration.hasImplicitMemberwiseInitializer,
            fieldsAsTuple: conditions.isDebug && !declaration.isGeneric)
        let keysInitializer = generator.keysInitializer(strategy: arguments.strategy)
        let keysDeclaration =
            declaration.isGeneric
            ? "\(access)static var modelKeys: ModelKit.ModelKeys { \(keysInitializer) }"
            : "\(access)static let modelKeys = \(keysInitializer)"
        let tableInitializer = EntryPoints.tableInitializer(
            access: access, isGeneric: declaration.isGeneric, generator: generator)
        var body = [
            keysDeclaration,
            "",
            generator.fieldsDeclaration(
                keySwitchCondition: tableInitializer == nil ? nil : EntryPoints.bothConditions, conditions: conditions),
            "",
        ]
        let decodingInitializer = {
            [
                "\(access)init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {",
                indented(generator.decodingStatements(reportsUnknownKeys: true), by: 4),
                "    try context.didDecode(&self)",
                "    try context.validate(self)",
                "}",
            ]
        }
        if let tableInitializer {
            body += conditions.choosing((EntryPoints.bothConditions, { tableInitializer }), (nil, decodingInitializer))
        } else {
            body += decodingInitializer()
        }
        body += [
            "",
            "\(access)func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {",
        ]
        let tableEncoding = tableInitializer == nil ? nil : EntryPoints.tableEncoding(generator: generator)
        let encodingLines =
            if let tableEncoding {
                conditions.choosing(
                    (EntryPoints.bothConditions, { tableEncoding }), (nil, { [generator.encodingStatements()] }))
            } else {
                (tableInitializer == nil
                    ? [] : EntryPoints.tableEncodingPrelude(generator: generator, conditions: conditions))
                    + [generator.encodingStatements()]
            }
        body += [indented(encodingLines.joined(separator: "\n"), by: 4), "}"]
        // A wide model's parts' methods serve only the statements: where the table's call replaces them, so they go.
        let methods = Array(generator.encodingMethods().map { ["", $0] }.joined())
        if tableEncoding != nil, !methods.isEmpty {
            body += [""] + conditions.when(.not(EntryPoints.bothConditions)) { Array(methods.dropFirst()) }
        } else {
            body += methods
        }
        let entryPoints = EntryPoints.members(
            access: access, isGeneric: declaration.isGeneric, table: generator, conditions: conditions)
        if !entryPoints.isEmpty { body += [""] + entryPoints }
        if let memberwise = MemberwiseInitializer(of: declaration, access: access) {
            body += ["", memberwise.source(access: access)]
        }
        let codingMembers = coding.members(access: access)
        let codableMembers = codingMembers.isEmpty ? "" : "\n" + codingMembers
        return """
            extension \(typeReference)\(conformanceClause) {
            \(indented(body.joined(separator: "\n") + codableMembers, by: 4))
            }
            """
    }

    static func polymorphicEnum(
        _ declaration: EnumDeclSyntax, type: some TypeSyntaxProtocol, arguments: Arguments,
        conformanceClause: String, coding: CodingMembers, context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let discriminator = arguments.discriminator else {
            context.diagnose(
                Diagnostic(node: Syntax(declaration.name), message: ModelMacroMessage.enumWithoutDiscriminator))
            return []
        }
        let access = accessPrefix(declaration.modifiers)
        var cases: [(name: String, tag: String, payload: String)] = []
        for member in declaration.memberBlock.members {
            guard let caseDeclaration = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            var tag: String?
            for attribute in caseDeclaration.attributes {
                guard let attribute = attribute.as(AttributeSyntax.self),
                    ["Key", "ModelKit.Key"].contains(attribute.attributeName.trimmedText),
                    let literal = attribute.arguments?.as(LabeledExprListSyntax.self)?.first?.expression
                        .as(StringLiteralExprSyntax.self),
                    let segment = literal.segments.first?.as(StringSegmentSyntax.self)
                else { continue }
                tag = segment.content.text
            }
            for element in caseDeclaration.elements {
                guard let parameters = element.parameterClause?.parameters, parameters.count == 1,
                    let payload = parameters.first?.type.trimmedText
                else {
                    context.diagnose(
                        Diagnostic(
                            node: Syntax(element),
                            message: ModelMacroMessage.enumCaseWithoutOneModel))
                    continue
                }
                cases.append((element.name.text, tag ?? element.name.text, payload))
            }
        }
        let decodeCases = cases.map { item in
            "case \(literal(item.tag)): self = .\(item.name)(try context.decodeLocated(\(item.payload).self, from: &inner))"
        }.joined(separator: "\n        ")
        let encodeCases = cases.map { item in
            "case .\(item.name)(let model): try context.writeTagged(model, key: \(literal(discriminator)), tag: \(literal(item.tag)), to: &writer)"
        }.joined(separator: "\n        ")
        let entryPoints = indented(EntryPoints.genericModelsMembers(access: access).joined(separator: "\n"), by: 4)
        let codable = indented(coding.members(access: access), by: 4)
        let source = """
            extension \(type.trimmedText)\(conformanceClause) {
                \(access)static let modelKeys = ModelKit.ModelKeys(declared: [\(literal(discriminator))], snakeCase: [\(literal(discriminator))], typeStrategy: .propertyNames)

                \(access)init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                    let buffered = try ModelKit.Value(from: &reader, context: context)
                    let tag = try context.discriminator(\(literal(discriminator)), in: buffered, model: \(literal(declaration.name.text)))
                    var inner = ModelKit.ValueReader(buffered)
                    context.beginKnownKeys(Self.modelKeys.declared)
                    defer { context.endKnownKeys() }
                    switch tag {
                    \(decodeCases)
                    default:
                        throw context.error(.unknownDiscriminator(key: \(literal(discriminator)), found: tag))
                    }
                }

                \(access)func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                    switch self {
                    \(encodeCases)
                    }
                }

            \(entryPoints)
            \(codable)
            }
            """
        return [UnparsedDeclaration.extension(source)]
    }
}

/// The `Codable` members a struct or an enum needs: each forwards to the model's own decoding and encoding.
struct CodingMembers {
    var decodable: Bool
    var encodable: Bool

    /// The members for the conformances the compiler asks for; it lists `Codable` as its parts, `Decodable` and
    /// `Encodable`.
    init(conformances: [String]) {
        let names = Set(conformances.map { $0.split(separator: ".").last.map(String.init) ?? $0 })
        decodable = names.contains("Decodable") || names.contains("Codable")
        encodable = names.contains("Encodable") || names.contains("Codable")
    }

    func members(access: String) -> String {
        var text = ""
        if decodable {
            text += """

                \(access)init(from decoder: any Decoder) throws {
                    var reader = try ModelKit.CodableBridge.reader(for: decoder)
                    try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                }
                """
        }
        if encodable {
            text += """

                \(access)func encode(to encoder: any Encoder) throws {
                    try ModelKit.CodableBridge.encode(self, to: encoder)
                }
                """
        }
        return text
    }
}
