/// What Swift accepts as a name, and how a key or a value is turned into one.
enum SwiftIdentifier {
    /// Words that cannot name a property or a case without backticks; a key spelled like one gets another name
    /// and `@Key`, so the generated code never needs backticks.
    static let keywords: Set<String> = [
        "Any", "Protocol", "Self", "Type", "as", "associatedtype", "await", "break", "case", "catch", "class",
        "continue", "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false",
        "fileprivate", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let",
        "nil", "open", "operator", "precedencegroup", "private", "protocol", "public", "repeat", "rethrows",
        "return", "self", "static", "struct", "subscript", "super", "switch", "throw", "throws", "true", "try",
        "typealias", "var", "where", "while",
    ]

    /// Whether `name` is an ASCII identifier that is not a keyword.
    static func isValid(_ name: String) -> Bool {
        guard let first = name.utf8.first, name != "_", !keywords.contains(name) else { return false }
        guard isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return name.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    /// The words of `text`: runs of ASCII letters and digits, split at every other character, where a lowercase
    /// letter or a digit meets an uppercase one, and before the last capital of a run of capitals that a
    /// lowercase letter follows (`screen_name`, `screen-name`, `screenName` → screen, name; `URLString` → URL,
    /// String; `picIDs` → pic, IDs).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() {
            guard isLetter(byte) || isDigit(byte) else {
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current = []
                continue
            }
            if isUpper(byte), let last = current.last {
                let next = index + 1 < bytes.count ? bytes[index + 1] : nil
                // `IDs`: a plural acronym stays one word; `URLString`: the S starts the next word.
                let pluralAcronym =
                    next == UInt8(ascii: "s") && (index + 2 == bytes.count || !isLower(bytes[index + 2]))
                let endsAcronym = isUpper(last) && next.map(isLower) == true && !pluralAcronym
                if isLower(last) || isDigit(last) || endsAcronym {
                    words.append(String(decoding: current, as: UTF8.self))
                    current = []
                }
            }
            current.append(byte)
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// `text` as a lowerCamelCase name with acronyms in capitals after the first word (`PLEYEL_PLEYEL` →
    /// `pleyelPleyel`, `image-url` → `imageURL`, `pic_ids` → `picIDs`, `1x` → `_1x`, `class` → `classValue`);
    /// `fallback` when nothing of it can be used.
    static func lowerCamelCase(_ text: String, fallback: String) -> String {
        let parts = words(text)
        guard let first = parts.first else { return fallback }
        var name = first.lowercased()
        for word in parts.dropFirst() { name += wordInName(word) }
        if let head = name.utf8.first, isDigit(head) { name = "_" + name }
        if keywords.contains(name) { name += "Value" }
        return name
    }

    /// Each of `texts` as a lowerCamelCase name (`value` when nothing of it can be used), a name met before
    /// taking the first free number after it (`firstName`, `firstName2`).
    static func distinctLowerCamelCase(_ texts: [String]) -> [String] {
        var used: Set<String> = []
        return texts.map { text in
            var name = lowerCamelCase(text, fallback: "value")
            if used.contains(name) {
                var number = 2
                while used.contains("\(name)\(number)") { number += 1 }
                name = "\(name)\(number)"
            }
            used.insert(name)
            return name
        }
    }

    /// `text` as an UpperCamelCase type name with acronyms in capitals (`search_metadata` → `SearchMetadata`,
    /// `image_url` → `ImageURL`); `nil` when it has no letter or digit.
    static func upperCamelCase(_ text: String) -> String? {
        let parts = words(text)
        guard !parts.isEmpty else { return nil }
        return parts.map(wordInName).joined()
    }

    /// Words that Swift's API guidelines write in capitals in a name (`imageURL`, `UserID`), and their plurals
    /// (`IDs`, `URLs`).
    static let acronyms: Set<String> = [
        "api", "html", "http", "https", "id", "ip", "json", "uri", "url", "uuid", "xml",
    ]

    /// A word after the first in a name: an acronym in capitals (a plural's `s` kept small), any other word
    /// capitalized, an all-uppercase word (`PLEYEL`) lowercased first.
    static func wordInName(_ word: String) -> String {
        let lower = word.lowercased()
        if acronyms.contains(lower) { return lower.uppercased() }
        if lower.hasSuffix("s"), acronyms.contains(String(lower.dropLast())) {
            return lower.dropLast().uppercased() + "s"
        }
        let word = word.utf8.allSatisfy({ !isLower($0) }) && word.utf8.count > 1 ? lower : word
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    static func isLetter(_ byte: UInt8) -> Bool { isLower(byte) || isUpper(byte) }
    static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    static func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
