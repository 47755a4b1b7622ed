import Foundation

/// The keys one model reads, hashed once so that a key from the data is matched on its UTF-8 bytes without
/// making a `String`.
///
/// Generated code builds one table per model type and key strategy, once.
public final class KeyTable: Sendable {
    /// The keys in the order the model declared them; a lookup returns an index into this array.
    public let keys: [String]
    /// Every key's UTF-8 bytes, one after another: only keys longer than 24 bytes are compared here.
    private let keyBytes: [UInt8]
    /// Where each key's bytes start in `keyBytes`.
    private let keyStarts: [Int]
    /// Each key's ``KeyShape``, by key index.
    private let shapes: [KeyShape]
    /// Each key's shape if it is written in JSON exactly as its bytes are (see ``plainKeyEnd(at:in:from:)``);
    /// a negative count for a key that is not.
    @usableFromInline let plainShapes: [KeyShape]
    /// Open addressing: each slot holds a key index plus one, zero when empty.
    private let slots: [Int32]
    private let mask: Int
    /// The key expected after each key: the one declared next, or the one the data had there (see
    /// ``KeyPrediction``).
    @usableFromInline let learnedOrder: LearnedKeyOrder
    /// The size of the collection last decoded under each key (see ``LearnedSizes``).
    @usableFromInline let learnedSizes: LearnedSizes

    /// Builds the table. Duplicate keys keep their first index.
    public init(_ keys: [String]) {
        self.keys = keys
        var keyBytes: [UInt8] = []
        var keyStarts: [Int] = []
        var shapes: [KeyShape] = []
        for key in keys {
            keyStarts.append(keyBytes.count)
            let utf8 = Array(key.utf8)
            keyBytes.append(contentsOf: utf8)
            shapes.append(utf8.withUnsafeBytes { KeyShape(keyOfTable: $0) })
        }
        var capacity = 8
        while capacity < keys.count * 2 { capacity <<= 1 }
        var slots = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for index in keys.indices {
            var slot = shapes[index].hash & mask
            var duplicate = false
            while slots[slot] != 0 {
                if keys[Int(slots[slot]) - 1] == keys[index] {
                    duplicate = true
                    break
                }
                slot = (slot + 1) & mask
            }
            if !duplicate { slots[slot] = Int32(index + 1) }
        }
        self.keyBytes = keyBytes
        self.keyStarts = keyStarts
        self.shapes = shapes
        self.plainShapes = keys.indices.map { index in
            let isPlain = keys[index].utf8.allSatisfy {
                $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
            }
            return isPlain ? shapes[index] : KeyShape(count: -1, head: 0, middle: 0, tail: 0)
        }
        self.slots = slots
        self.mask = mask
        learnedOrder = LearnedKeyOrder(keyCount: keys.count)
        learnedSizes = LearnedSizes(keyCount: keys.count)
    }

    deinit {
        learnedOrder.deallocate()
        learnedSizes.deallocate()
    }

    /// The index of the key spelled by `bytes`, or `nil`.
    public func index(ofUTF8 bytes: UnsafeRawBufferPointer) -> Int? {
        let shape = KeyShape(bytes)
        var slot = shape.hash & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if key(at: entry - 1, hasShape: shape, bytes: bytes) { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// Whether the key at `index` is spelled by `bytes`; `false` for an index outside the table.
    ///
    /// Readers try the key after the one found last before hashing: data usually lists keys in the order the
    /// model declares them.
    public func key(at index: Int, equals bytes: UnsafeRawBufferPointer) -> Bool {
        guard index >= 0 && index < keys.count else { return false }
        return key(at: index, hasShape: KeyShape(bytes), bytes: bytes)
    }

    /// Where the key at `index` ends when `bytes` spell it from `start` and a closing quote follows: the offset
    /// of that quote, or `nil`.
    ///
    /// Only keys with no quote, backslash or control character take part, so a match is the whole string
    /// and needs no unescaping; the key came from a `String`, so its bytes are valid UTF-8. Readers of quoted
    /// keys (JSON, XML) try the key they predict this way before scanning for the end of the string.
    ///
    /// Inlinable, and one array read: it runs for most keys of a document, and as a call into the table it
    /// cost more than the comparison itself.
    @inlinable
    public func plainKeyEnd(at index: Int, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        return plainKeyEnd(at: index, in: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, from: start)
    }

    /// ``plainKeyEnd(at:in:from:)`` over the `count` bytes at `base`, for a reader that keeps its text so.
    @inlinable @inline(__always)
    func plainKeyEnd(at index: Int, in base: UnsafePointer<UInt8>, count: Int, from start: Int) -> Int? {
        // One unsigned comparison for both bounds.
        guard UInt(bitPattern: index) < UInt(bitPattern: plainShapes.count) else { return nil }
        let shape = plainShapes[index]
        guard shape.count >= 0 else { return nil }
        let end = start &+ shape.count
        guard start >= 0, end < count, base[end] == UInt8(ascii: "\"") else { return nil }
        guard KeyShape(base + start, count: shape.count) == shape else { return nil }
        if shape.count <= KeyShape.wholeKeyLength { return end }
        return longKey(at: index, shape: shape, equals: UnsafeRawPointer(base + start)) ? end : nil
    }

    /// Whether the key at `index`, whose shape `shape` equals that of `bytes`, and which is longer than a shape
    /// tells apart, is spelled by `bytes`: its middle word, then the rest for a key longer than 24 bytes.
    @inlinable @inline(__always)
    func longKey(at index: Int, shape: KeyShape, equals bytes: UnsafeRawPointer) -> Bool {
        guard bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == shape.middle else { return false }
        return shape.count <= KeyShape.wholeKeyLength &+ 8
            || longKeyRest(at: index, equals: UnsafeRawBufferPointer(start: bytes, count: shape.count))
    }

    /// Whether the key at `index`, longer than 24 bytes, is spelled by `bytes` of its length after their first
    /// sixteen bytes.
    ///
    /// Its shape and middle word have compared the first sixteen and the last eight bytes already: the bytes
    /// between are compared a word at a time, the last word overlapping the tail, rather than by `memcmp`, whose
    /// call cost more than the words.
    @usableFromInline
    func longKeyRest(at index: Int, equals bytes: UnsafeRawBufferPointer) -> Bool {
        guard let candidate = bytes.baseAddress else { return false }
        return keyBytes.withUnsafeBytes { all in
            let key = all.baseAddress! + keyStarts[index]
            var offset = 16
            while offset < bytes.count &- 8 {
                guard
                    key.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == candidate.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                else { return false }
                offset &+= 8
            }
            return true
        }
    }

    @inline(__always)
    private func key(at index: Int, hasShape shape: KeyShape, bytes: UnsafeRawBufferPointer) -> Bool {
        let known = shapes[index]
        guard known == shape else { return false }
        if shape.count <= KeyShape.wholeKeyLength { return true }
        guard let base = bytes.baseAddress else { return false }
        return longKey(at: index, shape: known, equals: base)
    }

    /// The index of `key`, or `nil`.
    ///
    /// Inlinable so that a key borrowed from a dictionary's storage is looked up on its bytes in place: a call
    /// that takes the `String` made its caller retain and release it for every key.
    @inlinable
    public func index(of key: String) -> Int? {
        key.withUTF8Bytes { index(ofUTF8: UnsafeRawBufferPointer($0)) }
    }

    /// Looks `key` up, as a reader reports it.
    @inlinable
    public func lookup(_ key: String) -> KeyLookup {
        index(of: key).map(KeyLookup.known) ?? .unknown
    }
}

// Keys of 17 to 24 bytes are a fifth of twitter.json's; the middle word in every shape cost citm_catalog 1.4%.
/// A key's length and its first and last eight bytes, loaded as words: for keys of up to 16 bytes (most keys)
/// equal shapes mean equal keys, so a lookup compares three words instead of calling `memcmp`, and the hash
/// is made from the same words instead of from every byte.
///
/// A table's shapes also keep the bytes 8 to 16 of a longer key (``middle``), so that a key of up to 24 bytes
/// (`profile_link_color`, `in_reply_to_status_id`) is finished inline rather than by a call. The middle word is
/// not part of the shape that is compared and hashed: reading it from every key of the data would cost more
/// than the calls it saves.
@usableFromInline
struct KeyShape: Equatable, Sendable {
    /// Keys up to this long are told apart by their shape alone.
    @inlinable static var wholeKeyLength: Int { 16 }

    @usableFromInline let count: Int
    @usableFromInline let head: UInt64
    /// The key's bytes 8 to 16 in a table's shape of a key longer than 16 bytes; zero otherwise.
    @usableFromInline let middle: UInt64
    @usableFromInline let tail: UInt64

    @inlinable
    static func == (lhs: KeyShape, rhs: KeyShape) -> Bool {
        lhs.count == rhs.count && lhs.head == rhs.head && lhs.tail == rhs.tail
    }

    @inlinable
    init(count: Int, head: UInt64, middle: UInt64, tail: UInt64) {
        self.count = count
        self.head = head
        self.middle = middle
        self.tail = tail
    }

    /// The shape of `bytes`. Shorter keys are read as two overlapping halves of the width that fits, so that,
    /// for a given length, the words determine every byte.
    @inlinable @inline(__always)
    init(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else {
            self.init(count: bytes.count, head: 0, middle: 0, tail: 0)
            return
        }
        self.init(base, count: bytes.count)
    }

    /// The shape of a table's key, with its ``middle`` word.
    init(keyOfTable bytes: UnsafeRawBufferPointer) {
        let shape = KeyShape(bytes)
        let middle = bytes.count > 16 ? bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self) : 0
        self.init(count: shape.count, head: shape.head, middle: middle, tail: shape.tail)
    }

    /// The shape of the `count` bytes at `base`.
    @inlinable @inline(__always)
    init(_ base: UnsafeRawPointer, count: Int) {
        self.count = count
        middle = 0
        switch count {
        case 8...:
            head = base.loadUnaligned(as: UInt64.self)
            tail = base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        case 4...7:
            head =
                UInt64(base.loadUnaligned(as: UInt32.self))
                | UInt64(base.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)) << 32
            tail = 0
        case 2...3:
            head =
                UInt64(base.loadUnaligned(as: UInt16.self))
                | UInt64(base.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)) << 16
            tail = 0
        case 1:
            head = UInt64(base.load(as: UInt8.self))
            tail = 0
        default:
            head = 0
            tail = 0
        }
    }

    /// A hash of the words and the length, finished by SplitMix64's mixer so every input bit reaches every
    /// output bit.
    @inline(__always)
    var hash: Int {
        var value = head ^ (tail &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(truncatingIfNeeded: count) << 56)
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: value ^ (value >> 31))
    }
}
