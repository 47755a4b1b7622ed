import Foundation
import ModelKit
import OrderedCollections

/// A ``Value`` read through ModelKit's own pull readers, that keeps a JSON number's digits when a `Double`
/// would lose some, so that inference can choose `Decimal` for it.
///
/// `Value`'s own decoding turns every fractional JSON number into a `Double`; by then the digits are gone.
/// Reading through ``ModelReader/readDecimal()`` first sees the number's text; property lists have no such
/// text and read as they always do.
struct SampleTree: ModelDecodable {
    var value: Value

    static var nullValue: SampleTree? { SampleTree(value: .null) }

    init(value: Value) {
        self.value = value
    }

    init<R: ModelReader>(from reader: inout R, context: borrowing DecodingContext) throws {
        value = try Self.read(from: &reader, context: context)
    }

    private static func read<R: ModelReader>(from reader: inout R, context: DecodingContext) throws -> Value {
        if try reader.beginDictionary() {
            var dictionary = OrderedDictionary<String, Value>()
            while try reader.nextKey(in: .empty) != .end {
                let key = reader.currentKey()
                try context.push(.key(key))
                dictionary[key] = try read(from: &reader, context: context)
                context.pop()
            }
            return .dictionary(dictionary)
        }
        if try reader.beginArray() {
            var array: [Value] = []
            while try reader.nextElement() {
                try context.push(.index(array.count))
                array.append(try read(from: &reader, context: context))
                context.pop()
            }
            return .array(array)
        }
        if let integer = try reader.readExactInteger(as: Int64.self) { return .integer(integer) }
        if let decimal = try reader.readDecimal() { return Self.number(decimal) }
        return try reader.readScalar()
    }

    /// The number as the narrowest case that holds every digit of its text.
    static func number(_ decimal: Decimal) -> Value {
        let text = decimal.description
        if let integer = Int64(text) { return .integer(integer) }
        if let unsigned = UInt64(text) { return .unsignedInteger(unsigned) }
        guard let double = Double(text) else { return .decimal(decimal) }
        return DecimalDigits.doubleKeepsDigits(of: text, double) ? .double(double) : .decimal(decimal)
    }
}

/// Whether a `Double` holds every significant digit of a number's text.
enum DecimalDigits {
    /// `true` when the text has at most 17 significant digits: a `Double` holds any such number to the digits that
    /// name it (canada.json's `-65.613616999999977` is a double printed with 17 digits, not a money amount), and
    /// asking which 16- and 17-digit texts a double reproduces exactly would give no different type. More digits
    /// than that are `Decimal`.
    static func doubleKeepsDigits(of text: String, _ double: Double) -> Bool {
        // Asking (with `String(format:)`) tripled the time of reading canada.json.
        significantDigitCount(text) <= 17
    }

    /// How many significant digits a number's text has: without sign, point, exponent, leading or trailing zeros.
    static func significantDigitCount(_ text: String) -> Int {
        var first = -1
        var last = -1
        var index = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if byte != UInt8(ascii: "0") {
                    if first < 0 { first = index }
                    last = index
                }
                index += 1
            }
        }
        return first < 0 ? 0 : last - first + 1
    }
}
