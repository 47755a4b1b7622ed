/// Key spelling rules the macro applies at compile time, so no key is converted while decoding.
enum KeyName {
    /// `imageURL` → `image_url`, `userID` → `user_id`, `URLString` → `url_string`, `_id` → `_id`.
    static func snakeCase(_ name: String) -> String {
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

    /// Splits `info.city` or `images[0].url` into its steps.
    static func pathComponents(_ key: String) -> [PathStep] {
        var steps: [PathStep] = []
        for segment in key.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(segment)
            while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]"),
                let index = Int(rest[rest.index(after: open)..<close])
            {
                if open > rest.startIndex { steps.append(.key(String(rest[..<open]))) }
                steps.append(.index(index))
                rest = rest[rest.index(after: close)...]
            }
            if !rest.isEmpty { steps.append(.key(String(rest))) }
        }
        return steps
    }

    /// Whether the key is a path rather than a plain key.
    static func isPath(_ key: String) -> Bool {
        let steps = pathComponents(key)
        if steps.count != 1 { return true }
        if case .key(let name) = steps[0] { return name != key }
        return true
    }
}

/// One step of a key path as the macro sees it.
enum PathStep: Equatable {
    case key(String)
    case index(Int)
}
