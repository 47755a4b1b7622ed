import Foundation
import ModelKit
import Testing

@Suite("JSONWriter")
struct JSONWriterTests {
    /// Strings that need every kind of escape, and text that must pass through unescaped.
    static let awkwardStrings: [String] = [
        "", "plain", "quote \" inside", "back\\slash", "slash / stays", "line\nfeed", "tab\tand\rreturn",
        "\u{08}\u{0C}", String((0..<0x20).map { Character(Unicode.Scalar($0)) }), "delete \u{7F}", "nul \u{0}",
        "é café naïve", "日本語", "emoji 👍🏽 and 🇫🇷", "\u{2028}\u{2029}", "\u{10FFFF}", "\"\\\"\\",
    ]

    static let sample: Value = [
        "name": "ModelKit",
        "count": 3,
        "negative": -42,
        "limits": [.integer(.min), .integer(.max), .unsignedInteger(.max)],
        "doubles": [0.1, -0.0, 1.0, 1e-7, 1e16, .double(.leastNonzeroMagnitude), 1.7976931348623157e308, -2.5],
        "flags": [true, false, nil],
        "nested": ["empty array": [], "empty dictionary": [:], "deeper": [["a": [1, [2, [3]]]]]],
        "strings": .array(awkwardStrings.map(Value.string)),
        "keys \"with\" escapes\n": "value",
    ]

    @Test("a value written and read back by JSONSerialization is the same")
    func roundTripThroughFoundation() throws {
        let data = try JSONFormat.data(from: Self.sample)
        let difference = FoundationValue.difference(Self.sample, try FoundationValue.read(data))
        #expect(difference == nil, "\(difference ?? "")")
    }

    @Test("a value written and read back by JSONReader is the same, in both layouts")
    func roundTripThroughReader() throws {
        for options in [
            JSONWriter.Options(), JSONWriter.Options(prettyPrinted: true),
            JSONWriter.Options(prettyPrinted: true, sortedKeys: true),
        ] {
            let data = try JSONFormat.data(from: Self.sample, options: options)
            let again = try JSONFormat.value(from: data)
            #expect(FoundationValue.difference(again, Self.sample) == nil, "options \(options)")
            if !options.sortedKeys { #expect(again == Self.sample, "key order or values changed with \(options)") }
        }
    }

    @Test("each awkward string survives both readers", arguments: awkwardStrings)
    func escapedStringRoundTrips(string: String) throws {
        let data = try JSONFormat.data(from: .string(string))
        #expect(try JSONFormat.value(from: data) == .string(string))
        #expect(FoundationValue.difference(.string(string), try FoundationValue.read(data)) == nil)
    }

    @Test("escapes are the short ones where JSON has them, \\u00XX otherwise, and nothing else is escaped")
    func escapesExactly() throws {
        let value: Value = ["a\"b": "x\\y\n\t\u{01}\u{1F}é/👍"]
        let text = String(decoding: try JSONFormat.data(from: value), as: UTF8.self)
        #expect(text == #"{"a\"b":"x\\y\n\t\u0001\u001fé/👍"}"#)
    }

    @Test("numbers are written in their shortest round-trip form")
    func numberText() throws {
        let value: Value = [
            1.0, 0.1, -0.0, 1e-7, 1e16, .integer(.min), .unsignedInteger(.max),
            .decimal(Decimal(string: "3.14159265358979323846")!),
        ]
        let text = String(decoding: try JSONFormat.data(from: value), as: UTF8.self)
        #expect(text == "[1.0,0.1,-0.0,1e-07,1e+16,-9223372036854775808,18446744073709551615,3.14159265358979323846]")
    }

    @Test(
        "infinity and NaN are refused, not written as text JSON cannot read",
        arguments: [Double.infinity, -.infinity, .nan])
    func nonFiniteDoublesThrow(number: Double) throws {
        let reason = MappingError.Reason.numberOutOfRange(expected: "a finite JSON number", found: "\(number)")
        var writer = JSONWriter()
        #expect(throws: MappingError(reason, at: ValuePath())) { try writer.write(number) }
        #expect(throws: MappingError(reason, at: "x")) { try JSONFormat.data(from: ["x": .double(number)]) }
    }

    @Test("pretty printing indents by two spaces and sorted keys follow code point order")
    func prettyAndSorted() throws {
        let value: Value = ["b": [1, ["z": true, "a": nil]], "a": [:], "B": []]
        let data = try JSONFormat.data(from: value, options: JSONWriter.Options(prettyPrinted: true, sortedKeys: true))
        let expected = """
            {
              "B": [],
              "a": {},
              "b": [
                1,
                {
                  "a": null,
                  "z": true
                }
              ]
            }
            """
        #expect(String(decoding: data, as: UTF8.self) == expected)
        let compact = try JSONFormat.data(from: value, options: JSONWriter.Options(sortedKeys: true))
        #expect(String(decoding: compact, as: UTF8.self) == #"{"B":[],"a":{},"b":[1,{"a":null,"z":true}]}"#)
    }

    @Test("the writer refuses calls that would make invalid JSON")
    func misuseIsAnError() throws {
        func misuse(atDepth depth: Int, _ detail: String) -> MappingError {
            MappingError(
                .malformedData(format: "JSON writer", location: "depth \(depth)", detail: detail), at: ValuePath())
        }
        var valueWithoutKey = JSONWriter()
        try valueWithoutKey.beginDictionary(count: 1)
        #expect(throws: misuse(atDepth: 1, "a dictionary value was written without a key")) {
            try valueWithoutKey.write(true)
        }

        var keyInArray = JSONWriter()
        try keyInArray.beginArray(count: 1)
        #expect(throws: misuse(atDepth: 1, "a key was written outside a dictionary or twice in a row")) {
            try keyInArray.writeKey("k")
        }
        let endWithoutDictionary = "endDictionary without an open dictionary, or after a key without a value"
        #expect(throws: misuse(atDepth: 1, endWithoutDictionary)) { try keyInArray.endDictionary() }

        var twoRoots = JSONWriter()
        try twoRoots.write(Int64(1))
        #expect(twoRoots.isComplete)
        #expect(throws: misuse(atDepth: 0, "a second value was written after the root value")) {
            try twoRoots.write(Int64(2))
        }
    }

    @Test("dates and data become text, since JSON has neither")
    func datesAndData() throws {
        #expect(JSONWriter.writesNativeDates == false)
        #expect(JSONWriter.writesNativeData == false)
        let value: Value = ["when": .date(Date(timeIntervalSince1970: 0)), "bytes": .data(Data([1, 2, 3]))]
        let again = try JSONFormat.value(from: try JSONFormat.data(from: value))
        #expect(again["bytes"] == "AQID")
        #expect(again["when"]?.kind == .string)
    }
}
