import Foundation
import ModelKit
import PropertyBased
import Testing

/// The reader makes a string value's `String` without the standard library's validation, trusting its own scan
/// (which tells ASCII text apart) and its own UTF-8 validator, and so does `ModelDecoder` from its flat index.
/// These tests hold both to the standard library, byte by byte: a malformed `String` would not fail here by a
/// wrong value alone, so its counts are compared too.
@Suite("Strings made from bytes the reader has checked")
struct UncheckedStringTests {
    /// Bytes around the edges of UTF-8's ranges (Unicode's table 3-7), and ASCII.
    static let edges: [UInt8] = [
        0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5,
        0xFF,
    ]

    /// Text that makes a string too long to be kept inline, and long enough for the reader's vector scan.
    static let long = "eighteen bytes ahe"

    /// Reads `bytes` as a JSON string value, with `before` and `after` in the string around them, and checks it
    /// against the standard library: the same text where it accepts the bytes, an error where it does not.
    ///
    /// Each check runs twice: as written, and after an escape (`\/`), which the reader takes through its
    /// unescaping copy. With `throughCodable`, `ModelDecoder` reads the text too, through its flat index.
    static func expectReadAsStandardLibraryDoes(
        _ bytes: [UInt8], before: String = "", after: String = "", throughCodable: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (prefix, writtenPrefix) in [("", ""), ("/", #"\/"#)] {
            let content = Array((prefix + before).utf8) + bytes + Array(after.utf8)
            let text = Data(Array(("\"" + writtenPrefix + before).utf8) + bytes + Array((after + "\"").utf8))
            let decodeThroughCodable = {
                try ModelDecoder().decode([String].self, from: Data("[".utf8) + text + Data("]".utf8))
            }
            guard let reference = String(validating: content, as: UTF8.self) else {
                expectMappingError(kind: .malformedData, "\(bytes)", sourceLocation: sourceLocation) {
                    try JSONFormat.value(from: text)
                }
                if throughCodable {
                    expectMappingError(kind: .malformedData, "\(bytes)", sourceLocation: sourceLocation) {
                        try decodeThroughCodable()
                    }
                }
                continue
            }
            do {
                guard case .string(let read) = try JSONFormat.value(from: text) else {
                    Issue.record("\(bytes) was not read as a string", sourceLocation: sourceLocation)
                    continue
                }
                if throughCodable {
                    let decoded = try decodeThroughCodable()
                    #expect(decoded == [reference], "\(bytes)", sourceLocation: sourceLocation)
                    #expect(
                        decoded.first?.utf16.count == reference.utf16.count, "\(bytes)", sourceLocation: sourceLocation)
                }
                #expect(read == reference, "\(bytes)", sourceLocation: sourceLocation)
                #expect(Array(read.utf8) == content, "\(bytes)", sourceLocation: sourceLocation)
                // A string flagged ASCII that is not would count its UTF-16 code units by its bytes.
                #expect(read.utf16.count == reference.utf16.count, "\(bytes)", sourceLocation: sourceLocation)
                #expect(read.count == reference.count, "\(bytes)", sourceLocation: sourceLocation)
            } catch {
                Issue.record("\(bytes): \(error)", sourceLocation: sourceLocation)
            }
        }
    }

    /// Whether `byte` means something to JSON inside a string (a control character, a quote, a backslash).
    static func isSyntax(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    @Test("every pair of bytes, alone and after text long enough for the reader's vector scan")
    func everyPair() {
        for first in UInt8(0x20)...0xFF where !Self.isSyntax(first) {
            for second in UInt8(0x20)...0xFF where !Self.isSyntax(second) {
                Self.expectReadAsStandardLibraryDoes([first, second])
                if first >= 0x80 || second >= 0x80 {
                    Self.expectReadAsStandardLibraryDoes([first, second], before: Self.long, after: "d")
                }
            }
        }
    }

    @Test("every three- and four-byte lead byte, with continuations drawn from the edges of the ranges, also Codable")
    func leadBytesWithEdges() {
        for lead in UInt8(0xE0)...0xFF {
            for second in Self.edges {
                for third in Self.edges {
                    Self.expectReadAsStandardLibraryDoes([lead, second, third])
                    // Past fifteen bytes, where a string is no longer kept inline and trusts its ASCII flag.
                    Self.expectReadAsStandardLibraryDoes(
                        [lead, second, third], before: Self.long, throughCodable: true)
                    guard lead >= 0xF0 else { continue }
                    for fourth: UInt8 in [0x41, 0x7F, 0x80, 0xBF, 0xC0] {
                        Self.expectReadAsStandardLibraryDoes(
                            [lead, second, third, fourth], before: Self.long, after: "x", throughCodable: true)
                    }
                }
            }
        }
    }

    @Test("runs of three-byte characters, checked four at a time, with one byte changed at every place")
    func threeByteRuns() {
        // E0 and ED leads, whose second bytes have narrower ranges, sit among the common ones.
        let run = Array("日本語の\u{0800}テキスト\u{D7FF}です。".utf8)
        for prefix in 0...3 {
            let before = String(repeating: "p", count: prefix)
            Self.expectReadAsStandardLibraryDoes(run, before: before, throughCodable: true)
            for place in run.indices {
                for byte in Self.edges where byte != run[place] {
                    var changed = run
                    changed[place] = byte
                    Self.expectReadAsStandardLibraryDoes(changed, before: before, throughCodable: true)
                }
            }
        }
    }

    @Test("Property: random text of edge bytes and letters is read exactly when the standard library accepts it")
    func randomText() async {
        let byte = Gen<UInt8?>.element(of: Self.edges + Array("aé語".utf8)).map { $0! }
        await propertyCheck(count: 2_000, input: byte.array(of: 0...48), Gen.int(in: 0...17)) { bytes, padding in
            Self.expectReadAsStandardLibraryDoes(
                bytes, before: String(repeating: "p", count: padding), throughCodable: true)
        }
    }
}
