import Atomics

/// The order in which a reader expects one model's keys: for each place in a dictionary of the model (its start,
/// and after each key), the key declared there until the data has had another key there, then the key last
/// found there by lookup.
///
/// It belongs to the model's ``KeyTable`` and so outlives a read. An app reads the same kind of data again and
/// again: from the second document on, a dictionary that occurs once in a document (weibo.json's status and
/// user) is read in the order it had, instead of being looked up key by key in every document.
///
/// Every reader that uses the table, on any thread, reads and writes the entries, each an atomic 32-bit
/// integer with relaxed ordering. An entry is only a hint that a reader checks against the data's bytes before
/// it believes it: a reader that sees another thread's entry, or an older one, guesses wrong and looks the key
/// up, and never finds a key other than the one spelled.
@usableFromInline
struct LearnedKeyOrder: @unchecked Sendable {
    // Unchecked: the entries are only touched by atomic operations, and freed by the table's `deinit`, once no
    // reader holds the table.
    @usableFromInline typealias Entry = UnsafeAtomic<Int32>.Storage

    /// The key expected at each place: entry 0 is the start of a dictionary, entry `i + 1` the place after key
    /// `i`. The last entry, after the last key, expects a key past the table's, which matches nothing.
    @usableFromInline let entries: UnsafeMutablePointer<Entry>
    @usableFromInline let count: Int

    /// Room for the places of a table of `keyCount` keys, each expecting the key declared there.
    init(keyCount: Int) {
        count = keyCount + 1
        entries = .allocate(capacity: count)
        for place in 0..<count { (entries + place).initialize(to: Entry(Int32(truncatingIfNeeded: place))) }
    }

    /// Frees the entries; called once, by the table's `deinit`.
    func deallocate() {
        entries.deinitialize(count: count)
        entries.deallocate()
    }

    /// The index of the key expected at the place after the key at `index` (-1: the start of a dictionary), or
    /// -1 if `index` is not one of the table's.
    ///
    /// Inlinable: readers ask it for every key.
    @inlinable @inline(__always)
    func key(after index: Int) -> Int {
        // One unsigned comparison for both bounds.
        let place = UInt(bitPattern: index &+ 1)
        guard place < UInt(bitPattern: count) else { return -1 }
        return Int(Entry.atomicLoad(at: entries + Int(bitPattern: place), ordering: .relaxed))
    }

    /// Learns `key` as the key at the place after the key at `index` (-1: the start of a dictionary).
    ///
    /// The entry is written only when it changes, so that readers on other threads that find the same order
    /// keep sharing their cached copy of it.
    func learn(_ key: Int, after index: Int) {
        let place = index &+ 1
        guard place >= 0 && place < count, key >= 0 && key < count &- 1 else { return }
        let entry = entries + place
        let value = Int32(truncatingIfNeeded: key)
        if Entry.atomicLoad(at: entry, ordering: .relaxed) != value {
            Entry.atomicStore(value, at: entry, ordering: .relaxed)
        }
    }
}
