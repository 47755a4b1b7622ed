import Foundation
import ModelKitTestSupport

/// Two versions of a list of UUIDs: some deleted, some inserted, some moved, at positions drawn from a
/// fixed seed so every run diffs the same lists.
struct DiffScenario {
    /// One row of the list, told apart by its identifier.
    struct Row: Identifiable, Hashable, Sendable {
        var id: UUID
    }

    var old: [Row]
    var new: [Row]
    var deleted: Int
    var inserted: Int
    var moved: Int

    init(count: Int, deleted: Int, inserted: Int, moved: Int, seed: UInt64 = 0x5EED) {
        var generator = SplitMix64(seed: seed)
        let old = (0..<count).map { _ in Row(id: generator.nextUUID()) }
        self.old = old
        self.deleted = deleted
        self.inserted = inserted
        self.moved = moved

        // Pick the rows to delete and to move as one random sample, then drop them all.
        var positions = Array(old.indices)
        for index in 0..<(deleted + moved) {
            positions.swapAt(index, Int.random(in: index..<positions.count, using: &generator))
        }
        let movedRows = positions[deleted..<(deleted + moved)].map { old[$0] }
        var dropped = [Bool](repeating: false, count: count)
        for position in positions[0..<(deleted + moved)] { dropped[position] = true }
        let kept = old.indices.filter { !dropped[$0] }.map { old[$0] }

        // Put the moved rows and the new ones back at random places among the kept ones.
        let placed = movedRows + (0..<inserted).map { _ in Row(id: generator.nextUUID()) }
        let slots = placed.map { row in (slot: Int.random(in: 0...kept.count, using: &generator), row: row) }
            .sorted { $0.slot < $1.slot }
        var result: [Row] = []
        result.reserveCapacity(kept.count + placed.count)
        var next = 0
        for (index, row) in kept.enumerated() {
            while next < slots.count, slots[next].slot == index {
                result.append(slots[next].row)
                next += 1
            }
            result.append(row)
        }
        result.append(contentsOf: slots[next...].map(\.row))
        new = result
    }
}

extension SplitMix64 {
    /// A random UUID from the next 128 bits, so that scenarios are the same on every machine.
    mutating func nextUUID() -> UUID {
        let high = next()
        let low = next()
        func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (8 * index)) }
        return UUID(
            uuid: (
                byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
                byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
                byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
            ))
    }
}
