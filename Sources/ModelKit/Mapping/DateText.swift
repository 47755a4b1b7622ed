import Foundation

/// Parses the date texts the conversion table lists, by hand, because `DateFormatter` is slow and not
/// thread-safe on every platform:
///
/// - ISO 8601 with or without fractional seconds and zone: `2024-05-01T10:00:00Z`,
///   `2024-05-01T10:00:00.250+02:00`; years outside 0000...9999 in ISO 8601's expanded form, with a sign and
///   four to nine digits: `+33658-09-27T01:46:40Z`, `-0001-12-31T23:59:59Z`
/// - `yyyy-MM-dd HH:mm:ss` and `yyyy-MM-dd`, in the given default time zone (with expanded years too)
/// - `EEE MMM dd HH:mm:ss Z yyyy`, as Twitter and Weibo write them: `Tue May 31 17:46:55 +0800 2011`
///
/// A date has a text when it falls in one of the ``years`` (about ±3.2e16 seconds from 1970); the same range
/// bounds the `<date>` of XML property lists. ``parse(_:defaultTimeZone:)`` returns no date outside it, so
/// everything it reads ``iso8601(_:)`` writes back.
public enum DateText {
    /// The years a date text can name, in ISO 8601 here and in `<date>` in XML property lists: nine digits,
    /// as the XML property list reader accepts.
    public static let years: ClosedRange<Int64> = -999_999_999...999_999_999

    /// Seconds since 1970 of -999999999-01-01T00:00:00Z, the first second of ``years``.
    @usableFromInline static let firstSecond: Int64 = -31_557_014_135_596_800
    /// Seconds since 1970 of +1000000000-01-01T00:00:00Z, the first second after ``years``.
    @usableFromInline static let endSecond: Int64 = 31_556_889_832_780_800

    /// Whether `date` has a text: it is finite and its whole second (rounded down) is in one of ``years``.
    ///
    /// NaN, the infinities and dates past the range (`1e300` seconds, say) have none.
    @inlinable
    public static func hasText(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        // Both bounds are multiples of 86,400 well below 2^63, so they are exact doubles; NaN fails both tests.
        return seconds >= Double(firstSecond) && seconds < Double(endSecond)
    }

    /// `seconds` as a time interval, rounded down where a double cannot hold every second (past 2^53 seconds,
    /// about the year 285,000,000), so that a second in one of the ``years`` stays in them.
    static func interval(_ seconds: Int64) -> Double {
        let rounded = Double(seconds)
        // Within ±2^62 the conversion back cannot overflow, and it is exact, so this tells a rounding up.
        guard rounded.magnitude < 0x1p62 else { return rounded }
        return Int64(rounded) > seconds ? rounded.nextDown : rounded
    }

    /// The error for a date without a text (see ``hasText(_:)``), at `path`: the reason is
    /// ``MappingError/Reason/numberOutOfRange(expected:found:)``, and the found value names the seconds.
    @usableFromInline
    static func noTextError(for date: Date, at path: ValuePath) -> MappingError {
        MappingError(
            .numberOutOfRange(
                expected: "a date text, whose years are \(years.lowerBound)...\(years.upperBound)",
                found: "the date \(date.timeIntervalSince1970) seconds from 1970"),
            at: path)
    }

    /// The date `text` names, or `nil` when it is in none of the formats or outside the ``years``.
    public static func parse(_ text: String, defaultTimeZone: TimeZone) -> Date? {
        text.withUTF8Bytes { parse(utf8: $0, defaultTimeZone: defaultTimeZone) }
    }

    /// The date that the text `bytes` names with a time zone of its own, or `nil` (no date, or one that needs the
    /// default time zone): what readers parse where it lies in their input, for
    /// ``ModelReader/readExactDate()``, without making a `String`. No form has a byte above 0x7F, so other
    /// text is `nil` too.
    static func dateWithOwnZone(in bytes: UnsafeRawBufferPointer) -> Date? {
        parse(utf8: bytes.assumingMemoryBound(to: UInt8.self), defaultTimeZone: nil)
    }

    /// The date the UTF-8 text `bytes` names, or `nil` when it is in none of the formats or outside the
    /// ``years``; with no `defaultTimeZone`, also `nil` for a text without a zone of its own.
    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, defaultTimeZone: TimeZone?) -> Date? {
        var scanner = ByteScanner(bytes: bytes)
        scanner.skipSpaces()
        guard let first = scanner.peek else { return nil }
        if (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) || first == UInt8(ascii: "+")
            || first == UInt8(ascii: "-")
        {
            return parseNumeric(&scanner, defaultTimeZone: defaultTimeZone)
        }
        return parseWeekdayForm(&scanner)
    }

    /// The ISO 8601 text of `date` in UTC, with milliseconds when the date has a fraction of a second.
    ///
    /// Years 0000...9999 have four digits; the others have a sign and at least four digits (`-0001`,
    /// `+33658`), ISO 8601's expanded form, which ``parse(_:defaultTimeZone:)`` reads back.
    ///
    /// - Throws: ``MappingError`` with ``MappingError/Reason/numberOutOfRange(expected:found:)`` for a date
    ///   without a text: NaN, an infinity, or a date outside the ``years`` (see ``hasText(_:)``). Nothing is
    ///   clamped or rounded into range. Writing a model to JSON with ISO 8601 dates throws the same error,
    ///   with the key path of the date (`statuses[0].created_at`); `EncodingOptions.dateEncoding` set to
    ///   seconds writes any finite date as a number instead.
    public static func iso8601(_ date: Date) throws -> String {
        guard let text = iso8601Text(date) else { throw noTextError(for: date, at: ValuePath()) }
        return text
    }

    /// The ISO 8601 text of `date`, or `nil` when it has none; see ``iso8601(_:)``.
    @usableFromInline
    static func iso8601Text(_ date: Date) -> String? {
        guard hasText(date) else { return nil }
        let interval = date.timeIntervalSince1970
        var seconds = interval.rounded(.down)
        var millis = Int64(((interval - seconds) * 1000).rounded())
        if millis == 1000 {
            seconds += 1
            millis = 0
        }
        let whole = Int64(seconds)
        // Past 2^52 seconds a double has no fraction, so rounding up cannot leave the range; checked anyway.
        guard whole < endSecond else { return nil }
        var days = whole / 86_400
        var rest = whole % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        let (year, month, day) = civil(fromDays: days)
        var text = ""
        if year < 0 {
            text += "-"
        } else if year > 9999 {
            text += "+"
        }
        text += padded(year.magnitude, to: 4)
        text += "-" + padded(UInt64(month), to: 2) + "-" + padded(UInt64(day), to: 2) + "T"
        text += padded(UInt64(rest / 3600), to: 2) + ":" + padded(UInt64(rest / 60 % 60), to: 2) + ":"
        text += padded(UInt64(rest % 60), to: 2)
        if millis != 0 { text += "." + padded(UInt64(millis), to: 3) }
        return text + "Z"
    }

    /// The decimal digits of `number`, with leading zeros up to `width`.
    private static func padded(_ number: UInt64, to width: Int) -> String {
        let digits = String(number)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private static func parseNumeric(_ scanner: inout ByteScanner, defaultTimeZone: TimeZone?) -> Date? {
        let year: Int
        if scanner.take(UInt8(ascii: "+")) {
            guard let digits = scanner.digits(4...9) else { return nil }
            year = digits
        } else if scanner.take(UInt8(ascii: "-")) {
            guard let digits = scanner.digits(4...9) else { return nil }
            year = -digits
        } else {
            guard let digits = scanner.digits(4) else { return nil }
            year = digits
        }
        guard scanner.take(UInt8(ascii: "-")),
            let month = scanner.digits(2), scanner.take(UInt8(ascii: "-")),
            let day = scanner.digits(2), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var seconds = 0
        var fraction = 0.0
        var offset: Int?
        if scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: " ")) {
            guard let hour = scanner.digits(2), scanner.take(UInt8(ascii: ":")),
                let minute = scanner.digits(2), hour < 24, minute < 60
            else { return nil }
            var second = 0
            if scanner.take(UInt8(ascii: ":")) {
                guard let parsed = scanner.digits(2), parsed <= 60 else { return nil }
                second = parsed
                if scanner.take(UInt8(ascii: ".")) || scanner.take(UInt8(ascii: ",")) {
                    var scale = 0.1
                    var any = false
                    while let digit = scanner.digit() {
                        fraction += Double(digit) * scale
                        scale /= 10
                        any = true
                    }
                    if !any { return nil }
                }
            }
            seconds = hour * 3600 + minute * 60 + second
            scanner.skipSpaces()
            offset = scanner.zoneOffset()
        }
        scanner.skipSpaces()
        guard scanner.atEnd else { return nil }
        let days = daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        let local = interval(days * 86_400 + Int64(seconds)) + fraction
        let date: Date
        if let offset {
            date = Date(timeIntervalSince1970: local - Double(offset))
        } else {
            guard let defaultTimeZone else { return nil }
            let guess = Date(timeIntervalSince1970: local)
            date = Date(timeIntervalSince1970: local - Double(defaultTimeZone.secondsFromGMT(for: guess)))
        }
        // A zone can move the first or last day of the range past it; such a date has no text to write back.
        return hasText(date) ? date : nil
    }

    /// The months' three-letter names in lowercase, each packed as ``ByteScanner/letters(_:)`` packs them:
    /// matching a date's month is then twelve integer comparisons, not twelve `String` ones.
    private static let monthNames: [UInt32] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ].map { name in name.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

    private static func parseWeekdayForm(_ scanner: inout ByteScanner) -> Date? {
        guard scanner.letters(3) != nil, scanner.take(UInt8(ascii: " ")),
            let monthName = scanner.letters(3), let monthIndex = monthNames.firstIndex(of: monthName),
            scanner.take(UInt8(ascii: " ")), let day = scanner.digits(2), scanner.take(UInt8(ascii: " ")),
            let hour = scanner.digits(2), scanner.take(UInt8(ascii: ":")),
            let minute = scanner.digits(2), scanner.take(UInt8(ascii: ":")),
            let second = scanner.digits(2), scanner.take(UInt8(ascii: " ")),
            let offset = scanner.zoneOffset(), scanner.take(UInt8(ascii: " ")),
            let year = scanner.digits(4), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        scanner.skipSpaces()
        guard scanner.atEnd else { return nil }
        let days = daysFromCivil(year: Int64(year), month: Int64(monthIndex + 1), day: Int64(day))
        let local = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return Date(timeIntervalSince1970: Double(local - Int64(offset)))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

// Called, each run of digits in Twitter's dates cost a call of about 60 instructions (measured), several hundred
// a date.
/// A cursor over ASCII bytes for the small fixed formats of ``DateText``.
///
/// Its steps are always inlined, so that a run of digits costs no call.
private struct ByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    @inline(__always)
    var atEnd: Bool { position >= bytes.count }
    @inline(__always)
    var peek: UInt8? { atEnd ? nil : bytes[position] }

    @inline(__always)
    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        position += 1
        return true
    }

    @inline(__always)
    mutating func skipSpaces() {
        while peek == UInt8(ascii: " ") { position += 1 }
    }

    @inline(__always)
    mutating func digit() -> Int? {
        guard let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        position += 1
        return Int(byte - UInt8(ascii: "0"))
    }

    /// As many digits as there are, up to `range.upperBound`; `nil` when fewer than `range.lowerBound`.
    @inline(__always)
    mutating func digits(_ range: ClosedRange<Int>) -> Int? {
        var number = 0
        var count = 0
        while count < range.upperBound, let next = digit() {
            number = number * 10 + next
            count += 1
        }
        return count >= range.lowerBound ? number : nil
    }

    @inline(__always)
    mutating func digits(_ count: Int) -> Int? {
        var number = 0
        for _ in 0..<count {
            guard let next = digit() else { return nil }
            number = number * 10 + next
        }
        return number
    }

    /// Up to four ASCII letters, lowercased and packed into an integer, first letter highest.
    @inline(__always)
    mutating func letters(_ count: Int) -> UInt32? {
        guard count <= 4, position + count <= bytes.count else { return nil }
        var packed: UInt32 = 0
        for offset in 0..<count {
            let byte = bytes[position + offset] | 0x20
            guard byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") else { return nil }
            packed = packed << 8 | UInt32(byte)
        }
        position += count
        return packed
    }

    /// `Z`, `+HH:mm`, `+HHmm` or `+HH`, as seconds east of UTC.
    mutating func zoneOffset() -> Int? {
        if take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z")) { return 0 }
        let sign: Int
        if take(UInt8(ascii: "+")) {
            sign = 1
        } else if take(UInt8(ascii: "-")) {
            sign = -1
        } else {
            return nil
        }
        guard let hours = digits(2) else { return nil }
        _ = take(UInt8(ascii: ":"))
        let minutes = digits(2) ?? 0
        return sign * (hours * 3600 + minutes * 60)
    }
}
