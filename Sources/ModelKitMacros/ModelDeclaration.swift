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
    /// Where the first key is written: the first argument of `@Key`, or the property's name; `nil` for a
    /// declaration read from text.
    var keyNode: Syntax?
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

/// Where ``PropertyReader`` reports a mistake: as a diagnostic at its syntax, or, for a declaration read from text
/// (which has none), by giving up on the fast path, so that swift-syntax reads it again and reports it.
struct DeclarationIssues {
    /// Takes a diagnostic at a node.
    var diagnose: (Diagnostic) -> Void
    /// Called instead where the node is missing.
    var giveUp: () -> Void = {}

    func report(
        _ message: ModelMacroMessage, at node: Syntax?, fixIts: @autoclosure () -> [FixIt] = [],
        notes: @autoclosure () -> [Note] = []
    ) {
        guard let node else { return giveUp() }
        diagnose(Diagnostic(node: node, message: message, notes: notes(), fixIts: fixIts()))
    }
}

/// Reads the stored properties of a type's members.
enum PropertyReader {
    static let keyNames: Set<String> = ["Key", "ModelKit.Key"]
    static let transformNames: Set<String> = ["Transform", "ModelKit.Transform"]

    static func properties(of members: MemberBlockSyntax, diagnose: @escaping (Diagnostic) -> Void) -> [ModelProperty] {
        properties(of: DeclaredMember.members(of: members), issues: DeclarationIssues(diagnose: diagnose))
    }

    static func properties(of members: [DeclaredMember], issues: DeclarationIssues) -> [ModelProperty] {
        var result: [ModelProperty] = []
        for member in members {
            guard case .variable(let variable) = member else { continue }
            // `@Key` and `@Transform` promise decoding; on a property the macro skips, they would silently not.
            let markers: [(attribute: DeclaredVariable.Attribute, name: String)] = variable.attributes.compactMap {
                attribute in
                if keyNames.contains(attribute.name) { return (attribute, "Key") }
                if transformNames.contains(attribute.name) { return (attribute, "Transform") }
                return nil
            }
            // Each marker on a property the macro skips is an error at the marker, with a fix-it removing it.
            func rejectMarkers(_ message: (String) -> ModelMacroMessage) {
                for marker in markers {
                    issues.report(
                        message(marker.name), at: marker.attribute.syntax.map(Syntax.init),
                        fixIts: marker.attribute.syntax.map { [ModelFixIts.removing($0)] } ?? [])
                }
            }
            let modifiers = Set(variable.modifiers.map(\.name))
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
            // An `#if` around attributes may hold any of them.
            var hasOtherAttributes = variable.hasConditionalAttributes
            for attribute in variable.attributes {
                switch attribute.name {
                case "Ignored", "ModelKit.Ignored", "ObservationIgnored", "Transient":
                    ignored = true
                case "Key", "ModelKit.Key":
                    let arguments = attribute.arguments ?? []
                    for argument in arguments {
                        guard let key = argument.stringContent, !key.isEmpty else {
                            issues.report(ModelMacroMessage.emptyKey, at: argument.syntax)
                            continue
                        }
                        let steps: [KeyPathStep]
                        do {
                            steps = try KeyPathGrammar.steps(of: key)
                        } catch {
                            issues.report(ModelMacroMessage.malformedKeyPath(error), at: argument.syntax)
                            continue
                        }
                        guard case .key = steps.first else {
                            issues.report(ModelMacroMessage.keyPathStartsWithIndex(key), at: argument.syntax)
                            continue
                        }
                        if keys.isEmpty { keyNode = argument.syntax }
                        keys.append(key)
                        keySteps.append(steps)
                    }
                    if arguments.isEmpty {
                        issues.report(ModelMacroMessage.noKeys, at: attribute.syntax.map(Syntax.init))
                    }
                case "Transform", "ModelKit.Transform":
                    transform = attribute.arguments?.first?.expression
                default:
                    hasOtherAttributes = true
                }
            }
            if ignored { continue }
            let isLet = variable.isLet
            for (index, binding) in variable.bindings.enumerated() {
                guard let name = binding.name else { continue }
                if binding.isComputed {
                    rejectMarkers(ModelMacroMessage.markerOnComputedProperty)
                    continue
                }
                let written = variable.writtenType(at: index)
                let initializer = binding.initializer
                if isLet && initializer != nil { continue }
                if written == nil {
                    if let initializer, binding.initializerNeedsContextualType {
                        issues.report(
                            ModelMacroMessage.uninferableType(name: name, initializer: initializer),
                            at: binding.syntax.map(Syntax.init),
                            fixIts: binding.syntax.map { [ModelFixIts.addingTypeAnnotation(to: $0)] } ?? [])
                        continue
                    }
                    if initializer == nil {
                        issues.report(
                            ModelMacroMessage.untypedProperty, at: binding.syntax.map(Syntax.init),
                            fixIts: binding.syntax.map { [ModelFixIts.addingTypeAnnotation(to: $0)] } ?? [])
                        continue
                    }
                }
                let bare = name.filter { $0 != "`" }
                result.append(
                    ModelProperty(
                        name: name,
                        type: written?.type,
                        initializer: initializer,
                        isOptional: written?.isOptional ?? false,
                        isLet: isLet,
                        keys: keys.isEmpty ? [bare] : keys,
                        keySteps: keys.isEmpty ? [[.key(bare)]] : keySteps,
                        keysAreExplicit: !keys.isEmpty,
                        transform: transform,
                        keyNode: keyNode ?? binding.patternSyntax,
                        hasOtherAttributes: hasOtherAttributes
                    ))
            }
        }
        return result
    }

    /// Reports the second of two properties that write the same key, with a note at the first: the encoded
    /// dictionary would hold the key twice, and decoding could fill only one of them.
    static func diagnoseDuplicateKeys(_ properties: [ModelProperty], snakeCase: Bool, issues: DeclarationIssues) {
        var writers: [String: ModelProperty] = [:]
        for property in properties {
            guard let first = property.keys.first else { continue }
            let key = property.keysAreExplicit || !snakeCase ? first : SnakeCaseKey.key(for: first)
            if let earlier = writers[key] {
                guard let earlierNode = earlier.keyNode else { return issues.giveUp() }
                issues.report(
                    ModelMacroMessage.duplicateKey(key, name: property.bareName, first: earlier.bareName),
                    at: property.keyNode,
                    notes: [Note(node: earlierNode, message: ModelMacroNote.firstKeyUse(key, name: earlier.bareName))])
            } else {
                writers[key] = property
            }
        }
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
