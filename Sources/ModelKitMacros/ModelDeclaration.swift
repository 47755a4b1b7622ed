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
    /// Whether the keys came from `@Key` (and so are not converted by a key strategy).
    var keysAreExplicit: Bool
    /// The transform expression of `@Transform`, if any.
    var transform: String?

    /// The name without backticks.
    var bareName: String { name.filter { $0 != "`" } }
}

/// Errors the macro reports at the declaration that caused them.
struct ModelMacroMessage: DiagnosticMessage {
    let message: String
    var diagnosticID: MessageID { MessageID(domain: "ModelKit", id: "DictionaryModel") }
    var severity: DiagnosticSeverity { .error }
}

/// Reads the stored properties of a type's member block.
enum PropertyReader {
    static func properties(
        of members: MemberBlockSyntax, diagnose: (Syntax, String) -> Void
    ) -> [ModelProperty] {
        var result: [ModelProperty] = []
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            let modifiers = Set(variable.modifiers.map { $0.name.text })
            if modifiers.contains("static") || modifiers.contains("class") || modifiers.contains("lazy") { continue }
            var keys: [String] = []
            var transform: String?
            var ignored = false
            for attribute in variable.attributes {
                guard let attribute = attribute.as(AttributeSyntax.self) else { continue }
                let name = attribute.attributeName.trimmedDescription
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
                            diagnose(Syntax(argument), "@Key takes non-empty string literals")
                            continue
                        }
                        keys.append(segment.content.text)
                    }
                    if arguments.isEmpty { diagnose(Syntax(attribute), "@Key needs at least one key") }
                case "Transform", "ModelKit.Transform":
                    transform =
                        attribute.arguments?.as(LabeledExprListSyntax.self)?.first?.expression.trimmedDescription
                default:
                    continue
                }
            }
            if ignored { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let bindings = Array(variable.bindings)
            for (index, binding) in bindings.enumerated() {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                if let accessors = binding.accessorBlock, isComputed(accessors) { continue }
                // `var a, b: Int` writes the type once, on the last binding.
                let typeSyntax =
                    binding.typeAnnotation?.type
                    ?? bindings[index...].lazy.compactMap { $0.typeAnnotation?.type }.first
                let initializer = binding.initializer?.value.trimmedDescription
                if isLet && initializer != nil { continue }
                if typeSyntax == nil && initializer == nil {
                    diagnose(Syntax(binding), "a model property needs a type annotation or an initial value")
                    continue
                }
                let name = pattern.identifier.text
                let bare = name.filter { $0 != "`" }
                result.append(
                    ModelProperty(
                        name: name,
                        type: typeSyntax?.trimmedDescription,
                        initializer: initializer,
                        isOptional: typeSyntax.map(isOptional) ?? false,
                        isLet: isLet,
                        keys: keys.isEmpty ? [bare] : keys,
                        keysAreExplicit: !keys.isEmpty,
                        transform: transform
                    ))
            }
        }
        return result
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
        default: escaped.unicodeScalars.append(scalar)
        }
    }
    return "\"\(escaped)\""
}
