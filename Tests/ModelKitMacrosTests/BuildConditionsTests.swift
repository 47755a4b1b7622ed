import Foundation
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import Testing

@testable import ModelKitMacros

// Where the request tells the build's conditions, a struct's extension holds only what the build compiles: it must be
// exactly what the compiler would have kept of the extension written for every build.
@Suite("The generated code written for the build's compilation conditions")
struct BuildConditionsTests {
    typealias Handler = ShortcutMessageHandler<PluginProviderMessageHandler<ModelKitMacroProvider>>

    static let generic = "MODELKIT_GENERIC_MODELS"
    static let tables = "MODELKIT_DECODING_TABLES"
    /// Every combination of the two conditions the generated code branches on, with the package's own.
    static let conditionSets: [Set<String>] = [
        ["SWIFT_PACKAGE", "DEBUG"], ["SWIFT_PACKAGE", generic], ["SWIFT_PACKAGE", tables],
        ["SWIFT_PACKAGE", generic, tables],
    ]

    /// A public struct with a table, an internal one, a generic one, and one wide enough to be written in parts.
    static let declarations = [
        "@DictionaryModel\npublic struct Shelf {\n    @Key(\"shelf_id\") public var id: Int = 0\n    public var title: String?\n    public var books: [Book] = []\n}",
        "@DictionaryModel\nstruct Note {\n    var text: String = \"\"\n}",
        "@DictionaryModel\npublic struct Page<Content> {\n    public var number: Int = 0\n}",
        "@DictionaryModel\npublic struct Wide {\n"
            + (0..<130).map { "    public var field\($0): Int = \($0)\n" }.joined() + "}",
    ]

    @Test("A condition reads as #if writes it and holds as the compiler decides it")
    func conditions() {
        let both = EntryPoints.bothConditions
        #expect(both.source == "MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES")
        #expect(CompilationCondition.not(both).source == "!(MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES)")
        #expect(both.holds(defining: [Self.generic, Self.tables]))
        #expect(!both.holds(defining: [Self.generic]))
        #expect(CompilationCondition.not(both).holds(defining: [Self.tables]))
        #expect(!EntryPoints.genericModelsCondition.holds(defining: []))
    }

    @Test("Not known, every branch is written under #if; known, only the branch that holds, and only it is made")
    func choosing() {
        var made: [String] = []
        func branch(_ name: String) -> () -> [String] {
            {
                made.append(name); return [name]
            }
        }
        let unknown = BuildConditions.unknown.choosing(
            (EntryPoints.tableCondition, branch("tables")), (EntryPoints.genericModelsCondition, branch("generic")),
            (nil, branch("plain")))
        #expect(
            unknown == [
                "#if MODELKIT_DECODING_TABLES", "tables", "#elseif MODELKIT_GENERIC_MODELS", "generic", "#else",
                "plain", "#endif",
            ])
        made = []
        let known = BuildConditions(defined: [Self.generic]).choosing(
            (EntryPoints.tableCondition, branch("tables")), (EntryPoints.genericModelsCondition, branch("generic")),
            (nil, branch("plain")))
        #expect(known == ["generic"])
        #expect(made == ["generic"])
        #expect(BuildConditions(defined: []).choosing((EntryPoints.tableCondition, branch("tables"))).isEmpty)
        #expect(BuildConditions(defined: []).when(EntryPoints.tableCondition, branch("tables")).isEmpty)
        #expect(
            BuildConditions.unknown.when(EntryPoints.tableCondition, branch("t")) == [
                "#if MODELKIT_DECODING_TABLES", "t", "#endif",
            ])
    }

    @Test("The conditions are the build configuration's custom conditions; without one, or unreadable, not known")
    func buildConfiguration() {
        let configuration = """
            {"attributes":["frozen"],"compilerVersion":{"components":[6,3,1]},"customConditions":["SWIFT_PACKAGE",\
            "DEBUG","MODELKIT_GENERIC_MODELS"],"endianness":"little","features":["Macros"],"targetOSs":["Linux"]}
            """
        #expect(
            BuildConditions(buildConfiguration: configuration).defined == ["SWIFT_PACKAGE", "DEBUG", Self.generic])
        #expect(BuildConditions(buildConfiguration: nil) == .unknown)
        #expect(BuildConditions(buildConfiguration: "{\"features\":[]}") == .unknown)
        #expect(BuildConditions(buildConfiguration: "not json") == .unknown)
    }

    @Test("Each struct's extension for known conditions is what the compiler keeps of the one written for every build")
    func extensionsForEachBuild() throws {
        for declaration in Self.declarations {
            let everyBuild = try #require(
                Handler.structExtension(
                    attribute: "@DictionaryModel", declaration: declaration, extendedType: nil, conformances: nil))
            // A generic model has no entry points, nor anything else under a condition.
            #expect(everyBuild.contains("#if") == !declaration.contains("<"), "\(declaration.prefix(40))")
            for defined in Self.conditionSets {
                let oneBuild = try #require(
                    Handler.structExtension(
                        attribute: "@DictionaryModel", declaration: declaration, extendedType: nil, conformances: nil,
                        conditions: BuildConditions(defined: defined)))
                #expect(!oneBuild.contains("#if") && !oneBuild.contains("#endif"), "\(defined)")
                // A blank line parts the decoders from the encoders where no `#endif` does.
                #expect(
                    Self.lines(oneBuild) == Self.lines(Self.resolving(everyBuild, defining: defined)),
                    "\(declaration.prefix(40)) \(defined)")
            }
        }
    }

    @Test("Each request that carries a build configuration is answered for its build, one handler for all")
    func requestWithConfiguration() throws {
        let declaration = Self.declarations[0]
        let handler = Handler(handler: PluginProviderMessageHandler(provider: ModelKitMacroProvider()))
        _ = handler.handleMessage(ShortcutMessageHandlerTests.capability)
        // The same configuration again, then another.
        let builds: [(configuration: String, defined: Set<String>)] = [
            ("{\"customConditions\":[\"DEBUG\"]}", ["DEBUG"]),
            ("{\"customConditions\":[\"DEBUG\"]}", ["DEBUG"]),
            ("{\"customConditions\":[\"\(Self.generic)\",\"\(Self.tables)\"]}", [Self.generic, Self.tables]),
        ]
        for (count, build) in builds.enumerated() {
            let request = HostToPluginMessage.expandAttachedMacro(
                macro: PluginMessage.MacroReference(
                    moduleName: "ModelKitMacros", typeName: "DictionaryModelMacro", name: "DictionaryModel"),
                macroRole: .extension, discriminator: "$s4Shop5ShelfV",
                attributeSyntax: ShortcutMessageHandlerTests.syntax(.attribute, "@DictionaryModel"),
                declSyntax: ShortcutMessageHandlerTests.syntax(.declaration, declaration), parentDeclSyntax: nil,
                extendedTypeSyntax: nil, conformanceListSyntax: nil, lexicalContext: nil,
                staticBuildConfiguration: build.configuration)
            guard case .expandMacroResult(let source?, let diagnostics) = handler.handleMessage(request) else {
                Issue.record("no expansion")
                return
            }
            #expect(diagnostics.isEmpty)
            #expect(handler.shortcutCount == count + 1)
            let expected = Handler.structExtension(
                attribute: "@DictionaryModel", declaration: declaration, extendedType: nil, conformances: nil,
                conditions: BuildConditions(defined: build.defined))
            #expect(source == expected, "\(build.defined)")
            // The default build has no table; both conditions decode through one.
            #expect(source.contains("_fieldTable") == build.defined.contains(Self.tables))
        }
    }

    /// The non-blank lines of `text`.
    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
    }

    /// `text` as the compiler reads it in a build that defines `defined`: the lines of the branches that hold, for
    /// the `#if` conditions the generated code writes (names, `&&`, and `!( )` around them).
    static func resolving(_ text: String, defining defined: Set<String>) -> String {
        func holds(_ condition: Substring) -> Bool {
            let condition = condition.trimmingCharacters(in: .whitespaces)
            if condition.hasPrefix("!(") && condition.hasSuffix(")") {
                return !holds(condition.dropFirst(2).dropLast())
            }
            return condition.components(separatedBy: "&&").allSatisfy {
                defined.contains($0.trimmingCharacters(in: .whitespaces))
            }
        }
        // For each open `#if`: whether a branch was taken, and whether the current one is.
        var open: [(taken: Bool, current: Bool)] = []
        var kept: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let directive = line.drop { $0 == " " }
            if directive.hasPrefix("#if ") {
                let holding = holds(directive.dropFirst(4))
                open.append((holding, holding))
            } else if directive.hasPrefix("#elseif ") {
                let holding = !open[open.count - 1].taken && holds(directive.dropFirst(8))
                open[open.count - 1] = (open[open.count - 1].taken || holding, holding)
            } else if directive == "#else" {
                open[open.count - 1] = (true, !open[open.count - 1].taken)
            } else if directive == "#endif" {
                open.removeLast()
            } else if open.allSatisfy(\.current) {
                kept.append(line)
            }
        }
        return kept.joined(separator: "\n")
    }
}
