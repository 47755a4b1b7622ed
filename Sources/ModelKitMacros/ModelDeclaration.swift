import ModelKitKeyRules
import SwiftDiagnostics
import SwiftSyntax

/// One stored property as `@DictionaryModel` sees it in the source.
struct ModelProperty {
    /// The name as written, with backticks if any.
    var name: String
    /// The type annotation, if written.
    var type: String?
    /// The initial value, if written.
    var initializer: String?
    /// Whether the declared type is optional.
    var isOptional: Bool
    /// Whether the property is a `let`.
    var isLet: Bool
    /// The keys to read, in order of preference.
    var keys: [String]
    /// Each key's steps under the key-path grammar: one key, or a path (`info.city`, `images[0].url`).
    var keySteps: [[KeyPathStep]]
    /// Whether the keys came from `@Key` (and so are not converted by a key strategy).
    var keysAreExplicit: Bool
    /// The transform expression of `@Transform`, if any.
    var transform: String?
    /// Where the first key is written: the first argument of `@Key`, or the property's name.
    var keyNode: Syntax
    /// Whether the property carries an attribute ModelKit does not know, a property wrapper say, which may
    /// change what the memberwise initializer takes for it.
    var hasOtherAttributes: Bool

    /// The name without backticks.
    var bareName: String { name.filter { $0 != "`" } }
}

/// An error the macro reports at the syntax that caused it. Each kind of mistake has its own ID, so that tools
/// and tests can tell them apart even when the wording changes.
struct ModelMacroMessage: DiagnosticMessage {
    let id: String
    let message: String
    var diagnosticID: MessageID { MessageID(domain: "ModelKit", id: id) }
    var severity: DiagnosticSeverity { .error }

    static func notAModelType(_ kind: String, why: String) -> Self {
        Self(
            id: "DictionaryModel.notAModelType",
            message: "@DictionaryModel applies to a struct, a class or an enum of models, not to \(kind)\(why)")
    }

    static let enumWithoutDiscriminator = Self(
        id: "DictionaryModel.enumWithoutDiscriminator",
        message:
            "@DictionaryModel on an enum needs discriminator: the key that names the case; for raw-value enums conform to ModelEnum instead"
    )

    static let enumCaseWithoutOneModel = Self(
        id: "DictionaryModel.enumCaseWithoutOneModel", message: "each case of a polymorphic model holds one model")

    static let untypedProperty = Self(
        id: "DictionaryModel.untypedProperty", message: "a model property needs a type annotation or an initial value")

    static func uninferableType(name: String, initializer: String) -> Self {
        Self(
            id: "DictionaryModel.uninferableType",
            message: """
                '\(name)' needs a type annotation: without one, the generated code takes the property's type from \
                its initial value, and '\(initializer)' has no type of its own (literals, calls such as 'Date()' and \
                members such as 'Color.red' have one; 'nil', '[]', '[:]' and '.member' need the type written)
                """)
    }

    static let emptyKey = Self(id: "Key.emptyKey", message: "@Key takes non-empty string literals")
    static let noKeys = Self(id: "Key.noKeys", message: "@Key needs at least one key")

    /// A key that breaks the key-path grammar, worded by the grammar as `ValuePath(parsing:)` words it at run time.
    static func malformedKeyPath(_ error: KeyPathSyntaxError) -> Self {
        Self(id: "Key.malformedKeyPath", message: "\(error)")
    }

    static func keyPathStartsWithIndex(_ key: String) -> Self {
        Self(
            id: "Key.keyPathStartsWithIndex",
            message: "key path \(literal(key)) starts with an index, but a model reads a dictionary: start with a key")
    }

    static func markerOnComputedProperty(_ attribute: String) -> Self {
        Self(
            id: "\(attribute).onComputedProperty",
            message:
                "@\(attribute) has no effect on a computed property: @DictionaryModel decodes and encodes stored properties only"
        )
    }

    static func markerOnStaticProperty(_ attribute: String) -> Self {
        Self(
            id: "\(attribute).onStaticProperty",
            message:
                "@\(attribute) has no effect on a static property: @DictionaryModel decodes and encodes instance properties only"
        )
    }

    static func duplicateKey(_ key: String, name: String, first: String) -> Self {
        Self(
            id: "DictionaryModel.duplicateKey",
            message:
                "'\(name)' writes the key \(literal(key)), which '\(first)' writes already; give one of them another key with @Key"
        )
    }
}

/// A note that points at the other half of a mistake.
struct ModelMacroNote: NoteMessage {
    let id: String
    let message: String
    var noteID: MessageID { MessageID(domain: "ModelKit", id: id) }

    static func firstKeyUse(_ key: String, name: String) -> Self {
        Self(id: "DictionaryModel.duplicateKey.first", message: "'\(name)' writes \(literal(key)) here")
    }
}

/// A fix the macro offers with an error.
struct ModelMacroFixIt: FixItMessage {
    let id: String
    let message: String
    var fixItID: MessageID { MessageID(domain: "ModelKit", id: id) }

    static func removeAttribute(_ name: String) -> Self {
        Self(id: "removeAttribute", message: "remove '@\(name)'")
    }

    static let addTypeAnnotation = Self(id: "addTypeAnnotation", message: "add a type annotation")
}

/// Fix-its shared by the macro's diagnostics.
enum ModelFixIts {
    /// Deletes `attribute`, keeping the indentation before it, so that the declaration stays where it was.
    static func removing(_ attribute: AttributeSyntax) -> FixIt {
        let name = attribute.attributeName.trimmedText
        let replacement = TokenSyntax(.identifier(""), leadingTrivia: attribute.leadingTrivia, presence: .present)
        return FixIt(
            message: ModelMacroFixIt.removeAttribute(name),
            changes: [.replace(oldNode: Syntax(attribute), newNode: Syntax(replacement))])
    }

    /// Writes `: <#Type#>` after the binding's name, for the user to fill in.
    static func addingTypeAnnotation(to binding: PatternBindingSyntax) -> FixIt {
        let annotation = TypeAnnotationSyntax(
            colon: .colonToken(trailingTrivia: .space),
            type: IdentifierTypeSyntax(
                name: .identifier("<#Type#>"), trailingTrivia: binding.pattern.trailingTrivia))
        let annotated =
            binding
            .with(\.pattern, binding.pattern.with(\.trailingTrivia, []))
            .with(\.typeAnnotation, annotation)
        return FixIt(
            message: ModelMacroFixIt.addTypeAnnotation,
            changes: [.replace(oldNode: Syntax(binding), newNode: Syntax(annotated))])
    }
}

/// Reads the stored properties of a type's member block.
enum PropertyReader {
    static let keyNames: Set<String> = ["Key", "ModelKit.Key"]
    static let transformNames: Set<String> = ["Transform", "ModelKit.Transform"]

    static func properties(
        of members: MemberBlockSyntax, diagnose: (Diagnostic) -> Void
    ) -> [ModelProperty] {
        var result: [ModelProperty] = []
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            // `@Key` and `@Transform` promise decoding; on a property the macro skips, they would silently not.
            let markers: [(attribute: AttributeSyntax, name: String)] = variable.attributes.compactMap { element in
                guard let attribute = element.as(AttributeSyntax.self) else { return nil }
                let name = attribute.attributeName.trimmedText
                if keyNames.contains(name) { return (attribute, "Key") }
                if transformNames.contains(name) { return (attribute, "Transform") }
                return nil
            }
            // Each marker on a property the macro skips is an error at the marker, with a fix-it removing it.
            func rejectMarkers(_ message: (String) -> ModelMacroMessage) {
                for marker in markers {
                    diagnose(
                        Diagnostic(
                            node: Syntax(marker.attribute), message: message(marker.name),
                            fixIts: [ModelFixIts.removing(marker.attribute)]))
                }
            }
            let modifiers = Set(variable.modifiers.map { $0.name.text })
            if modifiers.contains("static") || modifiers.contains("class") {
                rejectMarkers(ModelMacroMessage.markerOnStaticProperty)
                continue
            }
            if modifiers.contains("lazy") { continue }
            var keys: [String] = []
            var keySteps: [[KeyPathStep]] = []
            var keyNode: Syntax?
            var transform: String?
            var ignored = false
            var hasOtherAttributes = false
            for attribute in variable.attributes {
                // An `#if` around attributes may hold any of them.
                guard let attribute = attribute.as(AttributeSyntax.self) else {
                    hasOtherAttributes = true
                    continue
                }
                let name = attribute.attributeName.trimmedText
                switch name {
                case "Ignored", "ModelKit.Ignored", "ObservationIgnored", "Transient":
                    ignored = true
                case "Key", "ModelKit.Key":
                    let arguments = attribute.arguments?.as(LabeledExprListSyntax.self) ?? []
                    for argument in arguments {
                        guard let literal = argument.expression.as(StringLiteralExprSyntax.self),
                            literal.segments.count == 1,
                            let segment = literal.segments.first?.as(StringSegmentSyntax.self),
                            !segment.content.text.isEmpty
                        else {
                            diagnose(Diagnostic(node: Syntax(argument), message: ModelMacroMessage.emptyKey))
                            continue
                        }
                        let key = segment.content.text
                        let steps: [KeyPathStep]
                        do {
                            steps = try KeyPathGrammar.steps(of: key)
                        } catch {
                            diagnose(
                                Diagnostic(node: Syntax(argument), message: ModelMacroMessage.malformedKeyPath(error)))
                            continue
                        }
                        guard case .key = steps.first else {
                            diagnose(
                                Diagnostic(
                                    node: Syntax(argument), message: ModelMacroMessage.keyPathStartsWithIndex(key)))
                            continue
                        }
                        if keys.isEmpty { keyNode = Syntax(argument) }
                        keys.append(key)
                        keySteps.append(steps)
                    }
                    if arguments.isEmpty {
                        diagnose(Diagnostic(node: Syntax(attribute), message: ModelMacroMessage.noKeys))
                    }
                case "Transform", "ModelKit.Transform":
                    transform =
                        attribute.arguments?.as(LabeledExprListSyntax.self)?.first?.expression.trimmedText
                default:
                    hasOtherAttributes = true
                }
            }
            if ignored { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let bindings = Array(variable.bindings)
            for (index, binding) in bindings.enumerated() {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                if let accessors = binding.accessorBlock, isComputed(accessors) {
                    rejectMarkers(ModelMacroMessage.markerOnComputedProperty)
                    continue
                }
                let typeSyntax = writtenType(of: bindings, at: index)
                let initializer = binding.initializer?.value
                if isLet && initializer != nil { continue }
                if typeSyntax == nil {
                    if let initializer, needsContextualType(initializer) {
                        diagnose(
                            Diagnostic(
                                node: Syntax(binding),
                                message: ModelMacroMessage.uninferableType(
                                    name: pattern.identifier.text, initializer: initializer.trimmedText),
                                fixIts: [ModelFixIts.addingTypeAnnotation(to: binding)]))
                        continue
                    }
                    if initializer == nil {
                        diagnose(
                            Diagnostic(
                                node: Syntax(binding), message: ModelMacroMessage.untypedProperty,
                                fixIts: [ModelFixIts.addingTypeAnnotation(to: binding)]))
                        continue
                    }
                }
                let name = pattern.identifier.text
                let bare = name.filter { $0 != "`" }
                result.append(
                    ModelProperty(
                        name: name,
                        type: typeSyntax?.trimmedText,
                        initializer: initializer?.trimmedText,
                        isOptional: typeSyntax.map(isOptional) ?? false,
                        isLet: isLet,
                        keys: keys.isEmpty ? [bare] : keys,
                        keySteps: keys.isEmpty ? [[.key(bare)]] : keySteps,
                        keysAreExplicit: !keys.isEmpty,
                        transform: transform,
                        keyNode: keyNode ?? Syntax(pattern),
                        hasOtherAttributes: hasOtherAttributes
                    ))
            }
        }
        return result
    }

    /// Whether `expression` only has a type where one is expected, so that the generated code, which copies it
    /// into `Field(defaultingTo:)` with no type to go by, could not compile it. Everything else (literals, calls,
    /// members of named types) has a type of its own, the same one the compiler gives the property.
    static func needsContextualType(_ expression: ExprSyntax) -> Bool {
        if expression.is(NilLiteralExprSyntax.self) { return true }
        if let array = expression.as(ArrayExprSyntax.self) { return array.elements.isEmpty }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            if case .colon = dictionary.content { return true }
            return false
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            guard let base = member.base else { return true }
            return needsContextualType(base)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) { return needsContextualType(call.calledExpression) }
        if let chain = expression.as(OptionalChainingExprSyntax.self) { return needsContextualType(chain.expression) }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { return needsContextualType(forced.expression) }
        return false
    }

    /// Reports the second of two properties that write the same key, with a note at the first: the encoded
    /// dictionary would hold the key twice, and decoding could fill only one of them.
    static func diagnoseDuplicateKeys(
        _ properties: [ModelProperty], snakeCase: Bool, diagnose: (Diagnostic) -> Void
    ) {
        var writers: [String: ModelProperty] = [:]
        for property in properties {
            guard let first = property.keys.first else { continue }
            let key = property.keysAreExplicit || !snakeCase ? first : SnakeCaseKey.key(for: first)
            if let earlier = writers[key] {
                diagnose(
                    Diagnostic(
                        node: property.keyNode,
                        message: ModelMacroMessage.duplicateKey(key, name: property.bareName, first: earlier.bareName),
                        notes: [
                            Note(
                                node: earlier.keyNode,
                                message: ModelMacroNote.firstKeyUse(key, name: earlier.bareName))
                        ]))
            } else {
                writers[key] = property
            }
        }
    }

    /// The type written for the binding at `index`: `var a, b: Int` writes it once, on the last binding.
    static func writtenType(of bindings: [PatternBindingSyntax], at index: Int) -> TypeSyntax? {
        bindings[index...].lazy.compactMap { $0.typeAnnotation?.type }.first
    }

    static func isComputed(_ block: AccessorBlockSyntax) -> Bool {
        switch block.accessors {
        case .getter: return true
        case .accessors(let list):
            return list.contains { accessor in
                let kind = accessor.accessorSpecifier.text
                return kind != "willSet" && kind != "didSet"
            }
        }
    }

    static func isOptional(_ type: TypeSyntax) -> Bool {
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional" { return true }
        if let member = type.as(MemberTypeSyntax.self), member.name.text == "Optional" { return true }
        return false
    }
}

/// Writes Swift string literals for keys, which may hold quotes or backslashes.
func literal(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": escaped += "\\\\"
        case "\"": escaped += "\\\""
        case "\n": escaped += "\\n"
        case "\r": escaped += "\\r"
        case "\t": escaped += "\\t"
        case "\0": escaped += "\\0"
        default: escaped.unicodeScalars.append(scalar)
        }
    }
    return "\"\(escaped)\""
}
