import Foundation

/// Parses the date texts the conversion table lists, by hand, because `DateFormatter` is slow and not
/// thread-safe on every platform:
///
/// - ISO 8601 with or without fractional seconds and zone: `2024-05-01T10:00:00Z`,
///   `2024-05-01T10:00:00.250+02:00`
/// - `yyyy-MM-dd HH:mm:ss` and `yyyy-MM-dd`, in the given default time zone
/// - `EEE MMM dd HH:mm:ss Z yyyy`, as Twitter and Weibo write them: `Tue May 31 17:46:55 +0800 2011`
public enum DateText {
    /// The date `text` names, or `nil` when it is in none of the formats.
    public static func parse(_ text: String, defaultTimeZone: TimeZone) -> Date? {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = ByteScanner(bytes: bytes)
            scanner.skipSpaces()
            if let first = scanner.peek, first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") {
                return parseNumeric(&scanner, defaultTimeZone: defaultTimeZone)
            }
            return parseWeekdayForm(&scanner)
        }
    }

    /// The ISO 8601 text of `date` in UTC, with milliseconds when the date has a fraction of a second.
    public static func iso8601(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        var seconds = interval.rounded(.down)
        var millis = Int(((interval - seconds) * 1000).rounded())
        if millis == 1000 {
            seconds += 1
            millis = 0
        }
        let whole = Int64(seconds)
        var days = whole / 86_400
        var rest = whole % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        let (year, month, day) = civil(fromDays: days)
        func two(_ number: Int64) -> String { number < 10 ? "0\(number)" : "\(number)" }
        var text = "\(String(format: "%04lld", year))-\(two(month))-\(two(day))T"
        text += "\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))"
        if millis != 0 { text += String(format: ".%03d", millis) }
        return text + "Z"
    }

    private static func parseNumeric(_ scanner: inout ByteScanner, defaultTimeZone: TimeZone) -> Date? {
        guard let year = scanner.digits(4), scanner.take(UInt8(ascii: "-")),
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
        let local = Double(days * 86_400 + Int64(seconds)) + fraction
        if let offset { return Date(timeIntervalSince1970: local - Double(offset)) }
        let guess = Date(timeIntervalSince1970: local)
        return Date(timeIntervalSince1970: local - Double(defaultTimeZone.secondsFromGMT(for: guess)))
    }

    private static let monthNames = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]

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

/// A cursor over ASCII bytes for the small fixed formats of ``DateText``.
private struct ByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    var atEnd: Bool { position >= bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[position] }

    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        position += 1
        return true
    }

    mutating func skipSpaces() {
        while peek == UInt8(ascii: " ") { position += 1 }
    }

    mutating func digit() -> Int? {
        guard let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        position += 1
        return Int(byte - UInt8(ascii: "0"))
    }

    mutating func digits(_ count: Int) -> Int? {
        var number = 0
        for _ in 0..<count {
            guard let next = digit() else { return nil }
            number = number * 10 + next
        }
        return number
    }

    mutating func letters(_ count: Int) -> String? {
        guard position + count <= bytes.count else { return nil }
        var text = ""
        for offset in 0..<count {
            let byte = bytes[position + offset] | 0x20
            guard byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") else { return nil }
            text.unicodeScalars.append(Unicode.Scalar(byte))
        }
        position += count
        return text
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
