/// JSON text in UTF-8, and what can be read from it without moving: the scans of strings and numbers that
/// ``JSONReader`` builds on, and the errors that name a line and column.
///
/// The reader keeps its position and open containers; everything here only reads the bytes, so it is passed
/// two words instead of the whole reader.
@usableFromInline
struct JSONText {
    /// The text, borrowed from the reader's caller.
    @usableFromInline let bytes: UnsafeRawBufferPointer

    @inlinable
    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }
}

extension JSONText {
    /// The offset of the first byte at or after `offset` that is not JSON whitespace, taking runs of spaces
    /// eight at a time.
    ///
    /// Pretty-printed JSON is mostly indentation (71% of citm_catalog.json's bytes, 27% of twitter.json's), and
    /// a byte-at-a-time loop spent more instructions there than on the values.
    @usableFromInline
    func whitespaceRunEnd(from offset: Int) -> Int {
        let count = bytes.count
        var offset = offset
        while offset < count {
            let byte = bytes[offset]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return offset }
            offset &+= 1
            while offset &+ 8 <= count {
                // Bytes that are spaces become zero: the lowest set bit is in the first byte that is not one.
                let others =
                    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                    ^ 0x2020_2020_2020_2020
                if others != 0 {
                    offset &+= others.trailingZeroBitCount &>> 3
                    break
                }
                offset &+= 8
            }
        }
        return offset
    }
}
