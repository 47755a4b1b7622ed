import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// Truncated, corrupted and malicious inputs: every one ends in a ``MappingError``, never a crash, a hang
/// or an allocation the input asked for.
@Suite("Property list hostile input", .timeLimit(.minutes(1)))
struct PropertyListHostileInputTests {
    /// A small list with every kind of object, nested.
    static func sampleBinary() throws -> [UInt8] {
        let value: Value = [
            "name": "ModelKit", "count": 300, "ratio": 0.5, "flag": true, "unicode": "日本語",
            "when": .date(Date(timeIntervalSinceReferenceDate: 1000)), "blob": .data(Data([1, 2, 3])),
            "list": [1, "two", ["three": 3], [], [:]], "big": .unsignedInteger(UInt64.max),
        ]
        return Array(try PropertyListKind.data(from: value, format: .binary))
    }

    @Test("a binary list cut at every length is rejected with a MappingError at a byte offset inside the cut")
    func truncatedBinary() throws {
        let bytes = try Self.sampleBinary()
        #expect(try PropertyListFixtures.readBinary(bytes) != .null)
        for length in 0..<bytes.count {
            let error = #expect(throws: MappingError.self, "cut at \(length) of \(bytes.count)") {
                try PropertyListFixtures.readBinary(Array(bytes[0..<length]))
            }
            let location = Self.expectLocated(
                error, format: "binary property list", at: /byte offset [0-9]+/, "cut at \(length)")
            if let offset = location.flatMap({ Int($0.dropFirst("byte offset ".count)) }) {
                #expect(offset <= length, "cut at \(length): \(offset)")
            }
        }
    }

    @Test("a binary list with any one byte changed reads or fails with a MappingError")
    func corruptedBinary() throws {
        let bytes = try Self.sampleBinary()
        var failures = 0
        for position in bytes.indices {
            for replacement: UInt8 in [0x00, 0xFF, 0x0F, bytes[position] ^ 0x80, bytes[position] &+ 1] {
                var corrupted = bytes
                corrupted[position] = replacement
                do {
                    _ = try PropertyListFixtures.readBinary(corrupted)
                } catch is MappingError {
                    failures += 1
                } catch {
                    Issue.record("byte \(position) = \(replacement): \(error) is not a MappingError")
                }
            }
        }
        #expect(failures > 0)
    }

    @Test("random bytes behind a bplist00 header or among XML tags read or fail with a MappingError")
    func randomInput() {
        var generator = SplitMix64(seed: 99)
        let vocabulary = [
            "<plist>", "</plist>", "<dict>", "</dict>", "<array>", "</array>", "<key>k</key>", "<string>s", "</string>",
            "<integer>", "12", "0x", "-", "</integer>", "<real>1e5</real>", "<true/>", "<dict/>", "&amp;", "&#x41;",
            "<![CDATA[", "]]>", "<!--", "-->", "<?x", "?>", "<data>QUJD", "</data>",
            "<date>2024-01-01T00:00:00Z</date>",
            " ", "<", ">", "/", "&", "é",
        ]
        for round in 0..<3000 {
            var binary = Array("bplist00".utf8)
            for _ in 0..<Int.random(in: 0..<80, using: &generator) {
                binary.append(UInt8.random(in: 0...255, using: &generator))
            }
            // A plausible trailer half the time, so that objects are reached, not just the header check.
            if Bool.random(using: &generator) {
                let count = UInt64.random(in: 1...6, using: &generator)
                binary += [0, 0, 0, 0, 0, 0, 1, 1] + Self.bigEndian(count) + Self.bigEndian(0)
                binary += Self.bigEndian(UInt64(max(binary.count - 32 - Int(count), 9)))
            }
            var xml = ""
            for _ in 0..<Int.random(in: 0..<30, using: &generator) {
                xml += vocabulary.randomElement(using: &generator)!
            }
            for (name, bytes) in [("binary", binary), ("XML", Array(xml.utf8))] {
                do {
                    _ = try PropertyListKind.value(from: Data(bytes), maximumDepth: 20)
                } catch is MappingError {
                } catch {
                    Issue.record("round \(round), \(name): \(error) is not a MappingError")
                }
            }
        }
    }

    /// Expects a malformed-data error in `format` whose location has the given form, and returns the location.
    @discardableResult
    static func expectLocated(
        _ error: MappingError?, format: String, at location: Regex<Substring>, _ comment: Comment,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> String? {
        guard case .malformedData(let foundFormat, let foundLocation, _)? = error?.reason else {
            Issue.record(
                "\(comment): \(String(describing: error)) is not malformedData", sourceLocation: sourceLocation)
            return nil
        }
        #expect(foundFormat == format, comment, sourceLocation: sourceLocation)
        #expect(
            foundLocation.wholeMatch(of: location) != nil, "\(comment): \(foundLocation)",
            sourceLocation: sourceLocation)
        return foundLocation
    }

    static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
    }

    @Test("an XML list cut at every length is rejected with a MappingError naming the line and column")
    func truncatedXML() throws {
        let value: Value = ["a": [1, 2.5, "x &amp; y"], "b": .data(Data([9, 8, 7])), "c": [:], "d": true]
        let bytes = Array(try PropertyListKind.data(from: value, format: .xml))
        #expect(try PropertyListFixtures.readXML(bytes) == value)
        // Only the newline after </plist> may go.
        #expect(bytes.last == UInt8(ascii: "\n"))
        // Nothing at all is in no format, so only the start can be named.
        let empty = #expect(throws: MappingError.self) { try PropertyListKind.value(from: Data()) }
        Self.expectLocated(empty, format: "property list", at: /byte offset 0/, "empty")
        for length in 1..<(bytes.count - 1) {
            let error = #expect(throws: MappingError.self, "cut at \(length) of \(bytes.count)") {
                try PropertyListKind.value(from: Data(bytes[0..<length]))
            }
            Self.expectLocated(
                error, format: "XML property list", at: /line [1-9][0-9]*, column [1-9][0-9]*/, "cut at \(length)")
        }
    }

    @Test("offsets and references that point outside the list are errors")
    func offsetsOutsideTheBuffer() {
        // The array's element has an offset past the object area.
        let badOffset = PropertyListFixtures.binaryList([[0xA1, 0x01], [0x09]], offsets: [8, 0xF0])
        let outside = expectMappingError(kind: .malformedData) { try PropertyListFixtures.readBinary(badOffset) }
        #expect(outside.flatMap(PropertyListFixtures.malformedDetail)?.contains("outside the object area") == true)
        // The top object's offset points into the header.
        let intoHeader = PropertyListFixtures.binaryList([[0x09]], offsets: [2])
        expectMappingError(kind: .malformedData) { try PropertyListFixtures.readBinary(intoHeader) }
        // A reference names object 5 of 2.
        let badReference = PropertyListFixtures.binaryList([[0xA1, 0x05], [0x09]])
        do {
            _ = try PropertyListFixtures.readBinary(badReference)
            Issue.record("a reference to a missing object was followed")
        } catch {
            #expect(PropertyListFixtures.malformedDetail(error)?.contains("names no object") == true)
        }
        // The top object is not among the objects.
        let badTop = PropertyListFixtures.binaryList([[0x09]], top: 3)
        let top = expectMappingError(kind: .malformedData) { try PropertyListFixtures.readBinary(badTop) }
        #expect(top.flatMap(PropertyListFixtures.malformedDetail) == "top object 3 is not one of the 1 objects")
        // A string runs into the offset table.
        let longString = PropertyListFixtures.binaryList([[0x58, 0x41, 0x42]])
        let string = expectMappingError(kind: .malformedData) { try PropertyListFixtures.readBinary(longString) }
        #expect(string.flatMap(PropertyListFixtures.malformedDetail)?.contains("runs past the object area") == true)
    }

    @Test("an array that contains itself is a cycle error, directly or through a dictionary")
    func referenceCycles() {
        let direct = PropertyListFixtures.binaryList([[0xA1, 0x00]])
        let indirect = PropertyListFixtures.binaryList([[0xA1, 0x01], [0xD1, 0x02, 0x00], [0x51, 0x6B]])
        for bytes in [direct, indirect] {
            do {
                let value = try PropertyListFixtures.readBinary(bytes)
                Issue.record("a cycle was read as \(value.briefDescription)")
            } catch {
                #expect(PropertyListFixtures.malformedDetail(error)?.contains("reference cycle") == true, "\(error)")
            }
        }
        // Skipping the cyclic value never follows it, and finish still ends the read.
        direct.withUnsafeBytes { buffer in
            #expect(throws: Never.self) {
                var reader = try BinaryPropertyListReader(bytes: buffer)
                #expect(try reader.beginArray())
                #expect(try reader.nextElement())
                try reader.skipValue()
                #expect(try !reader.nextElement())
                try reader.finish()
            }
        }
    }

    @Test("shared references that would expand a small list into a huge tree stop with an error")
    func sharedReferenceExpansion() {
        // Object i is [i + 1, i + 1]: 61 objects that expand to 2^60 values.
        var objects = (0..<60).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] as [UInt8] }
        objects.append([0x09])
        let bytes = PropertyListFixtures.binaryList(objects)
        do {
            _ = try PropertyListFixtures.readBinary(bytes, maximumDepth: 100)
            Issue.record("the expansion was read")
        } catch let error as MappingError {
            guard case .tooLarge = error.reason else {
                Issue.record("expected tooLarge, got \(error)")
                return
            }
        } catch {
            Issue.record("\(error) is not a MappingError")
        }
    }

    @Test("counts that claim billions of objects or bytes are rejected before any allocation")
    func hugeCounts() {
        let billions: [[UInt8]] = [
            [0xAF, 0x13, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00],  // an array of 2^32 elements
            [0xDF, 0x13, 0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00],  // a dictionary of 2^62 entries
            [0x4F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],  // Int64.max bytes of data
            [0x5F, 0x12, 0xFF, 0xFF, 0xFF, 0xFF],  // a 4-billion-character ASCII string
            [0x6F, 0x13, 0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01],  // 2^62 UTF-16 units: the bytes overflow
            [0xAF, 0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],  // a count above Int.max
            [0xAF, 0x14] + [UInt8](repeating: 0xFF, count: 16),  // a 16-byte count
        ]
        for object in billions {
            let bytes = PropertyListFixtures.binaryList([object])
            expectMappingError(kind: .malformedData, "\(object)") { try PropertyListFixtures.readBinary(bytes) }
        }
        // A trailer that claims 2^62 objects: the offset table would not fit.
        let claimed = PropertyListFixtures.binaryList([[0x09]], objectCount: 1 << 62)
        expectMappingError(kind: .malformedData) { try PropertyListFixtures.readBinary(claimed) }
    }

    @Test("100,000-deep XML nesting is tooDeep, never a stack overflow", arguments: ["array", "dict"])
    func deepXML(element: String) throws {
        let depth = 100_000
        let open = element == "array" ? "<array>" : "<dict><key>k</key>"
        let close = element == "array" ? "</array>" : "</dict>"
        var text = "<plist version=\"1.0\">"
        text += String(repeating: open, count: depth) + "<true/>" + String(repeating: close, count: depth)
        text += "</plist>"
        let data = Data(text.utf8)
        let error = #expect(throws: MappingError.self) { try PropertyListKind.value(from: data) }
        #expect(error?.reason == .tooDeep(limit: 512))
        #expect(error?.path.components.count == 512, "the error says where the limit was reached")
        // The reader stops on its own, without a decoding context, when walked or skipped.
        try data.withUnsafeBytes { bytes in
            var reader = try XMLPropertyListReader(bytes: bytes, maximumDepth: 300)
            #expect(throws: MappingError(.tooDeep(limit: 300), at: .init())) {
                while try reader.beginArray() || reader.beginDictionary() {
                    if reader.depth > 300 { break }
                    if element == "array" { _ = try reader.nextElement() } else { _ = try reader.nextKey(in: .empty) }
                }
            }
            var skipper = try XMLPropertyListReader(bytes: bytes, maximumDepth: 300)
            #expect(throws: MappingError(.tooDeep(limit: 300), at: .init())) { try skipper.skipValue() }
        }
    }

    @Test("deep binary nesting is tooDeep too")
    func deepBinary() {
        // 2,000 arrays, each holding the next.
        var objects: [[UInt8]] = []
        for index in 1...2000 {
            objects.append([0xA1, UInt8(index >> 8), UInt8(index & 0xFF)])
        }
        objects.append([0x09])
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        bytes += [0, 0, 0, 0, 0, 0, 2, 2]
        for field in [UInt64(objects.count), 0, UInt64(table)] {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: field >> (UInt64($0) * 8)) }
        }
        #expect(throws: MappingError(.tooDeep(limit: 512), at: .init())) { try PropertyListFixtures.readBinary(bytes) }
        #expect(throws: Never.self) { try PropertyListFixtures.readBinary(bytes, maximumDepth: 3000) }
    }

    @Test(
        "malformed XML names the line and column",
        arguments: [
            (
                "<plist>\n<dict>\n  <key>a</key>\n  <strin>x</strin>\n</dict>\n</plist>", "line 4, column 3",
                "unknown tag"
            ),
            ("<plist>\n<array>\n<integer>12x</integer>\n</array>\n</plist>", "line 3, column 12", "'x' in <integer>"),
            ("<plist>\n<dict>\n<string>a</string>\n</dict>\n</plist>", "line 3, column 1", "expects a <key>"),
            ("<plist><string>a &bogus; b</string></plist>", "line 1, column 18", "unknown entity"),
            ("<plist><date>2024-01-01 00:00:00</date></plist>", "line 1, column 14", "<date>"),
            ("<plist><array><true/></dict></plist>", "line 1, column 22", "expected </array>"),
            ("<plist><!-- never ends", "line 1, column 8", "comment"),
            ("<plist><true/><true/></plist>", "line 1, column 15", "holds one value"),
            ("<plist><true/></plist> trailing", "line 1, column 24", "after the property list"),
        ])
    func xmlErrorLocations(text: String, location: String, detail: String) {
        do {
            let value = try PropertyListKind.value(from: Data(text.utf8))
            Issue.record("read \(value.briefDescription) from \(text)")
        } catch let error as MappingError {
            guard case .malformedData(let format, let found, let message) = error.reason else {
                Issue.record("\(error) is not malformedData")
                return
            }
            #expect(format == "XML property list")
            #expect(found == location, "\(message)")
            #expect(message.contains(detail), "\(message)")
        } catch {
            Issue.record("\(error) is not a MappingError")
        }
    }

    @Test("text that is not UTF-8 is rejected")
    func invalidUTF8() {
        let bytes = Array("<plist><string>".utf8) + [0xC3, 0x28] + Array("</string></plist>".utf8)
        expectMappingError(kind: .malformedData) { try PropertyListFixtures.readXML(bytes) }
        let overlong = Array("<plist><string>".utf8) + [0xC0, 0xAF] + Array("</string></plist>".utf8)
        expectMappingError(kind: .malformedData) { try PropertyListFixtures.readXML(overlong) }
    }
}
