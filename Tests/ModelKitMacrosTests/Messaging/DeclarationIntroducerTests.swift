import Testing

@testable import ModelKitMacros

@Suite("Reading a declaration's keyword without parsing it")
struct DeclarationIntroducerTests {
    @Test(
        "Structs and enums behind attributes, modifiers and comments",
        arguments: [
            ("struct A {}", DeclarationIntroducer.structure),
            ("\n\n@DictionaryModel\npublic struct Wide300 {\n    public var count0: Int = 0\n}", .structure),
            ("@DictionaryModel(keyStrategy: .snakeCase) public final struct A {}", .structure),
            ("@ModelKit.DictionaryModel(discriminator: \"kind (of) \\\"pet\\\"\") indirect enum Pet {}", .enumeration),
            (
                "/* a /* nested */ comment */ // line\n@available(*, deprecated, message: \"class\") enum E {}",
                .enumeration
            ),
            ("@DictionaryModel\nfinal class Person {}", .other),
            ("@DictionaryModel open class Creature {}", .other),
            ("@DictionaryModel actor Box {}", .other),
            ("@DictionaryModel extension A {}", .other),
            ("@DictionaryModel private(set) struct A {}", .structure),
            ("@Key(\"id\") public var id: Int", .other),
            ("@Modèle\nstruct Étagère {}", .structure),
            ("@Note(\"\\(x))\") struct A {}", .structure),
        ])
    func readsTheKeyword(source: String, expected: DeclarationIntroducer) {
        #expect(DeclarationIntroducer(source: source) == expected)
    }

    @Test(
        "Text it is not sure of gives no answer",
        arguments: [
            "",
            "   ",
            "#if DEBUG\n@DictionaryModel\n#endif\nstruct A {}",
            "@Note(#\"raw ) string\"#) struct A {}",
            "@Note(\"\"\"\n)\n\"\"\") struct A {}",
            "@Note(/a)b/) struct A {}",
            "@Note(\"unterminated) struct A {}",
            "@Note(unbalanced struct A {}",
            "/* unterminated comment struct A {}",
            "@ struct A {}",
            "@DictionaryModel + struct A {}",
        ])
    func givesUp(source: String) {
        #expect(DeclarationIntroducer(source: source) == nil)
    }
}
