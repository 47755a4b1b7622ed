import Atomics

/// A fixed number of 32-bit integers that readers on any thread read and write with relaxed atomic
/// operations: what a ``KeyTable`` learns from the data it reads (``LearnedKeyOrder``, ``LearnedSizes``).
///
/// Relaxed ordering is enough because every value is a hint: a reader that sees another thread's value, or an
/// older one, only guesses wrong, and a guess never changes what is decoded. On x86-64 and ARM64 a relaxed
/// load or store is a plain one.
@usableFromInline
struct RelaxedAtomicIntegers: @unchecked Sendable {
    // Unchecked: the integers are only touched by atomic operations, and freed by their owner's `deinit`, once
    // no reader holds the owner.
    @usableFromInline typealias Entry = UnsafeAtomic<Int32>.Storage

    @usableFromInline let entries: UnsafeMutablePointer<Entry>
    @usableFromInline let count: Int

    /// `count` integers, each `initialValue(index)`.
    init(count: Int, initialValue: (Int) -> Int32) {
        self.count = count
        entries = .allocate(capacity: count)
        for index in 0..<count { (entries + index).initialize(to: Entry(initialValue(index))) }
    }

    /// Frees the integers; called once, by the owner's `deinit`.
    func deallocate() {
        entries.deinitialize(count: count)
        entries.deallocate()
    }

    /// The integer at `index`, or `fallback` for an index outside the buffer.
    @inlinable @inline(__always)
    func value(at index: Int, orElse fallback: Int) -> Int {
        // One unsigned comparison for both bounds.
        guard UInt(bitPattern: index) < UInt(bitPattern: count) else { return fallback }
        return Int(Entry.atomicLoad(at: entries + index, ordering: .relaxed))
    }

    /// Sets the integer at `index`, if there is one, to `value`.
    ///
    /// Written only when it changes, so that readers on other threads that learn the same keep sharing their
    /// cached copy of it.
    @inlinable
    func store(_ value: Int32, at index: Int) {
        guard UInt(bitPattern: index) < UInt(bitPattern: count) else { return }
        if Entry.atomicLoad(at: entries + index, ordering: .relaxed) != value {
            Entry.atomicStore(value, at: entries + index, ordering: .relaxed)
        }
    }
}
