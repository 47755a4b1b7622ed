/// The order in which a reader expects one model's keys: for each place in a dictionary of the model (its start,
/// and after each key), the key declared there until the data has had another key there, then the key last
/// found there by lookup.
///
/// It belongs to the model's ``KeyTable`` and so outlives a read. An app reads the same kind of data again and
/// again: from the second document on, a dictionary that occurs once in a document (weibo.json's status and
/// user) is read in the order it had, instead of being looked up key by key in every document.
///
/// Every reader that uses the table, on any thread, shares the entries (``RelaxedAtomicIntegers``). A reader
/// checks an entry against the data's bytes before it believes it, so another thread's entry, or an older one,
/// costs a lookup and never finds a key other than the one spelled.
@usableFromInline
struct LearnedKeyOrder: Sendable {
    /// The key expected at each place: entry 0 is the start of a dictionary, entry `i + 1` the place after key
    /// `i`. The last entry, after the last key, expects a key past the table's, which matches nothing.
    @usableFromInline let places: RelaxedAtomicIntegers

    /// Room for the places of a table of `keyCount` keys, each expecting the key declared there.
    init(keyCount: Int) {
        places = RelaxedAtomicIntegers(count: keyCount + 1) { Int32(truncatingIfNeeded: $0) }
    }

    /// Frees the places; called once, by the table's `deinit`.
    func deallocate() {
        places.deallocate()
    }

    /// The index of the key expected at the place after the key at `index` (-1: the start of a dictionary), or
    /// -1 if `index` is not one of the table's.
    ///
    /// Inlinable: readers ask it for every key.
    @inlinable @inline(__always)
    func key(after index: Int) -> Int {
        places.value(at: index &+ 1, orElse: -1)
    }

    /// Learns `key` as the key at the place after the key at `index` (-1: the start of a dictionary).
    func learn(_ key: Int, after index: Int) {
        guard key >= 0 && key < places.count &- 1 else { return }
        places.store(Int32(truncatingIfNeeded: key), at: index &+ 1)
    }
}
