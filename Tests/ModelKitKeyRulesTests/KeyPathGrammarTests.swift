import ModelKitKeyRules
import PropertyBased
import Testing

@Suite("Key path grammar")
struct KeyPathGrammarTests {
    @Test(
        "Paths split into keys and indexes",
        arguments: [
            ("city", [KeyPathStep.key("city")]),
            ("info.city", [.key("info"), .key("city")]),
            ("user.images[0].url", [.key("user"), .key("images"), .index(0), .key("url")]),
            ("grid[1][2]", [.key("grid"), .index(1), .index(2)]),
            ("[3]", [.index(3)]),
            ("[3].name", [.index(3), .key("name")]),
            ("a.[0]", [.key("a"), .index(0)]),
            ("a[007]", [.key("a"), .index(7)]),
            ("first name.last-name", [.key("first name"), .key("last-name")]),
            ("名前.値", [.key("名前"), .key("値")]),
        ])
    func paths(text: String, expected: [KeyPathStep]) throws {
        #expect(try KeyPathGrammar.steps(of: text) == expected)
    }

    @Test(
        "An empty key is an error wherever it is: no dot may start, end or follow another",
        arguments: [("a..b", 2), (".a", 0), ("a.", 2), ("", 0), ("a[0]..b", 5), ("..", 0)])
    func emptyKey(text: String, offset: Int) {
        #expect(throws: KeyPathSyntaxError(text: text, offset: offset, reason: .emptyKey)) {
            try KeyPathGrammar.steps(of: text)
        }
    }

    @Test(
        "An index is decimal digits in brackets, followed by a dot, another index or the end",
        arguments: [
            ("a[x]", 1, KeyPathSyntaxError.Reason.malformedIndex), ("a[-1]", 1, .malformedIndex),
            ("a[]", 1, .malformedIndex), ("a[", 1, .malformedIndex), ("a[1", 1, .malformedIndex),
            ("a[ 1]", 1, .malformedIndex), ("ids[]", 3, .malformedIndex), ("a[0]b", 4, .keyAfterIndex),
            ("a]", 1, .unmatchedBracket), ("a[0]]", 4, .unmatchedBracket),
            ("a[99999999999999999999]", 1, .indexTooLarge),
        ])
    func malformedIndex(text: String, offset: Int, reason: KeyPathSyntaxError.Reason) {
        #expect(throws: KeyPathSyntaxError(text: text, offset: offset, reason: reason)) {
            try KeyPathGrammar.steps(of: text)
        }
    }

    @Test("The error says what is wrong, where, in the text as written")
    func description() {
        let error = KeyPathSyntaxError(text: "a..b", offset: 2, reason: .emptyKey)
        #expect(
            error.description
                == #""a..b" is not a key path: an empty key at offset 2 (keys are not empty and one dot separates two)"#
        )
    }

    @Test("Any steps written out as a path read back as the same steps")
    func roundTrip() async {
        let key = Gen.letterOrNumber.string(of: 1...6).map { KeyPathStep.key($0) }
        let index = Gen.int(in: 0...100_000).map { KeyPathStep.index($0) }
        let steps = zip(Gen.bool, key, index).map { isIndex, key, index in isIndex ? index : key }.array(of: 1...8)
        await propertyCheck(count: 300, input: steps) { steps throws in
            var text = ""
            for step in steps {
                switch step {
                case .key(let name): text += (text.isEmpty ? "" : ".") + name
                case .index(let number): text += "[\(number)]"
                }
            }
            #expect(try KeyPathGrammar.steps(of: text) == steps)
        }
    }
}
