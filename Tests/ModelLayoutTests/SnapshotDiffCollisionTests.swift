import ModelKitTestSupport
import ModelLayout
import PropertyBased
import Testing

/// An identifier whose hash takes only `value % buckets`, so that many different identifiers share every
/// bit of their hashes: the case the diff's packed keys cannot tell apart by themselves.
struct CollidingID: Hashable, Sendable, CustomStringConvertible {
    static let buckets = 4

    var value: Int

    func hash(into hasher: inout Hasher) {
        hasher.combine(value % Self.buckets)
    }

    var description: String { "\(value)" }
}

/// An item with a colliding identifier and a content that can change.
struct CollidingEntry: Identifiable, Hashable, Sendable, CustomStringConvertible {
    var id: CollidingID
    var content = 0

    init(_ id: Int, content: Int = 0) {
        self.id = CollidingID(value: id)
        self.content = content
    }

    var description: String { "\(id.value):\(content)" }
}

private typealias CollidingSnapshot = Snapshot<Int, CollidingEntry>

/// Up to sixty (identifier, content, section slot) triples from a pool of 61 identifiers in four hash buckets.
private let entries = zip(Gen.int(in: 0...60), Gen.int(in: 0...2), Gen.int(in: 0...3)).array(of: 0...60)

private func snapshot(_ entries: [(Int, Int, Int)], sections: Int, unique: Bool) -> CollidingSnapshot {
    var result = CollidingSnapshot(sections: (0..<sections).map { .init(id: $0) })
    var seen = Set<Int>()
    for (id, content, slot) in entries where !unique || seen.insert(id).inserted {
        result.sections[slot % sections].items.append(CollidingEntry(id, content: content))
    }
    return result
}

private func repeated(_ ids: [CollidingID]) -> [Int] {
    Dictionary(ids.map { ($0.value, 1) }, uniquingKeysWith: +).filter { $0.value > 1 }.keys.sorted()
}

@Suite("Snapshot diff: identifiers whose hashes collide")
struct SnapshotDiffCollisionTests {
    @Test("A new identifier that shares its hash with a deleted one is an insert, not a move")
    func collidingReplacement() throws {
        // 5 and 6 hash like 1 and 2 do, and the old hashes differ, so only the identifiers tell them apart.
        let old = Snapshot(section: 0, items: [CollidingEntry(1), CollidingEntry(2)])
        let new = Snapshot(section: 0, items: [CollidingEntry(5), CollidingEntry(6)])
        let changes = try Changeset(from: old, to: new)
        #expect(changes.deletes == [TableIndexPath(row: 1, section: 0), TableIndexPath(row: 0, section: 0)])
        #expect(changes.inserts == [TableIndexPath(row: 0, section: 0), TableIndexPath(row: 1, section: 0)])
        #expect(changes.moves.isEmpty && changes.reloads.isEmpty)
        #expect(try old.applying(changes, dataSource: new) == new)
    }

    @Test("Identifiers with equal hashes still pair with their own counterparts")
    func collidingPairs() throws {
        let old = Snapshot(section: 0, items: [0, 4, 8, 12, 1].map { CollidingEntry($0) })
        let new = Snapshot(section: 0, items: [12, 8, 4, 0, 16].map { CollidingEntry($0) })
        let changes = try Changeset(from: old, to: new)
        #expect(changes.deletes == [TableIndexPath(row: 4, section: 0)])
        #expect(changes.inserts == [TableIndexPath(row: 4, section: 0)])
        #expect(changes.moves.count == 3)
        #expect(try old.applying(changes, dataSource: new) == new)
    }

    @Test("Repetitions among identifiers with equal hashes are reported exactly")
    func collidingDuplicates() {
        let old = Snapshot(section: 0, items: [0, 4, 0, 8].map { CollidingEntry($0) })
        let new = Snapshot(section: 0, items: [1, 5, 9, 5, 4].map { CollidingEntry($0) })
        #expect(
            throws: DuplicateIdentifiersError<Int, CollidingID>(
                oldItemIDs: [CollidingID(value: 0)], newItemIDs: [CollidingID(value: 5)])
        ) {
            try Changeset(from: old, to: new)
        }
    }

    @Test("Random input with colliding hashes: applying the changeset yields the new snapshot")
    func randomColliding() async {
        await propertyCheck(count: 300, input: entries, entries, Gen.int(in: 1...3)) {
            oldEntries, newEntries, sections throws in
            let old = snapshot(oldEntries, sections: sections, unique: true)
            let new = snapshot(newEntries, sections: sections, unique: true)
            let changes = try Changeset(from: old, to: new)
            #expect(try old.applying(changes, dataSource: new) == new)
        }
    }

    @Test("Random input with colliding hashes and repetitions: repetitions are reported exactly")
    func randomCollidingDuplicates() async {
        await propertyCheck(count: 300, input: entries, entries) { oldEntries, newEntries throws in
            let old = snapshot(oldEntries, sections: 2, unique: false)
            let new = snapshot(newEntries, sections: 2, unique: false)
            let expectedOld = repeated(old.sections.flatMap(\.items).map(\.id))
            let expectedNew = repeated(new.sections.flatMap(\.items).map(\.id))
            let outcome = Result { () throws(DuplicateIdentifiersError<Int, CollidingID>) in
                try Changeset(from: old, to: new)
            }
            switch outcome {
            case .success(let changes):
                #expect(expectedOld.isEmpty && expectedNew.isEmpty)
                #expect(try old.applying(changes, dataSource: new) == new)
            case .failure(let error):
                #expect(error.oldItemIDs.map(\.value).sorted() == expectedOld)
                #expect(error.newItemIDs.map(\.value).sorted() == expectedNew)
            }
        }
    }

    @Test("Thousands of items in a few hash buckets: partitions, collisions and the exact fallback agree")
    func manyColliding() throws {
        // Over 2,048 items, so the keys are partitioned; 64 buckets make long runs of equal hashes.
        struct Wide: Hashable, Sendable {
            var value: Int
            func hash(into hasher: inout Hasher) { hasher.combine(value % 64) }
        }
        struct Row: Identifiable, Hashable, Sendable {
            var id: Wide
            var content = 0
        }
        var generator = SplitMix64(seed: 7)
        let old = (0..<3_000).map { Row(id: Wide(value: $0)) }
        var new = old.filter { _ in Int.random(in: 0..<10, using: &generator) != 0 }
        new.shuffle(using: &generator)
        new += (3_000..<3_300).map { Row(id: Wide(value: $0)) }
        for index in stride(from: 0, to: new.count, by: 7) { new[index].content = 1 }
        let oldSnapshot = Snapshot(section: 0, items: old)
        let newSnapshot = Snapshot(section: 0, items: new)
        let changes = try Changeset(from: oldSnapshot, to: newSnapshot)
        #expect(try oldSnapshot.applying(changes, dataSource: newSnapshot) == newSnapshot)
        #expect(changes.inserts.count >= 300)
    }
}
