/// Property names for a model's keys, and whether the model takes `keyStrategy: .snakeCase`.
///
/// A name needs no `@Key` only when the macro's own spelling of it is the key: the name itself without a
/// strategy, or its snake_case with one. Everything else (keys that are no identifier, keywords, names that
/// collide after conversion) gets a clean name and `@Key("…")`, so decoding never depends on a guess.
enum PropertyNaming {
    /// The names for `keys` in order, each with whether it needs `@Key`, and the strategy chosen.
    static func names(for keys: [String]) -> (names: [(name: String, needsKey: Bool)], snakeCase: Bool) {
        let snakeCase = prefersSnakeCase(keys)
        var used: Set<String> = []
        var names: [(name: String, needsKey: Bool)] = []
        for key in keys {
            var (name, needsKey) = preferredName(for: key, snakeCase: snakeCase)
            if used.contains(name) {
                var number = 2
                while used.contains("\(name)\(number)") { number += 1 }
                name = "\(name)\(number)"
                needsKey = true
            }
            used.insert(name)
            names.append((name, needsKey))
        }
        return (names, snakeCase)
    }

    /// Whether most keys of more than one word are snake_case that the macro spells back exactly.
    static func prefersSnakeCase(_ keys: [String]) -> Bool {
        var snake = 0
        var other = 0
        for key in keys {
            let hasUnderscore = key.contains("_")
            let hasUpper = key.utf8.contains(where: SwiftIdentifier.isUpper)
            if hasUnderscore && isPlainSnakeCase(key) {
                snake += 1
            } else if hasUnderscore || hasUpper {
                other += 1
            }
        }
        return snake > 0 && snake > other
    }

    /// lowercase words of letters and digits joined by single underscores, each after the first starting with a
    /// letter, and no one-letter word before another word: exactly the keys whose lowerCamelCase the macro turns
    /// back into the same snake_case (`a_b_c` would come back as `a_bc`).
    static func isPlainSnakeCase(_ key: String) -> Bool {
        let words = key.split(separator: "_", omittingEmptySubsequences: false)
        for (index, word) in words.enumerated() {
            guard let first = word.utf8.first, SwiftIdentifier.isLower(first) else { return false }
            guard word.utf8.allSatisfy({ SwiftIdentifier.isLower($0) || SwiftIdentifier.isDigit($0) }) else {
                return false
            }
            if index > 0 && index < words.count - 1 && word.utf8.count == 1 { return false }
        }
        return true
    }

    /// A plain snake_case key in lowerCamelCase with acronyms in capitals, as Swift's API guidelines write them
    /// (`profile_image_url` → `profileImageURL`, `pic_ids` → `picIDs`).
    ///
    /// The macro's snake_case keeps such acronyms whole, so it spells the name back as the key, except where an
    /// acronym meets another acronym or a one-letter word (`url_https`, `url_s`): there the acronym stays
    /// `Url`, since two runs of capitals would read back as one word.
    static func camelCaseWithAcronyms(_ key: String) -> String {
        let words = key.split(separator: "_").map(String.init)
        var name = words[0]
        for (index, word) in words.enumerated().dropFirst() {
            let next = index + 1 < words.count ? words[index + 1] : nil
            let nextIsSeparable = next.map { $0.count > 1 && !isAcronym($0) } ?? true
            if isAcronym(word) && nextIsSeparable {
                name += word.hasSuffix("s") && word != "https" ? word.dropLast().uppercased() + "s" : word.uppercased()
            } else {
                name += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        return name
    }

    private static func isAcronym(_ word: String) -> Bool {
        SwiftIdentifier.acronyms.contains(word)
            || (word.hasSuffix("s") && SwiftIdentifier.acronyms.contains(String(word.dropLast())))
    }

    /// The name the key would like, before collisions are settled.
    static func preferredName(for key: String, snakeCase: Bool) -> (name: String, needsKey: Bool) {
        if snakeCase && isPlainSnakeCase(key) {
            let name = camelCaseWithAcronyms(key)
            // `class` spelled back is `class`, but it cannot be the name: `classValue` reads it with `@Key`.
            if SwiftIdentifier.keywords.contains(name) { return (name + "Value", true) }
            return (name, false)
        }
        if SwiftIdentifier.isValid(key), let first = key.utf8.first, !SwiftIdentifier.isUpper(first) {
            // Under the snake_case strategy the macro would read `userId` as `user_id`.
            let spelledBack = !snakeCase || (!key.utf8.contains(where: SwiftIdentifier.isUpper) && !key.contains("_"))
            if spelledBack { return (key, false) }
        }
        return (SwiftIdentifier.lowerCamelCase(key, fallback: "value"), true)
    }
}
