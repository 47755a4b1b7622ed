extension JSONReader {
    /// Scans forward until only `base` containers are open, following strings and brackets only.
    ///
    /// With `entering`, the container that starts at `offset` is entered first. Nesting goes on the frame
    /// stack, not the call stack, and still counts against ``maximumDepth``; a closing bracket must match the
    /// container it closes.
    @usableFromInline
    mutating func skipContainers(downTo base: Int, entering: Bool) throws {
        let count = text.count
        if entering {
            try push(text[offset] == UInt8(ascii: "{") ? .dictionary : .array)
            offset &+= 1
        }
        while openCount > base {
            // Bytes between strings and brackets only need to be passed over, eight at a time.
            while offset &+ 8 <= count {
                let found = JSONReader.bracketOrQuoteMask(
                    text.word(at: offset))
                if found != 0 {
                    offset &+= found.trailingZeroBitCount &>> 3
                    break
                }
                offset &+= 8
            }
            while offset < count {
                let byte = text[offset]
                let folded = byte | 0x20
                if byte == UInt8(ascii: "\"") || folded == UInt8(ascii: "{") || folded == UInt8(ascii: "}") { break }
                offset &+= 1
            }
            let isDictionary = innermost.isDictionary
            guard offset < count else {
                throw text.unexpected(at: count, expected: isDictionary ? "'}'" : "']'")
            }
            switch text[offset] {
            case UInt8(ascii: "\""):
                offset = try text.stringEnd(from: offset &+ 1) &+ 1
            case UInt8(ascii: "{"):
                try push(.dictionary)
                offset &+= 1
            case UInt8(ascii: "["):
                try push(.array)
                offset &+= 1
            case UInt8(ascii: "}"):
                guard isDictionary else { throw text.unexpected(at: offset, expected: "']' to close the array") }
                pop()
                offset &+= 1
            default:
                guard !isDictionary else { throw text.unexpected(at: offset, expected: "'}' to close the dictionary") }
                pop()
                offset &+= 1
            }
        }
    }

    /// Bit 7 of each byte of `word` that is a quote or a bracket (and possibly of bytes above such a byte):
    /// the lowest flagged byte is always a true match, as in ``JSONText/specialByteMask(_:)``.
    @inlinable @inline(__always)
    static func bracketOrQuoteMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        // Setting bit 5 folds '[' onto '{' and ']' onto '}'.
        let folded = word | ones &* 0x20
        let opening = folded ^ (ones &* UInt64(UInt8(ascii: "{")))
        let closing = folded ^ (ones &* UInt64(UInt8(ascii: "}")))
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        return ((opening &- ones) & ~opening | (closing &- ones) & ~closing | (quotes &- ones) & ~quotes)
            & (ones &* 0x80)
    }
}
