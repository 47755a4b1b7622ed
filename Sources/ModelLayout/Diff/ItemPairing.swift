/// The items of two snapshots paired by identifier, over the snapshots flattened section after section: for
/// each new item the flat index of its old counterpart, `-1` for an item without one.
///
/// Pairing is a hash join laid out for the cache. A plain hash table of a million identifiers is tens of
/// megabytes, and every insertion and lookup lands on a random cache line of it, so the time per item would
/// rise with the length of the list. Instead both sides' items are split by the top bits of their
/// identifiers' hashes into partitions of about ``targetPartitionSize`` old items, in two sequential passes
/// that write to one place per partition at a time; each item is kept there as an 8-byte key, the rest of its
/// hash above its flat index (see ``KeyLayout``). Each partition is then joined on its own, with tables small
/// enough to stay in the processor's cache. The only writes to random places are the pairing itself, one
/// integer per new item.
///
/// Keys stand in for identifiers. Two keys of one snapshot with the same hash bits are told apart by
/// comparing their identifiers, a rare lookup in the snapshot; a pair across the snapshots is checked by
/// ``Changeset/init(from:to:)``, which reads both items anyway to see whether the item changed. If such a
/// check fails — a new identifier whose hash agrees with an old one's in every bit the key keeps, about
/// once in 40,000 diffs of a million items and far more rarely for fewer — ``exact(old:new:layout:)`` pairs
/// the items again with a dictionary.
///
/// A repeated identifier on either side stops the pairing: ``foundDuplicate`` is then set, and the caller
/// lists the repetitions in order from the snapshots (a rare path, which need not be fast).
@usableFromInline
struct ItemPairing {
    /// Old items per partition the join aims for, so that a partition's keys and tables fit in the
    /// level-1 and level-2 caches.
    @usableFromInline static let targetPartitionSize = 2_048
    /// At most 2¹⁰ partitions, so that the partitioning pass writes to few enough places at once for the
    /// cache and the address-translation buffer.
    @usableFromInline static let maximumPartitionBits = 10

    /// For each new item, the flat index of its old counterpart, or `-1`.
    @usableFromInline var newToOld: [Int]
    /// Whether an identifier occurs twice in one snapshot; the pairing is then incomplete.
    @usableFromInline var foundDuplicate = false
    /// Whether two different identifiers could not be told apart by their keys; the pairing must then be
    /// made again by ``exact(old:new:layout:)``.
    @usableFromInline var isAmbiguous = false

    @inlinable
    init(newToOld: [Int], foundDuplicate: Bool, isAmbiguous: Bool) {
        self.newToOld = newToOld
        self.foundDuplicate = foundDuplicate
        self.isAmbiguous = isAmbiguous
    }

    /// Pairs the items of `old` with those of `new` by their keys.
    @inlinable
    init<SectionID, Item>(
        old: Snapshot<SectionID, Item>, new: Snapshot<SectionID, Item>, layout flatLayout: FlatLayout
    ) {
        let oldCount = flatLayout.oldCount
        let newCount = flatLayout.newCount
        let largest = max(oldCount, newCount)
        // Both sides lay their keys out alike, so that keys compare.
        let layout = KeyLayout(
            indexBits: Int.bitWidth - largest.leadingZeroBitCount, partitionBits: Self.partitionBits(forCount: largest))
        var scratch: [Int] = []
        let keys = PartitionedKeys(
            old: old.sections, oldCount: oldCount, new: new.sections, newCount: newCount, layout: layout,
            scratch: &scratch)
        // The hashes' memory, already in use, holds the pairing: fresh pages cost more than filling old ones.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: repeatElement(-1, count: newCount))
        newToOld = scratch
        scratch = []
        let outcome = join(
            keys,
            sameOldIDs: { old[flatLayout.oldPath(of: $0)].id == old[flatLayout.oldPath(of: $1)].id },
            sameNewIDs: { new[flatLayout.newPath(of: $0)].id == new[flatLayout.newPath(of: $1)].id },
            sameIDs: { old[flatLayout.oldPath(of: $0)].id == new[flatLayout.newPath(of: $1)].id })
        foundDuplicate = outcome == .duplicate
        isAmbiguous = outcome == .ambiguous
    }

    /// The pairing by a dictionary of identifiers: the fallback for a pairing by keys that turned out
    /// ambiguous.
    @inlinable
    static func exact<SectionID, Item>(
        old: Snapshot<SectionID, Item>, new: Snapshot<SectionID, Item>, layout: FlatLayout
    ) -> ItemPairing {
        var newToOld = [Int](repeating: -1, count: layout.newCount)
        var indexByID = [Item.ID: Int](minimumCapacity: layout.oldCount)
        var flat = 0
        for section in old.sections {
            for item in section.items {
                guard indexByID.updateValue(flat, forKey: item.id) == nil else {
                    return ItemPairing(newToOld: newToOld, foundDuplicate: true, isAmbiguous: false)
                }
                flat += 1
            }
        }
        var paired = [Bool](repeating: false, count: layout.oldCount)
        var unmatched = Set<Item.ID>()
        flat = 0
        for section in new.sections {
            for item in section.items {
                if let partner = indexByID[item.id] {
                    guard !paired[partner] else {
                        return ItemPairing(newToOld: newToOld, foundDuplicate: true, isAmbiguous: false)
                    }
                    paired[partner] = true
                    newToOld[flat] = partner
                } else if !unmatched.insert(item.id).inserted {
                    return ItemPairing(newToOld: newToOld, foundDuplicate: true, isAmbiguous: false)
                }
                flat += 1
            }
        }
        return ItemPairing(newToOld: newToOld, foundDuplicate: false, isAmbiguous: false)
    }

    /// How many top bits of the hash choose the partition: enough for about ``targetPartitionSize`` items
    /// each, at most ``maximumPartitionBits``.
    @usableFromInline
    static func partitionBits(forCount count: Int) -> Int {
        var bits = 0
        while bits < maximumPartitionBits, count >> bits > targetPartitionSize { bits += 1 }
        return bits
    }

    /// How a join by keys ended.
    @usableFromInline
    enum Outcome {
        case paired, duplicate, ambiguous
    }

    /// Pairs the keys partition by partition. The closures compare the identifiers at two flat indexes —
    /// of the old snapshot, of the new one, and old with new — for keys whose hash bits agree.
    @inlinable
    mutating func join(
        _ keys: PartitionedKeys, sameOldIDs: (Int, Int) -> Bool, sameNewIDs: (Int, Int) -> Bool,
        sameIDs: (Int, Int) -> Bool
    ) -> Outcome {
        let layout = keys.layout
        var largest = 1
        for partition in 0..<keys.partitionCount {
            largest = max(
                largest, keys.oldKeys(ofPartition: partition).count, keys.newKeys(ofPartition: partition).count)
        }
        // Per partition: a table of the old keys, the new item each old one is paired with, and a table of
        // the new keys without an old partner (to find repetitions among those); all reused partition after
        // partition.
        let capacity = KeyTable.capacity(forCount: largest)
        var oldTable = KeyTable(capacity: capacity)
        var freshTable = KeyTable(capacity: capacity)
        var pairedWith = [Int](repeating: -1, count: largest)
        for partition in 0..<keys.partitionCount {
            let oldKeys = keys.oldKeys(ofPartition: partition)
            let newKeys = keys.newKeys(ofPartition: partition)
            guard let oldHasTwins = oldTable.fill(with: oldKeys, layout: layout, sameIDs: sameOldIDs) else {
                return .duplicate
            }
            guard !newKeys.isEmpty else { continue }
            pairedWith.withUnsafeMutableBufferPointer { $0.baseAddress!.update(repeating: -1, count: oldKeys.count) }
            freshTable.reset(forCount: newKeys.count)
            for offset in 0..<newKeys.count {
                let key = newKeys[newKeys.startIndex + offset]
                let newIndex = layout.index(of: key)
                // Old keys whose hash bits agree are told apart by their identifiers; otherwise the hash bits
                // decide, and Changeset(from:to:) checks the identifiers of the pair.
                let match = oldTable.find(key, in: oldKeys, layout: layout) { oldIndex in
                    !oldHasTwins || sameIDs(oldIndex, newIndex)
                }
                if let match {
                    let previous = pairedWith[match]
                    if previous >= 0 {
                        // Two new items for one old one: one identifier twice, or two that the keys confuse.
                        return sameNewIDs(previous, newIndex) ? .duplicate : .ambiguous
                    }
                    pairedWith[match] = newIndex
                    newToOld[newIndex] = layout.index(of: oldKeys[oldKeys.startIndex + match])
                } else if freshTable.insert(offset, of: newKeys, layout: layout, sameIDs: sameNewIDs) == .duplicate {
                    return .duplicate
                }
            }
        }
        return .paired
    }
}

/// How an item's key packs its identifier's hash and its flat index: the index in the low ``indexBits``
/// bits, and above it the hash without its top ``partitionBits`` bits, which the partition holding the key
/// stands for.
@usableFromInline
struct KeyLayout {
    /// Enough bits for the flat index of the larger snapshot.
    @usableFromInline var indexBits: Int
    /// How many top bits of the hash choose the partition.
    @usableFromInline var partitionBits: Int

    @inlinable
    init(indexBits: Int, partitionBits: Int) {
        self.indexBits = indexBits
        self.partitionBits = partitionBits
    }

    @inlinable
    var indexMask: UInt64 { (1 &<< UInt64(indexBits)) &- 1 }

    @inlinable
    var partitionCount: Int { 1 << partitionBits }

    /// The partition of an identifier with hash `hash`.
    @inlinable
    func partition(ofHash hash: UInt64) -> Int {
        partitionBits == 0 ? 0 : Int(truncatingIfNeeded: hash &>> UInt64(UInt64.bitWidth - partitionBits))
    }

    /// The key of the item at flat index `index` whose identifier hashes to `hash`.
    @inlinable
    func key(hash: UInt64, index: Int) -> UInt64 {
        (hash &<< UInt64(partitionBits)) & ~indexMask | UInt64(index)
    }

    /// The flat index in `key`.
    @inlinable
    func index(of key: UInt64) -> Int { Int(truncatingIfNeeded: key & indexMask) }

    /// The hash bits of `key`, shifted down.
    @inlinable
    func hashBits(of key: UInt64) -> UInt64 { key &>> UInt64(indexBits) }

    /// Whether two keys have the same hash bits.
    @inlinable
    func sameHash(_ first: UInt64, _ second: UInt64) -> Bool { (first ^ second) &>> UInt64(indexBits) == 0 }
}

/// The keys of both snapshots' items in one buffer, the old snapshot's first: each side grouped into
/// partitions by the top bits of the hash, each partition in flat-index order.
@usableFromInline
struct PartitionedKeys {
    @usableFromInline var layout: KeyLayout
    /// The old keys partition after partition, then the new keys likewise.
    @usableFromInline var keys: [UInt64]
    /// Where each old partition starts in ``keys``, and the end of the last.
    @usableFromInline var oldStarts: [Int]
    /// Where each new partition starts in ``keys``, and the end of the last.
    @usableFromInline var newStarts: [Int]

    @inlinable
    var partitionCount: Int { layout.partitionCount }

    @inlinable
    func oldKeys(ofPartition partition: Int) -> ArraySlice<UInt64> {
        keys[oldStarts[partition]..<oldStarts[partition + 1]]
    }

    @inlinable
    func newKeys(ofPartition partition: Int) -> ArraySlice<UInt64> {
        keys[newStarts[partition]..<newStarts[partition + 1]]
    }

    /// Makes the keys of the `oldCount` items of `old` and the `newCount` items of `new`, and groups each
    /// side's by partition; `scratch` holds one side's hashes in flat order meanwhile (as bit patterns).
    @inlinable
    init<SectionID, Item>(
        old: [Snapshot<SectionID, Item>.Section], oldCount: Int, new: [Snapshot<SectionID, Item>.Section],
        newCount: Int, layout: KeyLayout, scratch: inout [Int]
    ) {
        self.layout = layout
        var oldStarts: [Int] = []
        var newStarts: [Int] = []
        keys = [UInt64](unsafeUninitializedCapacity: oldCount + newCount) { buffer, initialized in
            oldStarts = Self.fill(buffer, at: 0, with: old, count: oldCount, layout: layout, scratch: &scratch)
            newStarts = Self.fill(buffer, at: oldCount, with: new, count: newCount, layout: layout, scratch: &scratch)
            initialized = oldCount + newCount
        }
        self.oldStarts = oldStarts
        self.newStarts = newStarts
    }

    /// Writes the keys of the `count` items in `sections` to `buffer` from `base` on, grouped by partition;
    /// returns where each partition starts, and the end.
    @inlinable
    static func fill<SectionID, Item>(
        _ buffer: UnsafeMutableBufferPointer<UInt64>, at base: Int, with sections: [Snapshot<SectionID, Item>.Section],
        count: Int, layout: KeyLayout, scratch: inout [Int]
    ) -> [Int] {
        guard layout.partitionBits > 0 else {
            var index = 0
            for section in sections {
                for item in section.items {
                    buffer[base + index] = layout.key(hash: UInt64(UInt(bitPattern: item.id.hashValue)), index: index)
                    index += 1
                }
            }
            return [base, base + count]
        }
        // First pass: the hashes in flat order, and how many fall into each partition.
        scratch.removeAll(keepingCapacity: true)
        scratch.reserveCapacity(count)
        var starts = [Int](repeating: 0, count: layout.partitionCount + 1)
        starts[0] = base
        for section in sections {
            for item in section.items {
                let hash = item.id.hashValue
                scratch.append(hash)
                starts[layout.partition(ofHash: UInt64(UInt(bitPattern: hash))) + 1] += 1
            }
        }
        for partition in 1..<starts.count { starts[partition] += starts[partition - 1] }
        // Second pass: each key to the next free place of its partition, so partitions keep flat order.
        var next = starts
        for (index, bits) in scratch.enumerated() {
            let hash = UInt64(UInt(bitPattern: bits))
            let partition = layout.partition(ofHash: hash)
            buffer[next[partition]] = layout.key(hash: hash, index: index)
            next[partition] += 1
        }
        return starts
    }
}

/// An open-addressing hash table of one partition's keys, by their offsets in the partition, with linear
/// probing. Keys whose hash bits agree are told apart by their identifiers, through the callers' closures.
@usableFromInline
struct KeyTable {
    /// Offset plus one per slot; 0 is an empty slot.
    @usableFromInline var slots: [UInt32]
    @usableFromInline var mask: UInt64 = 0

    @inlinable
    init(capacity: Int) {
        slots = [UInt32](repeating: 0, count: capacity)
    }

    /// Slots for `count` keys: a power of two at least twice as large, so that probes stay short.
    @usableFromInline
    static func capacity(forCount count: Int) -> Int {
        var capacity = 16
        while capacity < 2 * count { capacity <<= 1 }
        return capacity
    }

    /// Empties the slots that `count` keys use.
    @inlinable
    mutating func reset(forCount count: Int) {
        let capacity = Self.capacity(forCount: count)
        mask = UInt64(capacity - 1)
        slots.withUnsafeMutableBufferPointer { slots in
            slots.baseAddress!.update(repeating: 0, count: capacity)
        }
    }

    /// What ``insert(_:of:layout:sameIDs:)`` did.
    @usableFromInline
    enum Insertion {
        /// The key is in; no other key had its hash bits.
        case inserted
        /// The key is in, beside another with the same hash bits but a different identifier.
        case insertedTwin
        /// Its identifier is there already.
        case duplicate
    }

    /// Adds the key at `offset` in `keys`, unless the same identifier is there already; `sameIDs` compares
    /// the identifiers at two flat indexes.
    @inlinable
    mutating func insert(
        _ offset: Int, of keys: ArraySlice<UInt64>, layout: KeyLayout, sameIDs: (Int, Int) -> Bool
    ) -> Insertion {
        let key = keys[keys.startIndex + offset]
        var slot = Int(truncatingIfNeeded: layout.hashBits(of: key) & mask)
        var result = Insertion.inserted
        while slots[slot] != 0 {
            let other = keys[keys.startIndex + Int(slots[slot]) - 1]
            if layout.sameHash(other, key) {
                if sameIDs(layout.index(of: other), layout.index(of: key)) { return .duplicate }
                result = .insertedTwin
            }
            slot = (slot &+ 1) & Int(truncatingIfNeeded: mask)
        }
        slots[slot] = UInt32(truncatingIfNeeded: offset + 1)
        return result
    }

    /// Empties the table and adds all of `keys`; returns whether two of them have the same hash bits (with
    /// different identifiers), or `nil` when an identifier is repeated.
    @inlinable
    mutating func fill(with keys: ArraySlice<UInt64>, layout: KeyLayout, sameIDs: (Int, Int) -> Bool) -> Bool? {
        reset(forCount: keys.count)
        var hasTwins = false
        for offset in 0..<keys.count {
            switch insert(offset, of: keys, layout: layout, sameIDs: sameIDs) {
            case .inserted: break
            case .insertedTwin: hasTwins = true
            case .duplicate: return nil
            }
        }
        return hasTwins
    }

    /// The offset in `keys` of the first key with the hash bits of `key` that `accept` takes, given its flat
    /// index.
    @inlinable
    func find(
        _ key: UInt64, in keys: ArraySlice<UInt64>, layout: KeyLayout, accept: (Int) -> Bool
    ) -> Int? {
        var slot = Int(truncatingIfNeeded: layout.hashBits(of: key) & mask)
        while slots[slot] != 0 {
            let offset = Int(slots[slot]) - 1
            let other = keys[keys.startIndex + offset]
            if layout.sameHash(other, key), accept(layout.index(of: other)) { return offset }
            slot = (slot &+ 1) & Int(truncatingIfNeeded: mask)
        }
        return nil
    }
}
