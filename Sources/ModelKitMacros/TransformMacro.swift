import SwiftSyntax
import SwiftSyntaxMacros

/// `@Transform`: marks a property for `@DictionaryModel` and, when the property's type is written, adds beside
/// it a typed accessor for the transform, `_modelKitTransform_<name>`, that the generated code uses.
///
/// The accessor's body calls `TransformTypeCheck.transform(_:producing:)` with the property's type, so a
/// transform that makes another type is one compile error at the property, and the generated code, which sees
/// only the accessor's declared type, adds none of its own.
public struct TransformMacro: PeerMacro {
    /// The name of the accessor for a property, shared with the code generator.
    static func accessorName(_ bareName: String) -> String { "_modelKitTransform_\(bareName)" }

    /// Whether a property of this type gets the accessor: an implicitly unwrapped optional cannot be the
    /// argument of an opaque type.
    static func hasAccessor(type: String?) -> Bool {
        guard let type else { return false }
        return !type.hasSuffix("!")
    }

    /// The accessor of each typed binding of the property.
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let variable = declaration.as(VariableDeclSyntax.self),
            let transform = node.arguments?.as(LabeledExprListSyntax.self)?.first?.expression.trimmed
        else { return [] }
        let bindings = Array(variable.bindings)
        var result: [DeclSyntax] = []
        for (index, binding) in bindings.enumerated() {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            // `var a, b: Int` writes the type once, on the last binding.
            let type = bindings[index...].lazy.compactMap { $0.typeAnnotation?.type.trimmedText }.first
            guard hasAccessor(type: type), let type else { continue }
            let name = accessorName(pattern.identifier.text.filter { $0 != "`" })
            result.append(
                """
                private static var \(raw: name): some ModelKit.ValueTransform<\(raw: type)> {
                    ModelKit.TransformTypeCheck.transform(\(transform), producing: (\(raw: type)).self)
                }
                """)
        }
        return result
    }
}
