/// The snake_case spelling of a property name (`imageURL` → `image_url`), for plain `Codable` types decoded
/// with ``DecodingOptions/KeyStrategy/snakeCase``.
///
/// Models get the same spelling from the macro at compile time; this is its run-time twin, so the two agree
/// on acronyms (`userID` → `user_id`, `URLString` → `url_string`, `picIDs` → `pic_ids`) and on leading
/// underscores (`_id` stays `_id`).
enum SnakeCaseKey {
    static func key(for name: String) -> String {
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

extension FlatDecodingState {
    /// The key in the data for `key`: its name, or its snake_case spelling when the call asks for that.
    ///
    /// A keyed container's `allKeys` lists the data's own keys; a snake_case key is its own snake_case
    /// spelling, so asking for one of them finds it under either strategy.
    @inline(__always)
    func dataKey(_ key: some CodingKey) -> String {
        let name = key.stringValue
        return isSnakeCase ? snakeCaseKey(name) : name
    }

    /// The snake_case spelling of `name`, made once per call.
    private func snakeCaseKey(_ name: String) -> String {
        if let renamed = renamedKeys[name] { return renamed }
        let renamed = SnakeCaseKey.key(for: name)
        renamedKeys[name] = renamed
        return renamed
    }
}

extension ModelKeyStrategy {
    /// The key a property named `name` reads under this strategy when `@Key` names none: the name as written,
    /// or its snake_case spelling (`imageURL` → `image_url`, `picIDs` → `pic_ids`), the same spelling that
    /// `@DictionaryModel(keyStrategy: .snakeCase)` gives it at compile time.
    ///
    /// Tools that write models use it to tell whether a name needs `@Key` to read its key.
    public func key(forPropertyNamed name: String) -> String {
        switch self {
        case .propertyNames: name
        case .snakeCase: SnakeCaseKey.key(for: name)
        }
    }
}
