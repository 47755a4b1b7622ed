import Foundation

extension Data {
    /// A copy with the bit at `bit` flipped; bit 0 is the lowest bit of the first byte.
    public func flippingBit(_ bit: Int) -> Data {
        var copy = self
        copy[copy.startIndex + bit / 8] ^= 1 << UInt8(bit % 8)
        return copy
    }

    /// A copy with one to eight bits flipped at random, and the bits flipped, in order: how the integrity tests
    /// damage a file. Two flips of one bit undo each other, so the copy can equal the original.
    public func flippingRandomBits<Generator: RandomNumberGenerator>(
        using generator: inout Generator
    ) -> (bytes: Data, flipped: [Int]) {
        var copy = self
        var flipped: [Int] = []
        for _ in 0..<Int.random(in: 1...8, using: &generator) {
            let bit = Int.random(in: 0..<(count * 8), using: &generator)
            copy = copy.flippingBit(bit)
            flipped.append(bit)
        }
        return (copy, flipped)
    }
}
