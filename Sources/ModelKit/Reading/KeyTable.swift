import Foundation

/// The keys one model reads, hashed once so that a key from the data is matched on its UTF-8 bytes without
/// making a `String`.
///
/// Generated code builds one table per model type and key strategy, once.
public final class KeyTable: Sendable {
    /// The keys in the order the model declared them; a lookup returns an index into this array.
    public let keys: [String]
    /// Every key's UTF-8 bytes, one after another, so that a lookup touches one buffer and retains nothing.
    private let keyBytes: [UInt8]
    /// Where each key's bytes start in `keyBytes`, and one more entry for the end of the last key.
    private let keyStarts: [Int]
    /// Open addressing: each slot holds a key index plus one, zero when empty.
    private let slots: [Int32]
    private let mask: Int

    /// Builds the table. Duplicate keys keep their first index.
    public init(_ keys: [String]) {
        self.keys = keys
        var keyBytes: [UInt8] = []
        var keyStarts = [0]
        for key in keys {
            keyBytes.append(contentsOf: key.utf8)
            keyStarts.append(keyBytes.count)
        }
        var capacity = 8
        while capacity < keys.count * 2 { capacity <<= 1 }
        var slots = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        keyBytes.withUnsafeBytes { all in
            for index in keys.indices {
                let key = UnsafeRawBufferPointer(rebasing: all[keyStarts[index]..<keyStarts[index + 1]])
                var slot = KeyTable.hash(key) & mask
                var duplicate = false
                while slots[slot] != 0 {
                    let other = Int(slots[slot]) - 1
                    if key.elementsEqual(all[keyStarts[other]..<keyStarts[other + 1]]) {
                        duplicate = true
                        break
                    }
                    slot = (slot + 1) & mask
                }
                if !duplicate { slots[slot] = Int32(index + 1) }
            }
        }
        self.keyBytes = keyBytes
        self.keyStarts = keyStarts
        self.slots = slots
        self.mask = mask
    }

    /// A hash of the length and up to three 8-byte words (the first, the middle and the last) instead of every
    /// byte: a byte loop was a tenth of the time of `[String: Any]` → model. Keys that agree in all three
    /// words only share a probe sequence, and the table is the model's own keys, so a lookup still ends after
    /// at most as many comparisons as the model has keys.
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        let count = bytes.count
        var word: UInt64
        if count >= 8 {
            word = bytes.loadUnaligned(as: UInt64.self)
            if count > 16 {
                word = mix(word ^ bytes.loadUnaligned(fromByteOffset: count / 2 - 4, as: UInt64.self))
            }
            word = mix(word ^ bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        } else {
            word = 0
            for offset in 0..<count { word |= UInt64(bytes[offset]) << (offset &* 8) }
        }
        return Int(truncatingIfNeeded: mix(word ^ UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15))
    }

    /// The finalizer of SplitMix64: every input bit reaches every output bit.
    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var value = value
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// The index of the key spelled by `bytes`, or `nil`.
    public func index(ofUTF8 bytes: UnsafeRawBufferPointer) -> Int? {
        var slot = KeyTable.hash(bytes) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if key(at: entry - 1, equals: bytes) { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Whether the key at `index` is spelled by `bytes`; `false` for an index outside the table.
    ///
    /// Readers try the key after the one found last before hashing: data usually lists keys in the order the
    /// model declares them.
    public func key(at index: Int, equals bytes: UnsafeRawBufferPointer) -> Bool {
        guard index >= 0 && index < keys.count else { return false }
        let start = keyStarts[index]
        guard keyStarts[index + 1] - start == bytes.count else { return false }
        if bytes.isEmpty { return true }
        return keyBytes.withUnsafeBytes { memcmp($0.baseAddress! + start, bytes.baseAddress!, bytes.count) == 0 }
    }

    /// The index of `key`, or `nil`.
    public func index(of key: String) -> Int? {
        // Native strings lend their bytes without a copy; only bridged ones are made contiguous first.
        if let found = key.utf8.withContiguousStorageIfAvailable({ index(ofUTF8: UnsafeRawBufferPointer($0)) }) {
            return found
        }
        var key = key
        return key.withUTF8 { index(ofUTF8: UnsafeRawBufferPointer($0)) }
    }

    /// Looks `key` up, as a reader reports it.
    public func lookup(_ key: String) -> KeyLookup {
        index(of: key).map(KeyLookup.known) ?? .unknown
    }
}
