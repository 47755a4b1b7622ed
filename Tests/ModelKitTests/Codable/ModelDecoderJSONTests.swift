import Foundation
import ModelKit
import Testing

/// Keys that JSON may spell with escapes or outside ASCII.
private struct Spelled: Codable, Equatable {
    var name: String
    var cafe: Int
    var quoted: Bool

    enum CodingKeys: String, CodingKey {
        case name
        case cafe = "café"
        case quoted = "say \"hi\""
    }
}

/// Asks for its keys in the reverse of the order the data writes them, and for one twice.
private struct Backwards: Decodable, Equatable {
    var a: Int
    var b: String
    var c: Double
    var again: Int

    enum CodingKeys: String, CodingKey { case a, b, c }

    init(a: Int, b: String, c: Double, again: Int) {
        self.a = a
        self.b = b
        self.c = c
        self.again = again
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        c = try container.decode(Double.self, forKey: .c)
        b = try container.decode(String.self, forKey: .b)
        a = try container.decode(Int.self, forKey: .a)
        again = try container.decode(Int.self, forKey: .a)
    }
}

private struct EdgeNumbers: Codable, Equatable {
    var big: Int64
    var small: Int64
    var huge: UInt64
    var largest: Double
    var tiniest: Double
    var negativeZero: Double
    var whole: Double
}

private struct Texts: Codable, Equatable {
    var texts: [String]
    var text: String
}

private struct Single: Codable, Equatable {
    var a: Int
}

/// Reads every key of its dictionary through `allKeys`, as a type with dynamic keys does.
private struct AllKeys: Decodable {
    var values: [String: Int] = [:]

    struct Name: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Name.self)
        for key in container.allKeys { values[key.stringValue] = try container.decode(Int.self, forKey: key) }
    }
}

private struct Lenient: Codable, Equatable {
    var count: Int
    var flag: Bool
    var ratio: Double
    var values: [Double]
    var label: String
}

@Suite("ModelDecoder over JSON bytes: the flat index")
struct ModelDecoderJSONTests {
    @Test("Keys with escapes and outside ASCII are found, written either way")
    func escapedKeys() throws {
        let escaped = Data(#"{"na\u006de":"x","caf\u00e9":1,"say \"hi\"":true}"#.utf8)
        let plain = Data(#"{"name":"x","café":1,"say \"hi\"":true}"#.utf8)
        let expected = Spelled(name: "x", cafe: 1, quoted: true)
        #expect(try ModelDecoder().decode(Spelled.self, from: escaped) == expected)
        #expect(try ModelDecoder().decode(Spelled.self, from: plain) == expected)
        // A key spelled with an escape is still a key of the data for the report of unread keys.
        let extra = Data(#"{"name":"x","caf\u00e9":1,"say \"hi\"":true,"\u0065xtra":0}"#.utf8)
        let notes = try ModelDecoder().decodeWithDiagnostics(Spelled.self, from: extra).diagnostics
        #expect(notes.map(\.description) == ["extra: no property reads this key"])
    }

    @Test("Keys asked in reverse order, and twice, are all found")
    func keysInAnyOrder() throws {
        let json = Data(#"{"a":1,"b":"two","c":3.5}"#.utf8)
        let decoded = try ModelDecoder().decodeWithDiagnostics(Backwards.self, from: json)
        #expect(decoded.model == Backwards(a: 1, b: "two", c: 3.5, again: 1))
        #expect(decoded.diagnostics.isEmpty)
        #expect(throws: MappingError(.missingKey, at: "a")) {
            try ModelDecoder().decode(Backwards.self, from: Data(#"{"c":1,"b":"x"}"#.utf8))
        }
    }

    @Test("A key written twice counts with its last value, with nothing noted, as on every other path")
    func duplicateKeys() throws {
        let json = Data(#"{"a":1,"a":2}"#.utf8)
        let decoded = try ModelDecoder().decodeWithDiagnostics(Single.self, from: json)
        #expect(decoded.model == Single(a: 2))
        #expect(decoded.diagnostics.isEmpty)
        #expect(try ModelDecoder(options: .strict).decode(Single.self, from: json) == Single(a: 2))
        #expect(try ModelDecoder().decode([String: Int].self, from: json) == ["a": 2])
        // In a nested dictionary, between other keys, and three times.
        let nested = Data(#"{"texts":["x"],"text":"a","texts":["y","z"],"text":"b","text":"c"}"#.utf8)
        #expect(try ModelDecoder().decode(Texts.self, from: nested) == Texts(texts: ["y", "z"], text: "c"))
        let inArray = Data(#"[{"a":1},{"a":2,"a":3},{"a":4}]"#.utf8)
        #expect(try ModelDecoder().decode([Single].self, from: inArray).map(\.a) == [1, 3, 4])
        // A key that is never read may repeat without a second decoding changing anything.
        let unread = try ModelDecoder().decodeWithDiagnostics(Single.self, from: Data(#"{"a":1,"b":2,"b":3}"#.utf8))
        #expect(unread.model == Single(a: 1))
        #expect(
            unread.diagnostics.map(\.description) == ["b: no property reads this key", "b: no property reads this key"])
    }

    @Test("Repeats among many keys: more than 16 read, every key read through allKeys, thousands unread")
    func duplicateKeysAmongMany() throws {
        let keys = (0..<5000).map { "\"k\($0)\":\($0)" }
        let repeated = Data("{\(keys.joined(separator: ",")),\"k7\":-7}".utf8)
        let all = try ModelDecoder().decode(AllKeys.self, from: repeated)
        #expect(all.values.count == 5000)
        #expect(all.values["k7"] == -7)
        #expect(all.values["k4999"] == 4999)
        // One key read among thousands left unread, then written again last.
        let single = Data("{\"a\":1,\(keys.joined(separator: ",")),\"a\":2}".utf8)
        #expect(try ModelDecoder().decode(Single.self, from: single) == Single(a: 2))
    }

    @Test("An earlier value of a repeated key that fails is replaced, with its note; a later one that fails counts")
    func duplicateKeyFailures() throws {
        let replaced = Data(#"{"count":"x","flag":true,"ratio":1,"values":[],"label":"l","count":3}"#.utf8)
        #expect(try ModelDecoder(options: .strict).decode(Lenient.self, from: replaced).count == 3)
        let lenient = try ModelDecoder().decodeWithDiagnostics(Lenient.self, from: replaced)
        #expect(lenient.model.count == 3)
        #expect(lenient.diagnostics.isEmpty)
        let failing = Data(#"{"count":3,"flag":true,"ratio":1,"values":[],"label":"l","count":"x"}"#.utf8)
        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: "string \"x\""), at: "count")) {
            try ModelDecoder().decode(Lenient.self, from: failing)
        }
    }

    @Test("A property list with a repeated key keeps the last value through ModelDecoder too")
    func duplicateKeysInPropertyLists() throws {
        let xml = Data(
            """
            <plist><dict><key>a</key><integer>1</integer><key>a</key><integer>2</integer></dict></plist>
            """.utf8)
        #expect(try ModelDecoder().decode(Single.self, from: xml) == Single(a: 2))
    }

    @Test("Strings with every escape, surrogate pairs and raw UTF-8 read as JSONDecoder reads them")
    func strings() throws {
        let json = Data(
            #"{"texts":["\"q\" \\ \/ \b\f\n\r\t","\u00e9\ud83d\ude00","é日本😀","","plain"],"text":"a\u0000b"}"#.utf8)
        let texts = try ModelDecoder().decode(Texts.self, from: json)
        #expect(texts == (try JSONDecoder().decode(Texts.self, from: json)))
        #expect(texts.texts[1] == "é😀")
        #expect(texts.text.utf8.count == 3)
        // A lone surrogate becomes U+FFFD, as everywhere in ModelKit.
        let lone = try ModelDecoder().decode([String].self, from: Data(#"["\ud800x"]"#.utf8))
        #expect(lone == ["\u{FFFD}x"])
    }

    @Test("Numbers at the edges of Int64, UInt64 and Double")
    func numberEdges() throws {
        let json = Data(
            #"""
            {"big":9223372036854775807,"small":-9223372036854775808,"huge":18446744073709551615,
             "largest":1.7976931348623157e308,"tiniest":5e-324,"negativeZero":-0.0,"whole":12}
            """#.utf8)
        let numbers = try ModelDecoder().decode(EdgeNumbers.self, from: json)
        #expect(numbers.big == .max)
        #expect(numbers.small == .min)
        #expect(numbers.huge == .max)
        #expect(numbers.largest == .greatestFiniteMagnitude)
        #expect(numbers.tiniest == .leastNonzeroMagnitude)
        #expect(numbers.negativeZero == 0 && numbers.negativeZero.sign == .minus)
        #expect(numbers.whole == 12)
        #expect(throws: MappingError(.numberOutOfRange(expected: "Int", found: "9223372036854775808"), at: "a")) {
            try ModelDecoder().decode(Single.self, from: Data(#"{"a":9223372036854775808}"#.utf8))
        }
        // A number beyond Double fails the document where it is, read or not, as it did before the index.
        #expect(throws: MappingError(.numberOutOfRange(expected: "Double", found: "1e400"), at: "b")) {
            try ModelDecoder().decode(Single.self, from: Data(#"{"a":1,"b":1e400}"#.utf8))
        }
    }

    @Test("The lenient rules apply to values read from the index, with their notes and paths")
    func lenientRules() throws {
        let json = Data(#"{"count":"10","flag":"yes","ratio":3,"values":[1,"2.5","x",4],"label":7}"#.utf8)
        let decoded = try ModelDecoder().decodeWithDiagnostics(Lenient.self, from: json)
        #expect(decoded.model == Lenient(count: 10, flag: true, ratio: 3, values: [1, 2.5, 4], label: "7"))
        let notes = decoded.diagnostics.map(\.description)
        #expect(notes.contains("count: converted string \"10\" to Int"), "\(notes)")
        #expect(notes.contains("values[1]: converted string \"2.5\" to Double"), "\(notes)")
        #expect(notes.contains { $0.hasPrefix("values[2]:") && $0.hasSuffix("element dropped") }, "\(notes)")
        // Strict mode converts nothing and drops nothing: the bad element is the error, at its path.
        let clean = Data(#"{"count":10,"flag":true,"ratio":3,"values":[1,"x"],"label":"7"}"#.utf8)
        #expect(throws: MappingError(.typeMismatch(expected: "Double", found: "string \"x\""), at: "values[1]")) {
            try ModelDecoder(options: .strict).decode(Lenient.self, from: clean)
        }
    }

    @Test("Malformed JSON fails anywhere in the document, even in values no property reads")
    func malformed() {
        let documents = [
            #"{"a":1,}"#, #"{"a":1,"b":"\x"}"#, #"{"a":1,"b":"\u12"}"#, #"{"a":1,"b":01}"#, #"{"a":1,"b":[1,2}"#,
            #"{"a":1} x"#, #"{"a":1,"b":tru}"#,
        ]
        for document in documents {
            expectMappingError(kind: .malformedData, "\(document)") {
                try ModelDecoder().decode(Single.self, from: Data(document.utf8))
            }
        }
        var invalidUTF8 = Data(#"{"a":1,"b":""#.utf8)
        invalidUTF8.append(contentsOf: [0xC3, 0x28, UInt8(ascii: "\""), UInt8(ascii: "}")])
        expectMappingError(kind: .malformedData) { try ModelDecoder().decode(Single.self, from: invalidUTF8) }
    }

    @Test(
        "The one-pass walk of the text reads every shape as the reader does",
        arguments: [
            #"{"a":{},"b":[],"c":[[]],"d":[{}],"e":[[1,[2,{"f":[]}]]]}"#,
            "\u{FEFF}{ \"a\" : [ 1 , -2.5e3 , true , false , null , \"x\" ] }\n\t\r ",
            #"[]"#, #"{}"#, #"12"#, #"-0"#, #""text""#, #"null"#, #"true"#,
            #"[1e308,-1e-308,0.1,18446744073709551615]"#,
            #"{"k\u00e9y":"v\n","\u0000":"","":{"":[""]}}"#,
            "{\n        \"indented\": [\n            1,\n            2\n        ]\n    }",
        ])
    func walkAgreesWithReader(document: String) throws {
        let data = Data(document.utf8)
        #expect(try ModelDecoder().decode(Value.self, from: data) == JSONFormat.value(from: data))
    }

    @Test("Limits of depth and count fail with the reader's error and path")
    func limits() {
        var options = DecodingOptions()
        options.maximumDepth = 3
        #expect(throws: MappingError(.tooDeep(limit: 3), at: "a[0][0]")) {
            try ModelDecoder(options: options).decode(Value.self, from: Data(#"{"a":[[[1]]]}"#.utf8))
        }
        options = DecodingOptions()
        options.maximumCollectionCount = 2
        #expect(throws: MappingError(.tooLarge("more than 2 elements"), at: "a[2]")) {
            try ModelDecoder(options: options).decode(Value.self, from: Data(#"{"a":[1,2,3]}"#.utf8))
        }
        #expect(throws: MappingError(.tooLarge("more than 2 entries"), at: "c")) {
            try ModelDecoder(options: options).decode(Value.self, from: Data(#"{"a":1,"b":2,"c":3}"#.utf8))
        }
    }

    @Test("UTF-8 in strings is checked byte for byte, in values no property reads too")
    func utf8() throws {
        func document(_ bytes: [UInt8]) -> Data {
            Data(#"{"a":1,"b":"x"#.utf8) + Data(bytes) + Data(#"y"}"#.utf8)
        }
        let invalid: [[UInt8]] = [
            [0xC2, 0x7F], [0xC1, 0x80], [0xE1, 0x80], [0xE1, 0xC0, 0x80], [0xE1, 0x80, 0x7F], [0xE0, 0x80, 0x80],
            [0xED, 0xA0, 0x80], [0xEF, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xFF],
        ]
        for bytes in invalid {
            expectMappingError(kind: .malformedData, "\(bytes)") {
                try ModelDecoder().decode(Single.self, from: document(bytes))
            }
        }
        let valid: [[UInt8]] = [
            [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xE1, 0x80, 0x80], [0xED, 0x9F, 0xBF], [0xEF, 0xBF, 0xBF],
            [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
        ]
        for bytes in valid {
            let text = "x" + String(decoding: bytes, as: UTF8.self) + "y"
            #expect(try ModelDecoder().decode([String: Value].self, from: document(bytes))["b"] == .string(text))
            #expect(try ModelDecoder().decode(Single.self, from: document(bytes)) == Single(a: 1), "\(bytes)")
        }
    }

    @Test("An array of ModelKit's own types keeps its rules for a value that is not an array")
    func arrayOfModelTypes() throws {
        struct Holder: Decodable { var values: [Int] }
        struct Holders: Decodable { var holders: [Holder] }
        #expect(throws: MappingError(.typeMismatch(expected: "array of Int", found: "string"), at: "values")) {
            try ModelDecoder().decode(Holder.self, from: Data(#"{"values":"x"}"#.utf8))
        }
        #expect(throws: MappingError(.typeMismatch(expected: "array of Int", found: "null"), at: "values")) {
            try ModelDecoder().decode(Holder.self, from: Data(#"{"values":null}"#.utf8))
        }
        // An array of plain Codable types says what it found, as before.
        #expect(throws: MappingError(.typeMismatch(expected: "array of Holder", found: "number 3"), at: "holders")) {
            try ModelDecoder().decode(Holders.self, from: Data(#"{"holders":3}"#.utf8))
        }
    }

    @Test("A null root is nil for an optional and an error naming the type otherwise")
    func nullRoot() throws {
        let null = Data("null".utf8)
        #expect(try ModelDecoder().decode(Int?.self, from: null) == nil)
        #expect(try ModelDecoder().decode(Single?.self, from: Value.null) == nil)
        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: "null"), at: ValuePath())) {
            try ModelDecoder().decode(Int.self, from: null)
        }
    }

    @Test("JSON bytes, the Value tree and Foundation objects give the same model")
    func sameModelFromEverySource() throws {
        let json = Data(
            #"{"count":2,"flag":false,"ratio":0.1,"values":[1e2,-3,0.5],"label":"caf\u00e9 \"x\""}"#.utf8)
        let fromJSON = try ModelDecoder().decode(Lenient.self, from: json)
        let fromValue = try ModelDecoder().decode(Lenient.self, from: JSONFormat.value(from: json))
        let fromObjects = try ModelDecoder().decode(Lenient.self, from: JSONSerialization.jsonObject(with: json))
        #expect(fromJSON == fromValue)
        #expect(fromJSON == fromObjects)
        #expect(fromJSON.label == "café \"x\"")
    }
}
