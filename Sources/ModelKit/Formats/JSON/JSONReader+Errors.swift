extension JSONReader {
    /// ``JSONText/syntaxError(at:detail:)`` for the reader's bytes.
    @usableFromInline @inline(never)
    func syntaxError(at position: Int, detail: String) -> MappingError {
        text.syntaxError(at: position, detail: detail)
    }

    /// ``JSONText/unexpected(at:expected:)`` for the reader's bytes.
    @usableFromInline @inline(never)
    func unexpected(at position: Int, expected: String) -> MappingError {
        text.unexpected(at: position, expected: expected)
    }

    /// An error for a literal that starts like `literal` but is not it; the word found is quoted whole.
    @usableFromInline @inline(never)
    func misspelled(expected literal: String) -> MappingError {
        var end = offset
        while end < bytes.count && end - offset < 16 {
            let byte = bytes[end] | 0x20
            guard byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") else { break }
            end += 1
        }
        let word = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        return syntaxError(at: offset, detail: "expected \(literal), found '\(word)'")
    }

    /// An error for a call that the reader's state does not allow, such as `nextKey` inside an array.
    @usableFromInline @inline(never)
    func misuse(_ detail: String) -> MappingError {
        syntaxError(at: offset, detail: detail)
    }
}
