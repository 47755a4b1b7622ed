import Foundation

/// The conversion table: what each property type accepts, in lenient and in strict mode.
///
/// This file is the one place where a value of one kind becomes a value of another; every reader, the
/// `Codable` decoder and generated code go through it, so the rules cannot drift apart.
public enum ConversionRules {
    /// Converts a scalar to a fixed-width integer: integers in range, integral doubles, numeric strings
    /// (`"10"`, `" 10 "`) and bools as 1/0 in lenient mode.
    @inlinable
    public static func integer<T: FixedWidthInteger>(
        _ value: Value, as type: T.Type, context: DecodingContext
    )
        throws -> T
    {
        switch value {
        case .integer(let number):
            if let exact = T(exactly: number) { return exact }
            throw context.error(.numberOutOfRange(expected: "\(T.self)", found: "\(number)"))
        case .unsignedInteger(let number):
            if let exact = T(exactly: number) { return exact }
            throw context.error(.numberOutOfRange(expected: "\(T.self)", found: "\(number)"))
        case .double(let number):
            // A double at or below -2^63 is a whole number whose neighbours are 2,048 apart: the JSON reader
            // makes one of `-9223372036854775809` and of every integer literal rounding to it, so it cannot
            // stand for `Int64.min` exactly (above 2^63 `T(exactly:)` already fails). Rejecting it here rather
            // than reading such literals as `.decimal` keeps the JSON tree one that survives property lists and
            // Swift's own `Double` parser, which the fuzz properties compare it with.
            if number > -0x1p63, let exact = T(exactly: number) { return exact }
            if number.isFinite && number == number.rounded() {
                throw context.error(.numberOutOfRange(expected: "\(T.self)", found: "\(number)"))
            }
            throw context.mismatch(expected: "\(T.self)", found: value)
        case .decimal(let number):
            if let exact = integer(fromText: number.description, as: T.self) { return exact }
            // `JSONSerialization` hands over integers beyond 64 bits as `NSDecimalNumber`: a whole number that
            // `T` cannot hold is out of range, like the same number from JSON bytes, not of the wrong kind.
            var whole = Decimal()
            var original = number
            NSDecimalRound(&whole, &original, 0, .plain)
            if !number.isNaN && whole == number {
                throw context.error(.numberOutOfRange(expected: "\(T.self)", found: number.description))
            }
            throw context.mismatch(expected: "\(T.self)", found: value)
        case .string(let text) where !context.isStrict:
            if let number = integer(fromText: text, as: T.self) {
                context.noteConversion(of: value, to: "\(T.self)")
                return number
            }
            throw context.mismatch(expected: "\(T.self)", found: value)
        case .bool(let flag) where !context.isStrict:
            context.noteConversion(of: value, to: "\(T.self)")
            return flag ? 1 : 0
        default:
            throw context.mismatch(expected: "\(T.self)", found: value)
        }
    }

    /// Parses integer text, trimmed of white space; integral decimal text such as `"10.0"` is accepted.
    @inlinable
    public static func integer<T: FixedWidthInteger>(fromText text: String, as type: T.Type) -> T? {
        let trimmed = trimmingWhitespace(text)
        if let exact = T(trimmed) { return exact }
        if trimmed.first == "+", let exact = T(trimmed.dropFirst()) { return exact }
        if trimmed.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }),
            let decimal = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")),
            let exact = T(decimal.description)
        {
            return exact
        }
        return nil
    }

    /// `text` without the white space and newlines around it, as `trimmingCharacters(in:
    /// .whitespacesAndNewlines)` gives it.
    ///
    /// Text that neither starts nor ends with white space or a non-ASCII byte is returned as it is, without
    /// Foundation's trimming, which goes through UTF-16.
    @inlinable
    public static func trimmingWhitespace(_ text: String) -> String {
        // Foundation's trimming took a tenth of the time of decoding Weibo's `"640"`-style numbers.
        guard let first = text.utf8.first, let last = text.utf8.last else { return text }
        if Self.isPlainEdge(first) && Self.isPlainEdge(last) { return text }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `byte` is ASCII and neither a space nor a control character (tab, newline and the like).
    @inlinable
    static func isPlainEdge(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F
    }

    /// The integer that `value` is when `T` holds it exactly: the conversion that never notes or fails, which the
    /// readers' ``ModelReader/readExactInteger(as:)`` fast paths take.
    @inlinable
    public static func exactInteger<T: FixedWidthInteger>(_ value: Value, as type: T.Type) -> T? {
        switch value {
        case .integer(let number): T(exactly: number)
        case .unsignedInteger(let number): T(exactly: number)
        default: nil
        }
    }

    /// The `Double` a number becomes without a note, as ``floatingPoint(_:as:context:)`` makes it; `nil` for a
    /// value that is not a number.
    @inlinable
    public static func exactDouble(_ value: Value) -> Double? {
        switch value {
        case .double(let number): number
        case .integer(let number): Double(number)
        case .unsignedInteger(let number): Double(number)
        case .decimal(let number): Double(String(describing: number)) ?? NSDecimalNumber(decimal: number).doubleValue
        default: nil
        }
    }

    /// Converts a scalar to a floating-point number: any number, and numeric strings in lenient mode.
    @inlinable
    public static func floatingPoint<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: Value, as type: T.Type, context: DecodingContext
    ) throws -> T {
        switch value {
        case .double(let number): return T(number)
        case .integer(let number): return T(number)
        case .unsignedInteger(let number): return T(number)
        case .decimal(let number):
            return T(String(describing: number)) ?? T(NSDecimalNumber(decimal: number).doubleValue)
        case .string(let text) where !context.isStrict:
            let trimmed = trimmingWhitespace(text)
            if let number = T(trimmed), !trimmed.isEmpty {
                context.noteConversion(of: value, to: "\(T.self)")
                return number
            }
            throw context.mismatch(expected: "\(T.self)", found: value)
        default:
            throw context.mismatch(expected: "\(T.self)", found: value)
        }
    }

    /// Converts a scalar to a Bool: bools; 0 and 1; and `true`/`false`/`yes`/`no`/`y`/`n`/`1`/`0` in any case
    /// in lenient mode.
    @inlinable
    public static func bool(_ value: Value, context: DecodingContext) throws -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .integer(let number) where !context.isStrict && (number == 0 || number == 1):
            context.noteConversion(of: value, to: "Bool")
            return number == 1
        case .double(let number) where !context.isStrict && (number == 0 || number == 1):
            context.noteConversion(of: value, to: "Bool")
            return number == 1
        // An `NSDecimalNumber` 0 or 1 from `JSONSerialization` is the number 0 or 1 too.
        case .decimal(let number) where !context.isStrict && (number == 0 || number == 1):
            context.noteConversion(of: value, to: "Bool")
            return number == 1
        case .string(let text) where !context.isStrict:
            switch trimmingWhitespace(text).lowercased() {
            case "true", "yes", "y", "1":
                context.noteConversion(of: value, to: "Bool")
                return true
            case "false", "no", "n", "0":
                context.noteConversion(of: value, to: "Bool")
                return false
            default:
                throw context.mismatch(expected: "Bool", found: value)
            }
        default:
            throw context.mismatch(expected: "Bool", found: value)
        }
    }

    /// Converts a scalar to a String: strings; numbers as their decimal text and bools as `true`/`false`
    /// in lenient mode.
    @inlinable
    public static func string(_ value: Value, context: DecodingContext) throws -> String {
        if case .string(let text) = value { return text }
        guard !context.isStrict else { throw context.mismatch(expected: "String", found: value) }
        let text: String
        switch value {
        case .integer(let number): text = String(number)
        case .unsignedInteger(let number): text = String(number)
        case .double(let number): text = decimalText(of: number)
        case .decimal(let number): text = number.description
        case .bool(let flag): text = flag ? "true" : "false"
        default: throw context.mismatch(expected: "String", found: value)
        }
        context.noteConversion(of: value, to: "String")
        return text
    }

    /// A double's shortest decimal text, without a trailing `.0` for whole numbers (`10`, `3.25`).
    public static func decimalText(of number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }

    /// Converts a scalar to a Decimal without losing a digit of the source's text.
    @inlinable
    public static func decimal(_ value: Value, context: DecodingContext) throws -> Decimal {
        switch value {
        case .decimal(let number): return number
        case .integer(let number): return Decimal(number)
        case .unsignedInteger(let number): return Decimal(number)
        case .double(let number):
            // The shortest text that reads back as the same double is what the source most likely said.
            return Decimal(string: String(number), locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(number)
        case .string(let text) where !context.isStrict:
            let trimmed = trimmingWhitespace(text)
            if let number = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")),
                trimmed.allSatisfy({ "+-0123456789.eE".contains($0) })
            {
                context.noteConversion(of: value, to: "Decimal")
                return number
            }
            throw context.mismatch(expected: "Decimal", found: value)
        default:
            throw context.mismatch(expected: "Decimal", found: value)
        }
    }

    /// Converts a scalar to a Date: property-list dates; numbers in ``DecodingOptions/dateUnit``; and the
    /// texts ``DateText`` parses.
    @inlinable
    public static func date(_ value: Value, context: DecodingContext) throws -> Date {
        switch value {
        case .date(let date): return date
        case .integer, .unsignedInteger, .double, .decimal:
            let seconds = try floatingPoint(value, as: Double.self, context: context)
            return date(fromNumber: seconds, unit: context.options.dateUnit)
        case .string(let text):
            if let date = DateText.parse(text, defaultTimeZone: context.options.defaultTimeZone) {
                return date
            }
            if !context.isStrict, let seconds = Double(text.trimmingCharacters(in: .whitespaces)) {
                context.noteConversion(of: value, to: "Date")
                return date(fromNumber: seconds, unit: context.options.dateUnit)
            }
            throw context.mismatch(expected: "Date", found: value)
        default:
            throw context.mismatch(expected: "Date", found: value)
        }
    }

    /// The date a number stands for in `unit`.
    public static func date(fromNumber number: Double, unit: DecodingOptions.DateUnit) -> Date {
        switch unit {
        case .secondsSince1970: Date(timeIntervalSince1970: number)
        case .millisecondsSince1970: Date(timeIntervalSince1970: number / 1000)
        case .secondsSinceReferenceDate: Date(timeIntervalSinceReferenceDate: number)
        }
    }

    /// Converts a scalar to Data: property-list data, or a base64 string.
    @inlinable
    public static func data(_ value: Value, context: DecodingContext) throws -> Data {
        switch value {
        case .data(let data): return data
        case .string(let text):
            if let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) { return data }
            throw context.mismatch(expected: "base64 Data", found: value)
        default:
            throw context.mismatch(expected: "Data", found: value)
        }
    }

    /// Converts a scalar to a URL: a string that parses as one as it is; in lenient mode also one that parses
    /// only once its invalid characters (spaces, `|`, non-ASCII) are percent-encoded, with a note.
    @inlinable
    public static func url(_ value: Value, context: DecodingContext) throws -> URL {
        guard case .string(let text) = value, !text.isEmpty else {
            throw context.mismatch(expected: "URL", found: value)
        }
        // `URL(string:)` percent-encodes what RFC 3986 does not allow (swift-foundation, so Linux and Darwin
        // alike), which changes the text: `"a b"` would come back as `a%20b` without a word.
        if let url = URL(string: text, encodingInvalidCharacters: false) { return url }
        if !context.isStrict, let url = URL(string: text) {
            context.noteConversion(of: value, to: "percent-encoded URL")
            return url
        }
        throw context.mismatch(expected: "URL", found: value)
    }

    /// Converts a scalar to a UUID: a string in the 8-4-4-4-12 form.
    @inlinable
    public static func uuid(_ value: Value, context: DecodingContext) throws -> UUID {
        if case .string(let text) = value,
            let uuid = UUID(uuidString: text.trimmingCharacters(in: .whitespaces))
        {
            return uuid
        }
        throw context.mismatch(expected: "UUID", found: value)
    }
}
