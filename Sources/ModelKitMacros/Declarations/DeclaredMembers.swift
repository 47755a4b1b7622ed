import SwiftSyntax

/// A type's members as `@DictionaryModel` reads them, whether from swift-syntax's tree or, on the plug-in's fast
/// path, from the declaration's text (``StructSourceReader``): one description, so that one reader of properties
/// (``PropertyReader``) and one memberwise initializer (``MemberwiseInitializer``) serve both.
///
/// Read from text, a member has no syntax nodes (`nil` below); a mistake that needs one to be reported makes the
/// fast path give the request to swift-syntax, which reports it.
enum DeclaredMember {
    /// A `var` or `let`.
    case variable(DeclaredVariable)
    /// An `init`: the struct has no implicit memberwise initializer.
    case initializer
    /// An `#if` block, which may hold anything, an initializer too.
    case conditionalBlock
    /// Anything else (methods, nested types, subscripts, …), which the macro does not read.
    case other
}

/// A `var` or `let` declaration with its attributes, modifiers and bindings.
struct DeclaredVariable {
    /// An attribute, `@Name` or `@Name(arguments)`.
    struct Attribute {
        /// The name as written, `Key` or `ModelKit.Key`.
        var name: String
        /// The arguments, `nil` without parentheses.
        var arguments: [Argument]?
        /// The attribute's syntax, for diagnostics and fix-its.
        var syntax: AttributeSyntax?
    }

    /// One argument of an attribute.
    struct Argument {
        /// The expression's source, without the argument's label.
        var expression: String
        /// The content of a string literal of one plain segment (escapes as written), or `nil` for any other
        /// expression.
        var stringContent: String?
        /// The argument's syntax, for diagnostics.
        var syntax: Syntax?
    }

    /// A modifier, `public` or `private(set)`.
    struct Modifier {
        var name: String
        /// Whether it has a detail in parentheses, `(set)`.
        var hasDetail: Bool
    }

    /// One binding, `name: Type = value { accessors }`.
    struct Binding {
        /// The identifier, with backticks if written; `nil` for another pattern (a tuple).
        var name: String?
        /// The type annotation written on this binding.
        var type: String?
        /// Whether that type is optional (`T?`, `T!`, `Optional<T>`).
        var typeIsOptional: Bool
        /// The initial value's source.
        var initializer: String?
        /// Whether the initial value has a type only where one is expected (`nil`, `[]`, `.member`).
        var initializerNeedsContextualType: Bool
        /// The type the initial value plainly has (a literal's, or `Type()`'s), if it plainly has one.
        var initializerPlainType: String?
        /// Whether the binding has an accessor block that computes it (observers alone do not).
        var isComputed: Bool
        /// The binding's syntax, for diagnostics and the fix-it that adds a type.
        var syntax: PatternBindingSyntax?
        /// The pattern's syntax, where a property's key is reported when it has no `@Key`.
        var patternSyntax: Syntax?
    }

    var attributes: [Attribute]
    /// Whether an `#if` stands among the attributes, which may hold any of them.
    var hasConditionalAttributes: Bool
    var modifiers: [Modifier]
    var isLet: Bool
    var bindings: [Binding]

    /// The type written for the binding at `index`: `var a, b: Int` writes it once, on the last binding.
    func writtenType(at index: Int) -> (type: String, isOptional: Bool)? {
        bindings[index...].lazy.compactMap { binding in binding.type.map { ($0, binding.typeIsOptional) } }.first
    }
}

/// A struct's declaration as the extension role reads it.
struct DeclaredStruct {
    /// The name as written.
    var name: String
    /// The modifiers' names (`public`, `final`, …).
    var modifiers: [String]
    /// Whether it has generic parameters.
    var isGeneric: Bool
    var members: [DeclaredMember]

    /// Whether Swift gives the struct its implicit memberwise initializer: the body declares no initializer
    /// (none in an `#if` either, which the macro cannot evaluate).
    var hasImplicitMemberwiseInitializer: Bool {
        !members.contains { member in
            switch member {
            case .initializer, .conditionalBlock: true
            case .variable, .other: false
            }
        }
    }
}

extension DeclaredStruct {
    /// The struct `declaration` as swift-syntax parsed it.
    init(_ declaration: StructDeclSyntax) {
        self.init(
            name: declaration.name.text, modifiers: declaration.modifiers.map { $0.name.text },
            isGeneric: declaration.genericParameterClause != nil,
            members: DeclaredMember.members(of: declaration.memberBlock))
    }
}

extension DeclaredMember {
    /// The members of `block` as swift-syntax parsed them.
    static func members(of block: MemberBlockSyntax) -> [DeclaredMember] {
        block.members.map { member in
            if let variable = member.decl.as(VariableDeclSyntax.self) { return .variable(DeclaredVariable(variable)) }
            if member.decl.is(InitializerDeclSyntax.self) { return .initializer }
            if member.decl.is(IfConfigDeclSyntax.self) { return .conditionalBlock }
            return .other
        }
    }
}

extension DeclaredVariable {
    /// `variable` as swift-syntax parsed it.
    init(_ variable: VariableDeclSyntax) {
        var attributes: [Attribute] = []
        var hasConditionalAttributes = false
        for element in variable.attributes {
            guard let attribute = element.as(AttributeSyntax.self) else {
                hasConditionalAttributes = true
                continue
            }
            let arguments = attribute.arguments?.as(LabeledExprListSyntax.self).map { list in
                list.map { argument in
                    Argument(
                        expression: argument.expression.trimmedText,
                        stringContent: Self.plainStringContent(argument.expression), syntax: Syntax(argument))
                }
            }
            attributes.append(
                Attribute(name: attribute.attributeName.trimmedText, arguments: arguments, syntax: attribute))
        }
        self.init(
            attributes: attributes, hasConditionalAttributes: hasConditionalAttributes,
            modifiers: variable.modifiers.map { Modifier(name: $0.name.text, hasDetail: $0.detail != nil) },
            isLet: variable.bindingSpecifier.tokenKind == .keyword(.let),
            bindings: variable.bindings.map(Self.binding))
    }

    static func binding(_ binding: PatternBindingSyntax) -> Binding {
        let type = binding.typeAnnotation?.type
        let initializer = binding.initializer?.value
        return Binding(
            name: binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            type: type?.trimmedText,
            typeIsOptional: type.map(Self.isOptional) ?? false,
            initializer: initializer?.trimmedText,
            initializerNeedsContextualType: initializer.map(Self.needsContextualType) ?? false,
            initializerPlainType: initializer.flatMap(Self.plainType),
            isComputed: binding.accessorBlock.map(Self.isComputed) ?? false,
            syntax: binding,
            patternSyntax: Syntax(binding.pattern))
    }

    /// The content of a string literal of one plain segment, as written.
    static func plainStringContent(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            let segment = literal.segments.first?.as(StringSegmentSyntax.self)
        else { return nil }
        return segment.content.text
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

    /// Whether `expression` only has a type where one is expected, so that a property declared with it and no
    /// type annotation leaves the generated code, which takes such a property's type from its initial value, no
    /// type to go by (the macro asks for the annotation). Everything else (literals, calls, members of named
    /// types) has a type of its own, the same one the compiler gives the property.
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

    /// The type an initial value plainly has: a literal's standard type, or `Type()`'s type.
    static func plainType(of value: ExprSyntax) -> String? {
        if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if value.is(FloatLiteralExprSyntax.self) { return "Double" }
        if value.is(StringLiteralExprSyntax.self) { return "String" }
        if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if let prefix = value.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return plainType(of: prefix.expression).flatMap { ["Int", "Double"].contains($0) ? $0 : nil }
        }
        // `Type()` with no arguments: a failable or generic initializer with arguments could make another type.
        if let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
            isTypeName(call.calledExpression)
        {
            return call.calledExpression.trimmedText
        }
        return nil
    }

    /// Whether `expression` names a type the way Swift's conventions spell one: `Price`, `Catalog.Entry`.
    static func isTypeName(_ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text.first?.isUppercase == true
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            return member.declName.baseName.text.first?.isUppercase == true && isTypeName(base)
        }
        return false
    }
}
