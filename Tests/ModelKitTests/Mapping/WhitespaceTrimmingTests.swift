import Foundation
import ModelKit
import Testing

/// Numbers and booleans in text are trimmed before they are parsed; the fast path for text without white space
/// at its ends must trim exactly as Foundation does.
@Suite("Trimming numeric and boolean text")
struct WhitespaceTrimmingTests {
    static let samples = [
        "", " ", "640", " 640", "640 ", "\t10\n", "\r\n", "\u{00A0}7\u{00A0}", "\u{3000}yes\u{3000}", "\u{2028}1",
        "1\u{2029}", "\u{0085}2", "x\u{7F}", "\u{7F}", "é", " é ", "10.0", "a b", "\u{000B}3\u{000C}", "-1",
    ]

    @Test("the same text as trimmingCharacters(in: .whitespacesAndNewlines)", arguments: samples)
    func agreesWithFoundation(text: String) {
        #expect(ConversionRules.trimmingWhitespace(text) == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

}
