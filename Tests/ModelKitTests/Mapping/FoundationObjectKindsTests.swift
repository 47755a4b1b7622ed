import Foundation
import ModelKit
import Testing

/// The reader over `[String: Any]` tells a value's kind from its type alone: `NSNumber`s by their type code and
/// Foundation's boolean class, nulls as `NSNull` or a `nil` stored in `Any`. These are the objects that
/// `JSONSerialization`, `PropertyListSerialization` and hand-made dictionaries hold.
@Suite("Foundation objects: numbers, booleans and nulls by kind")
struct FoundationObjectKindsTests {
    /// The notes other than the missing keys' (these dictionaries leave most of ``Scalars`` out).
    static func notes(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map(\.description).filter { !$0.hasSuffix("missing, default used") }
    }

    @Test("NSNumber booleans are bools, in strict mode too; 0 and 1 are numbers that only lenient mode converts")
    func booleans() throws {
        let strict = try Scalars(dictionary: ["flag": NSNumber(value: true)], options: .strict)
        #expect(strict.flag)
        let fromJSON = try JSONSerialization.jsonObject(with: Data(#"{"flag": true, "int": 1}"#.utf8))
        let decoded = try Scalars.decode(object: fromJSON, options: .strict)
        #expect(decoded.model.flag && decoded.model.int == 1)

        #expect(throws: MappingError(.typeMismatch(expected: "Bool", found: "number 1"), at: ValuePath("flag"))) {
            try Scalars(dictionary: ["flag": NSNumber(value: 1)], options: .strict)
        }
        let lenient = try Scalars.decode(object: ["flag": NSNumber(value: 1)])
        #expect(lenient.model.flag)
        #expect(Self.notes(lenient.diagnostics) == ["flag: converted number 1 to Bool"])
        // A boolean is not a number for an integer property in strict mode either.
        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: "bool false"), at: ValuePath("int"))) {
            try Scalars(dictionary: ["int": NSNumber(value: false)], options: .strict)
        }
    }

    @Test("NSNumber integers and reals keep their kind and range")
    func numbers() throws {
        let model = try Scalars(
            dictionary: [
                "int": NSNumber(value: Int64(-42)), "uint64": NSNumber(value: UInt64.max),
                "double": NSNumber(value: 2.5), "int8": NSNumber(value: Int32(-128)),
            ],
            options: .strict)
        #expect(model.int == -42 && model.uint64 == UInt64.max && model.double == 2.5 && model.int8 == -128)
        #expect(
            throws: MappingError(.numberOutOfRange(expected: "Int8", found: "128"), at: ValuePath("int8"))
        ) {
            try Scalars(dictionary: ["int8": NSNumber(value: 128)], options: .strict)
        }
        let lenient = try Scalars.decode(object: ["int8": NSNumber(value: 128)])
        #expect(lenient.model.int8 == 0)
        #expect(Self.notes(lenient.diagnostics).count == 1)
        #expect(Self.notes(lenient.diagnostics).first?.hasPrefix("int8: ") == true)
        #expect(Self.notes(lenient.diagnostics).first?.hasSuffix("; default used") == true)
        // A real is not an integer, even through NSNumber.
        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: "number 2.5"), at: ValuePath("int"))) {
            try Scalars(dictionary: ["int": NSNumber(value: 2.5)], options: .strict)
        }
    }

    @Test("NSNull and nil stored in Any are null: optionals become nil, defaults stand with a note")
    func nulls() throws {
        let entries: [String: Any?] = ["level": nil, "text": nil, "int": NSNull(), "url": NSNull()]
        let decoded = try Scalars.decode(object: entries as [String: Any])
        #expect(decoded.model == Scalars())
        #expect(
            Set(Self.notes(decoded.diagnostics)) == ["text: null, default used", "int: null, default used"])
        #expect(throws: MappingError(.typeMismatch(expected: "String", found: "null"), at: ValuePath("text"))) {
            try Scalars(dictionary: ["text": NSNull()], options: .strict)
        }
    }

    @Test("padded numeric and boolean text converts, with a note, also where the padding is not ASCII")
    func paddedText() throws {
        let entries: [String: Any] = ["int": "\u{00A0}640 ", "flag": "\tYES\n", "double": " 2.5"]
        let decoded = try Scalars.decode(object: entries)
        #expect(decoded.model.int == 640 && decoded.model.flag && decoded.model.double == 2.5)
        #expect(Self.notes(decoded.diagnostics).count == 3)
    }
}
