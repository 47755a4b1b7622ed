import Foundation
import ModelKit
import Testing

@DictionaryModel(keyStrategy: .snakeCase)
struct DatedPost: Equatable {
    var createdAt: Date
    var editedAt: Date = Date(timeIntervalSince1970: 0)
}

/// The JSON and property-list readers parse date text where it lies (``ModelReader/readExactDate()``), and
/// leave everything else to the full decoding of `Date`: these tests hold the bytes' path to that of a tree or
/// of Foundation objects, which always goes the full way.
@Suite("Dates read where they lie")
struct DateReadingTests {
    /// Texts in every form ``DateText`` reads, with and without a zone of their own, escaped, malformed, and
    /// values that are not text.
    static let values = [
        #""Tue May 31 17:46:55 +0800 2011""#,
        #""Sun Aug 31 00:29:15 +0000 2014""#,
        #""2024-05-01T10:00:00Z""#,
        #""2024-05-01T10:00:00.250+02:00""#,
        #""2024-05-01T10:00:00-0530""#,
        #""+33658-09-27T01:46:40Z""#,
        #""-0001-12-31T23:59:59Z""#,
        #"" 2024-05-01T10:00:00Z ""#,
        #""2024-05-01 10:00:00""#,
        #""2024-05-01T10:00""#,
        #""2024-05-01""#,
        #""\u0032024-05-01T10:00:00Z""#,
        #""Tue May 31 17:46:55 +0800 2011\u00e9""#,
        #""Tue May 31 17:46:55 +0800 2011é""#,
        #""2024-13-01T10:00:00Z""#,
        #""Tue Mai 31 17:46:55 +0800 2011""#,
        #""1714557600""#,
        #""yesterday""#,
        #""""#,
        "1714557600",
        "1.5e9",
        "true",
        "null",
        "[]",
    ]

    static let optionSets: [(name: String, options: DecodingOptions)] = {
        var eastern = DecodingOptions()
        eastern.defaultTimeZone = TimeZone(secondsFromGMT: 7200)!
        return [("default", DecodingOptions()), ("UTC+2", eastern), ("strict", .strict)]
    }()

    @Test(
        "Every date value decodes from JSON bytes as from its tree: the same date, notes and errors",
        arguments: values)
    func bytesMatchTree(value: String) throws {
        let data = Data(#"{"created_at": \#(value), "edited_at": \#(value)}"#.utf8)
        for (name, options) in Self.optionSets {
            let fromBytes = Result { try DatedPost.decode(data: data, options: options) }
            let fromTree = Result { try DatedPost.decode(value: JSONFormat.value(from: data), options: options) }
            switch (fromBytes, fromTree) {
            case (.success(let bytes), .success(let tree)):
                #expect(bytes.model == tree.model, "\(name): \(value)")
                #expect(bytes.diagnostics == tree.diagnostics, "\(name): \(value)")
            case (.failure(let bytes), .failure(let tree)):
                #expect(String(describing: bytes) == String(describing: tree), "\(name): \(value)")
            default:
                Issue.record("\(name): \(value): bytes \(fromBytes), tree \(fromTree)")
            }
        }
    }

    /// Property-list values: the texts of ``values`` as strings, a native date, and values of other kinds.
    static var propertyListValues: [Any] {
        [
            "Tue May 31 17:46:55 +0800 2011", "2024-05-01T10:00:00.250+02:00", "+33658-09-27T01:46:40Z",
            " 2024-05-01T10:00:00Z ", "2024-05-01 10:00:00", "2024-05-01", "Tue May 31 17:46:55 +0800 2011é",
            "2024-13-01T10:00:00Z", "1714557600", "yesterday", "", Date(timeIntervalSince1970: 1_714_557_600.5),
            1_714_557_600, 1.5e9, true,
        ]
    }

    @Test(
        "Every date value decodes from a binary or XML property list as from its Foundation objects",
        arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
    func propertyListMatchesObjects(format: PropertyListSerialization.PropertyListFormat) throws {
        for value in Self.propertyListValues {
            let object: [String: Any] = ["created_at": value, "edited_at": value]
            let data = try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0)
            // As Foundation reads the file back: an XML date keeps whole seconds only.
            let readBack = try PropertyListSerialization.propertyList(from: data, format: nil)
            for (name, options) in Self.optionSets {
                let fromBytes = Result { try DatedPost.decode(data: data, options: options) }
                let fromObjects = Result { try DatedPost.decode(object: readBack, options: options) }
                switch (fromBytes, fromObjects) {
                case (.success(let bytes), .success(let objects)):
                    #expect(bytes.model == objects.model, "\(name): \(value)")
                    // A Foundation dictionary lists its keys in hash order, which changes from run to run.
                    #expect(Set(bytes.diagnostics) == Set(objects.diagnostics), "\(name): \(value)")
                case (.failure(let bytes), .failure(let objects)):
                    #expect(String(describing: bytes) == String(describing: objects), "\(name): \(value)")
                default:
                    Issue.record("\(name): \(value): bytes \(fromBytes), objects \(fromObjects)")
                }
            }
        }
    }

    @Test("A zone-less text takes the options' zone from bytes too; a text with its own zone ignores it")
    func zoneLessTextTakesTheOptionsZone() throws {
        var eastern = DecodingOptions()
        eastern.defaultTimeZone = TimeZone(secondsFromGMT: 7200)!
        let zoneless = Data(#"{"created_at": "2024-05-01 10:00:00"}"#.utf8)
        #expect(try DatedPost(data: zoneless).createdAt == Date(timeIntervalSince1970: 1_714_557_600))
        #expect(try DatedPost(data: zoneless, options: eastern).createdAt == Date(timeIntervalSince1970: 1_714_550_400))
        let zoned = Data(#"{"created_at": "Wed May 01 10:00:00 +0000 2024"}"#.utf8)
        #expect(try DatedPost(data: zoned, options: eastern).createdAt == Date(timeIntervalSince1970: 1_714_557_600))
    }

    @Test("Dates in both of Twitter's and ISO 8601's forms over four centuries read back from bytes")
    func randomDatesReadBack() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let seconds = Int64.random(in: -5_000_000_000...10_000_000_000, using: &generator)
            let date = Date(timeIntervalSince1970: Double(seconds))
            let offset = Int.random(in: -14...14, using: &generator) * 1800
            let iso = try DateText.iso8601(date)
            #expect(try DatedPost(data: Data(#"{"created_at": "\#(iso)"}"#.utf8)).createdAt == date, "\(iso)")
            let twitter = Self.weekdayForm(date, offsetSeconds: offset)
            #expect(try DatedPost(data: Data(#"{"created_at": "\#(twitter)"}"#.utf8)).createdAt == date, "\(twitter)")
        }
    }

    /// `EEE MMM dd HH:mm:ss Z yyyy` in the zone `offsetSeconds` east of UTC, written with Foundation's calendar.
    static func weekdayForm(_ date: Date, offsetSeconds: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offsetSeconds)!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let sign = offsetSeconds < 0 ? "-" : "+"
        func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let zone = sign + twoDigits(abs(offsetSeconds) / 3600) + twoDigits(abs(offsetSeconds) % 3600 / 60)
        let time = [parts.hour!, parts.minute!, parts.second!].map(twoDigits).joined(separator: ":")
        let day = "\(weekdays[parts.weekday! - 1]) \(months[parts.month! - 1]) \(twoDigits(parts.day!))"
        return "\(day) \(time) \(zone) \(parts.year!)"
    }
}
