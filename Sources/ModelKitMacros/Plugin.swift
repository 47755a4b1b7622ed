import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct ModelKitMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [DictionaryModelMacro.self, MarkerMacro.self, TransformMacro.self]
}
