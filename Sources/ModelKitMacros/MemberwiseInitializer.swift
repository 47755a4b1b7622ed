/// The memberwise initializer of a `public` or `package` model struct, at the struct's access.
///
/// Swift gives every struct an implicit memberwise initializer, but an `internal` one: a model shared from a
/// module of its own could only be made from a dictionary. This writes one with the struct's access, in the
/// macro's extension, that hands its arguments to Swift's: every stored property in order (an `@Ignored` one
/// too: it is stored), a `var`'s initial value as its default, `nil` as an optional `var`'s, and no parameter for
/// a `let` with an initial value. A first parameter, `_: ModelKit.MemberwiseMarker`, with a default, tells the two
/// apart: the same parameters alone would redeclare Swift's. A call names only the properties, as it would
/// Swift's; in the model's module the call is Swift's own initializer, outside it the public one.
///
/// Swift's implicit initializer is kept, rather than replaced by one written in the struct's body, because an
/// initializer written in source first sets every `var` that has an initial value (an optional's `nil` too)
/// and then sets it again: the optimizer keeps such a model in memory and returns a copy of it, a retain and a
/// release of every reference it holds, and the compiler's checks of the assignments grow with the square of
/// their number.
///
/// It is left out, as Swift leaves out the implicit one, when the struct declares an initializer of its own, and
/// for a struct of more than ``maximumParameterCount`` stored properties; when
/// a stored property it would set is less visible than the struct (an internal property, a `private(set)` one),
/// since the initializer would widen its access; and when a property's type is neither written nor plain from
/// its initial value (a literal, or `Type()`), since a parameter needs a type the macro can write.
// With an initializer written in the struct's body, a public user.json model decoded 7% slower, and a model of
// 1,000 properties took minutes to compile.
struct MemberwiseInitializer {
    /// One parameter: the property's name, its type and its default, if any.
    struct Parameter: Equatable {
        var name: String
        var type: String
        var defaultValue: String?
    }

    var parameters: [Parameter]

    /// The initializer for `declaration`, or `nil` when it is not given one (see the type's documentation).
    init?(of declaration: DeclaredStruct, access: String) {
        guard access == "public " || access == "package " else { return nil }
        var parameters: [Parameter] = []
        for member in declaration.members {
            if case .initializer = member { return nil }
            guard case .variable(let variable) = member else { continue }
            let modifiers = variable.modifiers.map(\.name)
            if modifiers.contains("static") || modifiers.contains("class") || modifiers.contains("lazy") { continue }
            let isLet = variable.isLet
            let bindings = variable.bindings
            let isStored = bindings.contains { !$0.isComputed }
            if isStored && !(isLet && bindings.allSatisfy { $0.initializer != nil })
                && !Self.isSettable(variable.modifiers, at: access)
            {
                return nil
            }
            for (index, binding) in bindings.enumerated() {
                guard let name = binding.name else { return nil }
                if binding.isComputed { continue }
                let initializer = binding.initializer
                if isLet && initializer != nil { continue }
                let written = variable.writtenType(at: index)
                guard let type = written?.type ?? binding.initializerPlainType else { return nil }
                let isOptional = written?.isOptional ?? false
                parameters.append(
                    Parameter(
                        name: name, type: type,
                        defaultValue: initializer ?? (isOptional && !isLet ? "nil" : nil)))
            }
        }
        guard parameters.count <= Self.maximumParameterCount else { return nil }
        self.parameters = parameters
    }

    /// The most parameters the memberwise initializer this macro writes may have: Swift 6.3 names the default
    /// arguments of an initializer by their position modulo 1,024, so that in one of more parameters two
    /// defaults get one symbol and the module does not link, and type-checking a declaration of a thousand
    /// defaults takes minutes. Wider models get no public memberwise initializer; their decoding initializer
    /// still calls Swift's implicit one.
    static let maximumParameterCount = 1_000

    /// Whether a property with `modifiers` may be set from outside at `access`: declared at least that visible,
    /// with no narrower setter. An initializer that set a narrower property would widen its access.
    static func isSettable(_ modifiers: [DeclaredVariable.Modifier], at access: String) -> Bool {
        let visible: Set<String> = access == "public " ? ["public", "open"] : ["public", "open", "package"]
        var isVisible = false
        for modifier in modifiers {
            let name = modifier.name
            if modifier.hasDetail {
                // `private(set)` and the like: a setter narrower than the type.
                if !visible.contains(name) { return false }
            } else if visible.contains(name) {
                isVisible = true
            }
        }
        return isVisible
    }

    /// The initializer's source, at `access`, followed by the functions that give its defaults that are not
    /// literals.
    ///
    /// A default argument of a `public` initializer may only name what is public, and in the model's module a
    /// call such as `Price()`, a nested model's default, is Swift's internal memberwise initializer (the better
    /// match: it needs one default fewer). So a default that is not a literal is evaluated by a function that
    /// `@usableFromInline` shows to the default argument, whose body may name what the model's module sees.
    func source(access: String) -> String {
        // The marker comes first: Swift 6.3 gave the default arguments of two initializers of some 3,000
        // parameters that differed only in a last one the same symbol names.
        var list = ["_: ModelKit.MemberwiseMarker = ModelKit.MemberwiseMarker()"]
        var defaultFunctions: [String] = []
        for parameter in parameters {
            let label = "\(parameter.name): \(parameter.type)"
            guard let defaultValue = parameter.defaultValue else {
                list.append(label)
                continue
            }
            if Self.isLiteral(defaultValue) {
                list.append("\(label) = \(defaultValue)")
            } else {
                // One name, told apart by the argument label, so that the macro's declaration can list it.
                let argument = Self.label(parameter.name)
                list.append("\(label) = Self.\(Self.defaultFunctionName)(\(argument): ())")
                defaultFunctions.append(
                    "@usableFromInline static func \(Self.defaultFunctionName)(\(argument) _: Void) -> \(parameter.type) {\n"
                        + "    \(defaultValue)\n}")
            }
        }
        let arguments = parameters.map { "\(Self.label($0.name)): \($0.name)" }
        let initializer =
            "\(access)init(\(list.joined(separator: ", "))) {\n    self.init(\(arguments.joined(separator: ", ")))\n}"
        return ([initializer] + defaultFunctions).joined(separator: "\n\n")
    }

    /// The name of the functions that give a default that is not a literal, one for each such property, told
    /// apart by an argument label that is the property's name. One name, rather than a name for each property,
    /// lets `@DictionaryModel` list every name it adds: a macro that may add any name (`arbitrary`) is expanded
    /// by the compiler whenever it looks up any name in the type.
    static let defaultFunctionName = "_modelKitDefault"

    /// Whether a default is a literal, which a public default argument may hold as it is: a number, a string
    /// without interpolation, `true`, `false`, `nil`, `[]` or `[:]`.
    static func isLiteral(_ text: String) -> Bool {
        if ["true", "false", "nil", "[]", "[:]"].contains(text) { return true }
        if text.count >= 2, text.first == "\"", text.last == "\"", !text.contains("\\(") { return true }
        let digits = text.hasPrefix("-") ? String(text.dropFirst()) : text
        return digits.first?.isNumber == true && digits.allSatisfy { $0.isNumber || $0 == "." || $0 == "_" }
    }

    /// How a call names a parameter: without backticks, which an argument label needs only for `inout`.
    static func label(_ name: String) -> String {
        let bare = name.filter { $0 != "`" }
        return bare == "inout" ? name : bare
    }
}
