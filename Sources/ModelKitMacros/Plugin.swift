@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftSyntaxMacros

/// The macros this plugin provides, by the type names `#externalMacro` gives.
struct ModelKitMacroProvider: PluginProvider {
    static let macros: [Macro.Type] = [DictionaryModelMacro.self, MarkerMacro.self, TransformMacro.self]

    func resolveMacro(moduleName: String, typeName: String) throws -> Macro.Type {
        guard let macro = Self.macros.first(where: { "\($0)" == typeName }) else {
            throw UnknownMacroError(moduleName: moduleName, typeName: typeName)
        }
        return macro
    }

    func loadPluginLibrary(libraryPath: String, moduleName: String) throws {
        throw UnknownMacroError(moduleName: moduleName, typeName: libraryPath)
    }
}

/// A macro this plugin does not provide was asked for.
struct UnknownMacroError: Error, CustomStringConvertible {
    let moduleName: String
    let typeName: String

    var description: String { "ModelKitMacros provides no macro \(moduleName).\(typeName)" }
}

/// The plugin's entry point: swift-syntax's message loop, over ``StandardIOJSONConnection`` and
/// ``ShortcutMessageHandler``.
@main
enum ModelKitMacrosPlugin {
    static func main() throws {
        let handler = ShortcutMessageHandler(handler: PluginProviderMessageHandler(provider: ModelKitMacroProvider()))
        #if os(Windows)
            let connection = try StandardIOMessageConnection()
        #else
            let connection = try StandardIOJSONConnection()
        #endif
        try CompilerPluginMessageListener(connection: connection, messageHandler: handler).main()
    }
}
