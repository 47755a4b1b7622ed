extension JSONText {
    /// A malformed-data error at byte `position`; the line and column are worked out only now, since they
    /// cost a pass over the bytes before it.
    @usableFromInline @inline(never)
    func syntaxError(at position: Int, detail: String) -> MappingError {
        MappingError(.malformedData(format: "JSON", location: location(of: position), detail: detail), at: ValuePath())
    }

    /// An error saying what was expected at `position` and what was found there.
    @usableFromInline @inline(never)
    func unexpected(at position: Int, expected: String) -> MappingError {
        let found = position < count ? JSONText.describe(byte: self[position]) : "the end of the data"
        return syntaxError(at: position, detail: "expected \(expected), found \(found)")
    }

    @usableFromInline @inline(never)
    func controlCharacter(at position: Int) -> MappingError {
        syntaxError(
            at: position,
            detail:
                "expected an escaped control character in a string, found \(JSONText.describe(byte: self[position]))"
        )
    }

    @usableFromInline @inline(never)
    func invalidUTF8(at position: Int) -> MappingError {
        syntaxError(
            at: position,
            detail: "expected UTF-8 text, found an invalid sequence starting with byte "
                + TextPosition.hex(self[position]))
    }

    /// `line L, column C`, both counted from 1.
    @usableFromInline
    func location(of position: Int) -> String {
        TextPosition.location(of: position, in: bytes)
    }

    /// A byte as a message shows it: printable ASCII in quotes, anything else in hexadecimal.
    @usableFromInline
    static func describe(byte: UInt8) -> String {
        TextPosition.describe(byte: byte)
    }

    /// An error for a literal at `offset` that starts like `literal` but is not it; the word found is quoted
    /// whole.
    @usableFromInline @inline(never)
    func misspelled(at offset: Int, expected literal: String) -> MappingError {
        var end = offset
        while end < count && end - offset < 16 {
            let byte = self[end] | 0x20
            guard byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") else { break }
            end += 1
        }
        let word = String(decoding: span(offset, end), as: UTF8.self)
        return syntaxError(at: offset, detail: "expected \(literal), found '\(word)'")
    }

    /// An error at `offset` for a call that the reader's state does not allow, such as `nextKey` inside an
    /// array.
    @usableFromInline @inline(never)
    func misuse(at offset: Int, _ detail: String) -> MappingError {
        syntaxError(at: offset, detail: detail)
    }
}
