import Foundation
import ModelKit
import Testing

enum Gender: String, ModelEnum {
    case male, female, unknown
    static var fallback: Gender? { .unknown }
}

enum Level: Int, ModelEnum {
    case low = 1, high = 2
}

@DictionaryModel
struct Scalars: Equatable {
    var text = ""
    var int = 0
    var int8: Int8 = 0
    var uint64: UInt64 = 0
    var double = 0.0
    var float: Float = 0
    var decimal: Decimal = 0
    var flag = false
    var date = Date(timeIntervalSince1970: 0)
    var url: URL?
    var uuid: UUID?
    var data = Data()
    var gender = Gender.unknown
    var level: Level?
}

@DictionaryModel
struct ScalarCollections: Equatable {
    var counts: [String: Int] = [:]
    var tags: Set<Int> = []
    var list: [Int] = []
    var flags: [String: Bool] = [:]
}

@Suite("The conversion table")
struct ConversionTableTests {
    func decode(_ entries: [String: Any], strict: Bool = false) throws -> Scalars {
        try Scalars(dictionary: entries, options: strict ? .strict : DecodingOptions())
    }

    @Test("String ← string, number as decimal text, bool as true/false")
    func strings() throws {
        #expect(try decode(["text": "abc"]).text == "abc")
        #expect(try decode(["text": 10]).text == "10")
        #expect(try decode(["text": 2.5]).text == "2.5")
        #expect(try decode(["text": true]).text == "true")
    }

    @Test("Int ← integer, integral double, numeric string with spaces, bool as 1/0; range checked")
    func integers() throws {
        #expect(try decode(["int": 10]).int == 10)
        #expect(try decode(["int": 10.0]).int == 10)
        #expect(try decode(["int": "10"]).int == 10)
        #expect(try decode(["int": " 10 "]).int == 10)
        #expect(try decode(["int": true]).int == 1)
        #expect(try decode(["uint64": "18446744073709551615"]).uint64 == UInt64.max)
        let tooBig = try Scalars.decode(object: ["int8": 300])
        #expect(tooBig.model.int8 == 0)
        #expect(tooBig.diagnostics.first?.description.contains("300 does not fit in Int8") == true)
        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: "number 10.5"), at: "int")) {
            try decode(["int": 10.5], strict: true)
        }
        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: #"string "10""#), at: "int")) {
            try decode(["int": "10"], strict: true)
        }
    }

    @Test("Double and Float ← any number and numeric strings")
    func floatingPoint() throws {
        #expect(try decode(["double": 3]).double == 3)
        #expect(try decode(["double": "2.5e3"]).double == 2500)
        #expect(try decode(["float": 0.1]).float == Float(0.1))
    }

    @Test("Decimal keeps every digit of a numeric string")
    func decimal() throws {
        let text = "12345678901234567890.123456789"
        #expect(try decode(["decimal": text]).decimal == Decimal(string: text))
        #expect(try decode(["decimal": 0.1]).decimal == Decimal(string: "0.1"))
    }

    @Test("Decimal from a JSON or XML plist number takes the number's own text, beyond Double's precision")
    func decimalFromNumberText() throws {
        let digits = "12345678901234567890.123456789"
        // `Scalars(data:)` would be the memberwise initializer here (the model has a `data` property), so the
        // static entry point is used.
        let json = try Scalars.decode(data: Data(#"{"decimal": \#(digits)}"#.utf8)).model
        #expect(json.decimal == Decimal(string: digits))
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>decimal</key><real>\(digits)</real></dict></plist>
            """
        #expect(try Scalars.decode(data: Data(xml.utf8)).model.decimal == Decimal(string: digits))
        #expect(Decimal(string: digits) != Decimal(Double(digits)!))
    }

    @Test("Bool ← bool, 0/1 and yes/no/true/false/y/n/1/0 in any case")
    func bools() throws {
        for yes: Any in [true, 1, "yes", "YES", "true", "True", "y", "1"] {
            #expect(try decode(["flag": yes]).flag == true, "\(yes)")
        }
        for no: Any in [false, 0, "no", "NO", "false", "n", "0"] {
            #expect(try decode(["flag": no, "int": 0]).flag == false, "\(no)")
        }
        #expect(throws: MappingError(.typeMismatch(expected: "Bool", found: #"string "yes""#), at: "flag")) {
            try decode(["flag": "yes"], strict: true)
        }
    }

    @Test("Date ← plist date, seconds, ISO 8601 with and without fraction, Twitter form, yyyy-MM-dd[ HH:mm:ss]")
    func dates() throws {
        let reference = Date(timeIntervalSince1970: 1_306_835_215)
        #expect(try decode(["date": reference]).date == reference)
        #expect(try decode(["date": 1_306_835_215]).date == reference)
        #expect(try decode(["date": "2011-05-31T09:46:55Z"]).date == reference)
        #expect(try decode(["date": "2011-05-31T17:46:55+08:00"]).date == reference)
        #expect(try decode(["date": "2011-05-31T09:46:55.250Z"]).date == reference.addingTimeInterval(0.25))
        #expect(try decode(["date": "Tue May 31 17:46:55 +0800 2011"]).date == reference)
        #expect(try decode(["date": "2011-05-31 09:46:55"]).date == reference)
        #expect(try decode(["date": "2011-05-31"]).date == Date(timeIntervalSince1970: 1_306_800_000))
        var millis = DecodingOptions()
        millis.dateUnit = .millisecondsSince1970
        #expect(try Scalars(dictionary: ["date": 1_306_835_215_000], options: millis).date == reference)
        #expect(throws: MappingError(.typeMismatch(expected: "Date", found: #"string "yesterday""#), at: "date")) {
            try decode(["date": "yesterday"], strict: true)
        }
    }

    @Test("URL and UUID ← string; Data ← data or base64")
    func urlUUIDData() throws {
        #expect(try decode(["url": "https://example.com/x"]).url == URL(string: "https://example.com/x"))
        let uuid = UUID()
        #expect(try decode(["uuid": uuid.uuidString]).uuid == uuid)
        #expect(try decode(["data": "aGVsbG8="]).data == Data("hello".utf8))
        #expect(try decode(["data": Data([1, 2])]).data == Data([1, 2]))
    }

    @Test("Raw-value enums: by the same rules; an unknown value falls back to the declared case or fails")
    func enums() throws {
        #expect(try decode(["gender": "female"]).gender == .female)
        let fallback = try Scalars.decode(object: ["gender": "robot"])
        #expect(fallback.model.gender == .unknown)
        #expect(fallback.diagnostics.map(\.description).contains("gender: unknown case robot, fallback used"))
        #expect(try decode(["level": "2"]).level == .high)
        #expect(throws: MappingError(.unknownEnumCase(type: "Level", found: "7"), at: "level")) {
            try decode(["level": 7], strict: true)
        }
    }

    /// Values of the wrong kind for each property, by the conversion table: lenient mode takes the default
    /// with a diagnostic at the key, strict mode throws at the key.
    static var wrongValues: [(key: String, values: [Any])] {
        [
            ("text", [Data([0xFF])]),
            ("int", ["not a value", -1.5, Data([0xFF])]),
            ("int8", ["not a value", 300, -1.5]),
            ("uint64", [-1, "not a value", 1.5]),
            ("double", ["not a value", Data([0xFF])]),
            ("float", ["not a value"]),
            ("decimal", ["not a value"]),
            ("flag", ["not a value", -1.5, 2]),
            ("date", ["not a value", Data([0xFF])]),
            ("url", [Data([0xFF])]),
            ("uuid", ["not a value", 12]),
            ("data", ["not a value", 12]),
            ("gender", ["robot", Data([0xFF])]),
            ("level", [7, "high"]),
        ]
    }

    @Test(
        "Wrong types and null in every scalar position: lenient takes the default and says where, strict throws there")
    func wrongTypesEverywhere() throws {
        let optionals: Set<String> = ["url", "uuid", "level"]
        for (key, values) in Self.wrongValues {
            // A dictionary or an array is wrong for every scalar; null is wrong unless the property is optional.
            for value in values + [["a": 1], [1, 2], NSNull()] as [Any] {
                let isNull = value is NSNull
                let decoded = try Scalars.decode(object: [key: value])
                #expect(decoded.model == Scalars(), "\(key): \(value)")
                let notes = decoded.diagnostics.filter { $0.path == ValuePath([.key(key)]) }
                #expect(notes.count == (isNull && optionals.contains(key) ? 0 : 1), "\(key): \(value): \(notes)")
                switch notes.first?.kind {
                case .defaultedNull?: #expect(isNull, "\(key): \(value)")
                case .enumFallback(let found)?: #expect(key == "gender" && found == "\(value)", "\(key): \(value)")
                case .defaultedInvalid?: #expect(!isNull, "\(key): \(value)")
                case nil: #expect(isNull && optionals.contains(key), "\(key): \(value)")
                case let other?: Issue.record("\(key): \(value): unexpected note \(other)")
                }
                if isNull && optionals.contains(key) {
                    #expect(try Scalars(dictionary: [key: value], options: .strict) == Scalars())
                } else {
                    let error = #expect(throws: MappingError.self, "\(key): \(value)") {
                        try Scalars(dictionary: [key: value], options: .strict)
                    }
                    #expect(error?.path == ValuePath([.key(key)]), "\(key): \(value): \(String(describing: error))")
                    // Strict mode throws the reason lenient mode noted.
                    switch notes.first?.kind {
                    case .defaultedInvalid(let reason)?: #expect(error?.reasonDescription == reason, "\(key): \(value)")
                    case .enumFallback(let found)?:
                        #expect(error?.reason == .unknownEnumCase(type: "Gender", found: found), "\(key): \(value)")
                    default:
                        #expect(error?.reason.kind == .typeMismatch, "\(key): \(value): \(String(describing: error))")
                    }
                }
            }
        }
    }

    @Test("Wrong types and null as dictionary values, set, array elements and collections: dropped or defaulted")
    func wrongTypesInCollections() throws {
        let input: [String: Any] = [
            "counts": ["a": 1, "b": "x", "c": NSNull(), "d": [1]],
            "tags": [1, "x", NSNull(), 2, ["a": 1]],
            "list": [1, ["a": 1], 3],
            "flags": ["on": true, "off": "maybe"],
        ]
        let decoded = try ScalarCollections.decode(object: input)
        #expect(decoded.model == ScalarCollections(counts: ["a": 1], tags: [1, 2], list: [1, 3], flags: ["on": true]))
        #expect(
            Set(decoded.diagnostics.map(\.description)) == [
                "counts.b: expected Int, found string \"x\"; element dropped",
                "counts.c: expected Int, found null; element dropped",
                "counts.d: expected Int, found array; element dropped",
                "tags[1]: expected Int, found string \"x\"; element dropped",
                "tags[2]: expected Int, found null; element dropped",
                "tags[4]: expected Int, found dictionary; element dropped",
                "list[1]: expected Int, found dictionary; element dropped",
                "flags.off: expected Bool, found string \"maybe\"; element dropped",
            ])
        for (key, bad, path) in [
            ("counts", ["a": 1, "b": "x"] as Any, "counts.b"), ("counts", ["c": NSNull()], "counts.c"),
            ("tags", [1, "x"], "tags[1]"), ("tags", [NSNull()], "tags[0]"), ("list", [1, ["a": 1]], "list[1]"),
            ("flags", ["off": "maybe"], "flags.off"),
        ] {
            let error = #expect(throws: MappingError.self, "\(path)") {
                try ScalarCollections(dictionary: [key: bad], options: .strict)
            }
            #expect(try error?.path == ValuePath(parsing: path), "\(String(describing: error))")
            #expect(error?.reason.kind == .typeMismatch, "\(String(describing: error))")
        }
        // A collection of the wrong kind altogether takes its default, or is the error, at its key.
        for (key, bad) in [("counts", [1, 2] as Any), ("tags", "x"), ("list", ["a": 1]), ("flags", NSNull())] {
            let lenient = try ScalarCollections.decode(object: [key: bad])
            #expect(lenient.model == ScalarCollections(), "\(key)")
            let notes = lenient.diagnostics.filter { $0.path == ValuePath([.key(key)]) }
            #expect(notes.count == 1, "\(key): \(lenient.diagnostics)")
            let error = #expect(throws: MappingError.self, "\(key)") {
                try ScalarCollections(dictionary: [key: bad], options: .strict)
            }
            #expect(error?.path == ValuePath([.key(key)]), "\(String(describing: error))")
            #expect(error?.reason.kind == .typeMismatch, "\(String(describing: error))")
        }
    }
}
