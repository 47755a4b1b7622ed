import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The checksum a store's file carries, so that damage to the bytes at rest is found before they are decoded.
///
/// The file's last field holds the text `ModelStore-XXH64:` and 16 hex digits: the ``XXHash64`` of every byte
/// of the file except those 16 digits. The field is an ordinary string of the file's format, so the file stays
/// a plain property list or JSON document that any reader opens; and because the hash covers the whole file —
/// a binary property list's offset table and trailer too — a change anywhere is found, including a change to
/// the bytes that say where the checksum is (the digits read from a wrong place do not match).
///
/// A file without the text is from before files carried a checksum; the stores accept it when its shape is
/// exactly the old one (see ``Verification/unsealed``).
enum StoreChecksum {
    /// The text before the digits.
    static let marker = Array("ModelStore-XXH64:".utf8)
    static let digitCount = 16

    /// What the check found.
    enum Verification: Equatable {
        /// The digits match the file: `field` is the whole text, which the store expects in its checksum field.
        case verified(field: String)
        /// No checksum at all: a file written before files carried one.
        case unsealed
    }

    /// The bytes do not match their checksum, or the checksum field is cut short.
    struct Mismatch: Error, CustomStringConvertible {
        var description: String
    }

    /// A value for the checksum field of a file about to be written: the marker and 16 random hex digits, which
    /// the save replaces with the hash once the file is complete.
    ///
    /// Random, so that no string of the contents equals it: a binary property list stores equal strings once,
    /// and replacing a string the contents share would change the contents.
    static func placeholder() -> String {
        String(decoding: marker, as: UTF8.self) + hexDigits(UInt64.random(in: 0...UInt64.max))
    }

    static func hexDigits(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: digitCount - digits.count) + digits
    }

    /// Checks `data` against the checksum it carries.
    ///
    /// - Throws: ``Mismatch`` when the digits do not match the bytes or the field is malformed.
    static func verify(_ data: Data) throws -> Verification {
        try data.withUnsafeBytes { bytes in
            guard let start = lastMarker(in: bytes) else {
                guard !hasNearMarker(in: bytes) else {
                    throw Mismatch(description: "its checksum field is damaged")
                }
                return .unsealed
            }
            let digits = start + marker.count
            guard let stored = value(ofDigits: UnsafeRawBufferPointer(rebasing: bytes[digits...])) else {
                throw Mismatch(description: "its checksum field is cut short or not hexadecimal")
            }
            let computed = hash(of: bytes, skipping: digits..<(digits + digitCount))
            guard computed == stored else {
                throw Mismatch(
                    description: "its checksum does not match its contents (stored \(hexDigits(stored)), "
                        + "computed \(hexDigits(computed)))")
            }
            return .verified(field: String(decoding: bytes[start..<(digits + digitCount)], as: UTF8.self))
        }
    }

    /// The number the 16 hex digits at the start of `bytes` spell, or `nil` when there are fewer or they are not
    /// lowercase hex digits: an uppercase digit would be another file with the same number.
    static func value(ofDigits bytes: UnsafeRawBufferPointer) -> UInt64? {
        guard bytes.count >= digitCount else { return nil }
        var value: UInt64 = 0
        for byte in bytes.prefix(digitCount) {
            switch byte {
            case 0x30...0x39: value = value << 4 | UInt64(byte - 0x30)
            case 0x61...0x66: value = value << 4 | UInt64(byte - 0x61 + 10)
            default: return nil
            }
        }
        return value
    }

    /// Where the last checksum text starts; the checksum field is written after everything it guards.
    static func lastMarker(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= marker.count, let base = bytes.baseAddress else { return nil }
        let first = marker[0]
        return marker.withUnsafeBytes { pattern in
            var position = bytes.count - marker.count
            while position >= 0 {
                if bytes[position] == first && memcmp(base + position, pattern.baseAddress!, pattern.count) == 0 {
                    return position
                }
                position -= 1
            }
            return nil
        }
    }

    /// Whether the bytes hold the marker with a few bytes changed: a checked file whose checksum field was hit,
    /// which must not pass for a file from before checksums (whose contents then could not be checked at all).
    ///
    /// Only a file without the exact marker is searched, once per file from before checksums; eight or more of
    /// the marker's 17 bytes must match, which text other than a damaged marker does not do by chance.
    static func hasNearMarker(in bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= marker.count else { return false }
        let allowed = marker.count - 8
        var position = 0
        while position <= bytes.count - marker.count {
            var mismatches = 0
            var index = 0
            while index < marker.count && mismatches <= allowed {
                if bytes[position + index] != marker[index] { mismatches += 1 }
                index += 1
            }
            if mismatches <= allowed { return true }
            position += 1
        }
        return false
    }

    /// The hash of `bytes` without the digits at `hole`.
    static func hash(of bytes: UnsafeRawBufferPointer, skipping hole: Range<Int>) -> UInt64 {
        var hasher = XXHash64()
        hasher.update(UnsafeRawBufferPointer(rebasing: bytes[..<hole.lowerBound]))
        hasher.update(UnsafeRawBufferPointer(rebasing: bytes[hole.upperBound...]))
        return hasher.finalize()
    }

    /// `data`, written with a ``placeholder()`` in its checksum field, with the placeholder's digits replaced
    /// by the hash.
    static func sealed(_ data: Data, placeholder: String) throws -> Data {
        var data = data
        let digits = try data.withUnsafeBytes { bytes -> Range<Int> in
            guard let start = lastMarker(in: bytes) else {
                throw Mismatch(description: "the checksum field was not written")
            }
            return (start + marker.count)..<(start + marker.count + digitCount)
        }
        let value = data.withUnsafeBytes { hash(of: $0, skipping: digits) }
        data.replaceSubrange(digits, with: Array(hexDigits(value).utf8))
        return data
    }

    /// Finds a placeholder in bytes that go by in pieces, as a save streams them to its file.
    struct PlaceholderFinder {
        private let pattern: [UInt8]
        /// The end of the bytes seen so far, by their offset in the file.
        private var seen = 0
        /// The last bytes seen, fewer than the pattern's, for a placeholder cut across two pieces.
        private var carry: [UInt8] = []
        /// Where the placeholder's digits are, once it has gone by.
        private(set) var digitsOffset: Int?

        init(placeholder: String) {
            pattern = Array(placeholder.utf8)
        }

        mutating func scan(_ piece: UnsafeRawBufferPointer) {
            defer { seen += piece.count }
            guard digitsOffset == nil, !piece.isEmpty else { return }
            // Joining the carry with the piece's start finds a placeholder across the two.
            let joined = carry + piece.prefix(pattern.count - 1)
            if let found = joined.withUnsafeBytes({ Self.firstRange(of: pattern, in: $0) }) {
                digitsOffset = seen - carry.count + found + StoreChecksum.marker.count
            } else if let found = Self.firstRange(of: pattern, in: piece) {
                digitsOffset = seen + found + StoreChecksum.marker.count
            }
            carry = Array((carry + piece.suffix(pattern.count - 1)).suffix(pattern.count - 1))
        }

        private static func firstRange(of pattern: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
            guard bytes.count >= pattern.count, let base = bytes.baseAddress else { return nil }
            return pattern.withUnsafeBytes { pattern in
                var position = 0
                let last = bytes.count - pattern.count
                while position <= last {
                    guard let hit = memchr(base + position, Int32(pattern[0]), last - position + 1) else { return nil }
                    position = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + position, pattern.baseAddress!, pattern.count) == 0 { return position }
                    position += 1
                }
                return nil
            }
        }
    }

    /// Replaces the placeholder's digits at `digitsOffset` in the open file `descriptor`, `size` bytes long,
    /// with the hash of the rest of the file, read back from the file itself; returns the hash.
    @discardableResult
    static func seal(
        descriptor: Int32, size: Int, digitsOffset: Int, path: String, fileSystem: any StoreFileSystem
    ) throws -> UInt64 {
        var hasher = XXHash64()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var offset = 0
        while offset < size {
            let count = try buffer.withUnsafeMutableBytes { buffer -> Int in
                let wanted = UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(buffer.count, size - offset)])
                let read: Int
                do throws(SystemCallError) {
                    read = try fileSystem.read(descriptor, into: wanted, at: offset)
                } catch {
                    throw StoreError.writeFailed(path: path, operation: "read back to checksum", code: error.code)
                }
                // The file is shorter than what was written to it: something else truncated it.
                if read == 0 { throw StoreError.writeFailed(path: path, operation: "read back to checksum", code: EIO) }
                return read
            }
            buffer.withUnsafeBytes { buffer in
                // Only the digits are left out; they may fall across two reads.
                let piece = offset..<(offset + count)
                let hole = digitsOffset..<(digitsOffset + digitCount)
                let before = piece.clamped(to: piece.lowerBound..<max(piece.lowerBound, hole.lowerBound))
                let after = piece.clamped(to: min(piece.upperBound, hole.upperBound)..<piece.upperBound)
                for part in [before, after] where !part.isEmpty {
                    hasher.update(
                        UnsafeRawBufferPointer(
                            rebasing: buffer[(part.lowerBound - offset)..<(part.upperBound - offset)]))
                }
            }
            offset += count
        }
        let checksum = hasher.finalize()
        let digits = Array(hexDigits(checksum).utf8)
        let written = try digits.withUnsafeBytes { digits in
            do throws(SystemCallError) {
                return try fileSystem.write(descriptor, digits, at: digitsOffset)
            } catch {
                throw StoreError.writeFailed(path: path, operation: "write the checksum", code: error.code)
            }
        }
        guard written == digitCount else {
            throw StoreError.writeFailed(path: path, operation: "write the checksum", code: EIO)
        }
        return checksum
    }
}
