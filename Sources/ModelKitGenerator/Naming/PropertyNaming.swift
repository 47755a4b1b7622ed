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

    /// The name the key would like, before collisions are settled.
    static func preferredName(for key: String, snakeCase: Bool) -> (name: String, needsKey: Bool) {
        if snakeCase && isPlainSnakeCase(key) {
            let name = SwiftIdentifier.lowerCamelCase(key, fallback: "value")
            return (name, SwiftIdentifier.keywords.contains(key))
        }
        if SwiftIdentifier.isValid(key), let first = key.utf8.first, !SwiftIdentifier.isUpper(first) {
            // Under the snake_case strategy the macro would read `userId` as `user_id`.
            let spelledBack = !snakeCase || (!key.utf8.contains(where: SwiftIdentifier.isUpper) && !key.contains("_"))
            if spelledBack { return (key, false) }
        }
        return (SwiftIdentifier.lowerCamelCase(key, fallback: "value"), true)
    }
}
