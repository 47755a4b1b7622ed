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

    /// The words of `text`: runs of ASCII letters and digits, split at every other character and where a
    /// lowercase letter meets an uppercase one (`screen_name`, `screen-name`, `screenName` → screen, name).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            guard isLetter(byte) || isDigit(byte) else {
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current = []
                continue
            }
            if isUpper(byte), let last = current.last, isLower(last) || isDigit(last) {
                words.append(String(decoding: current, as: UTF8.self))
                current = []
            }
            current.append(byte)
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// `text` as a lowerCamelCase name (`PLEYEL_PLEYEL` → `pleyelPleyel`, `1x` → `_1x`, `class` →
    /// `classValue`); `fallback` when nothing of it can be used.
    static func lowerCamelCase(_ text: String, fallback: String) -> String {
        let parts = words(text)
        guard let first = parts.first else { return fallback }
        var name = lowercasedWord(first)
        for word in parts.dropFirst() { name += capitalized(word) }
        if let head = name.utf8.first, isDigit(head) { name = "_" + name }
        if keywords.contains(name) { name += "Value" }
        return name
    }

    /// `text` as an UpperCamelCase type name (`search_metadata` → `SearchMetadata`); `fallback` when nothing of
    /// it can be used.
    static func upperCamelCase(_ text: String, fallback: String) -> String {
        let parts = words(text)
        guard !parts.isEmpty else { return fallback }
        var name = parts.map { acronyms.contains($0.lowercased()) ? $0.uppercased() : capitalized($0) }.joined()
        if let head = name.utf8.first, isDigit(head) { name = fallback + name }
        return name
    }

    /// Words that Swift's API guidelines write in capitals in a type name (`URL`, `UserID`).
    static let acronyms: Set<String> = ["api", "html", "http", "https", "id", "json", "uri", "url", "uuid", "xml"]

    /// A word with its first letter uppercased; an all-uppercase word (`PLEYEL`) is lowercased first, an
    /// acronym inside a camelCase key (`userID`) is kept.
    static func capitalized(_ word: String) -> String {
        let word = word.utf8.allSatisfy({ !isLower($0) }) && word.utf8.count > 1 ? word.lowercased() : word
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    private static func lowercasedWord(_ word: String) -> String {
        if word.utf8.allSatisfy({ !isLower($0) }) { return word.lowercased() }
        return word.prefix(1).lowercased() + word.dropFirst()
    }

    static func isLetter(_ byte: UInt8) -> Bool { isLower(byte) || isUpper(byte) }
    static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    static func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
