/// Which key a reader expects next in the dictionary it reads, so that it can check that key's bytes where they
/// lie instead of scanning the key and looking it up by its hash.
///
/// Data lists the keys of one kind of dictionary in much the same order every time. The key expected is the one
/// declared after the key found last (the first declared, in a new dictionary). When the data has another key
/// there, the reader tries the key learned for that place, and only then scans and looks the key up: a key
/// found by lookup is learned, in this reader, as the one that follows the key before it. So a model whose
/// properties are declared in another order than the data's, or whose data comes from a dictionary that has no
/// order, looks up each key once, in the first dictionary of its kind, and not in the ones of that kind that
/// follow.
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
        @usableFromInline var table: ObjectIdentifier?
        @usableFromInline var lastKey: Int

        @inlinable
        init(table: ObjectIdentifier?, lastKey: Int) {
            self.table = table
            self.lastKey = lastKey
        }
    }

    /// How many learned successors are kept: keys of a few kinds of dictionary, each in a slot chosen by its
    /// table and the key before it. Two that share a slot only make each other's prediction wrong.
    @inlinable static var successorSlots: Int { 256 }

    /// The table of the key found last.
    @usableFromInline var table: ObjectIdentifier?
    /// The index of the key found last, -1 before the first key of a dictionary.
    @usableFromInline var lastKey = -1
    /// For each slot, the index of the key that followed the slot's key when it was last looked up, plus one;
    /// empty until a key is first looked up after another of its table.
    ///
    /// Sixteen bits a slot, so that the array (544 bytes) is one that malloc keeps in its per-thread cache: at
    /// 32 bits (1,056 bytes) every reader's array was a large allocation, for which malloc first merged its
    /// free small chunks, 4,200 instructions of weibo.json's 465,000. A key past index 32,766 is not learned.
    @usableFromInline var successors: [Int16] = []
    /// The predictions of the dictionaries around the one being read, each at the depth of the dictionary
    /// entered inside it: written when that dictionary is entered, read when it closes. A slot is only
    /// overwritten, never removed, so that entering and leaving cost a store and a load; a dictionary left by
    /// recovery leaves a slot that the next dictionary at its depth writes again.
    @usableFromInline var suspended: [Suspended] = []

    @inlinable
    init() {}

    /// The index expected next in `table`: the key declared after the one found last; `nil` when that was in
    /// another table.
    @inlinable @inline(__always)
    func expectedKey(in table: KeyTable) -> Int? {
        self.table == ObjectIdentifier(table) ? lastKey &+ 1 : nil
    }

    /// The index learned for the place after the key found last in `table`, if one was learned and it is not
    /// the key ``expectedKey(in:)`` gave.
    ///
    /// Always inlined into the one reader path that asks it, which runs for every key out of declared order.
    @inlinable @inline(__always)
    func learnedKey(in table: KeyTable) -> Int? {
        let identifier = ObjectIdentifier(table)
        guard !successors.isEmpty, self.table == identifier else { return nil }
        let learned = Int(successors[Self.slot(of: lastKey, in: identifier)]) &- 1
        return learned >= 0 && learned != lastKey &+ 1 ? learned : nil
    }

    /// Notes that the key at `index` was found where ``expectedKey(in:)`` or ``learnedKey(in:)`` expected it.
    @inlinable @inline(__always)
    mutating func confirm(_ index: Int) {
        lastKey = index
    }

    /// Notes that the key at `index` of `table` was found by lookup, and learns it as the key that follows the
    /// key found before it, when that was in the same table.
    @usableFromInline
    mutating func found(_ index: Int, in table: KeyTable) {
        let identifier = ObjectIdentifier(table)
        if self.table == identifier, index < Int(Int16.max) {
            if successors.isEmpty { successors = Array(repeating: 0, count: Self.successorSlots) }
            successors[Self.slot(of: lastKey, in: identifier)] = Int16(truncatingIfNeeded: index &+ 1)
        } else {
            self.table = identifier
        }
        lastKey = index
    }

    /// Starts a dictionary read with `table`: its first key is expected.
    @inlinable
    mutating func startDictionary(of table: KeyTable) {
        self.table = ObjectIdentifier(table)
        lastKey = -1
    }

    /// Keeps the prediction of the dictionary being read while the dictionary entered at `depth` is read.
    ///
    /// Before any key was found there is nothing to keep, and the root dictionary costs no array.
    @inlinable
    mutating func suspend(enteringDepth depth: Int) {
        guard table != nil else { return }
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
        while suspended.count < depth { suspended.append(Suspended(table: nil, lastKey: -1)) }
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

    /// The slot of the place after the key at `index` of `table`.
    @inlinable @inline(__always)
    static func slot(of index: Int, in table: ObjectIdentifier) -> Int {
        let golden = UInt(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64)
        var mixed = UInt(bitPattern: table) &>> 4 ^ UInt(bitPattern: index &+ 1) &* golden
        mixed ^= mixed &>> 29
        return Int(truncatingIfNeeded: mixed) & (successorSlots &- 1)
    }
}
