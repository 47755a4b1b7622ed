/// Which key a reader expects next in the dictionary it reads, so that it can check that key's bytes where they
/// lie instead of scanning the key and looking it up by its hash.
///
/// Data lists the keys of one kind of dictionary in much the same order every time. The key expected after the
/// key found last (or first, in a new dictionary) is the one the table's ``LearnedKeyOrder`` holds for that
/// place: the key declared there, until data had another key there. When the data has another key, the reader
/// tries the key declared there, and only then scans and looks the key up: a key found by lookup becomes the
/// one expected at its place. So a model whose properties are declared in another order than the data's looks
/// up each key once, in the first dictionary of its kind that the app reads, and finds it where it expects it
/// in the ones that follow, in that document or the next.
///
/// A dictionary inside another interrupts the outer one's prediction, which is taken up again when it closes.
///
/// A wrong prediction costs a comparison: the reader checks the expected key's bytes and goes on if they differ.
/// What was learned never changes what a key is found to be.
@usableFromInline
struct KeyPrediction {
    /// The outer dictionary's prediction while a dictionary inside it is read.
    @usableFromInline
    struct Suspended {
        @usableFromInline var table: UInt
        @usableFromInline var lastKey: Int

        @inlinable
        init(table: UInt, lastKey: Int) {
            self.table = table
            self.lastKey = lastKey
        }
    }

    // The optional's comparison took four times the instructions.
    /// The address of the table of the key found last; zero before the first.
    ///
    /// An address rather than an optional `ObjectIdentifier`, whose comparison, made for every key, costs more.
    @usableFromInline var table: UInt = 0
    /// The index of the key found last, -1 before the first key of a dictionary.
    @usableFromInline var lastKey = -1
    /// The predictions of the dictionaries around the one being read, each at the depth of the dictionary
    /// entered inside it: written when that dictionary is entered, read when it closes. A slot is only
    /// overwritten, never removed, so that entering and leaving cost a store and a load; a dictionary left by
    /// recovery leaves a slot that the next dictionary at its depth writes again.
    @usableFromInline var suspended: [Suspended] = []

    @inlinable
    init() {}

    /// The index expected next in `table`: the key its learned order holds for the place after the one found
    /// last; `nil` when that was in another table.
    @inlinable @inline(__always)
    func expectedKey(in table: KeyTable) -> Int? {
        self.table == Self.address(of: table) ? table.learnedOrder.key(after: lastKey) : nil
    }

    /// The index declared after the key found last in `table`, if it is not the key ``expectedKey(in:)`` gave.
    ///
    /// Always inlined into the one reader path that asks it, which runs for every key that was not expected.
    @inline(__always)
    func declaredKey(in table: KeyTable) -> Int? {
        guard self.table == Self.address(of: table) else { return nil }
        let declared = lastKey &+ 1
        return table.learnedOrder.key(after: lastKey) != declared ? declared : nil
    }

    /// Notes that the key at `index` was found where ``expectedKey(in:)`` or ``declaredKey(in:)`` expected it.
    @inlinable @inline(__always)
    mutating func confirm(_ index: Int) {
        lastKey = index
    }

    /// Notes that the key at `index` of `table` was found by lookup, and teaches the table to expect it after the
    /// key found before it, when that was in the same table.
    @usableFromInline
    mutating func found(_ index: Int, in table: KeyTable) {
        let identifier = Self.address(of: table)
        if self.table == identifier {
            table.learnedOrder.learn(index, after: lastKey)
        } else {
            self.table = identifier
        }
        lastKey = index
    }

    /// Starts a dictionary read with `table`: its first key is expected.
    @inlinable
    mutating func startDictionary(of table: KeyTable) {
        self.table = Self.address(of: table)
        lastKey = -1
    }

    /// Keeps the prediction of the dictionary being read while the dictionary entered at `depth` is read.
    ///
    /// Before any key was found there is nothing to keep, and the root dictionary costs no array.
    @inlinable
    mutating func suspend(enteringDepth depth: Int) {
        guard table != 0 else { return }
        let kept = Suspended(table: table, lastKey: lastKey)
        if depth < suspended.count {
            suspended[depth] = kept
        } else {
            suspendInNewSlot(kept, depth: depth)
        }
    }

    /// ``suspend(enteringDepth:)`` at a depth the array does not reach yet, once per depth and reader.
    @usableFromInline
    mutating func suspendInNewSlot(_ kept: Suspended, depth: Int) {
        // Room for the depths most data has, so that the array is not grown a slot at a time.
        if suspended.isEmpty { suspended.reserveCapacity(16) }
        while suspended.count < depth { suspended.append(Suspended(table: 0, lastKey: -1)) }
        suspended.append(kept)
    }

    /// Takes up again the prediction of the dictionary around the one at `depth`, which closes.
    ///
    /// What the slot holds may be left from another dictionary at that depth (one entered before any key
    /// was found, which kept nothing): then the prediction is wrong, which costs a lookup and nothing else.
    @inlinable
    mutating func resume(closingDepth depth: Int) {
        guard depth < suspended.count else { return }
        let kept = suspended[depth]
        table = kept.table
        lastKey = kept.lastKey
    }

    /// The address that stands for `table` while it is read.
    @inlinable @inline(__always)
    static func address(of table: KeyTable) -> UInt {
        UInt(bitPattern: ObjectIdentifier(table))
    }
}
