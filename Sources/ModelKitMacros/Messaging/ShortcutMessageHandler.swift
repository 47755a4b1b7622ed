@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling

// The compiler sends a member request for every struct it reaches, in every compile job: for a 300-property struct
// 43 ms of a debug-built plugin, decoding and parsing a declaration to answer nothing (Benchmarks/NOTES.md,
// 2026-11-27, 19:00).
/// Answers the plugin's requests whose answer does not depend on the declaration's syntax without parsing it,
/// and hands every other message to swift-syntax's handler.
///
/// Two requests qualify, both answered with an empty expansion, as the macros themselves answer them:
/// - `@DictionaryModel`'s member role on a struct or an enum (only a class gets members; see
///   ``DictionaryModelMacro``), when ``DeclarationIntroducer`` is sure of the declaration's keyword;
/// - `@Key`'s and `@Ignored`'s peer role (``MarkerMacro`` adds nothing; `@DictionaryModel` reads them).
///
/// The shortcut is taken only with a host that takes the unified `expandMacroResult` answer (plugin protocol 5
/// and later); otherwise every message goes to swift-syntax's handler.
final class ShortcutMessageHandler<Handler: PluginMessageHandler>: PluginMessageHandler {
    /// swift-syntax's handler, for everything else.
    let handler: Handler

    /// Whether the host takes `expandMacroResult`; known from its `getCapability` message.
    private(set) var hostTakesUnifiedResult = false

    /// How many requests were answered without swift-syntax, for tests.
    private(set) var shortcutCount = 0

    init(handler: Handler) {
        self.handler = handler
    }

    func handleMessage(_ message: HostToPluginMessage) -> PluginToHostMessage {
        switch message {
        case .getCapability(let capability):
            hostTakesUnifiedResult = (capability?.reflectedProtocolVersion ?? 0) >= 5
        // swift-syntax 603 added the build configuration to the request.
        #if canImport(SwiftSyntax603)
            case .expandAttachedMacro(let macro, let role, _, _, let declaration, _, _, _, _, _):
                if let answer = shortcut(macro: macro, role: role, declaration: declaration) { return answer }
        #else
            case .expandAttachedMacro(let macro, let role, _, _, let declaration, _, _, _, _):
                if let answer = shortcut(macro: macro, role: role, declaration: declaration) { return answer }
        #endif
        default:
            break
        }
        return handler.handleMessage(message)
    }

    /// The empty expansion, counted, where the shortcut applies; `nil` where swift-syntax must answer.
    private func shortcut(
        macro: PluginMessage.MacroReference, role: PluginMessage.MacroRole, declaration: PluginMessage.Syntax
    ) -> PluginToHostMessage? {
        guard hostTakesUnifiedResult && answersNothing(macro: macro, role: role, declaration: declaration) else {
            return nil
        }
        shortcutCount += 1
        return .expandMacroResult(expandedSource: "", diagnostics: [])
    }

    func shutDown() throws {
        try handler.shutDown()
    }

    /// Whether the macro is known to expand to nothing here, without a diagnostic.
    func answersNothing(
        macro: PluginMessage.MacroReference, role: PluginMessage.MacroRole, declaration: PluginMessage.Syntax
    ) -> Bool {
        switch ("\(macro.moduleName).\(macro.typeName)", role) {
        case (markerMacroName, .peer):
            return true
        case (modelMacroName, .member):
            switch DeclarationIntroducer(source: declaration.source) {
            case .structure, .enumeration: return true
            case .other, nil: return false
            }
        default:
            return false
        }
    }
}

/// The macros' names as `#externalMacro` gives them, `Module.Type`, taken from the types.
private let markerMacroName = String(reflecting: MarkerMacro.self)
private let modelMacroName = String(reflecting: DictionaryModelMacro.self)

extension PluginMessage.HostCapability {
    /// The host's protocol version, which swift-syntax keeps internal; read by reflection, so that a later
    /// swift-syntax that renames it costs the shortcut, not a wrong answer.
    var reflectedProtocolVersion: Int? {
        Mirror(reflecting: self).children.first { $0.label == "protocolVersion" }?.value as? Int
    }
}
