import Foundation

/// JSON text in UTF-8, and what can be read from it without moving: the scans of strings and numbers that
/// ``JSONReader`` builds on, and the errors that name a line and column.
///
/// The reader keeps its position and open containers; everything here only reads the bytes, so it is passed
/// two words instead of the whole reader.
@usableFromInline
struct JSONText {
    /// The first byte of the text, borrowed from the reader's caller; never `nil`, so that reading a byte costs
    /// no test (an empty text points at a constant empty string instead).
    @usableFromInline let base: UnsafePointer<UInt8>
    /// How many bytes the text has. Kept rather than worked out: an `UnsafeRawBufferPointer`'s `count` tests its
    /// start for `nil` and subtracts, at every one of the bounds checks that every byte read makes.
    @usableFromInline let count: Int

    @inlinable
    init(bytes: UnsafeRawBufferPointer) {
        base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? JSONText.emptyText
        count = bytes.count
    }

    /// A valid address for a text without bytes, which is never read through it.
    @inlinable
    static var emptyText: UnsafePointer<UInt8> { ("" as StaticString).utf8Start }

    /// The byte at `offset`, which the caller has checked is below ``count``.
    @inlinable
    subscript(offset: Int) -> UInt8 {
        @inline(__always) get { base[offset] }
    }

    /// The eight bytes from `offset`, the first in the lowest bits; the caller has checked that they are all
    /// below ``count``.
    @inlinable @inline(__always)
    func word(at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    /// The four bytes from `offset`, the first in the lowest bits; the caller has checked that they are all
    /// below ``count``.
    @inlinable @inline(__always)
    func word32(at offset: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self))
    }

    /// `null`, `true`, and `false` after its first byte, as ``word32(at:)`` reads them.
    @inlinable static var nullWord: UInt32 { 0x6C6C_756E }
    @inlinable static var trueWord: UInt32 { 0x6575_7274 }
    @inlinable static var alseWord: UInt32 { 0x6573_6C61 }

    /// `bytes`, known to be well-formed UTF-8, as a `String`, copied without being validated again.
    ///
    /// `String(decoding:as:)` validates every byte, and scans ASCII text twice (to validate it, then to tell
    /// that it is ASCII), bytes that the reader's scan has already classified and its validator checked. This
    /// is the one place ModelKit makes a `String` from bytes it vouches for, so the callers' guarantees are
    /// tested against the standard library's validation byte by byte (`UncheckedStringTests`). Before the
    /// standard library's `UTF8Span` (Apple platforms of 2025 and later), the bytes are decoded as before.
    @inlinable
    static func string(validUTF8 bytes: UnsafeRawBufferPointer, isASCII: Bool) -> String {
        // The validation alone took 1.26M of the 11.6M instructions of decoding twitter.json.
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let span = bytes.assumingMemoryBound(to: UInt8.self).span
            return String(copying: UTF8Span(unchecked: span, isKnownASCII: isASCII))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes `start..<end`, within the text.
    @inlinable @inline(__always)
    func span(_ start: Int, _ end: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + start, count: end &- start)
    }

    /// The whole text.
    @inlinable
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}

extension JSONText {
    /// The offset of the first byte at or after `offset` that is not JSON whitespace.
    ///
    /// Inlined are the cases that cost a comparison or two: no whitespace, as in compact JSON, and one space,
    /// as after each colon of pretty-printed JSON; runs go to ``whitespaceRunEnd(from:)``.
    @inlinable @inline(__always)
    func whitespaceEnd(from offset: Int) -> Int {
        if offset < count {
            let byte = self[offset]
            if byte > 0x20 { return offset }
            if byte == 0x20 && offset &+ 1 < count && self[offset &+ 1] > 0x20 { return offset &+ 1 }
        }
        return whitespaceRunEnd(from: offset)
    }

    /// How many of the sixteen bytes from `offset` are spaces before the first that is not, by one vector
    /// comparison; the caller has checked that the sixteen bytes are in the text, and that the target is
    /// little-endian (the first byte in the lowest bits of the mask's first word).
    @inlinable @inline(__always)
    func leadingSpaces(at offset: Int) -> Int {
        let spaces = SIMD16<UInt8>(repeating: 0x20)
        let bytes = UnsafeRawPointer(base + offset).loadUnaligned(as: SIMD16<UInt8>.self)
        let others = unsafeBitCast(bytes .!= spaces, to: SIMD2<UInt64>.self)
        let spaceBits = others[0] != 0 ? others[0].trailingZeroBitCount : 64 &+ others[1].trailingZeroBitCount
        return spaceBits &>> 3
    }

    /// ``whitespaceEnd(from:)`` where a line break and indentation are likely, as after the comma between the
    /// entries of pretty-printed JSON: a line feed and up to fifteen spaces cost one vector comparison, inline,
    /// instead of a call to ``whitespaceRunEnd(from:)``.
    @inlinable @inline(__always)
    func indentationEnd(from offset: Int) -> Int {
        // The call cost forty instructions.
        #if _endian(little)
            if offset &+ 17 <= count && self[offset] == 0x0A {
                let end = offset &+ 1 &+ leadingSpaces(at: offset &+ 1)
                // Deeper indentation, or other whitespace after the spaces: the run goes on from there.
                return end < count && self[end] > 0x20 ? end : whitespaceRunEnd(from: end)
            }
        #endif
        return whitespaceEnd(from: offset)
    }

    /// ``indentationEnd(from:)`` for the reader's slower paths, where code size matters less: up to thirty-one
    /// spaces after the line feed cost two vector comparisons. The inline one stays at one comparison, since it
    /// is part of every generated initializer.
    @usableFromInline
    func deepIndentationEnd(from offset: Int) -> Int {
        // citm_catalog.json indents most lines by 16 to 28 spaces; a second comparison in the inline one cost
        // twitter.json 3.4%.
        #if _endian(little)
            if offset &+ 33 <= count && self[offset] == 0x0A {
                // Not two calls of `leadingSpaces(at:)`: testing the first mask for all spaces before counting
                // them is what makes the second comparison cheap (with the calls, citm_catalog +0.6%, measured).
                let spaces = SIMD16<UInt8>(repeating: 0x20)
                var start = offset &+ 1
                var others = unsafeBitCast(
                    UnsafeRawPointer(base + start).loadUnaligned(as: SIMD16<UInt8>.self) .!= spaces,
                    to: SIMD2<UInt64>.self)
                if others[0] | others[1] == 0 {
                    start &+= 16
                    others = unsafeBitCast(
                        UnsafeRawPointer(base + start).loadUnaligned(as: SIMD16<UInt8>.self) .!= spaces,
                        to: SIMD2<UInt64>.self)
                }
                let spaceBits =
                    others[0] != 0 ? others[0].trailingZeroBitCount : 64 &+ others[1].trailingZeroBitCount
                let end = start &+ spaceBits &>> 3
                return end < count && self[end] > 0x20 ? end : whitespaceRunEnd(from: end)
            }
        #endif
        return whitespaceEnd(from: offset)
    }

    /// The offset of the first byte at or after `offset` that is not JSON whitespace, taking runs of spaces
    /// eight at a time.
    ///
    /// Pretty-printed JSON is mostly indentation, where a byte-at-a-time loop would spend more time than on the
    /// values.
    @usableFromInline @inline(never)
    func whitespaceRunEnd(from offset: Int) -> Int {
        // Indentation is 71% of citm_catalog.json's bytes, 27% of twitter.json's.
        var offset = offset
        while offset < count {
            let byte = self[offset]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return offset }
            offset &+= 1
            while offset &+ 8 <= count {
                // Bytes that are spaces become zero: the lowest set bit is in the first byte that is not one.
                let others = word(at: offset) ^ 0x2020_2020_2020_2020
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
