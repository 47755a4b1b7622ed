/// XXH64, the 64-bit hash of the xxHash family (Yann Collet; specification at
/// https://github.com/Cyan4973/xxHash/blob/dev/doc/xxhash_spec.md), fed in pieces.
///
/// A store's file carries this hash of its bytes (see `StoreChecksum`). It is written here rather than taken
/// from a package because none of the packages the project may use has a fast non-cryptographic hash:
/// swift-crypto is not among the package's dependencies, and its SHA-256 guards against adversaries — which a
/// damaged disk is not — at a higher cost per byte; CRC-32C has only 32 bits, so about one damaged file in four
/// billion would pass. XXH64 reads eight bytes per multiply, four lanes at a time, which keeps the check a small
/// part of a save or a load; its output equals the reference implementation's (`libxxhash`), which the tests
/// compare against known values.
struct XXHash64: Sendable {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    private let seed: UInt64
    private var lanes: (UInt64, UInt64, UInt64, UInt64)
    /// Bytes of an unfinished 32-byte stripe, waiting for the rest of it.
    private var pending: [UInt8] = []
    private var totalCount: UInt64 = 0

    init(seed: UInt64 = 0) {
        self.seed = seed
        lanes = (seed &+ Self.prime1 &+ Self.prime2, seed &+ Self.prime2, seed, seed &- Self.prime1)
        pending.reserveCapacity(32)
    }

    /// The hash of `bytes` in one call.
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        var hasher = XXHash64(seed: seed)
        hasher.update(bytes)
        return hasher.finalize()
    }

    @inline(__always)
    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    @inline(__always)
    private static func merge(_ hash: UInt64, _ lane: UInt64) -> UInt64 {
        (hash ^ round(0, lane)) &* prime1 &+ prime4
    }

    /// Adds the next bytes of the input.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var base = bytes.baseAddress, !bytes.isEmpty else { return }
        var count = bytes.count
        totalCount &+= UInt64(count)
        if !pending.isEmpty {
            let taken = min(32 - pending.count, count)
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: taken))
            base += taken
            count -= taken
            guard pending.count == 32 else { return }
            pending.withUnsafeBytes { stripes($0.baseAddress!, count: 32) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = count & ~31
        if whole > 0 { stripes(base, count: whole) }
        if whole < count {
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base + whole, count: count - whole))
        }
    }

    /// Runs the four lanes over `count` bytes, a multiple of 32.
    private mutating func stripes(_ base: UnsafeRawPointer, count: Int) {
        var (v1, v2, v3, v4) = lanes
        var offset = 0
        while offset < count {
            v1 = Self.round(v1, Self.load64(base, offset))
            v2 = Self.round(v2, Self.load64(base, offset + 8))
            v3 = Self.round(v3, Self.load64(base, offset + 16))
            v4 = Self.round(v4, Self.load64(base, offset + 24))
            offset += 32
        }
        lanes = (v1, v2, v3, v4)
    }

    @inline(__always)
    private static func load64(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The hash of everything added so far.
    func finalize() -> UInt64 {
        var hash: UInt64
        if totalCount >= 32 {
            let (v1, v2, v3, v4) = lanes
            hash = Self.rotate(v1, 1) &+ Self.rotate(v2, 7) &+ Self.rotate(v3, 12) &+ Self.rotate(v4, 18)
            hash = Self.merge(hash, v1)
            hash = Self.merge(hash, v2)
            hash = Self.merge(hash, v3)
            hash = Self.merge(hash, v4)
        } else {
            hash = seed &+ Self.prime5
        }
        hash &+= totalCount
        pending.withUnsafeBytes { tail in
            var offset = 0
            while offset + 8 <= tail.count {
                hash ^= Self.round(0, Self.load64(tail.baseAddress!, offset))
                hash = Self.rotate(hash, 27) &* Self.prime1 &+ Self.prime4
                offset += 8
            }
            if offset + 4 <= tail.count {
                let word = UInt32(littleEndian: tail.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                hash ^= UInt64(word) &* Self.prime1
                hash = Self.rotate(hash, 23) &* Self.prime2 &+ Self.prime3
                offset += 4
            }
            while offset < tail.count {
                hash ^= UInt64(tail[offset]) &* Self.prime5
                hash = Self.rotate(hash, 11) &* Self.prime1
                offset += 1
            }
        }
        hash ^= hash >> 33
        hash &*= Self.prime2
        hash ^= hash >> 29
        hash &*= Self.prime3
        hash ^= hash >> 32
        return hash
    }
}
