/// How the byte readers describe a place in their input for error messages.
///
/// One implementation, so JSON and XML property lists count lines and columns the same way.
@usableFromInline
enum TextPosition {
    /// `line L, column C` of a byte offset, both counted from 1; columns count Unicode scalars, not bytes.
    /// Computed only when an error is made, so reading never pays for it.
    @usableFromInline
    static func location(of offset: Int, in bytes: UnsafeRawBufferPointer) -> String {
        var line = 1
        var column = 1
        for index in 0..<min(max(offset, 0), bytes.count) {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return "line \(line), column \(column)"
    }

    /// A byte as a message shows it: printable ASCII in quotes, anything else in hexadecimal.
    @usableFromInline
    static func describe(byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte " + hex(byte)
    }

    /// `0x0A`: two upper-case hexadecimal digits.
    @usableFromInline
    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }
}

extension MappingError {
    /// A call that a reader's state does not allow, such as `nextKey` inside an array, or reading past the end.
    @usableFromInline
    static func readerMisuse(_ detail: String, depth: Int) -> MappingError {
        MappingError(.malformedData(format: "reader", location: "depth \(depth)", detail: detail), at: ValuePath())
    }
}
