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
