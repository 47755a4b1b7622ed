// Measured before: the doublings cost twitter.json's hundred statuses 204,000 instructions a decode, and the
// resizes were half of the hashing in weibo.json's decoding.
/// How many elements the collection under each key of a ``KeyTable`` had the last time one was decoded, so that
/// the next one under that key reserves room for them up front rather than growing one doubling at a time.
///
/// A growing array copies its elements at every doubling, and a growing dictionary hashes its keys again at
/// every resize. Like the key order, it belongs to the table and outlives a read: the same field of the same
/// kind of data has about the same size from one document to the next.
///
/// A size is a hint: a wrong one costs a reallocation or some unused room, never a different value (see
/// ``DecodingContext/collectionSize``).
@usableFromInline
struct LearnedSizes: Sendable {
    /// The last size of each key's collection; zero until one was decoded.
    @usableFromInline let sizes: RelaxedAtomicIntegers

    /// No size learned for any of `keyCount` keys.
    init(keyCount: Int) {
        sizes = RelaxedAtomicIntegers(count: keyCount) { _ in 0 }
    }

    /// Frees the sizes; called once, by the table's `deinit`.
    func deallocate() {
        sizes.deallocate()
    }

    /// The size learned for the key at `index`; zero if none was.
    @inlinable @inline(__always)
    func size(ofKeyAt index: Int) -> Int {
        sizes.value(at: index, orElse: 0)
    }

    /// Learns `size` as that of the collection under the key at `index`.
    @inlinable
    func learn(_ size: Int, ofKeyAt index: Int) {
        sizes.store(Int32(clamping: size), at: index)
    }
}
