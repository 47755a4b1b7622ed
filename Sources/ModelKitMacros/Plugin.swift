@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftSyntaxMacros

/// The macros this plugin provides, found by module and type name as `#externalMacro` gives them.
struct ModelKitMacroProvider: PluginProvider {
    static let macros: [Macro.Type] = [DictionaryModelMacro.self, MarkerMacro.self, TransformMacro.self]

    func resolveMacro(moduleName: String, typeName: String) throws -> Macro.Type {
        let name = "\(moduleName).\(typeName)"
        guard let macro = Self.macros.first(where: { String(reflecting: $0) == name }) else {
            throw PluginRequestError.unknownMacro(name)
        }
        return macro
    }

    func loadPluginLibrary(libraryPath: String, moduleName: String) throws {
        throw PluginRequestError.libraryLoading(libraryPath)
    }
}

/// A request this plugin cannot serve.
enum PluginRequestError: Error, CustomStringConvertible {
    /// A macro it does not provide, by its qualified type name.
    case unknownMacro(String)
    /// A plugin library to load: this is an executable plugin.
    case libraryLoading(String)

    var description: String {
        switch self {
        case .unknownMacro(let name): "ModelKitMacros provides no macro \(name)"
        case .libraryLoading(let path): "ModelKitMacros loads no plugin library (\(path))"
        }
    }
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
