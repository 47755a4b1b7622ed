import Foundation

/// What tells one version of a store's file from another, so that a store can see that another process (or
/// another instance on the same file) replaced the file it read.
///
/// Every file a store writes carries the checksum of its bytes (see ``StoreChecksum``); the fingerprint is that
/// checksum, where it lies, and the file's size. Checking a file against a fingerprint reads those 33 bytes and
/// the size, not the file: a different file with the same size and the same checksum at the same place would
/// need an XXH64 collision. A file without a checksum — written before files carried one, or damaged past
/// finding it — is fingerprinted by the XXH64 hash of all its bytes, and checked by reading it whole.
struct FileFingerprint: Sendable, Hashable {
    /// The file's size in bytes.
    var size: Int
    /// Where the checksum's digits start; `nil` when the file has no checksum field.
    var checksumOffset: Int?
    /// The checksum the file carries, or the hash of all its bytes when it carries none.
    var value: UInt64

    init(size: Int, checksumOffset: Int?, value: UInt64) {
        self.size = size
        self.checksumOffset = checksumOffset
        self.value = value
    }

    /// The fingerprint of a file's bytes: the checksum in its last checksum field, taken as it is written (a
    /// damaged file's too), or the hash of all the bytes.
    init(of data: Data) {
        let found = data.withUnsafeBytes { bytes -> (offset: Int, value: UInt64)? in
            guard let start = StoreChecksum.lastMarker(in: bytes) else { return nil }
            let digits = start + StoreChecksum.marker.count
            guard digits + StoreChecksum.digitCount <= bytes.count else { return nil }
            return StoreChecksum.value(ofDigits: UnsafeRawBufferPointer(rebasing: bytes[digits...])).map {
                (digits, $0)
            }
        }
        if let found {
            self.init(size: data.count, checksumOffset: found.offset, value: found.value)
        } else {
            let hash = data.withUnsafeBytes { StoreChecksum.hash(of: $0, skipping: 0..<0) }
            self.init(size: data.count, checksumOffset: nil, value: hash)
        }
    }

    /// The bytes a file with this fingerprint has at `checksumOffset - marker.count`: the checksum field's text.
    var checksumField: [UInt8] {
        StoreChecksum.marker + Array(StoreChecksum.hexDigits(value).utf8)
    }
}
