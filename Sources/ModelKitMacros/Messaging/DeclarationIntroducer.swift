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
        // Read in place: the source is the whole declaration, and only its first line or so is read.
        var source = source
        guard
            let introducer = source.withUTF8({ bytes in
                var scanner = IntroducerScanner(bytes: bytes)
                return scanner.introducer()
            })
        else { return nil }
        self = introducer
    }
}

/// Reads a declaration's text up to its introducer.
private struct IntroducerScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    /// Modifiers that may stand before a declaration's keyword.
    static let modifiers: Set<String> = [
        "public", "package", "internal", "fileprivate", "private", "open", "final", "indirect", "nonisolated",
        "consuming", "borrowing", "sending",
    ]

    mutating func introducer() -> DeclarationIntroducer? {
        while true {
            guard skipTrivia(), index < bytes.count else { return nil }
            let byte = bytes[index]
            if byte == UInt8(ascii: "@") {
                index += 1
                guard skipQualifiedName(), skipArgumentsIfAny() else { return nil }
                continue
            }
            guard let word = readIdentifier() else { return nil }
            switch word {
            case "struct": return .structure
            case "enum": return .enumeration
            case _ where Self.modifiers.contains(word):
                guard skipArgumentsIfAny() else { return nil }
            default: return .other
            }
        }
    }

    /// Skips whitespace and comments; `false` on an unterminated comment.
    mutating func skipTrivia() -> Bool {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                guard skipBlockComment() else { return false }
            default:
                return true
            }
        }
        return true
    }

    var next: UInt8? { index + 1 < bytes.count ? bytes[index + 1] : nil }

    /// Skips a block comment, which nests in Swift.
    mutating func skipBlockComment() -> Bool {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && next == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*") && next == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return true }
            } else {
                index += 1
            }
        }
        return false
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        default:
            return byte >= 0x80
        }
    }

    mutating func readIdentifier() -> String? {
        let start = index
        while index < bytes.count && Self.isIdentifierByte(bytes[index]) { index += 1 }
        guard index > start else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// An attribute's name, `Name` or `Module.Name`.
    mutating func skipQualifiedName() -> Bool {
        guard readIdentifier() != nil else { return false }
        while index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard readIdentifier() != nil else { return false }
        }
        return true
    }

    /// Skips an argument list that follows at once, with its nested parentheses and plain string literals;
    /// `false` at text it does not read with certainty (raw or multi-line strings, `/`, `#`).
    mutating func skipArgumentsIfAny() -> Bool {
        guard index < bytes.count && bytes[index] == UInt8(ascii: "(") else { return true }
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "("):
                depth += 1
                index += 1
            case UInt8(ascii: ")"):
                depth -= 1
                index += 1
                if depth == 0 { return true }
            case UInt8(ascii: "\""):
                guard skipStringLiteral() else { return false }
            case UInt8(ascii: "#"), UInt8(ascii: "/"):
                return false
            default:
                index += 1
            }
        }
        return false
    }

    /// Skips a one-line string literal without interpolation.
    mutating func skipStringLiteral() -> Bool {
        guard next != UInt8(ascii: "\"") else { return false }  // `""` or the start of a multi-line literal
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return true
            case UInt8(ascii: "\\"):
                // An escape; an interpolation could hold quotes and parentheses of its own.
                guard next != UInt8(ascii: "("), next != nil else { return false }
                index += 2
            case UInt8(ascii: "\n"):
                return false
            default:
                index += 1
            }
        }
        return false
    }
}
