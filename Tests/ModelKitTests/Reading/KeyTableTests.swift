import Foundation
import ModelKit
import PropertyBased
import Testing

/// Keys from a small alphabet, so that many share their first and last bytes and differ only inside: the
/// cases the table's comparison of shapes and its word-by-word comparison of long keys must tell apart.
private let key = Gen<Character?>.element(of: Array("ab_é") as [Character]).map { $0! }.string(of: 0...40)

@Suite("KeyTable lookups")
struct KeyTableTests {
    @Test("Property: every key is found at its first index, and keys not in the table are not found")
    func lookups() async {
        await propertyCheck(count: 300, input: key.array(of: 0...20), key.array(of: 1...20)) { keys, probes in
            let table = KeyTable(keys)
            for (index, key) in keys.enumerated() {
                let first = try #require(keys.firstIndex(of: key))
                #expect(table.index(of: key) == first, "\(key)")
                #expect(table.lookup(key) == .known(first))
                #expect(Array(key.utf8).withUnsafeBytes { table.key(at: index, equals: $0) })
            }
            for probe in probes {
                #expect(table.index(of: probe) == keys.firstIndex(of: probe), "\(probe)")
                for index in keys.indices {
                    #expect(
                        Array(probe.utf8).withUnsafeBytes { table.key(at: index, equals: $0) } == (keys[index] == probe)
                    )
                }
            }
        }
    }

    @Test("Keys of up to 40 bytes one byte apart are told apart, looked up and predicted", arguments: 1...40)
    func oneByteApart(length: Int) {
        let base = String(repeating: "k", count: length)
        var keys = [base]
        for position in 0..<length {
            var bytes = Array(base.utf8)
            bytes[position] = UInt8(ascii: "x")
            keys.append(String(decoding: bytes, as: UTF8.self))
        }
        let table = KeyTable(keys)
        for (index, key) in keys.enumerated() { #expect(table.index(of: key) == index, "\(key)") }
        // The predicted key, compared in place in the quoted text: only its own spelling ends there.
        for (spelled, key) in keys.enumerated() {
            let quoted = Array("\"\(key)\"".utf8)
            for index in keys.indices {
                let end = quoted.withUnsafeBytes { table.plainKeyEnd(at: index, in: $0, from: 1) }
                #expect(end == (index == spelled ? length + 1 : nil), "\(keys[index]) in \(key)")
            }
        }
        #expect(table.index(of: String(repeating: "k", count: length + 1)) == nil)
        #expect(table.index(of: String(repeating: "k", count: length - 1)) == nil)
        #expect(table.index(of: "") == nil)
    }

    @Test("Indexes outside the table and the empty key")
    func edges() {
        let table = KeyTable(["", "a"])
        #expect(table.index(of: "") == 0)
        #expect(table.index(of: "a") == 1)
        #expect(Array("a".utf8).withUnsafeBytes { table.key(at: 2, equals: $0) } == false)
        #expect(Array("a".utf8).withUnsafeBytes { table.key(at: -1, equals: $0) } == false)
        #expect(KeyTable([]).index(of: "a") == nil)
    }
}
