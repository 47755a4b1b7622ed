import Foundation
import ModelKit

/// How a preference's value is kept in a property list, which has no null and no decimal type.
///
/// swift-corelibs-foundation's `UserDefaults.set(_:forKey:)` stops the process on `NSNull`, a `Decimal` comes
/// back from it as a truncated integer (`1.5` → `1`), and a property-list file cannot hold a null array
/// element at all. So the parts a property list cannot hold exactly are stored as small tagged dictionaries,
/// and read back as what they were: a `[String?]` holding `nil`, or a `Decimal` with all its digits, reads
/// back equal to what was set. Everything else is stored as it is, so plain values stay readable by any
/// property-list reader (`defaults.integer(forKey:)`).
///
/// A tagged dictionary has the key ``tagKey``; a dictionary of the app's own that has that key is tagged too,
/// so that it is never mistaken for a tag.
enum PreferenceStorageForm {
    /// The key that marks a tagged dictionary.
    static let tagKey = "$ModelStore"

    private enum Tag: String {
        case null
        case decimal
        case dictionary
    }

    /// `value` with every null and decimal, and every dictionary that has ``tagKey``, replaced by its tag.
    ///
    /// Recursion follows the tree, whose depth the encoder and reader that made it limit.
    static func storable(_ value: Value) -> Value {
        switch value {
        case .null:
            return .dictionary([tagKey: .string(Tag.null.rawValue)])
        case .decimal(let decimal):
            return .dictionary([tagKey: .string(Tag.decimal.rawValue), "text": .string(decimal.description)])
        case .array(let elements):
            return .array(elements.map(storable))
        case .dictionary(let entries):
            var stored = OrderedDictionaryOfValues(minimumCapacity: entries.count)
            for (key, element) in entries { stored[key] = storable(element) }
            guard entries[tagKey] != nil else { return .dictionary(stored) }
            return .dictionary([tagKey: .string(Tag.dictionary.rawValue), "entries": .dictionary(stored)])
        default:
            return value
        }
    }

    /// The value that ``storable(_:)`` made `stored` from; a value stored without tags is returned as it is.
    static func restored(_ stored: Value) -> Value {
        switch stored {
        case .array(let elements):
            return .array(elements.map(restored))
        case .dictionary(let entries):
            if case .string(let name)? = entries[tagKey], let tag = Tag(rawValue: name) {
                switch (tag, entries["text"], entries["entries"]) {
                case (.null, _, _) where entries.count == 1:
                    return .null
                case (.decimal, .string(let text)?, _) where entries.count == 2:
                    if let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) {
                        return .decimal(decimal)
                    }
                case (.dictionary, _, .dictionary(let inner)?) where entries.count == 2:
                    return .dictionary(inner.mapValues(restored))
                default:
                    break
                }
            }
            return .dictionary(entries.mapValues(restored))
        default:
            return stored
        }
    }
}
