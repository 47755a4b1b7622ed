extension JSONText {
    /// Where a string ends and what it needs before it can become a `String`.
    @usableFromInline
    struct StringScan {
        /// The offset of the closing quote.
        @usableFromInline var end: Int
        @usableFromInline var hasEscapes: Bool
        @usableFromInline var hasNonASCII: Bool

        @inlinable
        init(end: Int, hasEscapes: Bool, hasNonASCII: Bool) {
            self.end = end
            self.hasEscapes = hasEscapes
            self.hasNonASCII = hasNonASCII
        }
    }

    /// Finds the closing quote of the string whose first content byte is at `start`, rejecting raw control
    /// characters on the way.
    ///
    /// Sixteen bytes are tested at a time for a quote, a backslash or a control character (eight near the end of
    /// the text).
    ///
    /// Inlined is the first vector of a string that ends there without an escape, as most do: a call with the
    /// whole scan's registers to set up and save cost more than the scan of a short string. The vector test is
    /// written out here and again in ``plainRun(from:)``: one function for both, inlined here, made the readers
    /// that inline this scan lay out worse.
    @inlinable @inline(__always)
    func scanString(from start: Int) throws -> StringScan {
        // Long runs of plain text cost about one instruction a byte. One function for both vector tests made
        // ModelDecoder 0.8–1.7% more instructions (measured).
        #if _endian(little)
            if start &+ 16 <= count {
                let bytes = UnsafeRawPointer(base + start).loadUnaligned(as: SIMD16<UInt8>.self)
                let quotes = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
                let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
                let spaces = SIMD16<UInt8>(repeating: 0x20)
                let found = unsafeBitCast(
                    (bytes .== quotes) .| (bytes .== backslashes) .| (bytes .< spaces), to: SIMD2<UInt64>.self)
                let words = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
                if found[0] | found[1] == 0 {
                    // Sixteen plain bytes: the rest is scanned from after them.
                    return try scanStringInFull(from: start &+ 16, highBits: words[0] | words[1])
                }
                let plainBits = found[0] != 0 ? found[0].trailingZeroBitCount : 64 &+ found[1].trailingZeroBitCount
                if self[start &+ plainBits &>> 3] == UInt8(ascii: "\"") {
                    // Typed and split in two: as one conditional expression of literals and overloaded
                    // operators it took the type checker five seconds.
                    let one: UInt64 = 1
                    let highBits: UInt64
                    if plainBits < 64 {
                        highBits = words[0] & ((one &<< plainBits) &- one)
                    } else {
                        highBits = words[0] | (words[1] & ((one &<< (plainBits &- 64)) &- one))
                    }
                    return StringScan(
                        end: start &+ plainBits &>> 3, hasEscapes: false,
                        hasNonASCII: highBits & 0x8080_8080_8080_8080 != 0)
                }
            }
        #endif
        return try scanStringInFull(from: start, highBits: 0)
    }

    /// ``scanString(from:)`` for any string, from `start` on; `highBits` are the bytes of the string before
    /// `start` OR-ed together.
    @usableFromInline
    func scanStringInFull(from start: Int, highBits initialHighBits: UInt64) throws -> StringScan {
        var index = start
        var hasEscapes = false
        var highBits = initialHighBits
        while true {
            let plain = plainRun(from: index)
            highBits |= plain.highBits
            index = plain.end
            guard index < count else {
                throw unexpected(at: count, expected: "'\"' to close the string")
            }
            let byte = self[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                // The escaped byte is checked when the string is unescaped; here it must only not end it.
                index &+= 2
                continue
            }
            if byte < 0x20 { throw controlCharacter(at: index) }
            // Only the last few bytes of the text, which the word scans do not reach, are taken one at a time.
            highBits |= UInt64(byte)
            index &+= 1
        }
        return StringScan(end: index, hasEscapes: hasEscapes, hasNonASCII: highBits & 0x8080_8080_8080_8080 != 0)
    }

    /// The bytes from `start` up to the first quote, backslash or control character, or up to the last bytes of
    /// the text, too few for a word: where that run ends, and the bytes of the run OR-ed together in a word, whose
    /// high bits tell whether any is not ASCII.
    @inlinable @inline(__always)
    func plainRun(from start: Int) -> (end: Int, highBits: UInt64) {
        var index = start
        var highBits: UInt64 = 0
        #if _endian(little)
            // Vectors of sixteen bytes, which every platform's compiler maps onto its vector registers (SSE2,
            // NEON); the mask of the bytes found, seen as two words, says where the first one is.
            // The constants are typed in full: written `SIMD16(repeating:)` inside the comparisons, they made Swift
            // 6.3 compare lane by lane through memory, and decoding user.json took 2.4 times the instructions.
            let quotes = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
            let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
            let spaces = SIMD16<UInt8>(repeating: 0x20)
            var vectorBits = SIMD2<UInt64>()
            while index &+ 16 <= count {
                let bytes = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                let found = (bytes .== quotes) .| (bytes .== backslashes) .| (bytes .< spaces)
                let foundWords = unsafeBitCast(found, to: SIMD2<UInt64>.self)
                let words = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
                if foundWords[0] | foundWords[1] != 0 {
                    if foundWords[0] != 0 {
                        let plainBits = foundWords[0].trailingZeroBitCount
                        highBits = words[0] & ((1 &<< plainBits) &- 1)
                        index &+= plainBits &>> 3
                    } else {
                        let plainBits = foundWords[1].trailingZeroBitCount
                        highBits = words[0] | words[1] & ((1 &<< plainBits) &- 1)
                        index &+= 8 &+ plainBits &>> 3
                    }
                    return (index, highBits | vectorBits[0] | vectorBits[1])
                }
                vectorBits |= words
                index &+= 16
            }
            highBits = vectorBits[0] | vectorBits[1]
        #endif
        while index &+ 8 <= count {
            let word = word(at: index)
            let special = JSONText.specialByteMask(word)
            if special != 0 {
                // The lowest flagged byte is always a true match: borrows only flag bytes above one.
                let plainBits = special.trailingZeroBitCount & ~7
                highBits |= word & ((1 &<< plainBits) &- 1)
                return (index &+ plainBits &>> 3, highBits)
            }
            highBits |= word
            index &+= 8
        }
        return (index, highBits)
    }

    /// Bit 7 of each byte of `word` that is a quote, a backslash or below 0x20 (and possibly of bytes above
    /// such a byte).
    @inlinable @inline(__always)
    static func specialByteMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let isControl = word &- ones &* 0x20
        let isQuote = quotes &- ones
        let isBackslash = backslashes &- ones
        return ((isControl & ~word) | (isQuote & ~quotes) | (isBackslash & ~backslashes)) & highs
    }

    /// The offset of the closing quote of the string whose first content byte is at `start`.
    @inlinable
    func stringEnd(from start: Int) throws -> Int {
        try scanString(from: start).end
    }

    /// Decodes the escapes of the string content in `start..<end` into `buffer`, validating raw UTF-8 runs
    /// when `validatingUTF8` says there are any.
    ///
    /// A `\u` escape of a lone surrogate becomes U+FFFD: one bad escape in user text should not lose the
    /// whole document, and a `String` cannot hold the surrogate anyway.
    @usableFromInline
    func unescape(from start: Int, to end: Int, into buffer: inout [UInt8], validatingUTF8: Bool) throws {
        buffer.removeAll(keepingCapacity: true)
        // Unescaped text is never longer than its escaped spelling: one allocation at most, instead of the array
        // growing step by step as runs are appended (four times a decode of weibo.json).
        buffer.reserveCapacity(end &- start)
        var index = start
        var runStart = start
        while index < end {
            index = backslashSearch(from: index, to: end)
            guard index < end else { break }
            guard self[index] == UInt8(ascii: "\\") else {
                index &+= 1
                continue
            }
            if validatingUTF8 { try validateUTF8(from: runStart, to: index) }
            buffer.append(contentsOf: span(runStart, index))
            let escape = index
            // The scan guarantees a byte after each backslash inside the string.
            let kind = self[index &+ 1]
            index &+= 2
            switch kind {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(kind)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = hexQuad(at: index, before: end) else {
                    throw syntaxError(at: escape, detail: "expected four hexadecimal digits after '\\u'")
                }
                index &+= 4
                var scalar = UInt32(unit)
                if unit & 0xFC00 == 0xD800 {
                    if index &+ 6 <= end, self[index] == UInt8(ascii: "\\"), self[index &+ 1] == UInt8(ascii: "u"),
                        let low = hexQuad(at: index &+ 2, before: end), low & 0xFC00 == 0xDC00
                    {
                        scalar = 0x10000 &+ ((UInt32(unit) &- 0xD800) << 10) &+ (UInt32(low) &- 0xDC00)
                        index &+= 6
                    } else {
                        scalar = 0xFFFD
                    }
                } else if unit & 0xFC00 == 0xDC00 {
                    scalar = 0xFFFD
                }
                JSONText.appendUTF8(scalar, to: &buffer)
            default:
                throw syntaxError(at: escape, detail: "invalid escape '\\\(JSONText.describe(byte: kind))'")
            }
            runStart = index
        }
        if validatingUTF8 { try validateUTF8(from: runStart, to: end) }
        buffer.append(contentsOf: span(runStart, end))
    }

    /// Whether every escape in `start..<end` is one that ``unescape(from:to:into:validatingUTF8:)`` accepts,
    /// found without writing the unescaped text: for a reader that keeps the string where it lies. The caller
    /// unescapes a string that fails, for the error that names the escape.
    @usableFromInline
    func escapesAreValid(from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end {
            // The text between escapes needs no check here.
            index = backslashSearch(from: index, to: end)
            guard index < end else { return true }
            guard self[index] == UInt8(ascii: "\\") else {
                index &+= 1
                continue
            }
            // The scan guarantees a byte after each backslash inside the string.
            switch self[index &+ 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                index &+= 2
            case UInt8(ascii: "u"):
                guard hexQuad(at: index &+ 2, before: end) != nil else { return false }
                index &+= 6
            default:
                return false
            }
        }
        return true
    }

    /// Where the search for the next backslash in `start..<end` stops, eight bytes at a time: at the first
    /// backslash, or at a byte of the last seven, which the caller takes one at a time.
    @inlinable @inline(__always)
    func backslashSearch(from start: Int, to end: Int) -> Int {
        var index = start
        while index &+ 8 <= end {
            let backslashes = word(at: index) ^ 0x5C5C_5C5C_5C5C_5C5C
            // The lowest flagged byte is always a backslash: borrows only flag bytes above one.
            let found = (backslashes &- 0x0101_0101_0101_0101) & ~backslashes & 0x8080_8080_8080_8080
            if found != 0 { return index &+ found.trailingZeroBitCount &>> 3 }
            index &+= 8
        }
        return index
    }

    /// The UTF-16 code unit spelled by four hexadecimal digits at `index`, if they all come before `end`.
    @usableFromInline
    func hexQuad(at index: Int, before end: Int) -> UInt16? {
        guard index &+ 4 <= end else { return nil }
        var unit: UInt16 = 0
        for position in index..<(index &+ 4) {
            let byte = self[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
            default: return nil
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    @usableFromInline
    static func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            buffer.append(UInt8(scalar))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | scalar >> 6))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | scalar >> 12))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | scalar >> 18))
            buffer.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Whether the sixteen bytes from `offset` start with four well-formed three-byte sequences whose lead is
    /// neither E0 nor ED (whose second bytes have narrower ranges): the run of CJK text, checked with vector
    /// comparisons.
    @inline(__always)
    func startsFourThreeByteSequences(at offset: Int) -> Bool {
        // Checked one sequence at a time, the text cost about nine instructions a byte, 9% of decoding
        // twitter.json.
        #if _endian(little)
            let bytes = UnsafeRawPointer(base + offset).loadUnaligned(as: SIMD16<UInt8>.self)
            let continuationBits = SIMD16<UInt8>(repeating: 0xC0)
            let continuation = SIMD16<UInt8>(repeating: 0x80)
            let leadBits = SIMD16<UInt8>(repeating: 0xF0)
            let threeByteLead = SIMD16<UInt8>(repeating: 0xE0)
            let surrogateLead = SIMD16<UInt8>(repeating: 0xED)
            let continues = unsafeBitCast(bytes & continuationBits .== continuation, to: SIMD2<UInt64>.self)
            let leads = unsafeBitCast(
                (bytes & leadBits .== threeByteLead) .& (bytes .!= threeByteLead) .& (bytes .!= surrogateLead),
                to: SIMD2<UInt64>.self)
            // Leads at bytes 0, 3, 6 and 9, continuations at the eight between; bytes 12 to 15 are the next run's.
            return leads[0] & 0x00FF_0000_FF00_00FF == 0x00FF_0000_FF00_00FF && leads[1] & 0xFF00 == 0xFF00
                && continues[0] & 0xFF00_FFFF_00FF_FF00 == 0xFF00_FFFF_00FF_FF00
                && continues[1] & 0xFFFF_00FF == 0xFFFF_00FF
        #else
            return false
        #endif
    }

    /// Checks that `start..<end` is well-formed UTF-8: no stray continuation byte, overlong form, surrogate
    /// or scalar above U+10FFFF, as the Unicode standard's table 3-7 lists.
    @usableFromInline
    func validateUTF8(from start: Int, to end: Int) throws {
        var index = start
        while index < end {
            let lead = self[index]
            if lead < 0x80 {
                index &+= 1
                // Text with some non-ASCII is still mostly ASCII: eight bytes at a time until the next one.
                while index &+ 8 <= end {
                    let word = word(at: index)
                    if word & 0x8080_8080_8080_8080 != 0 { break }
                    index &+= 8
                }
                continue
            }
            // The common cases first, their continuation bytes tested together: two-byte sequences and the
            // three-byte ones whose second byte has the whole continuation range (CJK text is mostly these).
            if lead >= 0xC2 && lead <= 0xDF && index &+ 2 <= end {
                guard self[index &+ 1] & 0xC0 == 0x80 else { throw invalidUTF8(at: index) }
                index &+= 2
                continue
            }
            if lead >= 0xE1 && lead <= 0xEF && lead != 0xED && index &+ 3 <= end {
                if index &+ 16 <= end && startsFourThreeByteSequences(at: index) {
                    index &+= 12
                    continue
                }
                guard (self[index &+ 1] & self[index &+ 2]) & 0xC0 == 0x80,
                    (self[index &+ 1] | self[index &+ 2]) & 0x40 == 0
                else { throw invalidUTF8(at: index) }
                index &+= 3
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: throw invalidUTF8(at: index)
            }
            guard index &+ length <= end else { throw invalidUTF8(at: index) }
            let second = self[index &+ 1]
            guard second >= low && second <= high else { throw invalidUTF8(at: index) }
            for position in (index &+ 2)..<(index &+ length) where self[position] & 0xC0 != 0x80 {
                throw invalidUTF8(at: index)
            }
            index &+= length
        }
    }
}
