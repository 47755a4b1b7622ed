import Foundation
import ModelKit

/// Plain `Codable` twins of the benchmark models: the same properties, the same keys (spelled out in
/// `CodingKeys`, the fastest way for Foundation's coders), no macro. `JSONDecoder`, `JSONEncoder` and the
/// property-list coders run on these, and so does ``ModelDecoder`` in the `codable-json-decode` cases.
///
/// The twins are written at build time from the `@DictionaryModel` models by the `CodableTwins` build plugin
/// (`Benchmarks/CodableTwins`): each struct again, inside this enum, with `Date` read by ``FeedDate`` and the
/// keys the macro would read, `Codable` synthesized by the compiler. A twin that needs its own `init(from:)` is
/// written by hand in `PlainCodable+<Model>.swift`, which the plugin leaves to it. The `user` and `weibo` twins
/// also carry the hand-written dictionary code of the dictionary cases (see ``HandWritten``).
enum PlainCodable {
    /// A date that the feeds write as text (`Wed Sep 16 12:20:09 +0800 2015`).
    ///
    /// Foundation's coders have no lenient date rule: `JSONDecoder`'s date strategies do not apply to the
    /// property-list decoder, which only reads native dates. So the twins read the text themselves, with the
    /// same parser ModelKit uses, and write a native `Date`, which `JSONEncoder` turns into the same ISO 8601
    /// text ModelKit writes (see ``PlainCodable/jsonEncoder()``).
    struct FeedDate: Codable {
        var date: Date

        init(_ date: Date) {
            self.date = date
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                guard let date = DateText.parse(text, defaultTimeZone: .gmt) else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a date: \(text)")
                }
                self.date = date
            } else {
                date = try container.decode(Date.self)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(date)
        }
    }

    /// A decoder for the twins; dates are read by ``FeedDate``, so no strategy is needed.
    static func jsonDecoder() -> JSONDecoder {
        JSONDecoder()
    }

    /// An encoder that writes dates as ModelKit does by default, ISO 8601 text, so both sides write the
    /// same document.
    static func jsonEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(DateText.iso8601(date))
        }
        return encoder
    }
}

extension KeyedDecodingContainer {
    /// An integer that may be written as decimal text, as Weibo writes some picture sizes (`"640"`): what
    /// ModelKit's lenient rules accept, written out by hand because `Codable` has no such rule.
    func decodeIntegerOrText(forKey key: Key) throws -> Int {
        if let number = try? decode(Int.self, forKey: key) { return number }
        let text = try decode(String.self, forKey: key)
        guard let number = Int(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected an integer, found \"\(text)\"")
        }
        return number
    }
}
