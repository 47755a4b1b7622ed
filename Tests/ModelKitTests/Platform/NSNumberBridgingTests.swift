import Foundation
import ModelKit
import Testing

/// One property of each kind a number can land in.
@DictionaryModel
struct NumberTargets: Equatable {
    var flag = false
    var int = 0
    var int8: Int8 = 0
    var uint64: UInt64 = 0
    var text = ""
    var double = 0.0
    var float: Float = 0
    var decimal: Decimal = 0
}

/// On Apple platforms every number that `JSONSerialization`, `PropertyListSerialization` or an `NSDictionary`
/// hands over is an `NSNumber` (`__NSCFNumber`, `__NSCFBoolean`, `NSDecimalNumber`), never a Swift `Int` or
/// `Bool`. These tests build those numbers explicitly, so the path Apple platforms take for every number is
/// the one checked here: an `NSNumber` must convert exactly as the Swift value it stands for.
@Suite("NSNumber into every property kind, as the Swift value it stands for")
struct NSNumberBridgingTests {
    /// The model and the notes other than the missing keys' for `object` decoded into `NumberTargets`; no model
    /// and the error's text when decoding fails.
    static func decode(_ key: String, _ object: Any, strict: Bool) -> (model: NumberTargets?, notes: [String]) {
        let options = strict ? DecodingOptions.strict : DecodingOptions()
        let decoded: Decoded<NumberTargets>
        do {
            decoded = try NumberTargets.decode(object: [key: object], options: options)
        } catch {
            return (nil, ["error: \(error)"])
        }
        let notes = decoded.diagnostics.map(\.description).filter { !$0.hasSuffix("missing, default used") }
        return (decoded.model, notes)
    }

    /// Expects `number` to give the same model and notes as `swiftValue` at `key`, in both modes.
    static func expectSameAsSwift(_ number: NSNumber, _ swiftValue: Any, at key: String) {
        for strict in [false, true] {
            let bridged = decode(key, number, strict: strict)
            let native = decode(key, swiftValue, strict: strict)
            #expect(bridged.model == native.model, "\(key) \(number) strict: \(strict)")
            #expect(bridged.notes == native.notes, "\(key) \(number) strict: \(strict)")
        }
    }

    static let keys = ["flag", "int", "int8", "uint64", "text", "double", "float", "decimal"]

    @Test("A Boolean NSNumber is a Bool for every property, in both modes", arguments: [true, false])
    func booleanNumber(flag: Bool) throws {
        for key in Self.keys { Self.expectSameAsSwift(NSNumber(value: flag), flag, at: key) }
        // The values themselves, so that both sides being wrong the same way cannot pass.
        let lenient = try NumberTargets(dictionary: ["flag": NSNumber(value: flag), "int": NSNumber(value: flag)])
        #expect(lenient.flag == flag && lenient.int == (flag ? 1 : 0))
        #expect(try NumberTargets(dictionary: ["text": NSNumber(value: flag)]).text == (flag ? "true" : "false"))
        #expect(try NumberTargets(dictionary: ["flag": NSNumber(value: flag)], options: .strict).flag == flag)
        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: "bool \(flag)"), at: ValuePath("int"))) {
            try NumberTargets(dictionary: ["int": NSNumber(value: flag)], options: .strict)
        }
        #expect(throws: MappingError(.typeMismatch(expected: "String", found: "bool \(flag)"), at: ValuePath("text"))) {
            try NumberTargets(dictionary: ["text": NSNumber(value: flag)], options: .strict)
        }
    }

    @Test("An integer NSNumber 0 or 1 is a number: only lenient mode makes it a Bool", arguments: [0, 1])
    func integerZeroOrOne(number: Int) throws {
        // On Apple platforms `NSNumber(value: 1)` and `kCFBooleanTrue` have different classes but both answer
        // `boolValue == true`; a cast to Bool would not tell them apart.
        for key in Self.keys { Self.expectSameAsSwift(NSNumber(value: number), number, at: key) }
        let lenient = Self.decode("flag", NSNumber(value: number), strict: false)
        #expect(lenient.model?.flag == (number == 1))
        #expect(lenient.notes == ["flag: converted number \(number) to Bool"])
        #expect(throws: MappingError(.typeMismatch(expected: "Bool", found: "number \(number)"), at: ValuePath("flag")))
        {
            try NumberTargets(dictionary: ["flag": NSNumber(value: number)], options: .strict)
        }
        #expect(try NumberTargets(dictionary: ["int": NSNumber(value: number)], options: .strict).int == number)
        #expect(try NumberTargets(dictionary: ["text": NSNumber(value: number)]).text == "\(number)")
    }

    @Test("An integer NSNumber of 2 is no Bool, even in lenient mode")
    func integerTwo() throws {
        let lenient = Self.decode("flag", NSNumber(value: 2), strict: false)
        #expect(lenient.model?.flag == false)
        #expect(lenient.notes.count == 1)
        #expect(lenient.notes.first?.hasSuffix("expected Bool, found number 2; default used") == true)
        Self.expectSameAsSwift(NSNumber(value: 2), 2, at: "flag")
    }

    /// NSNumbers of every width with the Swift value each stands for.
    static var widths: [(NSNumber, Any)] {
        [
            (NSNumber(value: Int8.min), Int8.min), (NSNumber(value: Int8.max), Int8.max),
            (NSNumber(value: Int16.min), Int16.min), (NSNumber(value: Int32.min), Int32.min),
            (NSNumber(value: Int64.min), Int64.min), (NSNumber(value: Int64.max), Int64.max),
            (NSNumber(value: UInt8.max), UInt8.max), (NSNumber(value: UInt16.max), UInt16.max),
            (NSNumber(value: UInt32.max), UInt32.max), (NSNumber(value: UInt64(Int64.max) + 1), UInt64(Int64.max) + 1),
            (NSNumber(value: UInt64.max), UInt64.max), (NSNumber(value: Int.min), Int.min),
            (NSNumber(value: UInt.max), UInt.max), (NSNumber(value: Float(0.1)), Float(0.1)),
            (NSNumber(value: Float(-2.5)), Float(-2.5)), (NSNumber(value: 0.1), 0.1), (NSNumber(value: -1e300), -1e300),
            (NSNumber(value: 42.0), 42.0),
        ]
    }

    @Test("NSNumbers of every width convert as the Swift number of that width", arguments: 0..<18)
    func width(index: Int) {
        #expect(Self.widths.count == 18, "the arguments cover every width")
        let (number, swiftValue) = Self.widths[index]
        for key in Self.keys { Self.expectSameAsSwift(number, swiftValue, at: key) }
    }

    @Test("NSNumbers of every width give their exact value to Int, UInt64, Double and Decimal")
    func widthValues() throws {
        let strict = DecodingOptions.strict
        #expect(try NumberTargets(dictionary: ["int": NSNumber(value: Int8.min)], options: strict).int == -128)
        #expect(try NumberTargets(dictionary: ["int": NSNumber(value: UInt8.max)], options: strict).int == 255)
        #expect(
            try NumberTargets(dictionary: ["int": NSNumber(value: UInt32.max)], options: strict).int == 4_294_967_295)
        #expect(try NumberTargets(dictionary: ["int": NSNumber(value: Int64.min)], options: strict).int == Int.min)
        #expect(try NumberTargets(dictionary: ["int": NSNumber(value: 42.0)], options: strict).int == 42)
        #expect(
            try NumberTargets(dictionary: ["uint64": NSNumber(value: UInt64.max)], options: strict).uint64 == .max)
        #expect(throws: MappingError(.numberOutOfRange(expected: "Int", found: "\(UInt64.max)"), at: ValuePath("int")))
        {
            try NumberTargets(dictionary: ["int": NSNumber(value: UInt64.max)], options: strict)
        }
        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: "number 0.5"), at: ValuePath("int"))) {
            try NumberTargets(dictionary: ["int": NSNumber(value: Float(0.5))], options: strict)
        }
        #expect(try NumberTargets(dictionary: ["double": NSNumber(value: Int16.min)]).double == -32768)
        #expect(
            try NumberTargets(dictionary: ["double": NSNumber(value: UInt64.max)]).double == Double(UInt64.max))
        #expect(try NumberTargets(dictionary: ["double": NSNumber(value: 0.1)]).double == 0.1)
        // A Float's shortest text, as a Swift Float gives it, not the binary widening 0.10000000149011612.
        #expect(try NumberTargets(dictionary: ["double": NSNumber(value: Float(0.1))]).double == 0.1)
        #expect(try NumberTargets(dictionary: ["float": NSNumber(value: Float(0.1))]).float == Float(0.1))
        #expect(try NumberTargets(dictionary: ["decimal": NSNumber(value: UInt64.max)]).decimal == Decimal(UInt64.max))
        #expect(try NumberTargets(dictionary: ["decimal": NSNumber(value: Int64.min)]).decimal == Decimal(Int64.min))
        #expect(try NumberTargets(dictionary: ["decimal": NSNumber(value: 0.1)]).decimal == Decimal(string: "0.1"))
        #expect(
            try NumberTargets(dictionary: ["decimal": NSNumber(value: Float(0.1))]).decimal == Decimal(string: "0.1"))
        #expect(try NumberTargets(dictionary: ["text": NSNumber(value: UInt64.max)]).text == "18446744073709551615")
        #expect(try NumberTargets(dictionary: ["text": NSNumber(value: 2.5)]).text == "2.5")
    }

    /// More digits than a Double holds: π to 35 places.
    static let longDecimal = "3.14159265358979323846264338327950288"

    @Test("NSDecimalNumber keeps every digit for Decimal and is its nearest Double for Double")
    func decimalNumber() throws {
        let pi = NSDecimalNumber(string: Self.longDecimal)
        let strict = try NumberTargets(dictionary: ["decimal": pi, "double": pi], options: .strict)
        #expect(strict.decimal == Decimal(string: Self.longDecimal))
        #expect(strict.decimal.description == Self.longDecimal)
        #expect(strict.double == 3.141592653589793)
        #expect(try NumberTargets(dictionary: ["text": pi]).text == Self.longDecimal)
        let huge = NSDecimalNumber(string: "12345678901234567890123")
        #expect(try NumberTargets(dictionary: ["decimal": huge]).decimal.description == "12345678901234567890123")
        #expect(try NumberTargets(dictionary: ["double": huge]).double == 12_345_678_901_234_567_890_123.0)
        #expect(try NumberTargets(dictionary: ["int": NSDecimalNumber(string: "42")], options: .strict).int == 42)
        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: "number 4.5"), at: ValuePath("int"))) {
            try NumberTargets(dictionary: ["int": NSDecimalNumber(string: "4.5")], options: .strict)
        }
        // Whatever a decimal 1 is worth, it is the number 1: lenient mode makes it a Bool as it does 1 and 1.0.
        let one = Self.decode("flag", NSDecimalNumber(string: "1"), strict: false)
        #expect(one.model?.flag == true)
        #expect(one.notes == ["flag: converted number 1 to Bool"])
        #expect(throws: MappingError(.typeMismatch(expected: "Bool", found: "number 1"), at: ValuePath("flag"))) {
            try NumberTargets(dictionary: ["flag": NSDecimalNumber(string: "1")], options: .strict)
        }
    }
}
