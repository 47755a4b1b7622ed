extension JSONText {
    /// Powers of ten that a `Double` holds exactly; beyond 10^22 they are rounded.
    @usableFromInline
    static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// What one pass over a number's text found: up to 19 significant digits gathered into an integer, the
    /// power of ten that goes with them, and where the text ends.
    @usableFromInline
    struct NumberScan {
        @usableFromInline var start: Int
        @usableFromInline var end: Int
        @usableFromInline var significand: UInt64
        @usableFromInline var digitCount: Int
        @usableFromInline var exponent: Int
        @usableFromInline var isNegative: Bool
        /// Whether the text has no fraction and no exponent.
        @usableFromInline var isInteger: Bool
        /// Whether a nonzero digit beyond the 19th was dropped.
        @usableFromInline var isTruncated: Bool

        @inlinable
        init(
            start: Int, end: Int, significand: UInt64, digitCount: Int, exponent: Int, isNegative: Bool,
            isInteger: Bool, isTruncated: Bool
        ) {
            self.start = start
            self.end = end
            self.significand = significand
            self.digitCount = digitCount
            self.exponent = exponent
            self.isNegative = isNegative
            self.isInteger = isInteger
            self.isTruncated = isTruncated
        }
    }

    /// Scans the number that starts at `start`, checking it against the JSON grammar.
    ///
    /// Numbers of the common form take ``commonNumber(from:)``, inlined into every reader of numbers; the rest
    /// take ``scanNumberInFull(from:)``.
    @inlinable @inline(__always)
    func scanNumber(from start: Int) throws -> NumberScan {
        if let common = commonNumber(from: start) { return common }
        return try scanNumberInFull(from: start)
    }

    /// Scans any number that starts at `start`, checking it against the JSON grammar: past 19 significant
    /// digits, with an exponent, or malformed.
    @usableFromInline
    func scanNumberInFull(from start: Int) throws -> NumberScan {
        var index = start
        let isNegative = self[index] == UInt8(ascii: "-")
        if isNegative { index &+= 1 }
        guard index < count, let first = JSONText.digit(self[index]) else {
            throw unexpected(at: index, expected: "a digit")
        }
        var significand: UInt64 = 0
        var digitCount = 0
        var exponent = 0
        var isTruncated = false
        if first == 0 {
            index &+= 1
            if index < count, JSONText.digit(self[index]) != nil {
                throw syntaxError(at: index, detail: "a number must not start with a 0 followed by digits")
            }
        } else {
            significand = UInt64(first)
            digitCount = 1
            index &+= 1
            while digitCount <= 11, let run = digitRun(at: index) {
                significand = significand &* JSONText.wholePowersOfTen[run.count] &+ run.value
                digitCount &+= run.count
                index &+= run.count
                if run.count < 8 { break }
            }
            while index < count, let digit = JSONText.digit(self[index]) {
                if digitCount < 19 {
                    significand = significand &* 10 &+ UInt64(digit)
                    digitCount &+= 1
                } else {
                    exponent &+= 1
                    if digit != 0 { isTruncated = true }
                }
                index &+= 1
            }
        }
        var isInteger = true
        if index < count, self[index] == UInt8(ascii: ".") {
            isInteger = false
            index &+= 1
            guard index < count, JSONText.digit(self[index]) != nil else {
                throw unexpected(at: index, expected: "a digit after '.'")
            }
            // Leading zeros are not significant, so runs of digits only once one that is was seen.
            while significand != 0 && digitCount <= 11, let run = digitRun(at: index) {
                significand = significand &* JSONText.wholePowersOfTen[run.count] &+ run.value
                digitCount &+= run.count
                exponent &-= run.count
                index &+= run.count
                if run.count < 8 { break }
            }
            while index < count, let digit = JSONText.digit(self[index]) {
                if significand == 0 && digit == 0 {
                    exponent &-= 1
                } else if digitCount < 19 {
                    significand = significand &* 10 &+ UInt64(digit)
                    digitCount &+= 1
                    exponent &-= 1
                } else if digit != 0 {
                    isTruncated = true
                }
                index &+= 1
            }
        }
        if index < count, self[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index &+= 1
            var exponentIsNegative = false
            if index < count, self[index] == UInt8(ascii: "-") || self[index] == UInt8(ascii: "+") {
                exponentIsNegative = self[index] == UInt8(ascii: "-")
                index &+= 1
            }
            guard index < count, JSONText.digit(self[index]) != nil else {
                throw unexpected(at: index, expected: "a digit in the exponent")
            }
            var written = 0
            while index < count, let digit = JSONText.digit(self[index]) {
                // Past a million the result is zero or infinite anyway; stop before the Int overflows.
                if written < 1_000_000 { written = written &* 10 &+ digit }
                index &+= 1
            }
            exponent &+= exponentIsNegative ? -written : written
        }
        return NumberScan(
            start: start, end: index, significand: significand, digitCount: digitCount, exponent: exponent,
            isNegative: isNegative, isInteger: isInteger, isTruncated: isTruncated)
    }

    /// The scan of the number at `start` when it has the common form, taken eight digits at a time; `nil` for
    /// anything else, which ``scanNumberInFull(from:)`` then reads (and rejects, if it is malformed).
    ///
    /// The common form is `-?(0|[1-9][0-9]*)(.[0-9]+)?` with at most 19 digits in all, followed by a byte that is
    /// none of `.`, `e` and `E`, with eight bytes readable at each run of digits. Within it, the scan gives what
    /// ``scanNumberInFull(from:)`` gives: the same significand and power of ten, so the same value (`digitCount`
    /// counts a fraction's leading zeros too, which only ever makes it larger). It is inlined into the exact
    /// reads, so that a coordinate or an id costs no call and no scan result in memory.
    @inlinable @inline(__always)
    func commonNumber(from start: Int) -> NumberScan? {
        // The general scan and its result were two thirds of the instructions for canada.json's 220,000
        // coordinates.
        var index = start
        let isNegative = self[index] == UInt8(ascii: "-")
        if isNegative { index &+= 1 }
        let integerStart = index
        var significand: UInt64 = 0
        var digitCount = 0
        while true {
            guard let run = digitRun(at: index) else { return nil }
            significand = significand &* JSONText.wholePowersOfTen[run.count] &+ run.value
            digitCount &+= run.count
            index &+= run.count
            if digitCount > 19 { return nil }
            // A run of fewer than eight digits ended on a byte inside its eight, so `index` is in the text.
            if run.count < 8 { break }
        }
        let integerDigits = index &- integerStart
        guard integerDigits > 0, integerDigits == 1 || self[integerStart] != UInt8(ascii: "0") else { return nil }
        var fractionDigits = 0
        if self[index] == UInt8(ascii: ".") {
            index &+= 1
            while true {
                guard let run = digitRun(at: index) else { return nil }
                significand = significand &* JSONText.wholePowersOfTen[run.count] &+ run.value
                fractionDigits &+= run.count
                index &+= run.count
                if digitCount &+ fractionDigits > 19 { return nil }
                if run.count < 8 { break }
            }
            guard fractionDigits > 0 else { return nil }
        }
        digitCount &+= fractionDigits
        let next = self[index]
        guard next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") else { return nil }
        return NumberScan(
            start: start, end: index, significand: significand, digitCount: digitCount, exponent: -fractionDigits,
            isNegative: isNegative, isInteger: fractionDigits == 0, isTruncated: false)
    }

    /// The integer of up to fifteen digits at `start` (after any sign), without leading zeros, fraction or
    /// exponent, and where its digits end; `nil` for any other number, which the full scan reads.
    ///
    /// Ids and counts are most of the integers models read: one or two word loads, with no ``NumberScan`` in
    /// between and no global table.
    @inlinable @inline(__always)
    func shortInteger(from start: Int) -> (magnitude: UInt64, end: Int)? {
        // With it (and the rest of `readExactInteger` out of line) that function's own instructions for
        // twitter.json's 2,108 integers went from 327k to 208k.
        guard let run = digitRun(at: start), run.count > 0 else { return nil }
        var magnitude = run.value
        var end = start &+ run.count
        if run.count == 8 {
            guard let more = digitRun(at: end), more.count < 8 else { return nil }
            let scale: UInt64
            switch more.count {
            case 0: scale = 1
            case 1: scale = 10
            case 2: scale = 100
            case 3: scale = 1000
            case 4: scale = 10_000
            case 5: scale = 100_000
            case 6: scale = 1_000_000
            default: scale = 10_000_000
            }
            magnitude = magnitude &* scale &+ more.value
            end &+= more.count
        }
        // A run shorter than eight ended on a byte inside its word, so `end` is in the text.
        guard end &- start == 1 || self[start] != UInt8(ascii: "0") else { return nil }
        let next = self[end]
        guard next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") else { return nil }
        return (magnitude, end)
    }

    /// The whole number `number` spells as `.integer` (or `.unsignedInteger` above `Int64.max`), or `nil` when
    /// it has a fraction or an exponent or no 64-bit integer holds it.
    @inlinable
    func integerValue(of number: NumberScan) -> Value? {
        guard number.isInteger else { return nil }
        let significand = number.significand
        if number.digitCount <= 19 && number.exponent == 0 {
            // 19 digits always fit in UInt64; only the sign decides which case holds them.
            if number.isNegative {
                if significand <= UInt64(Int64.max) { return .integer(-Int64(significand)) }
                if significand == UInt64(Int64.max) &+ 1 { return .integer(.min) }
                return nil
            }
            if significand <= UInt64(Int64.max) { return .integer(Int64(significand)) }
            return .unsignedInteger(significand)
        }
        if !number.isNegative && number.digitCount == 19 && number.exponent == 1,
            let unsigned = exactUnsigned(from: number.start, to: number.end)
        {
            return .unsignedInteger(unsigned)
        }
        return nil
    }

    /// The `Double` nearest to `number`'s text, or `nil` when it is beyond the range of `Double`.
    ///
    /// A number whose digits fit in 53 bits and whose power of ten is at most 22 is one exact multiplication
    /// or division, which IEEE arithmetic rounds correctly (Clinger's fast path); most others are one
    /// extended-precision operation (see ``extendedPrecisionDouble(_:exponent:)``) or, without `Float80` or near
    /// a midpoint, exact integer arithmetic (``exactDecimalDouble(_:exponent:)``); the rest (past 19 digits or
    /// beyond 10^±27) go to the standard library's correctly rounded parser.
    @inlinable
    func doubleValue(of number: NumberScan) throws -> Double? {
        let significand = number.significand
        let exponent = number.exponent
        if significand == 0 { return number.isNegative ? -0.0 : 0.0 }
        if !number.isTruncated && significand <= 1 << 53 && exponent >= -22 && exponent <= 22 {
            var value = Double(significand)
            if exponent < 0 {
                value /= JSONText.exactPowersOfTen[-exponent]
            } else {
                value *= JSONText.exactPowersOfTen[exponent]
            }
            return number.isNegative ? -value : value
        }
        if !number.isTruncated,
            let value = JSONText.extendedPrecisionDouble(significand, exponent: exponent)
                ?? JSONText.exactDecimalDouble(significand, exponent: exponent)
        {
            return number.isNegative ? -value : value
        }
        return try exactlyParsedDouble(of: number)
    }

    /// `significand × 10^exponent` rounded to the nearest `Double`, ties to even, by exact integer arithmetic;
    /// `nil` for a zero significand or an exponent beyond ±27.
    ///
    /// 10^e is 5^e × 2^e, and the power of two only moves the binary point: the value is the product
    /// `significand × 5^e`, or the quotient `significand / 5^-e` with its remainder kept as a sticky bit, both
    /// exact in 128 bits. It serves where `Float80` does not exist (arm64, Apple's devices among them), so that
    /// a 17-digit coordinate is not copied into a `String` for the standard library's parser, and where
    /// `Float80`'s rounding lies too near a midpoint to trust.
    @inlinable
    static func exactDecimalDouble(_ significand: UInt64, exponent: Int) -> Double? {
        guard significand != 0, exponent >= -27, exponent <= 27 else { return nil }
        if exponent >= 0 {
            let (high, low) = significand.multipliedFullWidth(by: powersOfFive[exponent])
            return roundedDouble(high: high, low: low, isInexact: false, binaryExponent: exponent)
        }
        // The significand with its top bit set and 64 bits below the point: the quotient then has at least 65
        // significant bits, whatever the divisor (5^27 < 2^63).
        let shift = significand.leadingZeroBitCount
        let numerator = significand << UInt64(shift)
        let divisor = powersOfFive[-exponent]
        let (upper, upperRemainder) = numerator.quotientAndRemainder(dividingBy: divisor)
        let (lower, remainder) = divisor.dividingFullWidth((upperRemainder, 0))
        return roundedDouble(
            high: upper, low: lower, isInexact: remainder != 0, binaryExponent: exponent &- shift &- 64)
    }

    /// `(high × 2^64 + low + ε) × 2^binaryExponent` rounded to the nearest `Double`, ties to even, where `ε` is
    /// in (0, 1) when `isInexact` and 0 otherwise; the value must be nonzero and within the range of normal
    /// doubles.
    @inlinable
    static func roundedDouble(high: UInt64, low: UInt64, isInexact: Bool, binaryExponent: Int) -> Double {
        // The 64 bits from the highest set bit down, and whether anything below them is set.
        let top: UInt64
        let exponent: Int
        var sticky = isInexact
        if high != 0 {
            let zeros = high.leadingZeroBitCount
            // Smart shifts: by 64 they give 0, so `zeros == 0` needs no case of its own.
            top = high << UInt64(zeros) | low >> UInt64(64 &- zeros)
            sticky = sticky || low << UInt64(zeros) != 0
            exponent = binaryExponent &+ 64 &- zeros
        } else {
            let zeros = low.leadingZeroBitCount
            top = low << UInt64(zeros)
            exponent = binaryExponent &- zeros
        }
        // 53 bits stay; the 11 below them decide the rounding, with the sticky bit breaking a tie.
        var kept = top >> 11
        let dropped = top & 0x7FF
        if dropped > 0x400 || (dropped == 0x400 && (sticky || kept & 1 == 1)) { kept &+= 1 }
        // `kept` may have carried into a 54th bit (2^53): still exact as a Double.
        return Double(sign: .plus, exponent: exponent &+ 11, significand: Double(kept))
    }

    /// 5^0 through 5^27, each exact in a `UInt64` (5^27 < 2^63).
    @usableFromInline
    static let powersOfFive: [UInt64] = {
        var powers: [UInt64] = [1]
        for _ in 1...27 { powers.append(powers[powers.count - 1] * 5) }
        return powers
    }()

    /// The standard library's correctly rounded reading of `number`'s text; `nil` beyond the range of `Double`.
    @usableFromInline
    func exactlyParsedDouble(of number: NumberScan) throws -> Double? {
        let text = spelling(of: number)
        guard let value = Double(text) else {
            throw syntaxError(at: number.start, detail: "the number \(text) cannot be read as a Double")
        }
        return value.isFinite ? value : nil
    }

    /// The number as it is written.
    @usableFromInline
    func spelling(of number: NumberScan) -> String {
        String(decoding: span(number.start, number.end), as: UTF8.self)
    }

    /// `significand × 10^exponent` as the nearest `Double`, when one 64-bit-precision operation decides it.
    ///
    /// Digits beyond Clinger's 53 bits (most 17-digit coordinates) would otherwise go to the standard
    /// library's parser, which copies the text into a `String` first. `Float80` holds any 64-bit significand and
    /// powers of ten up to 10^27 exactly, so the product or quotient is one correctly rounded operation; rounding
    /// that to `Double` is right unless the result lies next to a midpoint between two doubles, and those rare
    /// cases return `nil`, for ``exactDecimalDouble(_:exponent:)``. Where the two do the same work, this one
    /// takes one `fdiv` instead of two integer divisions.
    @inlinable
    static func extendedPrecisionDouble(_ significand: UInt64, exponent: Int) -> Double? {
        // The standard library's parser was a third of the time of number-heavy documents; where this and
        // `exactDecimalDouble` do the same work, this one measured faster on x86-64.
        #if arch(x86_64) || arch(i386)
            guard exponent >= -27 && exponent <= 27 else { return nil }
            let power = exactPowersOfTen80[exponent < 0 ? -exponent : exponent]
            let extended = exponent < 0 ? Float80(significand) / power : Float80(significand) * power
            // The 11 bits that rounding to Double drops, in units of the last Float80 bit: 0x400 is a midpoint.
            let dropped = extended.significandBitPattern & 0x7FF
            guard extended.isNormal, dropped < 0x3FF || dropped > 0x401 else { return nil }
            let value = Double(extended)
            return value.isFinite ? value : nil
        #else
            return nil
        #endif
    }

    #if arch(x86_64) || arch(i386)
        /// 10^0 through 10^27, each exact in `Float80` (5^27 < 2^64).
        @usableFromInline
        static let exactPowersOfTen80: [Float80] = {
            var powers: [Float80] = [1]
            for _ in 1...27 { powers.append(powers[powers.count - 1] * 10) }
            return powers
        }()
    #endif

    /// The 20-digit whole number in `start..<end` if it fits in `UInt64`.
    @usableFromInline
    func exactUnsigned(from start: Int, to end: Int) -> UInt64? {
        var value: UInt64 = 0
        for index in start..<end {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(self[index] &- UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            value = sum
        }
        return value
    }

    /// The offset just after the number that starts at `start`, checked against the JSON grammar.
    @usableFromInline
    func numberEnd(from start: Int) throws -> Int {
        var index = start
        if self[index] == UInt8(ascii: "-") { index &+= 1 }
        guard index < count, let first = JSONText.digit(self[index]) else {
            throw unexpected(at: index, expected: "a digit")
        }
        index &+= 1
        if first == 0 {
            if index < count, JSONText.digit(self[index]) != nil {
                throw syntaxError(at: index, detail: "a number must not start with a 0 followed by digits")
            }
        } else {
            while index < count, JSONText.digit(self[index]) != nil { index &+= 1 }
        }
        if index < count, self[index] == UInt8(ascii: ".") {
            index &+= 1
            guard index < count, JSONText.digit(self[index]) != nil else {
                throw unexpected(at: index, expected: "a digit after '.'")
            }
            while index < count, JSONText.digit(self[index]) != nil { index &+= 1 }
        }
        if index < count, self[index] | 0x20 == UInt8(ascii: "e") {
            index &+= 1
            if index < count, self[index] == UInt8(ascii: "-") || self[index] == UInt8(ascii: "+") {
                index &+= 1
            }
            guard index < count, JSONText.digit(self[index]) != nil else {
                throw unexpected(at: index, expected: "a digit in the exponent")
            }
            while index < count, JSONText.digit(self[index]) != nil { index &+= 1 }
        }
        return index
    }

    /// 10^0 through 10^8, to append a run of digits to a significand.
    @usableFromInline
    static let wholePowersOfTen: [UInt64] = [1, 10, 100, 1000, 10000, 100_000, 1_000_000, 10_000_000, 100_000_000]

    /// The digits that start at `index`, up to eight of them: their value and how many there are; `nil` when
    /// fewer than eight bytes are left, for the byte-at-a-time loop.
    ///
    /// Coordinates and ids have 15 to 19 digits: one load and three multiplications for up to eight of them,
    /// instead of a multiplication, a comparison and a branch for each.
    @inlinable @inline(__always)
    func digitRun(at index: Int) -> (value: UInt64, count: Int)? {
        guard index &+ 8 <= count else { return nil }
        let word = word(at: index)
        // A digit is 0x30...0x39: its high half is 3, and adding 6 leaves the high half 3 too. A carry out of
        // a byte at 0xFA or above only reaches bytes after it, which come after a non-digit anyway.
        let highHalves = word & 0xF0F0_F0F0_F0F0_F0F0
        let carried = (word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0
        let nonDigits = (highHalves | carried &>> 4) ^ 0x3333_3333_3333_3333
        let count = nonDigits.trailingZeroBitCount &>> 3
        if count == 0 { return (0, 0) }
        // The digits move to the top bytes, so that the zero bytes below them act as leading zeros; the bytes
        // after them, which the subtraction may have garbled, fall off the top.
        var value = (word &- 0x3030_3030_3030_3030) &<< UInt64(truncatingIfNeeded: (8 &- count) &* 8)
        // Pairs, then fours, then all eight, each step one multiply-add on lanes twice as wide; the first digit
        // is in the lowest byte, so it ends up the most significant.
        value = (value &* 10) &+ (value &>> 8)
        let lowPairs = (value & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 &<< 32))
        let highPairs = ((value &>> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 &<< 32))
        return ((lowPairs &+ highPairs) &>> 32, count)
    }

    @inlinable @inline(__always)
    static func digit(_ byte: UInt8) -> Int? {
        let value = byte &- UInt8(ascii: "0")
        return value < 10 ? Int(value) : nil
    }
}
