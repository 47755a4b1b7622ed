import Foundation
import PropertyBased
import Testing

@testable import ModelKit

/// Significands of 1 to 19 digits, each length as likely, and exponents within the ±27 that exact integer
/// arithmetic takes.
private let significands = zip(Gen.int(in: 1...19), Gen.uint64()).map { digits, random in
    let smallest = powerOfTen(digits - 1)
    return smallest + random % (powerOfTen(digits) - smallest)
}
private let exponents = Gen.int(in: -27...27)

private func powerOfTen(_ exponent: Int) -> UInt64 {
    (0..<exponent).reduce(1) { value, _ in value * 10 }
}

/// `JSONText.exactDecimalDouble` is what reads 17-digit coordinates where `Float80` does not exist (arm64) and
/// where its rounding lies near a midpoint; it must give the standard library's correctly rounded value.
@Suite("Decimal numbers rounded by exact integer arithmetic")
struct JSONExactDecimalTests {
    @Test("significand × 10^exponent is the standard library's reading of the same text")
    func matchesStandardLibrary() async {
        await propertyCheck(count: 5000, input: zip(significands, exponents)) { significand, exponent in
            let text = "\(significand)e\(exponent)"
            let expected = try #require(Double(text))
            #expect(
                JSONText.exactDecimalDouble(significand, exponent: exponent)?.bitPattern == expected.bitPattern,
                "\(text)")
        }
    }

    @Test(
        "Ties go to the even neighbour, and a remainder past a tie rounds up",
        arguments: [
            // 2^53 + 1 lies halfway between 2^53 and 2^53 + 2: even is 2^53.
            (UInt64(9_007_199_254_740_993), 0),
            // 2^53 + 3: halfway between 2^53 + 2 and 2^53 + 4, even is 2^53 + 4.
            (9_007_199_254_740_995, 0),
            // Halfway times a thousand: the tie is in the product.
            (9_007_199_254_740_993, 3),
            // The largest 19-digit significand and the ends of the exponent range.
            (9_999_999_999_999_999_999, -27), (9_999_999_999_999_999_999, 27), (1, -27), (1, 27),
            // Coordinates of canada.json's form, 17 digits with a fraction.
            (65_613_616_999_999_977, -15), (10_000_000_000_000_001, -16),
            // Quotients that never end.
            (1, -1), (3, -1), (7, -1),
            // The bits right below the kept 53 are exactly a half, and what lies below them breaks the tie
            // upwards: bits of a product, bits of a quotient, or only a quotient's remainder.
            (375_151_271_015_572_805, 6), (9_495_106_777_712_739, 16), (966_099_948_218_320_217, -11),
            (8_314_923_398_935_168_595, -24), (94_455_540_403_649_799, -27), (3_609_582_087_019_666, -27),
        ])
    func hardCases(significand: UInt64, exponent: Int) throws {
        let expected = try #require(Double("\(significand)e\(exponent)"))
        #expect(JSONText.exactDecimalDouble(significand, exponent: exponent)?.bitPattern == expected.bitPattern)
    }

    @Test("Outside its range it declines, for the standard library's parser", arguments: [(1, -28), (1, 28), (0, 0)])
    func declines(significand: UInt64, exponent: Int) {
        #expect(JSONText.exactDecimalDouble(significand, exponent: exponent) == nil)
    }
}
