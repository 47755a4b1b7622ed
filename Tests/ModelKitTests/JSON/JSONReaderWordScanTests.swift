import Foundation
import ModelKit
import PropertyBased
import Testing

/// The reader takes digits, indentation and skipped containers eight bytes at a time; these tests put every
/// boundary of those words at every position a byte can take.
@Suite("JSONReader word-at-a-time scans")
struct JSONReaderWordScanTests {
    @Test("numbers of 1 to 25 digits, with the point and the end anywhere, read as Foundation reads them")
    func numbersOfEveryLength() throws {
        var generator = Xoshiro(seed: (17, 0x9E37_79B9_7F4A_7C15, 0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB))
        var texts: [String] = []
        for length in 1...25 {
            for _ in 0..<40 {
                var digits = String(Int.random(in: 1...9, using: &generator))
                for _ in 1..<length { digits += String(Int.random(in: 0...9, using: &generator)) }
                texts.append(digits)
                texts.append("-" + digits)
                let point = Int.random(in: 0..<length, using: &generator)
                let index = digits.index(digits.startIndex, offsetBy: point)
                let fraction = point == 0 ? "0.\(digits)" : "\(digits[..<index]).\(digits[index...])"
                texts.append(fraction)
                texts.append(fraction + "e-3")
                texts.append("0.\(String(repeating: "0", count: Int.random(in: 1...12, using: &generator)))\(digits)")
            }
        }
        // Exactly eight digits before an exponent, a point or the end.
        texts += ["12345678", "12345678e1", "1.12345678e2", "0.12345678", "12345678.12345678", "-87654321.0"]
        var failures: [String] = []
        for text in texts {
            let data = Data("[\(text)]".utf8)
            let ours = try JSONFormat.value(from: data)
            let foundation = try FoundationValue.read(data)
            if let difference = FoundationValue.difference(ours, foundation) {
                failures.append("\(text): \(difference)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }

    @Test("a digit run broken by a non-digit at any of eight positions is an error at that byte")
    func brokenDigitRuns() throws {
        for position in 1..<9 {
            var bytes = Array("123456789".utf8)
            bytes[position] = UInt8(ascii: "x")
            let text = String(decoding: bytes, as: UTF8.self)
            let error = #expect(throws: MappingError.self, "\(text)") {
                try JSONFormat.value(from: Data("[\(text)]".utf8))
            }
            #expect(error?.malformedJSON?.location == "line 1, column \(position + 2)", "\(text)")
        }
    }

    @Test(
        "strings of every length with an escape, a non-ASCII letter, invalid UTF-8 or a control character at any place, at any alignment, as values, keys and skipped, and at the end of the text"
    )
    func stringsOfEveryLength() throws {
        // What is put at the place, as written in JSON and as read; `nil` for an error (raw control character,
        // a byte that is not UTF-8, a lead byte without its continuation).
        let inserts: [(json: [UInt8], read: String?)] = [
            (Array(#"\""#.utf8), "\""), (Array(#"\\"#.utf8), "\\"), (Array(#"\n"#.utf8), "\n"), (Array("é".utf8), "é"),
            (Array("語".utf8), "語"), ([0x01], nil), ([0xFF], nil), ([0xC3], nil),
        ]
        for length in 0...40 {
            for place in 0...length {
                for (insert, read) in inserts {
                    let plain = String(repeating: "a", count: length)
                    let json = Array(plain.prefix(place).utf8) + insert + Array(plain.dropFirst(place).utf8)
                    let expected = read.map { String(plain.prefix(place) + $0 + plain.dropFirst(place)) }
                    for padding in [0, 1, 7, 8, 15] {
                        let pad = String(repeating: " ", count: padding)
                        // The string as the last bytes of the text, as a value in an array, as a key and skipped.
                        let around = [
                            ("\(pad)\"", "\""), ("[\(pad)\"", "\", 1]"), ("{\(pad)\"", "\": 1}"),
                            ("[{\"skip\":\(pad)\"", "\"}, 2]"),
                        ]
                        let values: [Value?] = [
                            expected.map { .string($0) }, expected.map { [.string($0), 1] },
                            expected.map { .dictionary([$0: 1]) }, expected.map { [["skip": .string($0)], 2] },
                        ]
                        for ((before, after), value) in zip(around, values) {
                            let text = Data(Array(before.utf8) + json + Array(after.utf8))
                            let label = "\(length), \(place), \(insert), \(padding), \(before)"
                            if let value {
                                #expect(try JSONFormat.value(from: text) == value, "\(label)")
                            } else {
                                expectMappingError(kind: .malformedData, "\(label)") {
                                    try JSONFormat.value(from: text)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    @Test("runs of spaces, tabs and newlines of every length are passed over")
    func whitespaceRuns() throws {
        for length in 0...40 {
            for unit in [" ", "\t", "\n", "\r\n", "\n  ", " \t"] {
                let gap = String(repeating: unit, count: length)
                let text = "\(gap)[\(gap)1\(gap),\(gap){\(gap)\"a\"\(gap):\(gap)true\(gap)}\(gap)]\(gap)"
                let value = try JSONFormat.value(from: Data(text.utf8))
                #expect(
                    value == .array([.integer(1), .dictionary(["a": .bool(true)])]),
                    "\(length) × \(unit.debugDescription)")
            }
        }
    }

    @Test("line breaks and indentation of every depth around a model's keys and braces")
    func indentedKeys() throws {
        for depth in 0...40 {
            for unit in [" ", "\t", " \r"] {
                let pad = "\n" + String(repeating: unit, count: depth)
                let text = "{\(pad)\"a\": 1,\(pad)\"inner\": {\(pad)\"c\": 2\(pad)},\(pad)\"d\": 3\(pad)}\(pad)"
                let model = try IndentedModel(data: Data(text.utf8))
                #expect(model == IndentedModel(a: 1, inner: IndentedModel.Inner(c: 2), d: 3), "\(depth)")
            }
        }
    }

    @Test("whitespace that stops at a byte other than a value's first is an error there")
    func whitespaceEndingInJunk() throws {
        for length in 0...17 {
            let text = "[1," + String(repeating: " ", count: length) + "\u{0B}2]"
            let error = #expect(throws: MappingError.self) { try JSONFormat.value(from: Data(text.utf8)) }
            #expect(error?.malformedJSON?.location == "line 1, column \(length + 4)", "\(length)")
        }
    }

    @Test("a skipped container ends at its own bracket whatever its alignment and the strings inside it")
    func skippedContainers() throws {
        let inner = #"{"x": "a ] } \" [ {", "y": [[1, 2], {"z": "}}}"}], "w": "\\"}"#
        for padding in 0...17 {
            let text = #"{"skip": "# + String(repeating: " ", count: padding) + inner + #", "keep": 7}"#
            let kept = try JSONReader.withReader(over: text) { reader -> Int? in
                #expect(try reader.beginDictionary())
                var kept: Int?
                let table = KeyTable(["keep"])
                while case let lookup = try reader.nextKey(in: table), lookup != .end {
                    if lookup == .known(0) { kept = try reader.readExactInteger(as: Int.self) }
                }
                try reader.finish()
                return kept
            }
            #expect(kept == 7, "padding \(padding)")
        }
    }

    @Test("a bracket that does not match is found inside a skipped container at any alignment")
    func mismatchedBracketInSkippedContainer() throws {
        for padding in 0...17 {
            let text = #"{"skip": ["# + String(repeating: " ", count: padding) + #""s", 1}, "keep": 7}"#
            let error = #expect(throws: MappingError.self, "padding \(padding)") {
                try JSONReader.withReader(over: text) { reader in
                    _ = try reader.beginDictionary()
                    _ = try reader.nextKey(in: .empty)
                    try reader.skipValue()
                }
            }
            #expect(error?.malformedJSON?.detail.contains("']'") == true, "padding \(padding)")
        }
    }

    @Test("a predicted key matches only when the data spells it whole and closes it, and any other key is looked up")
    func predictedKeys() throws {
        let table = KeyTable(["id", "id_str", "a\"b", "é"])
        let text = #"{"id": 1, "id_str": 2, "id" : 3, "i\u0064": 4, "a\"b": 5, "é": 6, "id_st": 7, "é": 8}"#
        let found = try JSONReader.withReader(over: text) { reader -> [String] in
            #expect(try reader.beginDictionary())
            var found: [String] = []
            while case let lookup = try reader.nextKey(in: table), lookup != .end {
                let value = try reader.readExactInteger(as: Int.self) ?? -1
                found.append("\(lookup) \(reader.currentKey())=\(value)")
            }
            try reader.finish()
            return found
        }
        #expect(
            found == [
                "known(0) id=1", "known(1) id_str=2", "known(0) id=3", "known(0) id=4", "known(2) a\"b=5",
                "known(3) é=6", "unknown id_st=7", "known(3) é=8",
            ])
    }
}

/// A model whose keys and braces the indentation test surrounds with whitespace.
@DictionaryModel
struct IndentedModel: Equatable {
    @DictionaryModel
    struct Inner: Equatable {
        var c: Int
    }

    var a: Int
    var inner: Inner
    var d: Int
}
