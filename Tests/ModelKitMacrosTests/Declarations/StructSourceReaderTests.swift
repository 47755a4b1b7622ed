import Foundation
import PropertyBased
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftParser
import SwiftSyntax
import Testing

@testable import ModelKitMacros

// The fast path must answer exactly as swift-syntax's handler, running the macro, does: each test sends both the
// same requests and compares the answers whole, and counts where the fast path answered (or it saves nothing).
@Suite("Structs read from their text, for the plug-in's fast path")
struct StructSourceReaderTests {
    /// An extension request as the compiler sends it: the extended type and the conformances it asks for, in a
    /// placeholder struct.
    static func extensionRequest(
        _ declaration: String, attribute: String = "@DictionaryModel",
        conformances: String? =
            "struct Placeholder: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {}"
    ) -> HostToPluginMessage {
        let name = declaration.components(separatedBy: "struct ").dropFirst().first?.prefix {
            $0.isLetter || $0.isNumber
        }
        return .expandAttachedMacro(
            macro: PluginMessage.MacroReference(
                moduleName: "ModelKitMacros", typeName: "DictionaryModelMacro", name: "DictionaryModel"),
            macroRole: .extension, discriminator: "$s4Shop5ShelfV",
            attributeSyntax: ShortcutMessageHandlerTests.syntax(.attribute, attribute),
            declSyntax: ShortcutMessageHandlerTests.syntax(.declaration, declaration), parentDeclSyntax: nil,
            extendedTypeSyntax: ShortcutMessageHandlerTests.syntax(.type, String(name ?? "Model")),
            conformanceListSyntax: conformances.map { ShortcutMessageHandlerTests.syntax(.declaration, $0) })
    }

    /// Shapes the reader reads: every one must be answered by the fast path, as swift-syntax answers it.
    static let readable = [
        "@DictionaryModel\npublic struct Shelf {\n    @Key(\"shelf_id\") public var id: Int = 0\n    var title: String?\n}",
        """
        /// A user.
        @DictionaryModel(keyStrategy: .snakeCase)
        public struct User: Equatable, Sendable {
            @Key("id", "user_id") public var userID: Int
            public var name = "" // the display name
            public var greeting = "Hello, \\(User.defaultName("x"))!"
            public var score = -1.5
            public var age = -3
            public var verified = false
            public private(set) var tags: [String] = []
            public var counts: [String: Int] = [:]
            public var created = Date()
            public var place = Geo.Place()
            public var kind: Kind = .plain
            public var avatar: Optional<URL> = nil
            public var friends: [User]?
            public var manager: User!
            public var lookup: Swift.Optional<Int>
            @Key("info.city") public var city: String?
            @Ignored public var cache: [String: Int] = [:]
            @Transform(.iso8601) public var date: Date?
            @ModelKit.Key("ratio_x") public var ratio: Double = 0.5e-3
            static let shared = User(userID: 1)
            static let formatter: DateFormatter = {
                let formatter = DateFormatter()
                formatter.dateFormat = "yyyy"
                return formatter
            }()
            @Key("ignored") lazy var cached = { [1, 2].count }()
            var isAdult: Bool { age >= 18 }
            var watched: Int {
                willSet(next) { print(next) }
                didSet { print(watched) }
            }
            lazy var computedLater = Date()
            let fixed = 3
            let identity: String
            func describe() -> String {
                "\\(name) \\(age)"
            }
            enum Kind: String { case plain, fancy }
        }
        """,
        """
        @DictionaryModel
        struct Holder<Element> where Element: Sendable {
            var items: [Element] = []
            var first: Element?
            var `default`: Int = 0x1F
            var 名字 = "张三"
            var é: Double = 0
            var map: Dictionary<String, [Int]> = .init()
            var total = Totals
                .zero
                .doubled()
            var values = [
                1, 2,
                3,
            ]
            init(items: [Element]) {
                self.items = items
            }
        }
        """,
        """
        @DictionaryModel
        package struct Cell {
            package var row = Int()
            package var column: Int = 0 /* one-based */, width: Int = 1
        }
        """.replacingOccurrences(of: ", width: Int = 1", with: ""),
        """
        @DictionaryModel
        public struct Internal {
            var hidden: Int = 0
            public var shown: String
            public var handler: ((Int) -> Void)?
            public var matrix: [[Double]] = [[0]]
            public var pair: (Int, String)? = nil
            public var nested: Outer<Int>.Inner?
        }
        """,
    ]

    /// Shapes the reader gives up on; swift-syntax answers them.
    static let unread = [
        "@DictionaryModel\nstruct A {\n    #if DEBUG\n    var debug = 0\n    #endif\n    var a = 0\n}",
        "@DictionaryModel\nstruct B {\n    var a = 0, b = 1\n}",
        "@DictionaryModel\nstruct C {\n    var (a, b) = (0, 1)\n}",
        "@DictionaryModel\nstruct E {\n    var a = 1 + 2\n}",
        "@DictionaryModel\nstruct E2 {\n    var a = 0 {\n        didSet {}\n    }\n}",
        "@DictionaryModel\nstruct E3 {\n    var a: (Int) -> Int = { $0 }\n}",
        "@DictionaryModel\nstruct E4 {\n    var a = 0\n    static var b = c\n    #if DEBUG\n    var d = 1\n    #endif\n}",
        "@DictionaryModel\nstruct F {\n    var a: some P = X()\n}",
        "@DictionaryModel\nstruct F2 {\n    var a: Int Int\n}",
        "@DictionaryModel\nstruct G {\n    var a = x < y\n}",
        "@DictionaryModel\nstruct H {\n    var a = try make()\n}",
        "@DictionaryModel\nstruct I {\n    var a = make { 1 }\n}",
        "@DictionaryModel\nstruct J {\n    var a = 0; var b = 1\n}",
        "@DictionaryModel\nstruct K {\n    var a = #line\n}",
        "@DictionaryModel\nstruct L {\n    var a = \"\"\"\n    text\n    \"\"\"\n}",
        "@DictionaryModel\nstruct N {\n    var a = 0x1.8p1\n}",
        "@DictionaryModel\nstruct O {\n    @Transform(using: .iso8601) var date: Date?\n}",
        "@DictionaryModel\nstruct P {\n    var a: Int { get async throws { 0 } }\n}",
        "@DictionaryModel\nstruct Q {\n    var a = \\Q.b\n}",
        "@DictionaryModel\nclass R {\n    var a = 0\n}",
        "@DictionaryModel\nenum S {\n    case a(Int)\n}",
    ]

    /// Mistakes the macro reports: the fast path leaves them to swift-syntax, whose diagnostics point at them.
    static let mistaken = [
        "@DictionaryModel\nstruct T {\n    @Key(\"\") var a: Int\n}",
        "@DictionaryModel\nstruct U {\n    var a = nil\n}",
        "@DictionaryModel\nstruct V {\n    @Key(\"x\") var a: Int\n    @Key(\"x\") var b: Int\n}",
        "@DictionaryModel\nstruct W {\n    @Key(\"[0]\") var a: Int\n}",
        "@DictionaryModel\nstruct X {\n    @Key var a: Int\n}",
        "@DictionaryModel\nstruct Y {\n    @Key(\"a\") static var a = 0\n}",
        "@DictionaryModel\nstruct Z {\n    @Key(\"a\") var a: Int { 0 }\n}",
    ]

    static func answers(
        _ declarations: [String], attribute: String = "@DictionaryModel"
    ) throws -> (
        shortcut: [String], swiftSyntax: [String], shortcutCount: Int
    ) {
        try ShortcutMessageHandlerTests.answers(to: declarations.map { extensionRequest($0, attribute: attribute) })
    }

    @Test("Each shape it reads is answered by the fast path, with swift-syntax's text")
    func readable() throws {
        let answers = try Self.answers(Self.readable)
        #expect(answers.shortcut == answers.swiftSyntax)
        #expect(answers.shortcutCount == Self.readable.count)
        #expect(answers.shortcut[2].contains("extension User: KeyedModel"))
    }

    @Test("The attribute's key strategy, and requests without the extended type or the conformances")
    func requestParts() throws {
        let snakeCase = try Self.answers([Self.readable[0]], attribute: "@DictionaryModel(keyStrategy: .snakeCase)")
        #expect(snakeCase.shortcut == snakeCase.swiftSyntax)
        #expect(snakeCase.shortcutCount == 1)
        #expect(snakeCase.shortcut[1].contains("typeStrategy: .snakeCase"))
        let bare: HostToPluginMessage = .expandAttachedMacro(
            macro: PluginMessage.MacroReference(
                moduleName: "ModelKitMacros", typeName: "DictionaryModelMacro", name: "DictionaryModel"),
            macroRole: .extension, discriminator: "$s4Shop5ShelfV",
            attributeSyntax: ShortcutMessageHandlerTests.syntax(.attribute, "@DictionaryModel"),
            declSyntax: ShortcutMessageHandlerTests.syntax(.declaration, Self.readable[0]), parentDeclSyntax: nil,
            extendedTypeSyntax: nil, conformanceListSyntax: nil)
        let answers = try ShortcutMessageHandlerTests.answers(to: [bare])
        #expect(answers.shortcut == answers.swiftSyntax)
        #expect(answers.shortcutCount == 1)
        #expect(answers.shortcut[1].contains("extension Shelf {"))
    }

    @Test("Where it is not sure, it gives up and swift-syntax answers")
    func unread() throws {
        for declaration in Self.unread {
            #expect(
                ShortcutMessageHandler<PluginProviderMessageHandler<ModelKitMacroProvider>>.structExtension(
                    attribute: "@DictionaryModel", declaration: declaration, extendedType: "A", conformances: nil)
                    == nil,
                "\(declaration)")
        }
        let answers = try Self.answers(Self.unread)
        #expect(answers.shortcut == answers.swiftSyntax)
        #expect(answers.shortcutCount == 0)
    }

    @Test("A struct with a mistake goes to swift-syntax, which reports it where it is")
    func mistakes() throws {
        let answers = try Self.answers(Self.mistaken)
        #expect(answers.shortcut == answers.swiftSyntax)
        #expect(answers.shortcutCount == 0)
        for answer in answers.swiftSyntax.dropFirst() {
            #expect(answer.contains("\"severity\":\"error\""), "\(answer.prefix(300))")
        }
    }

    @Test("The members it reads are the members swift-syntax's tree gives")
    func members() throws {
        for declaration in Self.readable {
            let read = try #require(StructSourceReader.read(declaration))
            let parsed = try #require(
                Parser.parse(source: declaration).statements.first?.item.as(StructDeclSyntax.self))
            #expect(Self.summary(read) == Self.summary(DeclaredStruct(parsed)))
        }
    }

    /// Everything in a declared struct but its syntax nodes, and but the bindings of `static`, `class` and `lazy`
    /// properties, which the reader does not read (nothing reads them).
    static func summary(_ declaration: DeclaredStruct) -> [String] {
        var lines = ["\(declaration.name) \(declaration.modifiers) generic: \(declaration.isGeneric)"]
        for member in declaration.members {
            guard case .variable(var variable) = member else {
                lines.append("\(member)")
                continue
            }
            if variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name) }) {
                variable.bindings = []
            }
            lines.append(
                "\(variable.isLet ? "let" : "var") \(variable.modifiers.map { "\($0.name)\($0.hasDetail ? "(…)" : "")" })"
                    + " \(variable.attributes.map { "@\($0.name)\($0.arguments.map { "\($0.map { "\($0.expression)|\($0.stringContent ?? "-")" })" } ?? "")" })"
            )
            for binding in variable.bindings {
                lines.append(
                    "  \(binding.name ?? "-"): \(binding.type ?? "-") optional \(binding.typeIsOptional) = \(binding.initializer ?? "-")"
                        + " contextual \(binding.initializerNeedsContextualType) plain \(binding.initializerPlainType ?? "-")"
                        + " computed \(binding.isComputed)")
            }
        }
        return lines
    }

    @Test("Every struct model in this repository is answered alike by both paths, most by the fast path")
    func repositoryModels() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var declarations: [String] = []
        for folder in ["Sources", "Tests", "Benchmarks"] {
            let files = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let path = files?.nextObject() as? String {
                // Hidden folders are build output and copies another step of scripts/test writes while this runs
                // (the consumer fixture's release copy), whose files can vanish between listing and reading.
                guard path.hasSuffix(".swift"), !path.split(separator: "/").contains(where: { $0.hasPrefix(".") })
                else { continue }
                let text = try String(
                    contentsOf: root.appendingPathComponent(folder).appendingPathComponent(path), encoding: .utf8)
                guard text.contains("@DictionaryModel\n") || text.contains("@DictionaryModel(") else { continue }
                // The declaration as the compiler sends it: from its leading trivia to its closing brace.
                declarations += Parser.parse(source: text).statements.compactMap { item in
                    guard let declaration = item.item.as(StructDeclSyntax.self),
                        declaration.attributes.contains(where: {
                            $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "DictionaryModel"
                        })
                    else { return nil }
                    return declaration.description
                }
            }
        }
        #expect(declarations.count > 100)
        let answers = try Self.answers(declarations)
        #expect(answers.shortcut == answers.swiftSyntax)
        // Those not read: `#if`, observers after an initial value, closures and the like.
        #expect(
            answers.shortcutCount * 10 > declarations.count * 9, "\(answers.shortcutCount) of \(declarations.count)")
    }

    // MARK: Property-based

    private static let types = Gen<String?>.element(of: [
        "Int", "String", "Double", "Bool", "Int?", "String!", "[Int]", "[String: Int]", "[Int]?", "Optional<Int>",
        "Swift.Optional<String>", "Date", "Geo.Place", "Set<Int>", "Dictionary<String, [Int]>", "(Int, Int)",
        "((Int) -> Void)?", "Leaf", "[Leaf]?", "Result<Int, Error>",
    ]).map { $0! }

    private static let values = Gen<String?>.element(of: [
        "0", "-1", "1.5", "-2.5", "1_000", "0xFF", "1e3", "\"\"", "\"a b\"", "\"q\\\"t\"", "true", "false", "nil",
        "[]", "[:]", "[1, 2]", "[\"a\": 1]", ".init()", ".none", ".zero", "Date()", "Geo.Place()", "Leaf.empty",
        "Leaf.make()", "make()", "values[0]", "x?.y", "x!.y", "Foo.bar.Baz()", "(1)", "Leaf(id: 1)",
    ]).map { $0! }

    private static let attributes = Gen<String?>.element(of: [
        "", "", "", "@Key(\"k\") ", "@Key(\"a.b\", \"c\") ", "@Ignored ", "@Transform(.iso8601) ",
        "@ModelKit.Key(\"z\") ",
        "@Published ",
    ]).map { $0! }

    private static let modifiers = Gen<String?>.element(of: [
        "", "", "public ", "private ", "public private(set) ", "static ", "lazy ", "package ",
    ]).map { $0! }

    /// A property: attributes, modifiers, `var` or `let`, a type, an initial value, or both; sometimes computed.
    private static let property = zip(
        zip(attributes, modifiers, Gen<Bool>.bool), zip(types.optional, values.optional, Gen.int(in: 0...9))
    ).map { first, second -> String in
        let (attribute, modifier, isLet) = first
        let name = "NAME"
        let (type, value, shape) = second
        let introducer = isLet ? "let" : "var"
        if shape == 0 { return "\(attribute)\(modifier)var \(name)c: \(type ?? "Int") { 0 }" }
        if shape == 1 { return "func \(name)f() -> Int {\n        1\n    }" }
        if shape == 2 { return "// a comment\n    \(modifier)\(introducer) \(name): \(type ?? "Int")" }
        return
            "\(attribute)\(modifier)\(introducer) \(name)\(type.map { ": \($0)" } ?? "")\(value.map { " = \($0)" } ?? "")"
    }

    private static let structs = zip(Gen<Bool>.bool, property.array(of: 0...8)).map { isPublic, properties in
        "@DictionaryModel\n\(isPublic ? "public " : "")struct Model {\n"
            + properties.enumerated().map { "    " + $1.replacingOccurrences(of: "NAME", with: "p\($0)") }.joined(
                separator: "\n") + "\n}"
    }

    @Test("Property: for any struct of these shapes, the two paths answer alike")
    func randomStructs() async {
        await propertyCheck(count: 200, input: Self.structs) { declaration in
            let answers = try Self.answers([declaration])
            #expect(answers.shortcut == answers.swiftSyntax, "\(declaration)")
        }
    }
}
