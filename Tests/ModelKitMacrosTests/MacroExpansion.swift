import ModelKitMacros
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros

/// Expands ModelKit's macros in a source text the way the compiler does, for expansion tests.
enum MacroExpansion {
    static let specs: [String: MacroSpec] = [
        "DictionaryModel": MacroSpec(
            type: DictionaryModelMacro.self,
            conformances: ["KeyedModel", "ModelDecodable", "ModelEncodable", "Decodable", "Encodable"]),
        "Key": MacroSpec(type: MarkerMacro.self),
        "Ignored": MacroSpec(type: MarkerMacro.self),
        "Transform": MacroSpec(type: MarkerMacro.self),
    ]

    /// The expanded source and the messages of the diagnostics the macros reported.
    static func expand(_ source: String) -> (source: String, diagnostics: [String]) {
        let file = Parser.parse(source: source)
        let context = BasicMacroExpansionContext()
        let expanded = file.expand(macroSpecs: specs, contextGenerator: { _ in context }, indentationWidth: .spaces(4))
        return (expanded.description, context.diagnostics.map(\.message))
    }
}
