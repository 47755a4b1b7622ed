import Foundation
import ModelKit
import Testing

/// Regression tests for the fuzzer's `xml-date-clamp` (Fuzz/Corpus/FuzzXMLPropertyListReader/
/// crash_xml_date_clamp.plist): the XML writer clamped dates to ±9e15 seconds while the reader takes years up
/// to 999,999,999.
@Suite("XML property-list dates: reader and writer agree on the years -999999999...999999999")
struct XMLDateRangeTests {
    static func xml(_ date: String) -> Data {
        Data("<plist><date>\(date)</date></plist>".utf8)
    }

    static func date(in data: Data) throws -> Date? {
        guard case .date(let date) = try PropertyListKind.value(from: data) else { return nil }
        return date
    }

    @Test("every date in the range is written exactly, to the whole second, and reads back the same")
    func roundTripOverTheWholeRange() throws {
        var seconds: [Double] = [0, -1, 1e12, -1e12, 9e15, 9e15 + 1, -9e15 - 1, 1e16, -1e16, 3e16, -3e16]
        seconds += [-31_557_014_135_596_800, 31_556_889_832_780_796, 4_503_599_627_370_495.5, -0.5]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1_000 {
            seconds.append(Double.random(in: -31_557_014_135_596_800...31_556_889_832_780_796, using: &generator))
        }
        for value in seconds {
            let written = try PropertyListKind.data(from: .date(Date(timeIntervalSince1970: value)), format: .xml)
            let back = try Self.date(in: written)
            #expect(back?.timeIntervalSince1970 == value.rounded(.down), "\(value)")
            #expect(try PropertyListKind.data(from: PropertyListKind.value(from: written), format: .xml) == written)
        }
    }

    @Test("the last seconds of the year 999999999 read, and write back within it")
    func lastYear() throws {
        // The fuzzer's seed: past 2^53 seconds a double holds every fourth second, rounded down.
        let read = try #require(try Self.date(in: Self.xml("999999999-12-31T23:59:59Z")))
        #expect(read.timeIntervalSince1970 == 31_556_889_832_780_796)
        let written = try PropertyListKind.data(from: .date(read), format: .xml)
        #expect(String(decoding: written, as: UTF8.self).contains("<date>999999999-12-31T23:59:56Z</date>"))
        #expect(try Self.date(in: written) == read)
        let first = try #require(try Self.date(in: Self.xml("-999999999-01-01T00:00:00Z")))
        #expect(first.timeIntervalSince1970 == -31_557_014_135_596_800)
    }

    @Test("dates outside the range are an error both ways, never clamped")
    func outsideTheRange() throws {
        for seconds in [Double.nan, .infinity, -.infinity, 1e300, 3.2e16, -3.2e16, 1e17] {
            let value = Value.dictionary(["when": .array([.date(Date(timeIntervalSince1970: seconds))])])
            let error = #expect(throws: MappingError.self) { try PropertyListKind.data(from: value, format: .xml) }
            #expect(error?.path.description == "when[0]", "\(seconds)")
            guard case .numberOutOfRange? = error?.reason else {
                Issue.record("\(seconds): \(String(describing: error))")
                continue
            }
        }
        // With a null as well, whichever comes first is refused (Fuzz/Corpus/FuzzBinaryPropertyListReader/
        // crash_null_before_nan_date.bplist, which the fuzz property once expected to fail on the date).
        let nan = Value.date(Date(timeIntervalSince1970: .nan))
        let nullFirst = #expect(throws: MappingError.self) {
            try PropertyListKind.data(from: .array([.null, nan]), format: .xml)
        }
        let nullRefused = if case .typeMismatch(_, "null")? = nullFirst?.reason { true } else { false }
        #expect(nullRefused, "\(String(describing: nullFirst))")
        let dateFirst = #expect(throws: MappingError.self) {
            try PropertyListKind.data(from: .array([nan, .null]), format: .xml)
        }
        #expect(dateFirst?.path == ValuePath([.index(0)]))
        #expect(dateFirst?.reason.kind == .numberOutOfRange)
        // Fields roll over as in Foundation, so these name dates past the nine-digit years.
        for text in ["999999999-13-01T00:00:00Z", "999999999-12-31T23:59:60Z", "-999999999-00-31T00:00:00Z"] {
            let error = #expect(throws: MappingError.self) { try Self.date(in: Self.xml(text)) }
            guard case .malformedData(_, _, let detail)? = error?.reason else {
                Issue.record("\(text): \(String(describing: error))")
                continue
            }
            #expect(detail.contains("outside the years"))
        }
    }
}
