// Measured: in a debug build, where SwiftPM compiles swift-syntax unoptimized, parsing a 20-property struct took
// the plug-in 7.3 ms of each extension request, and a compile job sends one for every model it reaches through
// stored properties, not only its own (142 in a job of 23 files of a module of 300 models that nest each other):
// about a quarter of the job (Benchmarks/NOTES.md, 2026-11-28).
/// Reads a struct's declaration from its source text, without swift-syntax, for the plug-in's fast path.
///
/// It reads the plain shape models are written in: attributes, modifiers, `var` and `let` with one binding each,
/// type annotations, initial values that are literals, calls and member chains, accessor blocks, and skips
/// methods, initializers, nested types and the like. Anywhere it is not sure it reads the text as swift-syntax
/// would, it gives up (`nil`), and the request goes to swift-syntax: giving up costs only the time saved.
struct StructSourceReader {
    private let source: SourceTokens
    private var tokens: [SourceTokens.Token] { source.tokens }
    private var index = 0

    private init(source: SourceTokens) {
        self.source = source
    }

    /// The struct declared in `text`, or `nil` where the text is not one this reader is sure of.
    static func read(_ text: String) -> DeclaredStruct? {
        guard let source = SourceTokens(text) else { return nil }
        var reader = StructSourceReader(source: source)
        return reader.readStruct()
    }

    /// The labelled arguments of an attribute written `@Name` or `@Name(label: value, …)`.
    static func attributeArguments(_ text: String) -> [(label: String?, value: DeclaredVariable.Argument)]? {
        guard let source = SourceTokens(text) else { return nil }
        var reader = StructSourceReader(source: source)
        guard reader.takePunctuation("@"), reader.readQualifiedName() != nil else { return nil }
        guard reader.isPunctuation("(") else { return reader.atEnd ? [] : nil }
        guard let arguments = reader.readArguments(labelled: true), reader.atEnd else { return nil }
        return arguments
    }

    /// The types of a list written `struct Placeholder: A, B {}`, as the compiler sends the conformances it asks
    /// an extension macro for.
    static func inheritedTypes(_ text: String) -> [String]? {
        guard let source = SourceTokens(text) else { return nil }
        var reader = StructSourceReader(source: source)
        guard reader.takeIdentifier("struct"), reader.readIdentifier() != nil else { return nil }
        guard reader.takePunctuation(":") else { return reader.isPunctuation("{") ? [] : nil }
        var types: [String] = []
        while true {
            guard let (start, end) = reader.scanToTerminator(type: true), start < end else { return nil }
            types.append(source.text(from: source.tokens[start], through: source.tokens[end - 1]))
            if reader.takePunctuation(",") { continue }
            return reader.isPunctuation("{") ? types : nil
        }
    }

    /// The source of a type written alone, without surrounding whitespace and comments.
    static func trimmedType(_ text: String) -> String? {
        guard let source = SourceTokens(text), let first = source.tokens.first, let last = source.tokens.last else {
            return nil
        }
        return source.text(from: first, through: last)
    }

    // MARK: The struct

    private mutating func readStruct() -> DeclaredStruct? {
        var modifiers: [String] = []
        while !atEnd {
            if isPunctuation("@") {
                guard skipAttribute() else { return nil }
            } else if let modifier = readModifier() {
                modifiers.append(modifier.name)
            } else {
                break
            }
        }
        guard takeIdentifier("struct"), let name = readIdentifier() else { return nil }
        var isGeneric = false
        if isPunctuation("<") {
            isGeneric = true
            guard skipBalanced(open: "<", close: ">") else { return nil }
        }
        // The inheritance list and a `where` clause.
        while !atEnd && !isPunctuation("{") {
            if isPunctuation("(") || isPunctuation("[") || isPunctuation("}") { return nil }
            index += 1
        }
        guard takePunctuation("{") else { return nil }
        var members: [DeclaredMember] = []
        while !isPunctuation("}") {
            guard !atEnd, let member = readMember() else { return nil }
            members.append(member)
        }
        index += 1
        guard atEnd else { return nil }
        return DeclaredStruct(name: name, modifiers: modifiers, isGeneric: isGeneric, members: members)
    }

    // MARK: Members

    /// Modifiers a member may have.
    private static let memberModifiers: Set<String> = [
        "public", "package", "internal", "fileprivate", "private", "open", "static", "class", "final", "lazy",
        "mutating", "nonmutating", "override", "convenience", "required", "dynamic", "weak", "unowned",
        "nonisolated", "indirect", "optional", "prefix", "postfix", "infix", "consuming", "borrowing",
    ]

    /// Keywords that introduce a member this reader skips.
    private static let skippedIntroducers: Set<String> = [
        "func", "subscript", "deinit", "typealias", "struct", "enum", "class", "actor", "protocol", "extension",
        "associatedtype", "macro", "case", "import",
    ]

    /// Whether `token` starts a member: where a type or an initial value written over lines ends.
    private func startsMember(_ token: SourceTokens.Token) -> Bool {
        if source.isPunctuation(token, "@") { return true }
        guard token.kind == .identifier else { return false }
        let word = source.text(token)
        return word == "var" || word == "let" || word == "init" || Self.memberModifiers.contains(word)
            || Self.skippedIntroducers.contains(word)
    }

    private mutating func readMember() -> DeclaredMember? {
        var attributes: [DeclaredVariable.Attribute] = []
        while isPunctuation("@") {
            guard let attribute = readAttribute() else { return nil }
            attributes.append(attribute)
        }
        var modifiers: [DeclaredVariable.Modifier] = []
        while let modifier = readModifier() { modifiers.append(modifier) }
        guard let introducer = peekIdentifier() else { return nil }
        switch introducer {
        case "var", "let":
            index += 1
            // A `static`, `class` or `lazy` property is neither decoded nor a parameter of the memberwise
            // initializer, so its bindings are not read (a `static let formatter = { … }()` would make the reader
            // give up); with a marker on a static one, the macro reports it, so swift-syntax answers.
            let names = Set(modifiers.map(\.name))
            if !names.isDisjoint(with: ["static", "class", "lazy"]) {
                let marked = attributes.contains {
                    PropertyReader.keyNames.contains($0.name) || PropertyReader.transformNames.contains($0.name)
                }
                guard !marked || names.contains("lazy"), skipMemberRest() else { return nil }
                return .variable(
                    DeclaredVariable(
                        attributes: attributes, hasConditionalAttributes: false, modifiers: modifiers,
                        isLet: introducer == "let", bindings: []))
            }
            guard
                let binding = readBinding(),
                isPunctuation("}") || (current?.startsLine == true && startsMember(current!))
            else { return nil }
            return .variable(
                DeclaredVariable(
                    attributes: attributes, hasConditionalAttributes: false, modifiers: modifiers,
                    isLet: introducer == "let", bindings: [binding]))
        case "init":
            index += 1
            return skipMemberRest() ? .initializer : nil
        case _ where Self.skippedIntroducers.contains(introducer):
            index += 1
            return skipMemberRest() ? .other : nil
        default:
            return nil
        }
    }

    /// A modifier with its detail, `private(set)`; `class` only where a member follows, not a nested class.
    private mutating func readModifier() -> DeclaredVariable.Modifier? {
        guard let word = peekIdentifier(), Self.memberModifiers.contains(word) else { return nil }
        if word == "class" {
            guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier else { return nil }
            let following = source.text(tokens[index + 1])
            guard
                following == "var" || following == "let" || following == "func" || following == "subscript"
                    || Self.memberModifiers.contains(following)
            else { return nil }
        }
        index += 1
        guard isPunctuation("("), current?.followsSpace == false else { return .init(name: word, hasDetail: false) }
        index += 1
        guard readIdentifier() != nil, takePunctuation(")") else { return nil }
        return .init(name: word, hasDetail: true)
    }

    /// Skips the rest of a member that is not read: up to the next member or the end of the body.
    private mutating func skipMemberRest() -> Bool {
        var depth = 0
        while let token = current {
            if depth == 0 && (isPunctuation("}") || (token.startsLine && startsMember(token))) { return true }
            if isPunctuation("(") || isPunctuation("[") || isPunctuation("{") {
                depth += 1
            } else if isPunctuation(")") || isPunctuation("]") || isPunctuation("}") {
                depth -= 1
            } else if depth == 0 && isPunctuation(";") {
                return false
            }
            index += 1
        }
        return false
    }

    // MARK: Attributes

    private mutating func readAttribute() -> DeclaredVariable.Attribute? {
        guard takePunctuation("@"), let name = readQualifiedName() else { return nil }
        if isPunctuation("<") { return nil }
        guard isPunctuation("("), current?.followsSpace == false else {
            return DeclaredVariable.Attribute(name: name, arguments: nil)
        }
        guard let arguments = readArguments(labelled: false) else { return nil }
        return DeclaredVariable.Attribute(name: name, arguments: arguments.map(\.value))
    }

    private mutating func skipAttribute() -> Bool {
        guard takePunctuation("@"), readQualifiedName() != nil else { return false }
        guard isPunctuation("("), current?.followsSpace == false else { return true }
        return skipBalanced(open: "(", close: ")")
    }

    /// The arguments in parentheses; with `labelled` false, a label makes it give up.
    private mutating func readArguments(labelled: Bool) -> [(label: String?, value: DeclaredVariable.Argument)]? {
        guard takePunctuation("(") else { return nil }
        var arguments: [(label: String?, value: DeclaredVariable.Argument)] = []
        if takePunctuation(")") { return arguments }
        while true {
            var label: String?
            if index + 1 < tokens.count, tokens[index].kind == .identifier, source.isPunctuation(tokens[index + 1], ":")
            {
                guard labelled else { return nil }
                label = source.text(tokens[index])
                index += 2
            }
            let start = index
            var depth = 0
            while current != nil {
                if depth == 0 && (isPunctuation(",") || isPunctuation(")")) { break }
                if isPunctuation("(") || isPunctuation("[") || isPunctuation("{") {
                    depth += 1
                } else if isPunctuation(")") || isPunctuation("]") || isPunctuation("}") {
                    depth -= 1
                }
                index += 1
            }
            guard let terminator = current, index > start else { return nil }
            let expression = source.text(from: tokens[start], through: tokens[index - 1])
            let content =
                index == start + 1 && tokens[start].kind == .string ? source.stringContent(tokens[start]) : nil
            arguments.append(
                (label, DeclaredVariable.Argument(expression: expression, stringContent: content, syntax: nil)))
            index += 1
            if source.isPunctuation(terminator, ")") { return arguments }
        }
    }

    // MARK: Bindings

    private mutating func readBinding() -> DeclaredVariable.Binding? {
        guard let name = readIdentifier() else { return nil }
        var type: String?
        var typeIsOptional = false
        if takePunctuation(":") {
            guard let (start, end) = scanToTerminator(type: true), start < end,
                let isOptional = Self.typeIsOptional(source, tokens[start..<end])
            else { return nil }
            type = source.text(from: tokens[start], through: tokens[end - 1])
            typeIsOptional = isOptional
        }
        var initializer: String?
        var needsContextualType = false
        var plainType: String?
        if takePunctuation("=") {
            guard let (start, end) = scanToTerminator(type: false), start < end,
                let value = InitialValue(source, tokens[start..<end])
            else { return nil }
            if isPunctuation("{") { return nil }
            initializer = source.text(from: tokens[start], through: tokens[end - 1])
            needsContextualType = value.needsContextualType
            plainType = value.plainType
        }
        var isComputed = false
        if isPunctuation("{") {
            guard let computed = readAccessorBlock() else { return nil }
            isComputed = computed
        }
        if type == nil && initializer == nil { return nil }
        return DeclaredVariable.Binding(
            name: name, type: type, typeIsOptional: typeIsOptional, initializer: initializer,
            initializerNeedsContextualType: needsContextualType, initializerPlainType: plainType,
            isComputed: isComputed)
    }

    /// Scans a type or an initial value to where it ends: `=`, `{` or `,` (a type), the end of the body, or a line
    /// that starts a member. Gives up at `;`, and in an initial value at a line that starts with a word (a
    /// statement the reader cannot place) and at `<` (a generic argument or a comparison).
    private mutating func scanToTerminator(type: Bool) -> (Int, Int)? {
        let start = index
        var depth = 0
        while let token = current {
            if depth == 0 {
                if isPunctuation("}") || isPunctuation("{") || isPunctuation(",") { break }
                if type && isPunctuation("=") { break }
                if index > start && token.startsLine {
                    if startsMember(token) { break }
                    if token.kind == .identifier && !type { return nil }
                }
                if isPunctuation(";") { return nil }
            }
            if !type && isPunctuation("<") { return nil }
            if isPunctuation("(") || isPunctuation("[") || (type && isPunctuation("<")) {
                depth += 1
            } else if isPunctuation(")") || isPunctuation("]") || (type && isPunctuation(">")) {
                depth -= 1
                if depth < 0 { return nil }
            } else if isPunctuation("{") || isPunctuation("}") {
                // Braces inside parentheses: a closure in an argument.
                if !type { depth += isPunctuation("{") ? 1 : -1 } else { return nil }
            }
            index += 1
        }
        guard depth == 0 else { return nil }
        return (start, index)
    }

    /// Reads an accessor block and tells whether it computes the property: a getter, or any accessor but the
    /// observers `willSet` and `didSet`.
    private mutating func readAccessorBlock() -> Bool? {
        let open = index
        guard skipBalanced(open: "{", close: "}") else { return nil }
        let close = index - 1
        let first = open + 1
        guard first < close else { return true }
        guard tokens[first].kind == .identifier, Self.accessorKinds.contains(source.text(tokens[first])) else {
            // A getter's statements; a body that starts with an attribute or a modifier is not read here.
            if source.isPunctuation(tokens[first], "@") { return nil }
            if let word = tokens[first].kind == .identifier ? source.text(tokens[first]) : nil,
                Self.memberModifiers.contains(word)
            {
                return nil
            }
            return true
        }
        var computes = false
        var depth = 0
        var position = first
        while position < close {
            let token = tokens[position]
            if depth == 0 {
                guard token.kind == .identifier, Self.accessorKinds.contains(source.text(token)) else { return nil }
                let kind = source.text(token)
                if kind != "willSet" && kind != "didSet" { computes = true }
                position += 1
                // `willSet(newName)`, then the body, if any.
                if position < close && source.isPunctuation(tokens[position], "(") {
                    guard position + 2 < close, source.isPunctuation(tokens[position + 2], ")") else { return nil }
                    position += 3
                }
                if position < close && source.isPunctuation(tokens[position], "{") {
                    depth = 1
                    position += 1
                }
                continue
            }
            if source.isPunctuation(token, "{") { depth += 1 }
            if source.isPunctuation(token, "}") { depth -= 1 }
            position += 1
        }
        return depth == 0 ? computes : nil
    }

    private static let accessorKinds: Set<String> = [
        "get", "set", "willSet", "didSet", "_read", "_modify", "read", "modify", "init", "unsafeAddress",
        "unsafeMutableAddress",
    ]

    // MARK: Types

    /// Whether the type is optional as swift-syntax's tree says it (`T?`, `T!`, `Optional<T>`, `M.Optional<T>`),
    /// or `nil` for a type this reader does not read.
    private static func typeIsOptional(_ source: SourceTokens, _ type: ArraySlice<SourceTokens.Token>) -> Bool? {
        let tokens = Array(type)
        // Two words in a row are not a type this reader knows (`Int Int` is a mistake, `async throws` an effect).
        if zip(tokens, tokens.dropFirst()).contains(where: { $0.kind == .identifier && $1.kind == .identifier }) {
            return nil
        }
        for token in tokens {
            if token.kind == .identifier,
                ["some", "any", "inout", "each", "repeat", "borrowing", "consuming", "sending", "__owned"].contains(
                    source.text(token))
            {
                return nil
            }
            if source.isPunctuation(token, "@") || source.isPunctuation(token, "&") || source.isPunctuation(token, "~")
                || source.isPunctuation(token, "=") || source.isPunctuation(token, ";")
            {
                return nil
            }
        }
        var depth = 0
        for token in tokens {
            if source.isPunctuation(token, "(") || source.isPunctuation(token, "[") || source.isPunctuation(token, "<")
            {
                depth += 1
            } else if source.isPunctuation(token, ")") || source.isPunctuation(token, "]")
                || source.isPunctuation(token, ">")
            {
                depth -= 1
            } else if depth == 0 && token.kind == .punctuation && source.text(token) == "->" {
                return false
            }
        }
        guard let last = tokens.last else { return nil }
        if source.isPunctuation(last, "?") || source.isPunctuation(last, "!") { return true }
        func namesOptional(at position: Int) -> Bool {
            tokens[position].kind == .identifier && source.text(tokens[position]) == "Optional"
                && (position == 0 || source.isPunctuation(tokens[position - 1], "."))
        }
        if last.kind == .identifier { return namesOptional(at: tokens.count - 1) }
        if source.isPunctuation(last, ">") {
            var position = tokens.count - 1
            var angle = 0
            while position >= 0 {
                if source.isPunctuation(tokens[position], ">") { angle += 1 }
                if source.isPunctuation(tokens[position], "<") {
                    angle -= 1
                    if angle == 0 { break }
                }
                position -= 1
            }
            return position > 0 && namesOptional(at: position - 1)
        }
        return false
    }

    // MARK: Reading tokens

    private var current: SourceTokens.Token? { index < tokens.count ? tokens[index] : nil }
    private var atEnd: Bool { index >= tokens.count }

    private func isPunctuation(_ character: Unicode.Scalar) -> Bool {
        current.map { source.isPunctuation($0, character) } ?? false
    }

    private mutating func takePunctuation(_ character: Unicode.Scalar) -> Bool {
        guard isPunctuation(character) else { return false }
        index += 1
        return true
    }

    private func peekIdentifier() -> String? {
        guard let token = current, token.kind == .identifier else { return nil }
        return source.text(token)
    }

    private mutating func readIdentifier() -> String? {
        guard let word = peekIdentifier() else { return nil }
        index += 1
        return word
    }

    private mutating func takeIdentifier(_ word: String) -> Bool {
        guard peekIdentifier() == word else { return false }
        index += 1
        return true
    }

    /// `Name` or `Module.Name`.
    private mutating func readQualifiedName() -> String? {
        guard let first = current, readIdentifier() != nil else { return nil }
        var last = first
        while isPunctuation("."), current?.followsSpace == false {
            index += 1
            guard let name = current, readIdentifier() != nil else { return nil }
            last = name
        }
        return source.text(from: first, through: last)
    }

    /// Skips from an opening bracket to its closing one.
    private mutating func skipBalanced(open: Unicode.Scalar, close: Unicode.Scalar) -> Bool {
        guard let end = source.indexAfterClosing(open, close, from: index, in: tokens[...]) else { return false }
        index = end
        return true
    }
}

/// An initial value as swift-syntax's tree would classify it: whether it needs a contextual type
/// (`DeclaredVariable.needsContextualType`) and the type it plainly has (`DeclaredVariable.plainType`). Read only
/// for a literal, or a primary expression followed by members, calls, subscripts, `?` and `!`; anything else
/// (operators, closures, `try`) gives up.
private struct InitialValue {
    var needsContextualType: Bool
    var plainType: String?

    private enum Primary {
        case nilLiteral, emptyArray, emptyDictionary, collection, implicitMember, integer, float, string, boolean
        case name(String), parenthesized
    }

    init?(_ source: SourceTokens, _ slice: ArraySlice<SourceTokens.Token>) {
        let tokens = Array(slice)
        var index = 0
        func isPunctuation(_ character: Unicode.Scalar) -> Bool {
            index < tokens.count && source.isPunctuation(tokens[index], character)
        }
        /// The index after the bracket that closes the one at `index`.
        func closing(_ open: Unicode.Scalar, _ close: Unicode.Scalar) -> Int? {
            source.indexAfterClosing(open, close, from: index, in: tokens[...])
        }
        // `-1`, `-1.5`: a negative literal.
        if tokens.count == 2, source.isPunctuation(tokens[0], "-"), !tokens[1].followsSpace {
            switch tokens[1].kind {
            case .integer: self.init(needsContextualType: false, plainType: "Int")
            case .float: self.init(needsContextualType: false, plainType: "Double")
            default: return nil
            }
            return
        }
        let primary: Primary
        guard let first = tokens.first else { return nil }
        switch first.kind {
        case .integer: primary = .integer
        case .float: primary = .float
        case .string, .interpolatedString: primary = .string
        case .identifier:
            let word = source.text(first)
            switch word {
            case "nil": primary = .nilLiteral
            case "true", "false": primary = .boolean
            case "try", "await", "if", "switch", "some", "any", "copy", "consume": return nil
            default: primary = .name(word)
            }
        case .punctuation:
            if isPunctuation("[") {
                guard let end = closing("[", "]") else { return nil }
                if end == 2 {
                    primary = .emptyArray
                } else if end == 3 && source.isPunctuation(tokens[1], ":") {
                    primary = .emptyDictionary
                } else {
                    primary = .collection
                }
                index = end - 1
            } else if isPunctuation("(") {
                guard let end = closing("(", ")") else { return nil }
                primary = .parenthesized
                index = end - 1
            } else if isPunctuation("."), tokens.count > 1, tokens[1].kind == .identifier, !tokens[1].followsSpace {
                primary = .implicitMember
                index = 1
            } else {
                return nil
            }
        }
        index += 1
        // What the answers depend on: whether any postfix came, whether one was a subscript, whether the last
        // was a call without arguments, and where a chain of type names from the start ends.
        var hasPostfix = false
        var passesThroughSubscript = false
        var endsWithEmptyCall = false
        var typeNameEnd: Int? = if case .name(let word) = primary, word.first?.isUppercase == true { 0 } else { nil }
        while index < tokens.count {
            let token = tokens[index]
            if isPunctuation("."), index + 1 < tokens.count, tokens[index + 1].kind == .identifier,
                !tokens[index + 1].followsSpace
            {
                let name = source.text(tokens[index + 1])
                endsWithEmptyCall = false
                if let end = typeNameEnd, end == index - 1, name.first?.isUppercase == true {
                    typeNameEnd = index + 1
                }
                index += 2
            } else if isPunctuation("("), !token.followsSpace {
                guard let end = closing("(", ")") else { return nil }
                endsWithEmptyCall = end == index + 2
                index = end
            } else if isPunctuation("["), !token.followsSpace {
                guard let end = closing("[", "]") else { return nil }
                passesThroughSubscript = true
                endsWithEmptyCall = false
                index = end
            } else if isPunctuation("?") || isPunctuation("!"), !token.followsSpace {
                endsWithEmptyCall = false
                index += 1
            } else {
                return nil
            }
            hasPostfix = true
        }
        // Members, calls, `?` and `!` take their base's answer, down to the primary expression; a subscript on the
        // way has a type of its own.
        let needs: Bool
        switch primary {
        case .nilLiteral, .emptyArray, .emptyDictionary, .implicitMember: needs = !passesThroughSubscript
        default: needs = false
        }
        var plain: String?
        if !hasPostfix {
            switch primary {
            case .integer: plain = "Int"
            case .float: plain = "Double"
            case .string: plain = "String"
            case .boolean: plain = "Bool"
            default: plain = nil
            }
        } else if endsWithEmptyCall, let end = typeNameEnd, end == tokens.count - 3 {
            // `Type()` or `Module.Type()`: every name before the call written as a type's.
            plain = source.text(from: tokens[0], through: tokens[end])
        }
        self.init(needsContextualType: needs, plainType: plain)
    }

    private init(needsContextualType: Bool, plainType: String?) {
        self.needsContextualType = needsContextualType
        self.plainType = plainType
    }
}
