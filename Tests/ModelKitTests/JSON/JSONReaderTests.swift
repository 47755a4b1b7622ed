import Foundation
import ModelKit
import Testing

@Suite("JSONReader values")
struct JSONReaderTests {
    @Test(
        "numbers become integers while they fit, then unsigned, then doubles",
        arguments: [
            ("0", Value.integer(0)), ("-0", .integer(0)), ("42", .integer(42)),
            ("9223372036854775807", .integer(.max)), ("-9223372036854775808", .integer(.min)),
            ("9223372036854775808", .unsignedInteger(9_223_372_036_854_775_808)),
            ("18446744073709551615", .unsignedInteger(.max)),
            ("18446744073709551616", .double(18_446_744_073_709_551_616.0)),
            ("-9223372036854775809", .double(-9_223_372_036_854_775_809.0)),
            ("1.0", .double(1)), ("1E2", .double(100)), ("1e-400", .double(0)), ("0.5e1", .double(5)),
            ("123456789012345678901234567890", .double(1.2345678901234568e29)),
        ])
    func numberKinds(text: String, expected: Value) throws {
        let value = try JSONFormat.value(from: Data(text.utf8))
        #expect(value == expected)
        if case .double(let double) = value, case .double(let wanted) = expected {
            #expect(double.bitPattern == wanted.bitPattern)
        }
    }

    @Test("17- to 19-digit decimals read as the nearest Double, as the standard library's exact parser gives")
    func longDecimalsAreCorrectlyRounded() throws {
        // Random significands past 2^53 with a decimal point anywhere and exponents around it, plus
        // texts that lie exactly on or next to a midpoint between two doubles.
        var generator = SystemRandomNumberGenerator()
        var texts = [
            "9007199254740993.0", "9007199254740993.5", "9007199254740992.9999999", "0.30000000000000004",
            "2.2250738585072014e-10", "1.7976931348623157e10", "4503599627370496.5", "4503599627370497.5",
            "-65.613616999999977", "123456789012345678.9", "1844674407370955161.5e-27", "9999999999999999999e27",
        ]
        for _ in 0..<20_000 {
            let digits = String(UInt64.random(in: 9_007_199_254_740_993...UInt64.max, using: &generator))
            let point = Int.random(in: 1..<digits.count, using: &generator)
            let exponent = Int.random(in: -30...30, using: &generator)
            let index = digits.index(digits.startIndex, offsetBy: point)
            texts.append("\(digits[..<index]).\(digits[index...])e\(exponent)")
        }
        for text in texts {
            let value = try JSONFormat.value(from: Data(text.utf8))
            guard case .double(let double) = value, let wanted = Double(text) else {
                Issue.record("\(text) read as \(value)")
                continue
            }
            #expect(double.bitPattern == wanted.bitPattern, "\(text)")
        }
    }

    @Test("-0.0 keeps its sign")
    func negativeZero() throws {
        let value = try JSONFormat.value(from: Data("-0.0".utf8))
        guard case .double(let zero) = value else {
            Issue.record("expected a double, got \(value)")
            return
        }
        #expect(zero == 0 && zero.sign == .minus)
    }

    @Test(
        "numbers outside the JSON grammar or the range of Double are rejected",
        arguments: [
            "01", "-01", "1.", ".1", "-", "1e", "1e+", "+1", "0x1", "1.5.2", "1e400", "-1e400", "NaN", "Infinity",
        ])
    func invalidNumbers(text: String) {
        // The grammar refuses all but the last two, which read as numbers too large for a Double.
        let kind: MappingError.Reason.Kind = text.hasSuffix("e400") ? .numberOutOfRange : .malformedData
        expectMappingError(kind: kind, "\(text)") { try JSONFormat.value(from: Data(text.utf8)) }
    }

    @Test("readDecimal keeps every digit and consumes nothing when the value is not a number")
    func decimals() throws {
        let text = #"[3.14159265358979323846264338327950288, "x", -7e2]"#
        try JSONReader.withReader(over: text) { reader in
            #expect(try reader.beginArray())
            #expect(try reader.nextElement())
            #expect(try reader.readDecimal() == Decimal(string: "3.14159265358979323846264338327950288"))
            #expect(try reader.nextElement())
            #expect(try reader.readDecimal() == nil)
            #expect(try reader.readScalar() == "x")
            #expect(try reader.nextElement())
            #expect(try Decimal(from: &reader, context: DecodingContext()) == Decimal(-700))
            #expect(try !reader.nextElement())
            try reader.finish()
        }
    }

    @Test("escapes decode, surrogate pairs join, and lone surrogates become U+FFFD")
    func stringEscapes() throws {
        let cases: [(String, String)] = [
            (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
            (#""\u0041\u00e9\u20AC\u0000""#, "Aé€\u{0}"),
            (#""\uD83D\uDE00""#, "😀"),
            (#""\uD800x""#, "\u{FFFD}x"),
            (#""\uDC00""#, "\u{FFFD}"),
            (#""\uD800\u0041""#, "\u{FFFD}A"),
            (#""\uD800\uD800\uDC00""#, "\u{FFFD}\u{10000}"),
            (#""raw é 日本 👍🏽 and \n escaped""#, "raw é 日本 👍🏽 and \n escaped"),
        ]
        for (json, expected) in cases {
            let value = try JSONFormat.value(from: Data(json.utf8))
            #expect(value == .string(expected), "\(json)")
        }
    }

    @Test("invalid UTF-8 and raw control characters are rejected wherever they sit in a long string")
    func stringValidationAtEveryOffset() throws {
        for position in 0..<24 {
            let prefix = Array(repeating: UInt8(ascii: "a"), count: position)
            let suffix = Array(repeating: UInt8(ascii: "b"), count: 12)
            let quote = [UInt8(ascii: "\"")]
            for bad: [UInt8] in [
                [0xFF], [0xC3, 0x28], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x09], [0x00],
                [0x1F],
            ] {
                let data = Data(quote + prefix + bad + suffix + quote)
                expectMappingError(kind: .malformedData, "bad bytes \(bad) at \(position)") {
                    try JSONFormat.value(from: data)
                }
                let keyData = Data(Array("{\"".utf8) + prefix + bad + suffix + Array("\":1}".utf8))
                expectMappingError(kind: .malformedData, "bad key bytes \(bad) at \(position)") {
                    try JSONFormat.value(from: keyData)
                }
            }
            let good = String(repeating: "a", count: position) + "é\"\\x" + String(repeating: "b", count: 9)
            let encoded = try JSONFormat.data(from: .string(good))
            #expect(try JSONFormat.value(from: encoded) == .string(good), "position \(position)")
        }
    }

    @Test("keys are matched on their bytes, escaped or not, and currentKey survives reading the value")
    func keyLookup() throws {
        let table = KeyTable(["name", "id", "é"])
        let text = #"{"id": 1, "na\u006De": "v\u0061lue", "other": {"skipped": [1, {"x": "]"}]}, "é": 3}"#
        try JSONReader.withReader(over: text) { reader in
            #expect(try reader.beginDictionary())
            #expect(try reader.nextKey(in: table) == .known(1))
            #expect(reader.currentKey() == "id")
            #expect(try reader.readScalar() == 1)
            #expect(try reader.nextKey(in: table) == .known(0))
            #expect(try reader.readScalar() == "value")
            #expect(reader.currentKey() == "name")
            #expect(try reader.nextKey(in: table) == .unknown)
            #expect(reader.currentKey() == "other")
            try reader.skipValue()
            #expect(try reader.nextKey(in: table) == .known(2))
            #expect(try reader.nextKey(in: table) == .end, "an unread value is skipped by the next nextKey")
            #expect(reader.depth == 0)
            try reader.finish()
        }
    }

    @Test("peekKind, decodeNull and readScalar on containers follow the ModelReader contract")
    func readerContract() throws {
        try JSONReader.withReader(over: #"[null, {"a": [true]}, false]"#) { reader in
            #expect(try reader.peekKind() == .array)
            #expect(try !reader.beginDictionary())
            #expect(try reader.beginArray())
            #expect(reader.depth == 1)
            #expect(try reader.nextElement())
            #expect(try reader.peekKind() == .null)
            #expect(try reader.decodeNull())
            #expect(try reader.nextElement())
            #expect(try !reader.decodeNull())
            let error = #expect(throws: MappingError.self) { try reader.readScalar() }
            #expect(error?.reason == .typeMismatch(expected: "a scalar", found: "dictionary"))
            #expect(try reader.beginDictionary(), "a failed readScalar consumes nothing")
            let element = #expect(throws: MappingError.self) { try reader.nextElement() }
            #expect(element?.malformedJSON?.detail == "nextElement was called outside an array")
            #expect(try reader.nextKey(in: .empty) == .unknown)
            #expect(try reader.peekKind() == .array)
            let array = #expect(throws: MappingError.self) { try reader.readScalar() }
            #expect(array?.reason == .typeMismatch(expected: "a scalar", found: "array"))
            #expect(try reader.nextKey(in: .empty) == .end)
            #expect(try reader.nextElement())
            #expect(try reader.readScalar() == false)
            let consumed = #expect(throws: MappingError.self) { try reader.readScalar() }
            #expect(consumed?.malformedJSON?.detail == "no value to read", "the value was already read")
            #expect(try !reader.nextElement())
            try reader.finish()
        }
    }

    @Test("typed values read straight from the bytes through the generic decoding path")
    func genericDecoding() throws {
        let text = #"{"a": [1, 2], "b": [3], "c": []}"#
        let decoded = try JSONReader.withReader(over: text) { reader in
            let value = try [String: [Int]](from: &reader, context: DecodingContext(options: .strict))
            try reader.finish()
            return value
        }
        #expect(decoded == ["a": [1, 2], "b": [3], "c": []])
    }

    @Test("a UTF-8 byte order mark is ignored and a 1,000,000-element array decodes")
    func largeArray() throws {
        var text = "\u{FEFF}["
        text.reserveCapacity(8_000_000)
        for index in 0..<1_000_000 {
            if index > 0 { text += "," }
            text += String(index)
        }
        text += "]"
        let value = try JSONFormat.value(from: Data(text.utf8))
        guard case .array(let elements) = value else {
            Issue.record("expected an array, got \(value.briefDescription)")
            return
        }
        #expect(elements.count == 1_000_000)
        #expect(elements.last == .integer(999_999))
    }

    @Test("containers nested past 64 levels are dictionaries and arrays again when the ones inside them close")
    func deepMixedNesting() throws {
        // Level k is an array when k % 3 == 1 and a dictionary otherwise; it holds the next level, then its own
        // number, so each level is read on after the levels inside it close.
        func document(depth: Int, closingArrayWithBraceAt wrongLevel: Int? = nil) -> (text: String, value: Value) {
            var text = "0"
            var value = Value.integer(0)
            for level in (0..<depth).reversed() {
                if level % 3 == 1 {
                    text = "[\(text), \(level)\(level == wrongLevel ? "}" : "]")"
                    value = [value, .integer(Int64(level))]
                } else {
                    text = "{\"inner\": \(text), \"level\": \(level)}"
                    value = ["inner": value, "level": .integer(Int64(level))]
                }
            }
            return (text, value)
        }
        let (text, expected) = document(depth: 150)
        #expect(try JSONFormat.value(from: Data(text.utf8)) == expected)
        try JSONReader.withReader(over: text) { reader in
            try reader.skipValue()
            try reader.finish()
        }
        // Read down to level 100, then left: the levels around are skipped as what they are.
        try JSONReader.withReader(over: text) { reader in
            for level in 0..<100 {
                if level % 3 == 1 {
                    #expect(try reader.beginArray())
                    #expect(try reader.nextElement())
                } else {
                    #expect(try reader.beginDictionary())
                    #expect(try reader.nextKey(in: KeyTable(["inner", "level"])) == .known(0))
                }
            }
            #expect(reader.depth == 100)
            try reader.recover(toDepth: 70)
            #expect(reader.depth == 70)
            // Level 69 is a dictionary (69 % 3 == 0) that still has its "level".
            #expect(try reader.nextKey(in: KeyTable(["inner", "level"])) == .known(1))
            #expect(try reader.readScalar() == .integer(69))
            #expect(try reader.nextKey(in: KeyTable(["inner", "level"])) == .end)
            // Level 68 (68 % 3 == 2) is a dictionary too, its "level" next.
            #expect(try reader.nextKey(in: KeyTable(["inner", "level"])) == .known(1))
            #expect(try reader.readScalar() == .integer(68))
            try reader.finish()
        }
        for wrongLevel in [1, 100, 148] {
            let (wrong, _) = document(depth: 150, closingArrayWithBraceAt: wrongLevel)
            expectMappingError(kind: .malformedData, "level \(wrongLevel)") {
                try JSONFormat.value(from: Data(wrong.utf8))
            }
            expectMappingError(kind: .malformedData, "level \(wrongLevel), skipped") {
                try JSONReader.withReader(over: wrong) { reader in
                    try reader.skipValue()
                    try reader.finish()
                }
            }
        }
    }

    @Test("finish accepts trailing whitespace, skips what was left unread, and rejects anything else")
    func finishing() throws {
        try JSONReader.withReader(over: " {\"a\": [1, {\"b\": 2}]} \n\t") { reader in
            #expect(try reader.beginDictionary())
            #expect(try reader.nextKey(in: .empty) == .unknown)
            try reader.finish()
            #expect(reader.depth == 0)
        }
        for text in ["{} x", "1 2", "[1]]", "\"a\" \"b\"", "nullx", "{\"a\": 1"] {
            expectMappingError(kind: .malformedData, "\(text)") {
                try JSONReader.withReader(over: text) { reader in
                    try reader.skipValue()
                    try reader.finish()
                }
            }
        }
    }
}
