/// The tokens of a declaration's source, as the plug-in's fast path reads them (``StructSourceReader``).
///
/// Only the plain part of Swift's lexical grammar: identifiers, numbers, single-line string literals (their
/// interpolations on the same line), punctuation, comments and whitespace. Anything else (`#if`, raw and
/// multi-line strings, regular expressions and `/`, key-path expressions) makes it give up, and the request goes
/// to swift-syntax, which reads all of Swift.
struct SourceTokens {
    /// A token: its kind and where it stands in the source's bytes.
    struct Token {
        enum Kind: Equatable {
            case identifier
            case integer
            case float
            case string
            /// A string literal with interpolations, `"\(name)!"`.
            case interpolatedString
            /// One punctuation character, or `->`.
            case punctuation
        }

        var kind: Kind
        var start: Int
        var end: Int
        /// Whether a line break stands between it and the token before.
        var startsLine: Bool
        /// Whether whitespace or a comment stands between it and the token before.
        var followsSpace: Bool
    }

    let bytes: [UInt8]
    private(set) var tokens: [Token] = []

    /// The tokens of `source`, or `nil` where it leaves the plain grammar.
    init?(_ source: String) {
        bytes = Array(source.utf8)
        guard tokenize() else { return nil }
    }

    /// The token's text.
    func text(_ token: Token) -> String {
        text(from: token, through: token)
    }

    /// The source from the start of `first` to the end of `last`, with what stands between them as written.
    func text(from first: Token, through last: Token) -> String {
        String(decoding: bytes[first.start..<last.end], as: UTF8.self)
    }

    /// Whether `token` is the punctuation `character`.
    func isPunctuation(_ token: Token, _ character: Unicode.Scalar) -> Bool {
        token.kind == .punctuation && token.end - token.start == 1 && bytes[token.start] == UInt8(ascii: character)
    }

    /// The index after the bracket `close` that matches the bracket `open` at `start` in `tokens`, or `nil` if
    /// none does.
    func indexAfterClosing(
        _ open: Unicode.Scalar, _ close: Unicode.Scalar, from start: Int, in tokens: ArraySlice<Token>
    ) -> Int? {
        var depth = 0
        var position = start
        while position < tokens.endIndex {
            if isPunctuation(tokens[position], open) { depth += 1 }
            if isPunctuation(tokens[position], close) { depth -= 1 }
            position += 1
            if depth == 0 { return position }
        }
        return nil
    }

    /// The content of a string literal token, between its quotes, escapes as written.
    func stringContent(_ token: Token) -> String {
        String(decoding: bytes[(token.start + 1)..<(token.end - 1)], as: UTF8.self)
    }

    private mutating func tokenize() -> Bool {
        var lexer = Lexer(bytes: bytes)
        while let token = lexer.next() { tokens.append(token) }
        return !lexer.failed
    }

    /// Reads tokens one at a time, so that a reader that needs only the first few does not read the rest.
    struct Lexer {
        let bytes: [UInt8]
        private var index = 0
        private var startsLine = true
        private var followsSpace = true
        /// Whether it stopped at text outside the plain grammar.
        private(set) var failed = false

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// The text of a token this lexer read.
        func text(_ token: Token) -> String {
            String(decoding: bytes[token.start..<token.end], as: UTF8.self)
        }

        /// The next token, or `nil` at the end or where it gives up (``failed``).
        mutating func next() -> Token? {
            guard !failed, skipTrivia(), index < bytes.count else { return nil }
            let byte = bytes[index]
            let start = index
            let kind: Token.Kind
            if SourceTokens.isIdentifierHead(byte) {
                index += 1
                while index < bytes.count && SourceTokens.isIdentifierBody(bytes[index]) { index += 1 }
                kind = .identifier
            } else if byte == UInt8(ascii: "`") {
                index += 1
                while index < bytes.count && SourceTokens.isIdentifierBody(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "`"), index > start + 1 else { return fail() }
                index += 1
                kind = .identifier
            } else if SourceTokens.isDigit(byte) {
                guard let (end, isFloat) = SourceTokens.numberEnd(bytes, from: index) else { return fail() }
                index = end
                kind = isFloat ? .float : .integer
            } else if byte == UInt8(ascii: "\"") {
                guard let (end, isInterpolated) = SourceTokens.stringEnd(bytes, from: index) else { return fail() }
                index = end
                kind = isInterpolated ? .interpolatedString : .string
            } else if byte == UInt8(ascii: "-") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ">") {
                index += 2
                kind = .punctuation
            } else if SourceTokens.punctuation.contains(byte) {
                index += 1
                kind = .punctuation
            } else {
                // `#`, `\`, `/`, `'` and control characters.
                return fail()
            }
            defer {
                startsLine = false
                followsSpace = false
            }
            return Token(kind: kind, start: start, end: index, startsLine: startsLine, followsSpace: followsSpace)
        }

        private mutating func fail() -> Token? {
            failed = true
            return nil
        }

        /// Skips whitespace and comments; `false` on an unterminated comment.
        private mutating func skipTrivia() -> Bool {
            while index < bytes.count {
                let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
                switch bytes[index] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    followsSpace = true
                    index += 1
                case UInt8(ascii: "\n"):
                    startsLine = true
                    followsSpace = true
                    index += 1
                case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
                    while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                    followsSpace = true
                case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                    guard let end = SourceTokens.blockCommentEnd(bytes, from: index) else {
                        failed = true
                        return false
                    }
                    if bytes[index..<end].contains(UInt8(ascii: "\n")) { startsLine = true }
                    index = end
                    followsSpace = true
                default:
                    return true
                }
            }
            return true
        }
    }

    static let punctuation: Set<UInt8> = Set("{}()[]<>,:;=?!.@&|+-*%^~".utf8)

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Letters, `_`, `$`, and every byte beyond ASCII: Swift's identifiers take most of Unicode, and an operator
    /// character read as part of a word makes a token that no reader here accepts where it would matter.
    static func isIdentifierHead(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    static func isIdentifierBody(_ byte: UInt8) -> Bool {
        isIdentifierHead(byte) || isDigit(byte)
    }

    /// Where a block comment that starts at `index` ends; block comments nest.
    static func blockCommentEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        var depth = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return nil
    }

    /// Where a number that starts at `index` ends, and whether it is a floating-point literal.
    static func numberEnd(_ bytes: [UInt8], from start: Int) -> (Int, Bool)? {
        let isHex =
            start + 1 < bytes.count && bytes[start] == UInt8(ascii: "0") && bytes[start + 1] == UInt8(ascii: "x")
        var index = start
        var isFloat = false
        while index < bytes.count {
            let byte = bytes[index]
            let previous = bytes[index - 1 < start ? start : index - 1]
            if isIdentifierBody(byte) {
                if !isHex && (byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")) { isFloat = true }
                if isHex && (byte == UInt8(ascii: "p") || byte == UInt8(ascii: "P")) { isFloat = true }
                index += 1
            } else if byte == UInt8(ascii: "."), isHex {
                // A hexadecimal float (`0x1.8p1`) or a member of a hexadecimal number: not read here.
                return nil
            } else if byte == UInt8(ascii: "."), index + 1 < bytes.count, isDigit(bytes[index + 1]) {
                isFloat = true
                index += 1
            } else if (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")) && index > start
                && ((!isHex && (previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E")))
                    || (isHex && (previous == UInt8(ascii: "p") || previous == UInt8(ascii: "P"))))
            {
                index += 1
            } else {
                break
            }
        }
        return (index, isFloat)
    }

    /// Where a single-line string literal that starts at `index` ends, and whether it interpolates.
    static func stringEnd(_ bytes: [UInt8], from start: Int) -> (Int, Bool)? {
        // `"""` opens a multi-line string.
        if start + 2 < bytes.count && bytes[start + 1] == UInt8(ascii: "\"") && bytes[start + 2] == UInt8(ascii: "\"") {
            return nil
        }
        var index = start + 1
        var isInterpolated = false
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                return (index + 1, isInterpolated)
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "\n") else { return nil }
                if bytes[index + 1] == UInt8(ascii: "(") {
                    guard let end = interpolationEnd(bytes, from: index + 1) else { return nil }
                    isInterpolated = true
                    index = end
                } else {
                    index += 2
                }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return nil
            default:
                index += 1
            }
        }
        return nil
    }

    /// Where an interpolation's parentheses, opening at `index`, close: on the same line, with strings inside read
    /// as strings.
    private static func interpolationEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "("):
                depth += 1
                index += 1
            case UInt8(ascii: ")"):
                depth -= 1
                index += 1
                if depth == 0 { return index }
            case UInt8(ascii: "\""):
                guard let (end, _) = stringEnd(bytes, from: index) else { return nil }
                index = end
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "/"), UInt8(ascii: "#"):
                return nil
            default:
                index += 1
            }
        }
        return nil
    }
}
