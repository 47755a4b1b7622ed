import Foundation
import ModelKit
import PropertyBased
import Testing

@DictionaryModel
private struct NumberRow: Equatable {
    var value: Double
    var count: Int64?
}

/// Number text of the common form the readers take eight digits at a time: an optional minus, an integer part
/// without leading zeros, and an optional fraction, 1 to 22 digits in all (past 19 the general scan takes over).
private let digitText = Gen<Character?>.element(of: Array("0123456789")).map { String($0!) }
private let commonNumberText = zip(
    Gen.bool, Gen.int(in: 1...12), digitText.array(of: 0...11).map { $0.joined() },
    digitText.array(of: 0...10).map { $0.joined() }, Gen.bool
).map { negative, firstDigit, rest, fraction, hasFraction -> String in
    let integer = firstDigit <= 2 ? "0" : String(firstDigit - 3) + rest
    let sign = negative ? "-" : ""
    return hasFraction && !fraction.isEmpty ? "\(sign)\(integer).\(fraction)" : "\(sign)\(integer)"
}

/// The exact reads take numbers of the common form without the general scan (`JSONText.commonNumber`); both must
/// give `JSONSerialization`'s value and leave the reader after the number.
@Suite("Numbers of the common form read like every other number")
struct JSONCommonNumberTests {
    @Test("Doubles: the model's value is the correctly rounded reading of the text, whatever follows it")
    func doublesMatchStandardLibrary() async {
        await propertyCheck(count: 2000, input: commonNumberText) { text in
            // A whole number is an integer first, as in JSONSerialization: "-0" is 0, not -0.0.
            let expected = try #require(Int64(text).map(Double.init) ?? Double(text))
            // Pretty-printed, compact, and last in the document, so that the runs of digits see eight readable
            // bytes, a space, a brace, or the end of the data.
            for document in [
                #"{"value": \#(text)  ,  "count": 1}"#, #"{"value":\#(text)}"#, #"{"value":\#(text)"#,
            ] {
                let data = Data(document.utf8)
                if document.hasSuffix("}") {
                    #expect(try NumberRow(data: data).value.bitPattern == expected.bitPattern, "\(document)")
                } else {
                    expectMappingError(kind: .malformedData, "\(document)") { try NumberRow(data: data) }
                }
            }
        }
    }

    @Test("Integers: Int64 where the text is whole and in range, the full rules otherwise")
    func integersMatchStandardLibrary() async {
        await propertyCheck(count: 2000, input: commonNumberText) { text in
            let data = Data(#"{"value": 0, "count": \#(text)        }"#.utf8)
            let decoded = try NumberRow.decode(data: data)
            if let whole = Int64(text) {
                #expect(decoded.model.count == whole, "\(text)")
                #expect(decoded.diagnostics.isEmpty, "\(text)")
            } else if let number = Double(text), number == number.rounded(), abs(number) < 9e18 {
                // An integral fraction ("12.0") converts with a note, as the conversion table says.
                #expect(decoded.model.count == Int64(number), "\(text)")
            } else {
                #expect(decoded.model.count == nil, "\(text)")
                #expect(!decoded.diagnostics.isEmpty, "\(text)")
            }
        }
    }

    @Test("Integers of 1 to 20 digits, signed, near-integral or malformed, read as their tree reads them")
    func integersOfEveryLength() throws {
        for length in 1...20 {
            let digits = String((0..<length).map { Character(String(($0 * 7 + 1) % 10)) })
            if length <= 18 {
                let data = Data(#"{"value": 0, "count": -\#(digits)}"#.utf8)
                #expect(try NumberRow(data: data).count == -Int64(digits)!, "\(digits)")
            }
            // Whole, negative, with a fraction or an exponent, and with a leading zero (malformed); followed by a
            // brace at once or after room for the word loads.
            for text in [digits, "-" + digits, digits + ".0", digits + "e1", "0" + digits, "-0" + digits] {
                for padding in ["", "          "] {
                    let data = Data(#"{"value": 0, "count": \#(text)\#(padding)}"#.utf8)
                    let direct = try? NumberRow.decode(data: data)
                    let viaTree = try? NumberRow.decode(value: JSONFormat.value(from: data))
                    #expect(direct?.model == viaTree?.model, "\(text)")
                    #expect(direct?.diagnostics.count == viaTree?.diagnostics.count, "\(text)")
                    let isMalformed = text.hasPrefix("0") || text.hasPrefix("-0")
                    #expect((direct == nil) == isMalformed, "\(text)")
                }
            }
        }
    }

    @Test(
        "Text near the common form is read by the general scan, or rejected where JSON rejects it",
        arguments: [
            ("1.5e3", 1500.0), ("-0.0", -0.0), ("0.000000000000000001", 1e-18),
            ("12345678901234567.89", 12345678901234567.89),
            ("1234567890123456789012", 1.234567890123456789012e21), ("7E-1", 0.7),
        ])
    func nearCommonForm(text: String, expected: Double) throws {
        let data = Data(#"{"value": \#(text)          }"#.utf8)
        #expect(try NumberRow(data: data).value.bitPattern == expected.bitPattern)
    }

    @Test(
        "Malformed numbers are errors, with or without room for eight digits",
        arguments: ["01", "-", "1.", "-01.5", "1.5.5", "--1"])
    func malformed(text: String) {
        for padding in ["", "                "] {
            let data = Data(#"{"value": \#(text)\#(padding)}"#.utf8)
            expectMappingError(kind: .malformedData, "\(text)") { try NumberRow(data: data) }
        }
    }
}
