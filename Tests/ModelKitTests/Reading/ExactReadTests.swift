import Foundation
import ModelKit
import Testing

/// The readers' fast path (`readExact…`) must give exactly what the full path gives — ``ModelReader/readScalar()``
/// followed by the conversion table — or nothing, leaving the value unread for the full path.
@Suite("Exact reads agree with the full decoding on every reader")
struct ExactReadTests {
    /// Scalars of every kind, with the integers at the edges of the widths the checks use.
    static let scalars: [Value] = [
        "text", "", "張三", "10", "true", true, false, 0, 1, -1, 127, 128, -128, -129, 255, 256,
        .integer(Int64(Int32.max) + 1), .integer(.min), .integer(.max), .unsignedInteger(.max), 0.5, -2.25, 1e300,
        10.0, .date(Date(timeIntervalSince1970: 0)), .data(Data([1, 2])),
    ]

    /// Runs `check` on a reader of each source positioned at `value`: JSON, XML and binary property lists,
    /// Foundation objects and ``Value``.
    static func withEachReader(_ value: Value, _ check: (String, inout any ModelReader) throws -> Void) throws {
        let wrapped = Value.array([value])
        for format in [ModelFileFormat.json, .xmlPropertyList, .binaryPropertyList] {
            let data = try wrapped.data(format: format)
            try data.withUnsafeBytes { bytes in
                var reader: any ModelReader =
                    switch format {
                    case .json: JSONReader(bytes: bytes)
                    case .xmlPropertyList: try XMLPropertyListReader(bytes: bytes)
                    default: try BinaryPropertyListReader(bytes: bytes)
                    }
                #expect(try reader.beginArray())
                #expect(try reader.nextElement())
                try check("\(format)", &reader)
            }
        }
        var objects: any ModelReader = FoundationObjectReader(try wrapped.foundationObject())
        #expect(try objects.beginArray())
        #expect(try objects.nextElement())
        try check("Foundation objects", &objects)
        var tree: any ModelReader = ValueReader(wrapped)
        #expect(try tree.beginArray())
        #expect(try tree.nextElement())
        try check("Value", &tree)
    }

    /// Checks one exact read: a result must equal `expected` applied to the scalar; no result must leave the
    /// reader where it was, so that the full path still reads the same scalar.
    static func expectAgreement<T: Equatable>(
        _ source: String, _ reader: any ModelReader, read: (inout any ModelReader) throws -> T?,
        expected: (Value) -> T?
    ) throws {
        var full = reader
        let scalar = try full.readScalar()
        var fast = reader
        if let result = try read(&fast) {
            #expect(result == expected(scalar), "\(source): \(scalar) gave \(result)")
            #expect(fast.depth == 1)
        } else {
            #expect(expected(scalar) == nil, "\(source): \(scalar) was not read")
            #expect(try fast.readScalar() == scalar, "\(source): a refused read consumed \(scalar)")
        }
    }

    @Test("Strings, Booleans, integers of each width and doubles", arguments: scalars)
    func agreement(value: Value) throws {
        try Self.withEachReader(value) { source, reader in
            try Self.expectAgreement(source, reader, read: { try $0.readExactString() }) {
                if case .string(let text) = $0 { text } else { nil }
            }
            try Self.expectAgreement(source, reader, read: { try $0.readExactBool() }) {
                if case .bool(let flag) = $0 { flag } else { nil }
            }
            try Self.expectAgreement(source, reader, read: { try $0.readExactInteger(as: Int8.self) }) {
                ConversionRules.exactInteger($0, as: Int8.self)
            }
            try Self.expectAgreement(source, reader, read: { try $0.readExactInteger(as: Int.self) }) {
                ConversionRules.exactInteger($0, as: Int.self)
            }
            try Self.expectAgreement(source, reader, read: { try $0.readExactInteger(as: UInt64.self) }) {
                ConversionRules.exactInteger($0, as: UInt64.self)
            }
            try Self.expectAgreement(source, reader, read: { try $0.readExactDouble() }) {
                ConversionRules.exactDouble($0)
            }
        }
    }

    @Test(
        "Exact reads of an array or a dictionary give nothing and leave it to be entered",
        arguments: [Value.array([1, "a"]), ["key": 1], .array([]), [:]])
    func containers(value: Value) throws {
        try Self.withEachReader(value) { source, reader throws in
            var copy = reader
            #expect(try copy.readExactString() == nil, "\(source)")
            #expect(try copy.readExactBool() == nil, "\(source)")
            #expect(try copy.readExactInteger(as: Int.self) == nil, "\(source)")
            #expect(try copy.readExactInteger(as: Int8.self) == nil, "\(source)")
            #expect(try copy.readExactDouble() == nil, "\(source)")
            if case .array = value {
                #expect(try copy.beginArray(), "\(source)")
            } else {
                #expect(try copy.beginDictionary(), "\(source)")
            }
        }
    }

    @Test("A dictionary where a model wants a number takes the default in lenient mode, from bytes as from trees")
    func containerForNumber() throws {
        let value: Value = ["owner": ["count": ["nested": 1], "name": "x"]]
        for format in [ModelFileFormat.json, .xmlPropertyList, .binaryPropertyList] {
            let decoded = try ExactReadOwner.decode(data: value.data(format: format))
            #expect(decoded.model.owner?.name == "x", "\(format)")
            #expect(decoded.model.owner?.count == 0, "\(format)")
            #expect(decoded.diagnostics.map(\.path.description).contains("owner.count"), "\(format)")
        }
        #expect(try ExactReadOwner(value: value).owner?.name == "x")
    }

    @Test("exactDouble is what the conversion table makes of every number, without a note")
    func exactDoubleMatchesTheTable() throws {
        let numbers: [Value] = [
            0, -7, .integer(.max), .unsignedInteger(.max), 0.1, -1e-300,
            .decimal(Decimal(string: "12.345678901234567")!),
        ]
        for number in numbers {
            let context = DecodingContext()
            #expect(
                ConversionRules.exactDouble(number)
                    == (try ConversionRules.floatingPoint(number, as: Double.self, context: context)))
            #expect(context.diagnostics.isEmpty)
        }
        #expect(ConversionRules.exactDouble("1.5") == nil)
        #expect(ConversionRules.exactDouble(true) == nil)
    }

    @Test("Foundation numbers: NSNumber Booleans are not integers, and integers are not Booleans")
    func foundationNumbers() throws {
        let cases: [(Any, bool: Bool?, integer: Int?)] = [
            (NSNumber(value: true), true, nil), (NSNumber(value: 1), nil, 1), (NSNumber(value: 1.5), nil, nil),
            (NSNumber(value: UInt64.max), nil, nil), (true, true, nil), (7, nil, 7), ("7", nil, nil),
            (Optional<Any>.some("x") as Any, nil, nil), (Optional<Any>.some(true) as Any, true, nil),
            (UInt8(9), nil, 9), (Int32(-4), nil, -4),
        ]
        for (object, bool, integer) in cases {
            var reader = FoundationObjectReader([object])
            #expect(try reader.beginArray())
            #expect(try reader.nextElement())
            var copy = reader
            #expect(try copy.readExactBool() == bool, "\(object)")
            copy = reader
            #expect(try copy.readExactInteger(as: Int.self) == integer, "\(object)")
        }
    }

    @Test("A string inside a [String: Any?] is read through the runtime's cast, not reinterpreted")
    func nestedExistential() throws {
        let dictionary: [String: Any?] = ["name": "ModelKit", "missing": nil]
        let model = try ExactReadModel(object: dictionary)
        #expect(model.name == "ModelKit")
        #expect(model.missing == nil)
    }

    @Test("A malformed string read on the fast path names its key path, line and column")
    func malformedValueHasPath() throws {
        let json = Data(#"{"inner": {"name": "bad \u12"}}"#.utf8)
        let error = try #require(throws: MappingError.self) { try ExactReadOuter(data: json) }
        #expect(error.path.description == "inner.name")
        #expect(error.malformedJSON?.location.hasPrefix("line 1, column ") == true, "\(error)")
    }

    @Test("Values of the property's type leave no note; converted ones are still noted at their key")
    func notesStayOnTheFullPath() throws {
        let exact = try ExactReadModel.decode(object: [
            "name": "a", "count": 3, "ratio": 0.5, "flag": true, "small": -3, "missing": NSNull(),
        ])
        #expect(exact.model == ExactReadModel(name: "a", count: 3, ratio: 0.5, flag: true, small: -3))
        #expect(exact.diagnostics.isEmpty)
        let converted = try ExactReadModel.decode(object: [
            "name": 1, "count": "3", "ratio": "0.5", "flag": "yes", "small": 300,
        ])
        #expect(converted.model == ExactReadModel(name: "1", count: 3, ratio: 0.5, flag: true, small: 0))
        // The initializer, which keeps no notes, decodes the same model.
        #expect(
            try ExactReadModel(object: ["name": 1, "count": "3", "ratio": "0.5", "flag": "yes", "small": 300])
                == converted.model)
        #expect(DecodingOptions().modelOnly.collectsDiagnostics == false)
        #expect(
            converted.diagnostics.map(\.description).sorted() == [
                #"count: converted string "3" to Int"#, #"flag: converted string "yes" to Bool"#,
                "name: converted number 1 to String", #"ratio: converted string "0.5" to Double"#,
                "small: 300 does not fit in Int8; default used",
            ])
    }
}

@DictionaryModel
struct ExactReadModel: Equatable {
    var name = ""
    var count = 0
    var ratio = 0.0
    var flag = false
    var small: Int8 = 0
    var missing: String?
}

@DictionaryModel
struct ExactReadOwner {
    var owner: ExactReadModel?
}

@DictionaryModel
struct ExactReadOuter {
    var inner: ExactReadModel?
}
