/// The snake_case spelling of a property name: `imageURL` → `image_url`.
///
/// The one rule for every place that spells a key in snake_case: the `@DictionaryModel` macro at compile time
/// (`keyStrategy: .snakeCase`), and ModelKit at run time for plain `Codable` types decoded with the snake_case
/// strategy and for `ModelKeyStrategy.key(forPropertyNamed:)`.
public enum SnakeCaseKey {
    /// The key for a property named `name`.
    ///
    /// Words start at a capital after a lowercase letter or a digit, and at the last capital of an acronym
    /// followed by a lowercase letter; an acronym stays one word, its plural too. Leading underscores are kept.
    ///
    /// | name | key |
    /// |---|---|
    /// | `imageURL` | `image_url` |
    /// | `userID` | `user_id` |
    /// | `URLString` | `url_string` |
    /// | `picIDs` | `pic_ids` |
    /// | `version2Name` | `version2_name` |
    /// | `_id` | `_id` |
    public static func key(for name: String) -> String {
        let leading = name.prefix(while: { $0 == "_" })
        let characters = Array(name.dropFirst(leading.count))
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character.isUppercase, let previous, !current.isEmpty {
                // An acronym's plural stays one word: `picIDs` → `pic_ids`, `URLs` → `urls`.
                let afterNext = index + 2 < characters.count ? characters[index + 2] : nil
                let pluralAcronym = next == "s" && (afterNext.map { !$0.isLowercase } ?? true)
                let startsWord =
                    previous.isLowercase || previous.isNumber
                    || (previous.isUppercase && (next?.isLowercase ?? false) && !pluralAcronym)
                if startsWord {
                    words.append(current)
                    current = ""
                }
            }
            if character == "_" {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return leading + words.map { $0.lowercased() }.joined(separator: "_")
    }
}
