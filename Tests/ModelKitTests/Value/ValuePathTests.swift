import Foundation
import ModelKit
import Testing

@Suite("ValuePath: the key-path grammar at run time")
struct ValuePathTests {
    @Test("A path's keys and indexes, printed back as written")
    func parsing() throws {
        let path = try ValuePath(parsing: "user.images[0].url")
        #expect(path.components == [.key("user"), .key("images"), .index(0), .key("url")])
        #expect(path.description == "user.images[0].url")
        #expect(try ValuePath(parsing: "grid[1][2]").components == [.key("grid"), .index(1), .index(2)])
        #expect(try ValuePath(parsing: "[3].name").components == [.index(3), .key("name")])
        #expect(try ValuePath(parsing: "city").components == [.key("city")])
    }

    @Test(
        "An empty key is an error, as @Key reports it at compile time",
        arguments: [("a..b", 2), (".a", 0), ("a.", 2), ("", 0)])
    func emptyKey(text: String, offset: Int) {
        #expect(throws: ValuePath.SyntaxError(text: text, offset: offset, reason: .emptyKey)) {
            try ValuePath(parsing: text)
        }
    }

    @Test(
        "An index is decimal digits in brackets, followed by a dot, another index or the end",
        arguments: [
            ("a[x]", 1, ValuePath.SyntaxError.Reason.malformedIndex), ("a[-1]", 1, .malformedIndex),
            ("a[0]b", 4, .keyAfterIndex), ("a]", 1, .unmatchedBracket), ("a[99999999999999999999]", 1, .indexTooLarge),
        ])
    func malformedIndex(text: String, offset: Int, reason: ValuePath.SyntaxError.Reason) {
        #expect(throws: ValuePath.SyntaxError(text: text, offset: offset, reason: reason)) {
            try ValuePath(parsing: text)
        }
    }

    @Test("The error is worded as @Key's compile-time diagnostic is")
    func wording() {
        // The same text as the macro's Key.malformedKeyPath diagnostic in DictionaryModelMacroTests.
        let error = ValuePath.SyntaxError(text: "info..city", offset: 5, reason: .emptyKey)
        #expect(
            error.description
                == #""info..city" is not a key path: an empty key at offset 5 (keys are not empty and one dot separates two)"#
        )
    }

    @Test("A literal reads nested values as @Key does")
    func literal() {
        let value = Value.dictionary(["info": .dictionary(["city": .string("Oslo")]), "": .integer(1)])
        #expect(value["info.city" as ValuePath] == .string("Oslo"))
        // The empty key is data like any other; a path reaches it through components, not through text.
        #expect(value[ValuePath([.key("")])] == .integer(1))
    }

    // Exit tests run where a test can start a process: not on iOS, tvOS, watchOS or visionOS.
    #if os(macOS) || os(Linux) || os(Windows)
        @Test("A literal that breaks the grammar stops the program with the grammar's message")
        func malformedLiteral() async {
            let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = ValuePath(stringLiteral: "a..b")
            }
            let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
            #expect(message.contains(#""a..b" is not a key path: an empty key at offset 2"#), "\(message)")
        }
    #endif
}
