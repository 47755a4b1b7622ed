import Foundation
import ModelKit
import Testing

/// The pull-reader contract on both readers: key lookup on bytes, skipping, recovery, `finish()`, and the
/// same answers as ``ValueReader`` over the same tree.
@Suite("Property list readers")
struct PropertyListReaderTests {
    static let value: Value = [
        "name": "ModelKit", "é": "accent", "nested": ["inner": [1, 2, 3], "skip": ["deep": [[1], [2]]]],
        "other": 5, "après": true,
    ]

    /// Runs `body` with a reader of each format over `value`.
    static func withReaders(
        _ value: Value, _ body: (PropertyListKind, inout any ModelReader) throws -> Void
    ) throws {
        for format in PropertyListKind.allCases {
            let data = try PropertyListKind.data(from: value, format: format)
            try data.withUnsafeBytes { bytes in
                var reader: any ModelReader =
                    format == .xml
                    ? try XMLPropertyListReader(bytes: bytes) : try BinaryPropertyListReader(bytes: bytes)
                try body(format, &reader)
            }
        }
    }

    @Test("keys are matched against a KeyTable, ASCII and not, and currentKey spells them")
    func keyLookup() throws {
        let table = KeyTable(["name", "é", "après", "missing"])
        try Self.withReaders(Self.value) { format, reader in
            #expect(try reader.beginDictionary())
            var seen: [String: KeyLookup] = [:]
            while true {
                let lookup = try reader.nextKey(in: table)
                if lookup == .end { break }
                seen[reader.currentKey()] = lookup
                try reader.skipValue()
            }
            #expect(
                seen == ["name": .known(0), "é": .known(1), "après": .known(2), "nested": .unknown, "other": .unknown],
                "\(format)")
            #expect(reader.depth == 0)
        }
    }

    @Test("XML keys with entities and CDATA are matched on their decoded bytes")
    func decodedXMLKeys() throws {
        let text = """
            <plist><dict><key>caf&#xE9;</key><true/><key>a<![CDATA[&]]>b</key><false/><key/><integer>1</integer></dict></plist>
            """
        let table = KeyTable(["café", "a&b", ""])
        try Array(text.utf8).withUnsafeBytes { bytes in
            var reader = try XMLPropertyListReader(bytes: bytes)
            #expect(try reader.beginDictionary())
            #expect(try reader.nextKey(in: table) == .known(0))
            #expect(reader.currentKey() == "café")
            #expect(try reader.readScalar() == true)
            #expect(try reader.nextKey(in: table) == .known(1))
            #expect(try reader.readScalar() == false)
            #expect(try reader.nextKey(in: table) == .known(2))
            #expect(try reader.readScalar() == 1)
            #expect(try reader.nextKey(in: table) == .end)
            try reader.finish()
        }
    }

    @Test("every call gives what ValueReader gives over the same tree")
    func matchesValueReader() throws {
        try Self.withReaders(Self.value) { format, reader in
            var reference = ValueReader(Self.value)
            var steps: [String] = []
            // Walk both readers the same way: peek, then enter or read.
            var stack: [Bool] = []
            var first = true
            while first || !stack.isEmpty {
                first = false
                let kind = try reader.peekKind()
                #expect(kind == (try reference.peekKind()), "\(format) after \(steps)")
                if try reader.beginDictionary() {
                    #expect(try reference.beginDictionary())
                    stack.append(true)
                } else if try reader.beginArray() {
                    #expect(try reference.beginArray())
                    stack.append(false)
                } else {
                    #expect(try reader.readScalar() == (try reference.readScalar()), "\(format) after \(steps)")
                }
                while let isDictionary = stack.last {
                    if isDictionary {
                        let lookup = try reader.nextKey(in: .empty)
                        #expect(lookup == (try reference.nextKey(in: .empty)))
                        if lookup != .end {
                            #expect(reader.currentKey() == reference.currentKey())
                            steps.append(reader.currentKey())
                            break
                        }
                    } else {
                        let more = try reader.nextElement()
                        #expect(more == (try reference.nextElement()))
                        if more { break }
                    }
                    stack.removeLast()
                    #expect(reader.depth == reference.depth)
                }
            }
            #expect(steps.count == 8, "\(format)")
        }
    }

    @Test("recover(toDepth:) leaves half-read containers so the next key reads correctly")
    func recoverAfterFailure() throws {
        try Self.withReaders(Self.value) { format, reader in
            #expect(try reader.beginDictionary())
            var keys: [String] = []
            while try reader.nextKey(in: .empty) != .end {
                keys.append(reader.currentKey())
                guard reader.currentKey() == "nested" else {
                    try reader.skipValue()
                    continue
                }
                // Enter two levels, read part, then give up as a failed property would.
                #expect(try reader.beginDictionary())
                #expect(try reader.nextKey(in: .empty) == .unknown)
                #expect(try reader.beginArray())
                #expect(try reader.nextElement())
                #expect(try reader.readScalar() == 1)
                try reader.recover(toDepth: 1)
                #expect(reader.depth == 1)
            }
            #expect(keys == ["name", "é", "nested", "other", "après"], "\(format)")
            #expect(reader.depth == 0)
        }
    }

    @Test("a value left unread is skipped by the next nextKey, and a type mismatch consumes nothing")
    func unreadValues() throws {
        try Self.withReaders(["a": ["b": [1, 2]], "c": 3]) { format, reader in
            #expect(try reader.beginDictionary())
            #expect(try reader.nextKey(in: .empty) == .unknown)
            do {
                _ = try reader.readScalar()
                Issue.record("a dictionary was read as a scalar")
            } catch let error as MappingError {
                #expect(error.reason == .typeMismatch(expected: "a scalar", found: "dictionary"))
            }
            #expect(try reader.peekKind() == .dictionary)
            #expect(try reader.nextKey(in: .empty) == .unknown)
            #expect(reader.currentKey() == "c", "\(format)")
            #expect(try reader.readScalar() == 3)
            #expect(try reader.nextKey(in: .empty) == .end)
        }
    }

    @Test("finish() accepts trailing whitespace and comments and rejects anything else")
    func finishChecksTheEnd() throws {
        let good = "<?xml version=\"1.0\"?>\n<plist><integer>1</integer></plist>\n<!-- done -->\n  "
        #expect(try PropertyListKind.value(from: Data(good.utf8)) == 1)
        let bare = "<!DOCTYPE plist [ <!ENTITY x \"y\"> ]><array/>"
        #expect(try PropertyListKind.value(from: Data(bare.utf8)) == [])
        for bad in ["<plist><integer>1</integer></plist>x", "<plist><integer>1</integer>", "<array/><array/>"] {
            expectMappingError(kind: .malformedData, "\(bad)") { try PropertyListKind.value(from: Data(bad.utf8)) }
        }
    }

    @Test("XML follows Foundation: integers, reals, dates, data, empty elements, entities")
    func xmlScalars() throws {
        let cases: [(String, Value)] = [
            ("<integer> -0x1F</integer>", -31), ("<integer>+007</integer>", 7), ("<integer>000</integer>", 0),
            ("<integer>-9223372036854775808</integer>", .integer(Int64.min)),
            ("<integer>18446744073709551615</integer>", .unsignedInteger(UInt64.max)),
            ("<real>1e4</real>", 10_000.0), ("<real> .5</real>", 0.5), ("<real>-INF</real>", .double(-.infinity)),
            ("<real>1e400</real>", .double(.infinity)),
            ("<date>2024-02-30T00:00:00Z</date>", .date(Date(timeIntervalSince1970: 1_709_251_200))),
            ("<date>1869-01-03T08:16:32Z</date>", .date(Date(timeIntervalSince1970: -3_187_007_008))),
            ("<data>QU\n JD\tRA==</data>", .data(Data("ABCD".utf8))), ("<data>QQ</data>", .data(Data())),
            ("<string/>", ""), ("<true></true>", true), ("<dict/>", [:]), ("<array></array>", []),
            ("<string>&lt;&gt;&amp;&quot;&apos;&#65;&#x1F600;</string>", "<>&\"'A😀"),
            ("<key>as a value</key>", "as a value"),
            ("<dict><key>CF$UID</key><integer>3</integer></dict>", ["CF$UID": 3]),
        ]
        for (body, expected) in cases {
            let value = try PropertyListKind.value(from: Data("<plist>\(body)</plist>".utf8))
            #expect(PropertyListFixtures.identical(value, expected), "\(body) read as \(value)")
        }
        let malformed = [
            "<integer>1 </integer>", "<integer>0x</integer>", "<real>1e</real>", "<real>0x1p3</real>", "<data/>",
            "<date> 2024-01-01T00:00:00Z</date>", "<string>&#xD800;</string>", "<true>x</true>",
            "<dict><key>a</key></dict>", "<plist><true/></plist>",
        ]
        for bad in malformed {
            expectMappingError(kind: .malformedData, "\(bad)") {
                try PropertyListKind.value(from: Data("<plist>\(bad)</plist>".utf8))
            }
        }
        for tooLarge in ["18446744073709551616", "-9223372036854775809"] {
            let error = expectMappingError(kind: .numberOutOfRange, "\(tooLarge)") {
                try PropertyListKind.value(from: Data("<plist><integer>\(tooLarge)</integer></plist>".utf8))
            }
            #expect(error?.description.contains(tooLarge) == true, "\(String(describing: error))")
        }
    }

    @Test("binary objects read as Foundation reads them")
    func binaryScalars() throws {
        let cases: [([UInt8], Value)] = [
            ([0x00], .null), ([0x08], false), ([0x09], true), ([0x10, 0xFF], 255), ([0x11, 0xFF, 0xFF], 65_535),
            ([0x12, 0xFF, 0xFF, 0xFF, 0xFF], 4_294_967_295),
            ([0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE], -2),
            // Signed 128 bits, as CoreFoundation writes them (Foundation on Linux would keep the low half).
            ([0x14] + [UInt8](repeating: 0xFF, count: 16), -1),
            ([0x14] + [UInt8](repeating: 0, count: 15) + [7], 7),
            ([0x22, 0x3F, 0xC0, 0x00, 0x00], 1.5),
            ([0x33, 0x41, 0xC0, 0, 0, 0, 0, 0, 0], .date(Date(timeIntervalSinceReferenceDate: 536_870_912))),
            ([0x43, 1, 2, 3], .data(Data([1, 2, 3]))), ([0x52, 0x41, 0xE9], "Aé"),
            ([0x62, 0xD8, 0x3D, 0xDE, 0x00], "😀"), ([0x61, 0xD8, 0x00], "\u{FFFD}"),
            ([0x80, 0x2A], ["CF$UID": 42]),
        ]
        for (object, expected) in cases {
            let value = try PropertyListFixtures.readBinary(PropertyListFixtures.binaryList([object]))
            #expect(PropertyListFixtures.identical(value, expected), "\(object) read as \(value)")
        }
        // A set reads as an array; a dictionary with a number for a key is rejected.
        #expect(try PropertyListFixtures.readBinary(PropertyListFixtures.binaryList([[0xC1, 1], [0x10, 5]])) == [5])
        let numberKey = expectMappingError(kind: .malformedData) {
            try PropertyListFixtures.readBinary(PropertyListFixtures.binaryList([[0xD1, 1, 1], [0x10, 5]]))
        }
        #expect(
            numberKey.flatMap(PropertyListFixtures.malformedDetail) == "a dictionary key is not a string (marker 0x10)")
        for bad: [UInt8] in [
            [0x0C], [0x0F], [0x15, 0], [0x21, 0, 0], [0x32, 0, 0, 0, 0], [0x72, 0x41, 0x42], [0x84, 1, 0, 0, 0, 0],
        ] {
            expectMappingError(kind: .malformedData, "\(bad)") {
                try PropertyListFixtures.readBinary(PropertyListFixtures.binaryList([bad]))
            }
        }
    }

    @Test("detect tells binary from XML and rejects everything else")
    func detection() {
        #expect(PropertyListKind.detect(Data("bplist00".utf8)) == .binary)
        #expect(PropertyListKind.detect(Data("\u{FEFF}  \n<plist/>".utf8)) == .xml)
        #expect(PropertyListKind.detect(Data("{\"a\": 1}".utf8)) == nil)
        #expect(PropertyListKind.detect(Data()) == nil)
        expectMappingError(kind: .malformedData) { try PropertyListKind.value(from: Data("{ a = b; }".utf8)) }
    }
}
