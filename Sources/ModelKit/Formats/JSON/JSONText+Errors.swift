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
        let found = position < bytes.count ? JSONText.describe(byte: bytes[position]) : "the end of the data"
        return syntaxError(at: position, detail: "expected \(expected), found \(found)")
    }

    @usableFromInline @inline(never)
    func controlCharacter(at position: Int) -> MappingError {
        syntaxError(
            at: position,
            detail:
                "expected an escaped control character in a string, found \(JSONText.describe(byte: bytes[position]))"
        )
    }

    @usableFromInline @inline(never)
    func invalidUTF8(at position: Int) -> MappingError {
        syntaxError(
            at: position,
            detail: "expected UTF-8 text, found an invalid sequence starting with byte "
                + TextPosition.hex(bytes[position]))
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
}
