// `withUTF8` is mutating (it may make a bridged string native), so reading a string's bytes through it takes a copy
// of the string, a retain and a release of its storage: once for every string the writers wrote and every key the
// key tables looked up (Benchmarks/NOTES.md, 2026-11-30, third session).
extension String {
    /// Calls `body` with the string's UTF-8 bytes: a native string's where they lie, any other's after making a
    /// contiguous copy.
    @inlinable @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var contiguous = self
        return try contiguous.withUTF8(body)
    }
}
