import Testing

@Suite("@DictionaryModel expansion")
struct DictionaryModelMacroTests {
    @Test("A struct gets key tables, a one-pass decoder, an encoder and Codable members in an extension")
    func structExpansion() {
        let (source, diagnostics) = MacroExpansion.expand(
            """
            @DictionaryModel
            struct User {
                @Key("id") var userID: Int
                var name = ""
            }
            """)
        #expect(diagnostics.isEmpty)
        #expect(
            source.contains(
                "extension User: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {"))
        #expect(
            source.contains(
                #"static let modelKeys = ModelKit.ModelKeys(declared: ["id", "name"], snakeCase: ["id", "name"], typeStrategy: .propertyNames)"#
            ))
        #expect(source.contains("var field0 = ModelKit.Field<Int>()"))
        #expect(source.contains(#"var field1 = ModelKit.Field(default: "")"#))
        #expect(
            source.contains(
                "try field0.decode(priority: 0, key: keys.keys[0], from: &reader, context: context)"))
        #expect(source.contains("case .known, .unknown:\n                try context.unknownKey(reader.currentKey())"))
        #expect(
            source.contains(
                "self.userID = try field0.take(key: keys.keys[0], context: context, reportsMissing: true)"))
        #expect(source.contains("try context.writeField(self.name, key: keys.keys[1], to: &writer)"))
        #expect(source.contains("init(from decoder: any Decoder) throws"))
        #expect(source.contains("func encode(to encoder: any Encoder) throws"))
        // The struct body is untouched, so the memberwise initializer survives.
        #expect(source.contains("struct User {\n    var userID: Int\n    var name = \"\"\n}"))
    }

    @Test("snake_case keys are computed at compile time; explicit keys are kept")
    func snakeCase() {
        let (source, _) = MacroExpansion.expand(
            """
            @DictionaryModel(keyStrategy: .snakeCase)
            struct Photo {
                var imageURL = ""
                var userID = 0
                @Key("rawName") var name = ""
            }
            """)
        #expect(
            source.contains(
                #"declared: ["imageURL", "userID", "rawName"], snakeCase: ["image_url", "user_id", "rawName"], typeStrategy: .snakeCase"#
            ))
    }

    @Test("Key paths and shared keys are captured and resolved after the pass, in key order")
    func keyPaths() {
        let (source, _) = MacroExpansion.expand(
            """
            @DictionaryModel
            struct Place {
                @Key("info.city", "city") var city: String?
                @Key("images[0].url") var image: String?
            }
            """)
        #expect(source.contains("var captured0: ModelKit.Value? = nil"))
        #expect(source.contains("captured0 = try context.capture(key: keys.keys[0], from: &reader)"))
        #expect(source.contains(#"if let found = captured0? [ModelKit.ValuePath([.key("city")])] {"#))
        #expect(source.contains(#"captured2? [ModelKit.ValuePath([.index(0), .key("url")])]"#))
        #expect(source.contains("try field0.decode(priority: 1, key: keys.keys[1], from: &reader, context: context)"))
        #expect(source.contains("var nested = ModelKit.NestedOutput()"))
    }

    @Test("Ignored, static, lazy, computed and initialised let properties are left out")
    func leftOut() {
        let (source, _) = MacroExpansion.expand(
            """
            @DictionaryModel
            struct Sample {
                var kept = 0
                @Ignored var ignored = 0
                static var shared = 0
                lazy var lazyValue = 0
                var computed: Int { kept * 2 }
                let constant = 1
                var observed = 0 { didSet { } }
            }
            """)
        #expect(source.contains(#"declared: ["kept", "observed"]"#))
    }

    @Test("Transforms are passed to decoding and encoding")
    func transform() {
        let (source, _) = MacroExpansion.expand(
            """
            @DictionaryModel
            struct Event {
                @Transform(DateFormatTransform("dd/MM/yyyy")) var day = Date()
            }
            """)
        #expect(source.contains(#"from: &reader, context: context, transform: DateFormatTransform("dd/MM/yyyy"))"#))
        #expect(
            source.contains(
                #"try context.writeField(self.day, key: keys.keys[0], transform: DateFormatTransform("dd/MM/yyyy"), to: &writer)"#
            ))
    }

    @Test("A class gets a required initializer and encode in its body; a plain superclass gets super.init()")
    func classExpansion() {
        let (source, _) = MacroExpansion.expand(
            """
            @DictionaryModel
            class Item: NSObject {
                var name = ""
            }
            """)
        #expect(
            source.contains(
                "required init<R: ModelKit.ModelReader>(from reader: inout R, context: ModelKit.DecodingContext) throws"
            ))
        #expect(source.contains("super.init()"))
        #expect(source.contains("required convenience init(from decoder: any Decoder) throws"))
        #expect(
            source.contains("extension Item: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {\n}"))
    }

    @Test("A subclass of a model buffers the dictionary, decodes its own keys, then calls the superclass")
    func subclassExpansion() {
        let (source, _) = MacroExpansion.expand(
            """
            @DictionaryModel(inheritsFromModel: true)
            final class Student: Person {
                var grade = 0
            }
            """)
        #expect(source.contains("static let modelKeysOfStudent ="))
        #expect(source.contains("let buffered = try ModelKit.Value(from: &source, context: context)"))
        #expect(source.contains("try super.init(from: &superReader, context: context)"))
        #expect(source.contains("override func encode<W: ModelKit.ModelWriter>(to output: inout W"))
        #expect(!source.contains("try context.unknownKey("))
    }

    @Test("An enum of models decodes by its discriminator; @Key renames a case")
    func polymorphicEnum() {
        let (source, diagnostics) = MacroExpansion.expand(
            """
            @DictionaryModel(discriminator: "kind")
            enum Shape {
                case circle(Circle)
                @Key("sq") case square(Square)
            }
            """)
        #expect(diagnostics.isEmpty)
        #expect(
            source.contains(
                #"case "circle":\#n            self = .circle(try context.decodeLocated(Circle.self, from: &inner))"#))
        #expect(
            source.contains(
                #"case "sq":\#n            self = .square(try context.decodeLocated(Square.self, from: &inner))"#))
        #expect(source.contains(#"try context.writeTagged(model, key: "kind", tag: "sq", to: &writer)"#))
    }

    @Test("Public models get public members; generic models compute their key tables")
    func accessAndGenerics() {
        let (source, _) = MacroExpansion.expand(
            """
            @DictionaryModel
            public struct Page<Element> {
                public var items: [Element] = []
            }
            """)
        #expect(source.contains("public static var modelKeys: ModelKit.ModelKeys {"))
        #expect(source.contains("public init<R: ModelKit.ModelReader>(from reader: inout R"))
        #expect(source.contains("public func encode<W: ModelKit.ModelWriter>(to writer: inout W"))
    }

    @Test("Mistakes are reported where they are made")
    func diagnostics() {
        #expect(
            MacroExpansion.expand("@DictionaryModel struct A { var x }").diagnostics == [
                "a model property needs a type annotation or an initial value"
            ])
        #expect(
            MacroExpansion.expand(#"@DictionaryModel struct A { @Key("") var x = 0 }"#).diagnostics == [
                "@Key takes non-empty string literals"
            ])
        #expect(
            MacroExpansion.expand("@DictionaryModel enum E { case a(A) }").diagnostics.first?.contains(
                "needs discriminator") == true)
        #expect(
            MacroExpansion.expand("@DictionaryModel actor A { }").diagnostics == [
                "@DictionaryModel applies to a struct, a class or an enum"
            ])
    }
}
