/// Type names from keys: UpperCamelCase, singular for an array's elements, never a name the generated code
/// already uses.
enum TypeNaming {
    /// Names the generated file sees from Swift, Foundation and ModelKit; a model named so would hide them.
    static let reserved: Set<String> = [
        "Any", "AnyObject", "Array", "Bool", "Bundle", "Calendar", "Character", "Codable", "Collection", "Data",
        "Date", "Decimal", "Decoded", "Decoder", "Diagnostic", "Dictionary", "DictionaryModel", "Double",
        "Element", "Encoder", "Equatable", "Error", "Float", "Foundation", "Hashable", "Identifiable", "Ignored",
        "Index", "Int", "Key", "Locale", "ModelEnum", "ModelKit", "Never", "Notification", "Optional", "Process",
        "Protocol", "Range", "Result", "Self", "Sendable", "Sequence", "Set", "String", "Substring", "Thread",
        "TimeZone", "Timer", "Transform", "Type", "URL", "UUID", "Unit", "Value", "Void",
    ]

    /// Words whose plural is the word itself, or that are not plurals.
    private static let uncountable: Set<String> = [
        "data", "media", "metadata", "info", "information", "news", "series", "species", "status", "address",
        "class", "bus", "analysis", "basis", "axis", "canvas", "alias",
    ]

    private static let irregular: [String: String] = [
        "people": "person", "children": "child", "men": "man", "women": "woman", "indices": "index",
        "vertices": "vertex", "matrices": "matrix", "geese": "goose", "mice": "mouse", "feet": "foot",
    ]

    /// The singular of an English plural (`statuses` → `status`, `categories` → `category`, `hashtags` →
    /// `hashtag`), applied to the last word of a key only: `user_mentions` → `user_mention`.
    static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        if uncountable.contains(lower) { return word }
        if let singular = irregular[lower] { return String(word.prefix(1)) + singular.dropFirst() }
        for (suffix, replacement) in [("ies", "y"), ("sses", "ss"), ("shes", "sh"), ("ches", "ch"), ("xes", "x")]
        where lower.hasSuffix(suffix) && lower.count > suffix.count + 1 {
            return String(word.dropLast(suffix.count)) + replacement
        }
        if lower.hasSuffix("uses") && lower.count > 5 { return String(word.dropLast(2)) }
        if lower.hasSuffix("s") && !lower.hasSuffix("ss") && !lower.hasSuffix("us") && !lower.hasSuffix("is")
            && lower.count > 2
        {
            return String(word.dropLast())
        }
        return word
    }

    /// The type name for a key, singular when the values are an array's elements.
    static func name(forKey key: String, element: Bool) -> String {
        var words = SwiftIdentifier.words(key)
        if element, let last = words.last { words[words.count - 1] = singular(last) }
        return SwiftIdentifier.upperCamelCase(words.joined(separator: "_"), fallback: "Model")
    }
}
