import Foundation
import ModelKit
import Testing

@Suite("JSONReader errors")
struct JSONReaderErrorTests {
    @Test("errors name the line and column, counted in characters, and say what was expected")
    func lineAndColumn() throws {
        let text = "{\n  \"a\": 1,\n  \"é\": tru\n}"
        let error = #expect(throws: MappingError.self) { try JSONFormat.value(from: Data(text.utf8)) }
        #expect(error?.malformedJSON?.location == "line 3, column 8")
        #expect(error?.malformedJSON?.detail == "expected true, found 'tru'")
        #expect(error?.path == ValuePath([.key("é")]), "the tree builder adds the path of the failing value")

        let missingComma = #expect(throws: MappingError.self) { try JSONFormat.value(from: Data("[1 2]".utf8)) }
        #expect(missingComma?.malformedJSON?.location == "line 1, column 4")
        #expect(missingComma?.malformedJSON?.detail == "expected ',' or ']' after an array element, found '2'")

        let badKey = #expect(throws: MappingError.self) { try JSONFormat.value(from: Data("{\r\n\n 'a': 1}".utf8)) }
        #expect(badKey?.malformedJSON?.location == "line 3, column 2")
        #expect(badKey?.malformedJSON?.detail == "expected a key in double quotes or '}', found '''")
    }

    @Test("every truncation of a document is rejected as malformed, at the end of the data")
    func truncatedInput() throws {
        let document = Data(#"{"a": [1, -2.5e3, "x\u00e9\n", true, null], "b": {"c": false, "d": "日本"}, "e": 0}"#.utf8)
        _ = try JSONFormat.value(from: document)
        for length in 0..<document.count {
            let prefix = document.prefix(length)
            let error = #expect(throws: MappingError.self, "prefix of \(length) bytes") {
                try JSONFormat.value(from: prefix)
            }
            #expect(error?.malformedJSON != nil, "prefix of \(length) bytes: \(String(describing: error))")
        }
    }

    @Test("100,000 nested arrays fail as too deep, when read or when skipped, without a crash")
    func deepNesting() throws {
        let depth = 100_000
        let nested = Data(
            Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth))
        let readError = #expect(throws: MappingError.self) { try JSONFormat.value(from: nested) }
        #expect(readError?.reason == .tooDeep(limit: 512))

        let wrapped = Data(#"{"skip": "#.utf8) + nested + Data("}".utf8)
        let skipError = #expect(throws: MappingError.self) {
            try JSONReader.withReader(over: wrapped) { reader in
                _ = try reader.beginDictionary()
                _ = try reader.nextKey(in: .empty)
                try reader.skipValue()
            }
        }
        #expect(skipError?.reason == .tooDeep(limit: 512))

        let limited = Data("[[[[1]]]]".utf8)
        #expect(try JSONFormat.value(from: limited, maximumDepth: 4) == [[[[1]]]])
        let tooDeep = #expect(throws: MappingError.self) { try JSONFormat.value(from: limited, maximumDepth: 3) }
        #expect(tooDeep?.reason == .tooDeep(limit: 3))
    }

    @Test("skipping checks that brackets match and strings end")
    func skippingChecksStructure() throws {
        for text in [#"[1, {"a": 2]]"#, #"{"a": [1}"#, #"[1, "]"#, #"{"a": "\"}"#, "[1, 2"] {
            let error = #expect(throws: MappingError.self, "\(text)") {
                try JSONReader.withReader(over: text) { reader in try reader.skipValue() }
            }
            #expect(error?.malformedJSON != nil, "\(text)")
        }
    }

    @Test("calls that do not fit the reader's position are errors, not traps")
    func misuse() throws {
        try JSONReader.withReader(over: "[1]") { reader throws in
            let key = #expect(throws: MappingError.self) { try reader.nextKey(in: .empty) }
            #expect(key?.malformedJSON?.detail == "nextKey was called outside a dictionary")
            let element = #expect(throws: MappingError.self) { try reader.nextElement() }
            #expect(element?.malformedJSON?.detail == "nextElement was called outside an array")
            #expect(try reader.beginArray())
            let unannounced = #expect(throws: MappingError.self) { try reader.readScalar() }
            #expect(unannounced?.malformedJSON?.detail == "no value to read", "no element was announced")
            #expect(try reader.nextElement())
            #expect(try reader.readScalar() == 1)
            #expect(try !reader.nextElement())
            let afterRoot = #expect(throws: MappingError.self) { try reader.peekKind() }
            #expect(afterRoot?.malformedJSON?.detail == "no value to read", "the root was read")
        }
        let empty = #expect(throws: MappingError.self) { try JSONReader.withReader(over: "") { try $0.peekKind() } }
        #expect(empty?.malformedJSON?.detail == "expected a value, found the end of the data")
    }
}
