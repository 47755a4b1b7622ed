/// The keyword that introduces a declaration (`struct`, `enum`, `class`, …), read from its source text without
/// parsing it.
///
/// The plugin answers some requests without parsing the declaration it is sent (see ``ShortcutMessageHandler``);
/// this tells it whether the declaration is a struct or an enum. It reads only attributes, modifiers, comments
/// and whitespace before the keyword, and gives up (`nil`) at anything else, such as `#if` or a raw string in an
/// attribute's arguments: giving up costs only the shortcut.
enum DeclarationIntroducer: Equatable {
    case structure
    case enumeration
    case other

    /// The introducer of `source`, or `nil` where the text is not one this reader is sure of.
    init?(source: String) {
        var reader = IntroducerReader(lexer: SourceTokens.Lexer(bytes: Array(source.utf8)))
        guard let introducer = reader.introducer() else { return nil }
        self = introducer
    }
}

/// Reads a declaration's tokens up to its introducer, and only those: the source is the whole declaration.
private struct IntroducerReader {
    var lexer: SourceTokens.Lexer
    var peeked: SourceTokens.Token?

    /// Modifiers that may stand before a declaration's keyword.
    static let modifiers: Set<String> = [
        "public", "package", "internal", "fileprivate", "private", "open", "final", "indirect", "nonisolated",
        "consuming", "borrowing", "sending",
    ]

    mutating func introducer() -> DeclarationIntroducer? {
        while let token = take() {
            let word = text(token)
            if word == "@" {
                // The attribute's name, `Name` or `Module.Name`, right after the sign, then its arguments.
                guard let name = take(), name.kind == .identifier, !name.followsSpace else { return nil }
                while let dot = peek(), text(dot) == ".", !dot.followsSpace {
                    _ = take()
                    guard let part = take(), part.kind == .identifier, !part.followsSpace else { return nil }
                }
                guard skipArgumentsIfAny() else { return nil }
                continue
            }
            guard token.kind == .identifier else { return nil }
            switch word {
            case "struct": return .structure
            case "enum": return .enumeration
            case _ where Self.modifiers.contains(word):
                guard skipArgumentsIfAny() else { return nil }
            default: return .other
            }
        }
        return nil
    }

    /// Skips an argument list that follows at once, with its nested parentheses.
    mutating func skipArgumentsIfAny() -> Bool {
        guard let open = peek(), text(open) == "(", !open.followsSpace else { return !lexer.failed }
        var depth = 0
        while let token = take() {
            switch text(token) {
            case "(": depth += 1
            case ")": depth -= 1
            default: break
            }
            if depth == 0 { return true }
        }
        return false
    }

    func text(_ token: SourceTokens.Token) -> String {
        lexer.text(token)
    }

    mutating func peek() -> SourceTokens.Token? {
        if peeked == nil { peeked = lexer.next() }
        return peeked
    }

    mutating func take() -> SourceTokens.Token? {
        defer { peeked = nil }
        return peek()
    }
}
