import Foundation
import ModelKitTestSupport
import Testing

@testable import ModelStore

@Suite("XXHash64")
struct XXHash64Tests {
    /// Inputs and their hashes as the reference implementation (libxxhash 0.8.1, `XXH64(input, length, 0)`)
    /// gives them: empty, shorter than a stripe, exactly one stripe, and many stripes with a tail.
    static let references: [(input: [UInt8], hash: UInt64)] = [
        ([], 0xEF46_DB37_51D8_E999),
        (Array("a".utf8), 0xD24E_C4F1_A98C_6E5B),
        (Array("abc".utf8), 0x44BC_2CF5_AD77_0999),
        (Array("Nobody inspects the spammish repetition".utf8), 0xFBCE_A83C_8A37_8BF1),
        (Array("0123456789abcdef0123456789abcdef".utf8), 0x642A_9495_8E71_E6C5),
        (Array((0..<4).flatMap { _ in (0...255).map { UInt8($0) } }) + Array("xyz".utf8), 0xE146_CB31_B65B_C21A),
    ]

    @Test("Equals the reference implementation", arguments: 0..<6)
    func reference(index: Int) {
        let (input, expected) = Self.references[index]
        #expect(input.withUnsafeBytes { XXHash64.hash($0) } == expected)
    }

    @Test("Fed in pieces of any size, the hash is the same as in one piece")
    func pieces() {
        let (input, expected) = Self.references[5]
        for size in [1, 3, 7, 8, 31, 32, 33, 100, 1000] {
            var hasher = XXHash64()
            input.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let end = min(offset + size, bytes.count)
                    hasher.update(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
                    offset = end
                }
            }
            #expect(hasher.finalize() == expected, "pieces of \(size)")
        }
    }

    @Test("A file's checksum covers every byte but its digits, and any flipped bit is found")
    func checksumField() throws {
        let placeholder = StoreChecksum.placeholder()
        let data = try StoreChecksum.sealed(
            Data("{\"a\":1,\"checksum\":\"\(placeholder)\"}".utf8), placeholder: placeholder)
        guard case .verified(let field) = try StoreChecksum.verify(data) else {
            Issue.record("not verified")
            return
        }
        #expect(field.hasPrefix("ModelStore-XXH64:") && field != placeholder)
        for bit in 0..<(data.count * 8) {
            let verification = try? StoreChecksum.verify(data.flippingBit(bit))
            #expect(verification == nil || verification == .unsealed, "bit \(bit)")
        }
    }
}
