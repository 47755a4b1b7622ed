import Foundation
import ModelKit
import Testing

@DictionaryModel
struct LinkedPage: Equatable {
    var link = URL(string: "https://example.com/default")!
    var next = ""
}

/// `URL(string:)` percent-encodes characters a URL cannot hold, which changes the text: the conversion table
/// takes a URL as it is, notes one it had to encode in lenient mode, and rejects it in strict mode.
@Suite("URL conversion")
struct URLConversionTests {
    static func sources(_ text: String) -> [(String, (DecodingOptions) throws -> Decoded<LinkedPage>)] {
        let json = try! JSONFormat.data(from: ["link": .string(text), "next": "after"])
        return [
            ("JSON bytes", { try LinkedPage.decode(data: json, options: $0) }),
            ("a dictionary", { try LinkedPage.decode(object: ["link": text, "next": "after"], options: $0) }),
        ]
    }

    @Test(
        "A valid URL is taken as it is, with no note",
        arguments: ["https://example.com/a%20b?q=1#top", "relative/path"])
    func validURL(text: String) throws {
        for (source, decode) in Self.sources(text) {
            for options in [DecodingOptions(), .strict] {
                let decoded = try decode(options)
                #expect(decoded.model.link.absoluteString == text, "\(source)")
                #expect(decoded.diagnostics.filter { $0.description.hasPrefix("link") }.isEmpty, "\(source)")
            }
        }
    }

    @Test(
        "Text a URL cannot hold is percent-encoded with a note in lenient mode",
        arguments: ["not a url with spaces", "https://example.com/?q=a|b"])
    func encodedWithNote(text: String) throws {
        for (source, decode) in Self.sources(text) {
            let decoded = try decode(DecodingOptions())
            #expect(decoded.model.link == URL(string: text), "\(source)")
            #expect(decoded.model.next == "after")
            let notes = decoded.diagnostics.map(\.description).filter { $0.hasPrefix("link:") }
            #expect(
                notes == ["link: converted \(Value.string(text).briefDescription) to percent-encoded URL"],
                "\(source): \(notes)")
        }
    }

    @Test(
        "Text a URL cannot hold is rejected in strict mode",
        arguments: ["not a url with spaces", "https://example.com/?q=a|b"]
    )
    func rejectedWhenStrict(text: String) throws {
        for (source, decode) in Self.sources(text) {
            let error = #expect(throws: MappingError.self, "\(source)") { try decode(.strict) }
            #expect(error?.path.description == "link", "\(source)")
            guard case .typeMismatch(expected: "URL", found: _) = error?.reason else {
                Issue.record("\(source): \(String(describing: error))")
                continue
            }
        }
    }
}
