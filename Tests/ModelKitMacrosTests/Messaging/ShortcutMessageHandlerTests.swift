import Foundation
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import Testing

@testable import ModelKitMacros

// The shortcut answers without swift-syntax; it must answer exactly as swift-syntax's handler, running the macros,
// does, and take the shortcut where it should (or it saves nothing).
@Suite("Requests answered without parsing")
struct ShortcutMessageHandlerTests {
    static let declarations = [
        "@DictionaryModel\npublic struct Shelf {\n    @Key(\"shelf_id\") public var id: Int = 0\n    var title: String?\n}",
        "@DictionaryModel(keyStrategy: .snakeCase)\nindirect enum Pet {\n    case dog(name: String)\n}",
        "@DictionaryModel\nfinal class Person {\n    var name: String = \"\"\n}",
        "@DictionaryModel\nopen class Creature {\n    var legs: Int = 4\n}",
        "#if DEBUG\n@DictionaryModel\n#endif\nstruct Guarded {\n    var a: Int = 0\n}",
        "@DictionaryModel\nactor Box {\n    var a: Int = 0\n}",
    ]

    static func syntax(_ kind: PluginMessage.Syntax.Kind, _ source: String) -> PluginMessage.Syntax {
        PluginMessage.Syntax(
            kind: kind, source: source,
            location: PluginMessage.SourceLocation(
                fileID: "Shop/Shelf.swift", fileName: "/Shop/Shelf.swift", offset: 0, line: 1, column: 1))
    }

    static func request(
        typeName: String, name: String, role: PluginMessage.MacroRole, attribute: String, declaration: String
    ) -> HostToPluginMessage {
        .expandAttachedMacro(
            macro: PluginMessage.MacroReference(moduleName: "ModelKitMacros", typeName: typeName, name: name),
            macroRole: role, discriminator: "$s4Shop5ShelfV", attributeSyntax: syntax(.attribute, attribute),
            declSyntax: syntax(.declaration, declaration), parentDeclSyntax: nil, extendedTypeSyntax: nil,
            conformanceListSyntax: nil)
    }

    static var capability: HostToPluginMessage {
        .getCapability(capability: PluginMessage.HostCapability(protocolVersion: 7))
    }

    static func json(_ message: PluginToHostMessage) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(message), as: UTF8.self)
    }

    /// Both handlers' answers to the same requests, after the same capability message.
    static func answers(
        to requests: [HostToPluginMessage]
    ) throws -> (
        shortcut: [String], swiftSyntax: [String], shortcutCount: Int
    ) {
        let shortcut = ShortcutMessageHandler(handler: PluginProviderMessageHandler(provider: ModelKitMacroProvider()))
        let plain = PluginProviderMessageHandler(provider: ModelKitMacroProvider())
        let withCapability = [capability] + requests
        return (
            try withCapability.map { try json(shortcut.handleMessage($0)) },
            try withCapability.map { try json(plain.handleMessage($0)) },
            shortcut.shortcutCount
        )
    }

    @Test("The member role answers as the macro does, for structs, enums, classes and text it cannot read")
    func memberRole() throws {
        let requests = Self.declarations.map {
            Self.request(
                typeName: "DictionaryModelMacro", name: "DictionaryModel", role: .member, attribute: "@DictionaryModel",
                declaration: $0)
        }
        let answers = try Self.answers(to: requests)
        #expect(answers.shortcut == answers.swiftSyntax)
        // The struct and the enum; the classes get their members, and `#if` and the actor go to swift-syntax.
        #expect(answers.shortcutCount == 2)
        #expect(answers.shortcut[3].contains("required init"))
    }

    @Test(
        "@Key and @Ignored answer as the marker macro does, a struct's extension as the macro writes it; other peers go to swift-syntax"
    )
    func peerAndExtensionRoles() throws {
        let requests = [
            Self.request(
                typeName: "MarkerMacro", name: "Key", role: .peer, attribute: "@Key(\"shelf_id\")",
                declaration: "@Key(\"shelf_id\") public var id: Int = 0"),
            Self.request(
                typeName: "MarkerMacro", name: "Ignored", role: .peer, attribute: "@Ignored",
                declaration: "@Ignored var cache: [String: Int] = [:]"),
            Self.request(
                typeName: "TransformMacro", name: "Transform", role: .peer, attribute: "@Transform(.iso8601)",
                declaration: "@Transform(.iso8601) var date: Date?"),
            Self.request(
                typeName: "DictionaryModelMacro", name: "DictionaryModel", role: .extension,
                attribute: "@DictionaryModel", declaration: Self.declarations[0]),
        ]
        let answers = try Self.answers(to: requests)
        #expect(answers.shortcut == answers.swiftSyntax)
        #expect(answers.shortcutCount == 3)
        #expect(answers.shortcut[3].contains("_modelKitTransform_date"))
        #expect(answers.shortcut[4].contains("extension Shelf"))
    }

    @Test("Without the host's capability, or from an older host, nothing is answered by the shortcut")
    func olderHosts() throws {
        let member = Self.request(
            typeName: "DictionaryModelMacro", name: "DictionaryModel", role: .member, attribute: "@DictionaryModel",
            declaration: Self.declarations[0])
        for capability in [nil, PluginMessage.HostCapability(protocolVersion: 4)] {
            let shortcut = ShortcutMessageHandler(
                handler: PluginProviderMessageHandler(provider: ModelKitMacroProvider()))
            let plain = PluginProviderMessageHandler(provider: ModelKitMacroProvider())
            let messages = [HostToPluginMessage.getCapability(capability: capability), member]
            #expect(
                try messages.map { try Self.json(shortcut.handleMessage($0)) }
                    == messages.map { try Self.json(plain.handleMessage($0)) })
            #expect(shortcut.shortcutCount == 0)
        }
    }

    @Test("A macro of another module is never answered by the shortcut")
    func otherModules() {
        let shortcut = ShortcutMessageHandler(handler: PluginProviderMessageHandler(provider: ModelKitMacroProvider()))
        #expect(
            !shortcut.answersNothing(
                macro: PluginMessage.MacroReference(moduleName: "OtherMacros", typeName: "MarkerMacro", name: "Key"),
                role: .peer, declaration: Self.syntax(.declaration, "var a = 1")))
        #expect(
            shortcut.answersNothing(
                macro: PluginMessage.MacroReference(moduleName: "ModelKitMacros", typeName: "MarkerMacro", name: "Key"),
                role: .peer, declaration: Self.syntax(.declaration, "var a = 1")))
    }

    @Test("The provider finds its macros by module and type name, as swift-syntax's plugin does, and no others")
    func provider() throws {
        let provider = ModelKitMacroProvider()
        #expect(try provider.resolveMacro(moduleName: "ModelKitMacros", typeName: "MarkerMacro") == MarkerMacro.self)
        #expect(
            try provider.resolveMacro(moduleName: "ModelKitMacros", typeName: "DictionaryModelMacro")
                == DictionaryModelMacro.self)
        #expect(throws: PluginRequestError.self) {
            try provider.resolveMacro(moduleName: "OtherMacros", typeName: "MarkerMacro")
        }
        #expect(throws: PluginRequestError.self) {
            try provider.resolveMacro(moduleName: "ModelKitMacros", typeName: "Stringify")
        }
        #expect(throws: PluginRequestError.self) {
            try provider.loadPluginLibrary(libraryPath: "/lib/libOther.so", moduleName: "Other")
        }
    }
}
