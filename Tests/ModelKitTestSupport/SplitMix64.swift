/// A small seeded random number generator (Steele, Lea and Flood's SplitMix64), so that tests and benchmarks
/// that draw random values draw the same ones on every run and every platform.
///
/// ```swift
/// var generator = SplitMix64(seed: 42)
/// let count = Int.random(in: 0..<10, using: &generator)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose values are fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
