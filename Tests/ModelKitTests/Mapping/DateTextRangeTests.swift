import Foundation
import ModelKit
import Testing

@DictionaryModel(keyStrategy: .snakeCase)
struct DatedEntry: Equatable {
    var createdAt: Date?
}

@DictionaryModel
struct DatedLog: Equatable {
    var entries: [DatedEntry] = []
}

/// Regression tests for the fuzzer's `iso8601-trap` and `iso8601-year-range` (Fuzz/Corpus/FuzzModelDecoding/
/// crash_iso8601_*.json, FuzzBinaryPropertyListReader/crash_iso8601_trap_nan_date.bplist).
@Suite("ISO 8601 dates: every date is written or refused, never trapped on, and reads back")
struct DateTextRangeTests {
    /// The first and the last second that have a text, in seconds since 1970.
    static let firstSecond = -31_557_014_135_596_800.0
    static let lastSecond = 31_556_889_832_780_796.0  // the last double below +1000000000-01-01

    @Test("a date of NaN, infinity or past the years ±999,999,999 has no ISO 8601 text: an error, not a trap")
    func datesWithoutText() {
        for seconds in [Double.nan, .infinity, -.infinity, 1e300, -1e300, 1e30, 9.3e18, -9.3e18, 3.2e16, -3.2e16] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(!DateText.hasText(date))
            let error = #expect(throws: MappingError.self) { try DateText.iso8601(date) }
            guard let error, case .numberOutOfRange = error.reason else {
                Issue.record("\(seconds): \(String(describing: error))")
                continue
            }
            // The writer refuses the date with the same reason, at the root it writes.
            #expect(throws: MappingError(error.reason, at: ValuePath())) { try JSONFormat.data(from: .date(date)) }
        }
    }

    @Test("a model decoded from created_at: 1e300 throws at the date's key path when written as JSON")
    func modelWithUnwritableDate() throws {
        for text in [#"{"entries":[{"created_at":1}, {"created_at":1e300}]}"#, #"{"entries":[{"created_at":1e30}]}"#] {
            let log = try DatedLog(data: Data(text.utf8))
            let error = #expect(throws: MappingError.self) { try log.jsonData() }
            #expect(error?.path.description == "entries[\(log.entries.count - 1)].created_at")
            if case .numberOutOfRange(_, let found)? = error?.reason {
                #expect(found.contains("e+"))
            } else {
                Issue.record("unexpected \(String(describing: error))")
            }
            // Seconds since 1970 are a number for any finite date; property lists hold the date itself.
            var seconds = EncodingOptions()
            seconds.dateEncoding = .secondsSince1970
            #expect(try DatedLog(data: log.jsonData(options: seconds)) == log)
            #expect(try DatedLog(data: log.propertyListData()) == log)
        }
    }

    @Test("the JSON writer names the path of a value it refuses, in every layout and with escaped keys")
    func refusalPaths() throws {
        let nan = Value.date(Date(timeIntervalSince1970: .nan))
        let value = Value.dictionary([
            "z": .array([.string("{[\",")]), "a\"b": .dictionary(["x": .array([.integer(1), .dictionary([:]), nan])]),
        ])
        for options in [
            JSONWriter.Options(), JSONWriter.Options(prettyPrinted: true),
            JSONWriter.Options(prettyPrinted: true, sortedKeys: true),
        ] {
            let error = #expect(throws: MappingError.self) { try JSONFormat.data(from: value, options: options) }
            #expect(error?.path == ValuePath([.key("a\"b"), .key("x"), .index(2)]))
            #expect(error?.reason.kind == .numberOutOfRange)
        }
        let infinity = Value.array([.array([.double(1)]), .dictionary(["k": .double(.infinity)])])
        let error = #expect(throws: MappingError.self) { try JSONFormat.data(from: infinity) }
        #expect(error?.path == ValuePath([.index(1), .key("k")]))
        #expect(error?.reason == .numberOutOfRange(expected: "a finite JSON number", found: "inf"))
    }

    @Test("a binary property-list date with NaN bits is refused as JSON and XML, kept as binary")
    func nanDateFromBinaryPropertyList() throws {
        // Fuzz/Corpus/FuzzBinaryPropertyListReader/crash_iso8601_trap_nan_date.bplist: a root date 0x7FF8….
        var bytes = Array("bplist00".utf8) + [0x33, 0x7F, 0xF8, 0, 0, 0, 0, 0, 0, 0x08]
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [0, 0, 0, 0, 0, 0, 0, 0]
        bytes += [0, 0, 0, 0, 0, 0, 0, 0x11]
        let value = try Value(data: Data(bytes))
        guard case .date(let date) = value else {
            Issue.record("expected a date, read \(value)")
            return
        }
        #expect(date.timeIntervalSince1970.isNaN)
        let json = #expect(throws: MappingError.self) { try JSONFormat.data(from: value) }
        #expect(json?.path == ValuePath())
        #expect(json?.reason.kind == .numberOutOfRange)
        let xml = #expect(throws: MappingError.self) { try PropertyListKind.data(from: value, format: .xml) }
        #expect(xml?.path == ValuePath())
        #expect(xml?.reason.kind == .numberOutOfRange)
        let binary = try PropertyListKind.data(from: value, format: .binary)
        #expect(try PropertyListKind.data(from: PropertyListKind.value(from: binary), format: .binary) == binary)
    }

    @Test("years outside 0000...9999 are written with a sign, ISO 8601's expanded years, and read back")
    func expandedYears() throws {
        let cases: [(Double, String)] = [
            (1e12, "+33658-09-27T01:46:40Z"),
            (-62_167_219_201, "-0001-12-31T23:59:59Z"),
            (-62_167_219_200, "0000-01-01T00:00:00Z"),
            (253_402_300_799, "9999-12-31T23:59:59Z"),
            (253_402_300_800, "+10000-01-01T00:00:00Z"),
            (-62_167_219_200.5, "-0001-12-31T23:59:59.500Z"),
            (Self.firstSecond, "-999999999-01-01T00:00:00Z"),
            (Self.lastSecond, "+999999999-12-31T23:59:56Z"),
        ]
        for (seconds, text) in cases {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(try DateText.iso8601(date) == text)
            #expect(DateText.parse(text, defaultTimeZone: .gmt) == date, "\(text)")
        }
    }

    @Test("DateText.parse reads what iso8601 writes over the whole range, and nothing outside it")
    func writeThenParse() throws {
        var seconds: [Double] = [0, 0.001, -0.001, 0.5, 1e9 + 0.25, -1e9 - 0.75, 1e12, -1e12, 1e15 + 0.5, 9e15]
        seconds += [-9e15, 3e16, -3e16, Self.firstSecond, Self.lastSecond, 4_503_599_627_370_495.5]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            seconds.append(Double.random(in: Self.firstSecond...Self.lastSecond, using: &generator))
            seconds.append(Double.random(in: -1e11...1e11, using: &generator))
        }
        for value in seconds {
            let date = Date(timeIntervalSince1970: value)
            let text = try DateText.iso8601(date)
            guard let back = DateText.parse(text, defaultTimeZone: .gmt) else {
                Issue.record("\(value): \(text) does not parse")
                continue
            }
            // The text keeps milliseconds: it reads back to the same text, and to the same date when whole.
            #expect(try DateText.iso8601(back) == text, "\(value)")
            if value == value.rounded(.down) { #expect(back == date, "\(value)") }
        }
        for text in [
            "+1000000000-01-01T00:00:00Z", "+999999999-12-31T23:59:59-01:00", "-999999999-01-01T00:00:00+01:00",
            "20240-01-01T00:00:00Z", "+123-01-01T00:00:00Z", "-2024", "+-2024-01-01",
        ] {
            #expect(DateText.parse(text, defaultTimeZone: .gmt) == nil, "\(text)")
        }
        let signed = DateText.parse("+2024-05-01T10:00:00Z", defaultTimeZone: .gmt)
        #expect(signed == Date(timeIntervalSince1970: 1_714_557_600))
    }

    @Test("a model whose date is in the year 33658 decodes its own JSON strictly")
    func modelRoundTripsFarDates() throws {
        // Fuzz/Corpus/FuzzModelDecoding/crash_iso8601_year_range.json
        for seconds in ["1e12", "-62167219201", "-3e16", "3e16"] {
            let log = try DatedLog(data: Data(#"{"entries":[{"created_at":\#(seconds)}]}"#.utf8))
            let json = try log.jsonData()
            let back = try DatedLog(data: json, options: .strict)
            #expect(back == log, "\(seconds): \(String(decoding: json, as: UTF8.self))")
            #expect(try back.jsonData() == json)
        }
    }
}

@Suite("Default time zone")
struct DefaultTimeZoneTests {
    @Test("A date text that names no zone is read in UTC by default, and in the zone the options name")
    func zonelessTextUsesTheOptionsZone() throws {
        #expect(DecodingOptions().defaultTimeZone.secondsFromGMT() == 0)
        let text = Value.string("2024-05-01 10:00:00")
        let utc = try Date.decode(value: text).model
        #expect(utc == Date(timeIntervalSince1970: 1_714_557_600))
        var options = DecodingOptions()
        options.defaultTimeZone = TimeZone(secondsFromGMT: 7200)!
        #expect(try Date.decode(value: text, options: options).model == utc.addingTimeInterval(-7200))
    }
}
