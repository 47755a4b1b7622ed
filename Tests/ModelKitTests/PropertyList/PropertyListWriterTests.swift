import Foundation
import ModelKit
import Testing

/// What the writers do that round trips alone do not show: layout, null handling, compactness.
@Suite("Property list writers")
struct PropertyListWriterTests {
    /// The trailer's offset size, reference size and object count of a binary list.
    static func trailer(_ data: Data) -> (offsetSize: Int, referenceSize: Int, objects: Int) {
        let bytes = Array(data.suffix(32))
        let objects = bytes[8..<16].reduce(0) { $0 << 8 | Int($1) }
        return (Int(bytes[6]), Int(bytes[7]), objects)
    }

    @Test("XML output has Foundation's layout, escapes text and writes empty containers as <dict/>")
    func xmlLayout() throws {
        let value: Value = ["a & b": ["x < y", 1.5, [], .data(Data([0, 1]))], "empty": [:], "no": false]
        let text = String(decoding: try PropertyListKind.data(from: value, format: .xml), as: UTF8.self)
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>a &amp; b</key>
            \t<array>
            \t\t<string>x &lt; y</string>
            \t\t<real>1.5</real>
            \t\t<array/>
            \t\t<data>AAE=</data>
            \t</array>
            \t<key>empty</key>
            \t<dict/>
            \t<key>no</key>
            \t<false/>
            </dict>
            </plist>

            """
        #expect(text == expected)
    }

    @Test("null in an array or at the root throws a MappingError naming where", arguments: PropertyListKind.allCases)
    func nullOutsideDictionaries(format: PropertyListKind) {
        let cases: [(Value, String)] = [
            (nil, "(root)"), (["list": [1, nil]], "list[1]"), ([[1], [2, [nil]]], "[1][1][0]"),
        ]
        for (value, path) in cases {
            do {
                _ = try PropertyListKind.data(from: value, format: format)
                Issue.record("\(value) was written")
            } catch let error as MappingError {
                #expect(error.path.description == path)
                #expect(error.reasonDescription.contains("null"))
            } catch {
                Issue.record("\(error) is not a MappingError")
            }
        }
    }

    @Test(
        "writer misuse throws: a second root, a value without a key, an unended container",
        arguments: PropertyListKind.allCases)
    func misuse(format: PropertyListKind) {
        func check(
            _ detail: String, _ steps: (inout any ModelWriter) throws -> Void,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            var writer: any ModelWriter = format == .xml ? XMLPropertyListWriter() : BinaryPropertyListWriter()
            let error = expectMappingError(kind: .malformedData, "\(detail)", sourceLocation: sourceLocation) {
                try steps(&writer)
                if let xml = writer as? XMLPropertyListWriter { return try xml.makeData() }
                return try (writer as! BinaryPropertyListWriter).makeData()
            }
            guard case .malformedData(let writerFormat, _, let foundDetail)? = error?.reason else { return }
            #expect(
                writerFormat == (format == .xml ? "XML" : "binary") + " property list writer",
                sourceLocation: sourceLocation)
            #expect(foundDetail == detail, sourceLocation: sourceLocation)
        }
        check("a property list holds one root value; a second was written") {
            try $0.write(true)
            try $0.write(false)
        }
        check("a dictionary value was written without a key") {
            try $0.beginDictionary(count: 1)
            try $0.write(true)
        }
        check("a key was written outside a dictionary") {
            try $0.beginArray(count: 1)
            try $0.writeKey("k")
        }
        // The binary writer has its root only once the root's container ends.
        check(format == .xml ? "a container was not ended" : "no value was written") { try $0.beginArray(count: 1) }
        check("endDictionary without a dictionary") {
            try $0.beginArray(count: 0)
            try $0.endDictionary()
        }
        check("no value was written") { _ in }
    }

    @Test("binary output stores each distinct string once and picks the smallest sizes")
    func binaryCompactness() throws {
        let record: Value = ["name": "x", "id": 1, "tags": ["name", "x"]]
        let data = try PropertyListKind.data(from: .array(Array(repeating: record, count: 100)), format: .binary)
        // One array, 100 dictionaries, 100 tag arrays, and "name", "x", "id", "tags", 1 once each.
        let small = Self.trailer(data)
        #expect(small.objects == 1 + 100 + 100 + 5)
        #expect(small.referenceSize == 1)
        #expect(small.offsetSize == 2)
        // 300 distinct integers need two-byte references.
        let wide = try PropertyListKind.data(from: .array((0..<300).map { .integer($0) }), format: .binary)
        #expect(Self.trailer(wide).objects == 301)
        #expect(Self.trailer(wide).referenceSize == 2)
        // A tiny list has one-byte everything.
        let tiny = try PropertyListKind.data(from: ["a": true], format: .binary)
        #expect(Self.trailer(tiny) == (1, 1, 3))
        #expect(tiny.count == 8 + 3 + 2 + 1 + 3 + 32)
    }

    /// A list large enough to need several body chunks, three-byte references, more distinct strings than
    /// the writer remembers, and one array bigger than a chunk: 70,000 records and a 70,000-element list.
    static let largeList: Value = {
        let records: [Value] = (0..<70_000).map { index in
            [
                "name": .string("item \(index)"), "value": .integer(Int64(index % 500)),
                "serial": index % 10 == 0 ? "same" : .string("S\(index)é"),
                "date": .date(Date(timeIntervalSinceReferenceDate: Double(index))),
            ]
        }
        return ["records": .array(records), "numbers": .array((0..<70_000).map { .integer(Int64($0)) })]
    }()

    @Test("A large binary list (several chunks, three-byte references, past the deduplication limit) reads back")
    func largeBinaryList() throws {
        let data = try PropertyListKind.data(from: Self.largeList, format: .binary)
        #expect(Self.trailer(data).referenceSize == 3)
        #expect(data.count > 4 << 18)
        #expect(PropertyListFixtures.identical(try PropertyListKind.value(from: data), Self.largeList))
        let foundation = try PropertyListFixtures.foundationValue(data).get()
        #expect(PropertyListFixtures.identical(foundation, PropertyListFixtures.sortedKeys(Self.largeList)))
        // Three containers, 70,000 records, six keys, 70,000 names, 63,000 serials and "same", 70,000 dates,
        // and the integers 0...69,999 once each: values met before the tables filled up are still shared.
        #expect(Self.trailer(data).objects == 3 + 70_000 + 6 + 70_000 + 63_001 + 70_000 + 70_000)
    }

    @Test("Past the deduplication limit a value first met later is stored each time it occurs")
    func deduplicationLimit() throws {
        let limit = BinaryPropertyListWriter.deduplicationLimit
        let early: [Value] = (0..<limit).map { .string("s\($0)") } + ["s0", "s0"]
        let late: [Value] = (0..<limit).map { .string("s\($0)") } + ["late", "late", "late"]
        // One array, the distinct strings; "s0" is shared, "late" is stored three times.
        #expect(Self.trailer(try PropertyListKind.data(from: .array(early), format: .binary)).objects == 1 + limit)
        #expect(
            Self.trailer(try PropertyListKind.data(from: .array(late), format: .binary)).objects == 1 + limit + 3)
        #expect(
            try PropertyListKind.value(from: PropertyListKind.data(from: .array(late), format: .binary)) == .array(late)
        )
    }

    @Test("write(to:) hands over, in pieces, the bytes makeData() returns")
    func streamedOutput() throws {
        var writer = BinaryPropertyListWriter()
        try Self.largeList.encode(to: &writer, context: EncodingContext())
        var pieces: [Int] = []
        var streamed = Data()
        try writer.write { piece in
            pieces.append(piece.count)
            streamed.append(contentsOf: piece)
        }
        #expect(streamed == (try writer.makeData()))
        #expect(pieces.count > 10)
        #expect(pieces.allSatisfy { $0 <= (1 << 16) + 64 || $0 > 1 << 18 })
    }

    @Test("XML writes NaN of either sign and the infinities so that Foundation and we read them back")
    func xmlSpecialReals() throws {
        let data = try PropertyListKind.data(
            from: [.double(-.nan), .double(.nan), .double(.infinity), .double(-.infinity)], format: .xml)
        #expect(String(decoding: data, as: UTF8.self).contains("<real>nan</real>"))
        for value in [try PropertyListKind.value(from: data), try PropertyListFixtures.foundationValue(data).get()] {
            guard case .array(let reals) = value, reals.count == 4 else {
                Issue.record("read \(value)")
                continue
            }
            #expect(reals[0].isNaN && reals[1].isNaN)
            #expect(reals[2] == .double(.infinity) && reals[3] == .double(-.infinity))
        }
    }

    @Test("binary strings are ASCII where they can be and UTF-16 otherwise; big unsigned integers take 16 bytes")
    func binaryEncodings() throws {
        let ascii = try PropertyListKind.data(from: "abc", format: .binary)
        #expect(Array(ascii[8..<12]) == [0x53, 0x61, 0x62, 0x63])
        let unicode = try PropertyListKind.data(from: "é😀", format: .binary)
        #expect(Array(unicode[8..<15]) == [0x63, 0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00])
        let unsigned = try PropertyListKind.data(from: .unsignedInteger(UInt64.max), format: .binary)
        #expect(
            Array(unsigned[8..<25]) == [0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8))
        let long = try PropertyListKind.data(from: .string(String(repeating: "a", count: 20)), format: .binary)
        #expect(Array(long[8..<11]) == [0x5F, 0x10, 20])
    }
}

extension Value {
    /// Whether the value is a NaN real.
    fileprivate var isNaN: Bool {
        if case .double(let double) = self { return double.isNaN }
        return false
    }
}
