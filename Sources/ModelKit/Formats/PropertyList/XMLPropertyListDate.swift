import Foundation

/// The `<date>` text of XML property lists, `2024-01-01T00:00:00Z`: whole seconds in UTC, read and written
/// as Foundation does.
///
/// Reader and writer agree on one range, ``DateText/years`` (-999999999 to 999999999, the nine digits the
/// reader takes): every date in it is written exactly (to the whole second) and read back the same; a date
/// outside it (NaN, an infinity, `1e300` seconds) is an error either way, never clamped.
@usableFromInline
enum XMLPropertyListDate {
    /// The date of fields read from `<date>` text.
    ///
    /// Foundation adds the fields up rather than checking them, so `2024-13-01` is 2025-01-01 and
    /// `2024-02-30` is March 1st; months roll into years here the same way and days and times are added.
    static func date(year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64) -> Date {
        let months = year * 12 + (month - 1)
        let wholeYear = months >= 0 ? months / 12 : (months - 11) / 12
        let monthOfYear = months - wholeYear * 12 + 1
        let days = DateText.daysFromCivil(year: wholeYear, month: monthOfYear, day: 1) + (day - 1)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: DateText.interval(seconds))
    }

    /// Appends the text of `date` to `buffer`, dropping any fraction of a second as Foundation does.
    ///
    /// - Precondition: `DateText.hasText(date)`; the writer checks it and throws for other dates.
    @usableFromInline
    static func append(_ date: Date, to buffer: inout [UInt8]) {
        precondition(DateText.hasText(date), "a <date> outside DateText.years")
        let whole = Int64(date.timeIntervalSince1970.rounded(.down))
        var days = whole / 86_400
        var rest = whole % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        let (year, month, day) = DateText.civil(fromDays: days)
        if year < 0 { buffer.append(UInt8(ascii: "-")) }
        let digits = Array(String(year.magnitude).utf8)
        if digits.count < 4 { buffer.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 4 - digits.count)) }
        buffer.append(contentsOf: digits)
        func two(_ value: Int64, after separator: UInt8) {
            buffer.append(separator)
            buffer.append(UInt8(ascii: "0") + UInt8(value / 10))
            buffer.append(UInt8(ascii: "0") + UInt8(value % 10))
        }
        two(month, after: UInt8(ascii: "-"))
        two(day, after: UInt8(ascii: "-"))
        two(rest / 3600, after: UInt8(ascii: "T"))
        two(rest / 60 % 60, after: UInt8(ascii: ":"))
        two(rest % 60, after: UInt8(ascii: ":"))
        buffer.append(UInt8(ascii: "Z"))
    }
}
