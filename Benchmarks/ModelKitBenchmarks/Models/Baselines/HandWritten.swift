import Foundation
import ModelKit

/// The `dict-to-model` and `model-to-dict` baselines: an `init(dictionary:)` and a `dictionary` written by
/// hand over `[String: Any]`, the way YYModel's benchmark writes its "manually" case and the way a careful
/// engineer writes them without a library. The code extends the `Codable` twins (``PlainCodable``, files
/// `PlainCodable+<Model>+HandWritten.swift`): the structs are declared once for both baselines, and their
/// `Codable` conformance plays no part in these cases. Each field is one lookup and one cast; numbers are taken from `NSNumber` (what `JSONSerialization`
/// produces) with a fallback for `Int` and for decimal text, and dates go through ModelKit's public
/// `DateText` parser, so both sides do the same conversions.
enum HandWritten {
    /// A missing field or one of the wrong type.
    struct FieldError: Error, CustomStringConvertible {
        var key: String
        var expected: String

        var description: String { "\(key): expected \(expected)" }
    }

    /// The typed fields of one dictionary.
    struct Fields {
        let dictionary: [String: Any]

        init(_ dictionary: [String: Any]) {
            self.dictionary = dictionary
        }

        init(_ value: Any?, key: String) throws {
            guard let dictionary = value as? [String: Any] else { throw FieldError(key: key, expected: "dictionary") }
            self.dictionary = dictionary
        }

        func string(_ key: String) throws -> String {
            guard let value = dictionary[key] as? String else { throw FieldError(key: key, expected: "string") }
            return value
        }

        func optionalString(_ key: String) -> String? {
            dictionary[key] as? String
        }

        func int(_ key: String) throws -> Int {
            guard let value = Self.integer(dictionary[key]) else { throw FieldError(key: key, expected: "integer") }
            return value
        }

        func int64(_ key: String) throws -> Int64 {
            Int64(try int(key))
        }

        func optionalInt64(_ key: String) -> Int64? {
            Self.integer(dictionary[key]).map(Int64.init)
        }

        func bool(_ key: String) throws -> Bool {
            guard let value = optionalBool(key) else { throw FieldError(key: key, expected: "bool") }
            return value
        }

        func optionalBool(_ key: String) -> Bool? {
            switch dictionary[key] {
            case let number as NSNumber: number.boolValue
            case let flag as Bool: flag
            default: nil
            }
        }

        /// Date text as the feeds write it, or a `Date`, as `dictionary` writes it back.
        func date(_ key: String) throws -> Date {
            switch dictionary[key] {
            case let text as String:
                if let date = DateText.parse(text, defaultTimeZone: .gmt) { return date }
            case let date as Date:
                return date
            default:
                break
            }
            throw FieldError(key: key, expected: "date")
        }

        func fields(_ key: String) throws -> Fields {
            try Fields(dictionary[key], key: key)
        }

        func dictionaries(_ key: String) throws -> [[String: Any]] {
            guard let value = dictionary[key] as? [[String: Any]] else {
                throw FieldError(key: key, expected: "array of dictionaries")
            }
            return value
        }

        /// `nil` for a missing or null entry, as for `url_struct`, which most statuses lack.
        func optionalDictionaries(_ key: String) throws -> [[String: Any]]? {
            guard let value = dictionary[key], !(value is NSNull) else { return nil }
            guard let dictionaries = value as? [[String: Any]] else {
                throw FieldError(key: key, expected: "array of dictionaries")
            }
            return dictionaries
        }

        func strings(_ key: String) throws -> [String] {
            guard let value = dictionary[key] as? [String] else { throw FieldError(key: key, expected: "strings") }
            return value
        }

        func integers(_ key: String) throws -> [String: Int] {
            guard let entries = dictionary[key] as? [String: Any] else {
                throw FieldError(key: key, expected: "dictionary of integers")
            }
            return try entries.mapValues { value in
                guard let number = Self.integer(value) else { throw FieldError(key: key, expected: "integer") }
                return number
            }
        }

        /// An `NSNumber` (what `JSONSerialization` makes), an `Int`, or decimal text such as `"640"`.
        static func integer(_ value: Any?) -> Int? {
            switch value {
            case let number as NSNumber: number.intValue
            case let number as Int: number
            case let text as String: Int(text)
            default: nil
            }
        }
    }
}
