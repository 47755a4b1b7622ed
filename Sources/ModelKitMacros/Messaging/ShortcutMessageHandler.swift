@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling

// The compiler sends a member request for every struct it reaches, in every compile job: for a 300-property struct
// 43 ms of a debug-built plugin, decoding and parsing a declaration to answer nothing (Benchmarks/NOTES.md,
// 2026-11-27, 19:00).
/// Answers the plugin's requests it can answer without swift-syntax's parser, and hands every other message to
/// swift-syntax's handler.
///
/// Three requests qualify:
/// - `@DictionaryModel`'s member role on a struct or an enum, answered with an empty expansion as the macro
///   answers it (only a class gets members; see ``DictionaryModelMacro``), when ``DeclarationIntroducer`` is
///   sure of the declaration's keyword;
/// - `@Key`'s and `@Ignored`'s peer role, empty likewise (``MarkerMacro`` adds nothing; `@DictionaryModel` reads
///   them);
/// - `@DictionaryModel`'s extension role on a struct that ``StructSourceReader`` reads from its text, answered with
///   the extension ``DictionaryModelMacro/structExtension(of:typeReference:conformances:arguments:issues:conditions:)``
///   writes, the macro's text with only the branches of its `#if`s that the build compiles, when the request
///   tells the build's conditions (see ``BuildConditions``); a struct the reader is not sure of, or one with a
///   mistake to report, goes to swift-syntax.
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
            case .expandAttachedMacro(
                let macro, let role, _, let attribute, let declaration, _, let extendedType, let conformances, _,
                let buildConfiguration):
                if let answer = shortcut(
                    macro: macro, role: role, attribute: attribute, declaration: declaration,
                    extendedType: extendedType, conformances: conformances, buildConfiguration: buildConfiguration)
                {
                    return answer
                }
        #else
            case .expandAttachedMacro(
                let macro, let role, _, let attribute, let declaration, _, let extendedType, let conformances, _):
                if let answer = shortcut(
                    macro: macro, role: role, attribute: attribute, declaration: declaration,
                    extendedType: extendedType, conformances: conformances)
                {
                    return answer
                }
        #endif
        default:
            break
        }
        return handler.handleMessage(message)
    }

    /// The expansion, counted, where the shortcut applies; `nil` where swift-syntax must answer.
    private func shortcut(
        macro: PluginMessage.MacroReference, role: PluginMessage.MacroRole, attribute: PluginMessage.Syntax,
        declaration: PluginMessage.Syntax, extendedType: PluginMessage.Syntax?, conformances: PluginMessage.Syntax?,
        buildConfiguration: String? = nil
    ) -> PluginToHostMessage? {
        guard hostTakesUnifiedResult else { return nil }
        let expansion: String
        if answersNothing(macro: macro, role: role, declaration: declaration) {
            expansion = ""
        } else if "\(macro.moduleName).\(macro.typeName)" == modelMacroName, role == .extension,
            let source = Self.structExtension(
                attribute: attribute.source, declaration: declaration.source, extendedType: extendedType?.source,
                conformances: conformances?.source,
                // Read for the extension role only, the one that uses it: every request carries it.
                conditions: BuildConditions(buildConfiguration: buildConfiguration))
        {
            expansion = source
        } else {
            return nil
        }
        shortcutCount += 1
        return .expandMacroResult(expandedSource: expansion, diagnostics: [])
    }

    /// `@DictionaryModel`'s extension of the struct declared in `declaration`, read from the texts of the request,
    /// or `nil` where the reader is not sure of them or the macro would report a mistake.
    static func structExtension(
        attribute: String, declaration: String, extendedType: String?, conformances: String?,
        conditions: BuildConditions = .unknown
    ) -> String? {
        guard let declared = StructSourceReader.read(declaration),
            let arguments = StructSourceReader.attributeArguments(attribute)
        else { return nil }
        let protocols: [String]
        if let conformances {
            guard let types = StructSourceReader.inheritedTypes(conformances) else { return nil }
            protocols = types
        } else {
            protocols = []
        }
        let typeReference: String
        if let extendedType {
            guard let type = StructSourceReader.trimmedType(extendedType) else { return nil }
            typeReference = type
        } else {
            typeReference = declared.name
        }
        let mistakes = MistakeCount()
        let source = DictionaryModelMacro.structExtension(
            of: declared, typeReference: typeReference, conformances: protocols,
            arguments: DictionaryModelMacro.Arguments(labelled: arguments),
            issues: DeclarationIssues(diagnose: { _ in mistakes.count += 1 }, giveUp: { mistakes.count += 1 }),
            conditions: conditions)
        return mistakes.count == 0 ? source : nil
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

/// How many mistakes the macro found in a declaration read from text.
private final class MistakeCount {
    var count = 0
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
