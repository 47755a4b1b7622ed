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
        ["SWIFT_PACKAGE", generic, tables], ["SWIFT_PACKAGE", "DEBUG", tables],
        ["SWIFT_PACKAGE", "DEBUG", generic, tables],
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

    // A debug build's fields are a tuple: its extension is compared with every branch written as a debug build's.
    @Test("Each struct's extension for known conditions is what the compiler keeps of the one written for every build")
    func extensionsForEachBuild() throws {
        for declaration in Self.declarations {
            let everyBuild = try #require(
                Handler.structExtension(
                    attribute: "@DictionaryModel", declaration: declaration, extendedType: nil, conformances: nil))
            let everyDebugBuild = try #require(
                Handler.structExtension(
                    attribute: "@DictionaryModel", declaration: declaration, extendedType: nil, conformances: nil,
                    conditions: BuildConditions(defined: nil, isDebug: true)))
            // A generic model has no entry points, nor anything else under a condition.
            #expect(everyBuild.contains("#if") == !declaration.contains("<"), "\(declaration.prefix(40))")
            for defined in Self.conditionSets {
                let oneBuild = try #require(
                    Handler.structExtension(
                        attribute: "@DictionaryModel", declaration: declaration, extendedType: nil, conformances: nil,
                        conditions: BuildConditions(defined: defined)))
                #expect(!oneBuild.contains("#if") && !oneBuild.contains("#endif"), "\(defined)")
                // Only a debug build's narrow, non-generic struct of more than one field keeps them in a tuple (a wide
                // model's fields are a tuple of its parts in every build).
                #expect(
                    oneBuild.contains("static func _startFields() -> _DecodingFields")
                        == (defined.contains("DEBUG") && declaration.contains("struct Shelf")),
                    "\(declaration.prefix(40)) \(defined)")
                // A blank line parts the decoders from the encoders where no `#endif` does.
                let written = defined.contains("DEBUG") ? everyDebugBuild : everyBuild
                #expect(
                    Self.lines(oneBuild) == Self.lines(Self.resolving(written, defining: defined)),
                    "\(declaration.prefix(40)) \(defined)")
            }
        }
    }

    @Test(
        "A debug build's struct keeps its fields in one tuple, which the model's static functions start, fill and finish"
    )
    func debugBuildExtension() throws {
        let extensionText = try #require(
            Handler.structExtension(
                attribute: "@DictionaryModel", declaration: Self.declarations[0], extendedType: nil, conformances: nil,
                conditions: BuildConditions(defined: ["SWIFT_PACKAGE", "DEBUG"])))
        if let folder = ProcessInfo.processInfo.environment["MODELKIT_WRITE_EXPANSIONS"] {
            try? extensionText.write(toFile: "\(folder)/debug-shelf.swift", atomically: true, encoding: .utf8)
        }
        #expect(extensionText == Self.debugShelf)
    }

    @Test(
        "In a debug build a captured tree is an element of the tuple; a property whose type is not written keeps the struct"
    )
    func debugBuildTupleOrStruct() throws {
        let debug = BuildConditions(defined: ["SWIFT_PACKAGE", "DEBUG"])
        let captured = try #require(
            Handler.structExtension(
                attribute: "@DictionaryModel",
                declaration:
                    "@DictionaryModel\nstruct Place {\n    @Key(\"info.city\") var city: String?\n    var id: Int = 0\n}",
                extendedType: nil, conformances: nil, conditions: debug))
        #expect(
            captured.contains(
                "typealias _DecodingFields = (city: ModelKit.Field<String?>, id: ModelKit.Field<Int>, captured0: ModelKit.Value?)"
            ))
        #expect(captured.contains("captured0: nil) }"))
        #expect(captured.contains("fields.captured0 = try context.capture(key: keys.keys[0], from: &reader)"))
        #expect(captured.contains("if let found = fields.captured0?[ModelKit.ValuePath([.key(\"city\")])] {"))
        let untyped = try #require(
            Handler.structExtension(
                attribute: "@DictionaryModel",
                declaration: "@DictionaryModel\nstruct Tag {\n    var id: Int = 0\n    var label = \"\"\n}",
                extendedType: nil, conformances: nil, conditions: debug))
        #expect(untyped.contains("struct _DecodingFields: @unchecked Sendable {"))
        #expect(!untyped.contains("_startFields"))
    }

    /// The extension of `Shelf` (the first of ``declarations``) in a debug build.
    static let debugShelf = """
        extension Shelf {
            public static let modelKeys = ModelKit.ModelKeys(declaredJoined: "shelf_id\\0title\\0books", snakeCaseJoined: "shelf_id\\0title\\0books", typeStrategy: .propertyNames)

            typealias _DecodingFields = (id: ModelKit.Field<Int>, title: ModelKit.Field<String?>, books: ModelKit.Field<[Book]>)

            static func _startFields() -> _DecodingFields { (id: .init(hasDefault: true), title: .init(hasDefault: true), books: .init(hasDefault: true)) }

            static func _decodeField<R: ModelKit.ModelReader>(_ fields: inout _DecodingFields, keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                switch index {
                case 0:  // "shelf_id"
                    try fields.id.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                case 1:  // "title"
                    try fields.title.decode(priority: 0, keyAt: 1, in: keys, from: &reader, context: context)
                case 2:  // "books"
                    try fields.books.decode(priority: 0, keyAt: 2, in: keys, from: &reader, context: context)
                default:
                    try reader.skipValue()
                }
            }

            static func _finishFields(_ fields: inout _DecodingFields, in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                try fields.id.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: 0)
                try fields.title.finish(keyAt: 1, in: keys, context: context, reportsMissing: false, orLiteral: nil)
                try fields.books.finish(keyAt: 2, in: keys, context: context, reportsMissing: true, orLiteral: [])
            }

            public init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                guard try reader.beginDictionary() else {
                    throw context.mismatch(expected: "Shelf (a dictionary)", foundKind: try reader.peekKind())
                }
                let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                var fields = Self._startFields()
                decoding: while true {
                    switch try reader.nextKey(in: keys) {
                    case .known(let index):
                        try Self._decodeField(&fields, keyAt: index, in: keys, from: &reader, context: context)
                    case .end:
                        break decoding
                    case .unknown:
                        try context.unknownKey(reader.currentKey())
                        try reader.skipValue()
                    }
                }
                try Self._finishFields(&fields, in: keys, context: context)
                self.init(id: fields.id.takeDecodedValue(), title: fields.title.takeDecodedValue(), books: fields.books.takeDecodedValue())
                try context.didDecode(&self)
                try context.validate(self)
            }

            public func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                try writer.beginDictionary(count: 3)
                try context.enter()
                try context.writeField(self.id, keyAt: 0, in: keys, to: &writer)
                try context.writeField(self.title, keyAt: 1, in: keys, to: &writer)
                try context.writeField(self.books, keyAt: 2, in: keys, to: &writer)
                context.leave()
                try writer.endDictionary()
            }

            public static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                try Self(from: &reader, context: context)
            }

            public static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                try Self(from: &reader, context: context)
            }

            public func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                try encode(to: &writer, context: context)
            }

            public func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                try encode(to: &writer, context: context)
            }

            public init(_: ModelKit.MemberwiseMarker = ModelKit.MemberwiseMarker(), id: Int = 0, title: String? = nil, books: [Book] = []) {
                self.init(id: id, title: title, books: books)
            }
        }
        """

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
