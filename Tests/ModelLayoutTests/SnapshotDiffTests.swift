import ModelKitTestSupport
import ModelLayout
import Testing

/// An item whose identity and content vary independently, so tests can make moves and reloads at will.
struct Entry: Identifiable, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var content: Int = 0

    var description: String { "\(id):\(content)" }
}

typealias EntrySnapshot = Snapshot<String, Entry>

/// A one-section snapshot from identifiers, every content 0.
func single(_ ids: [Int], section: String = "S") -> EntrySnapshot {
    Snapshot(section: section, items: ids.map { Entry(id: $0) })
}

/// Diffs, then proves the changeset by applying it.
func diffAndApply<S: Hashable & Sendable>(
    _ old: Snapshot<S, Entry>, _ new: Snapshot<S, Entry>, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Changeset {
    let changes = try Changeset(from: old, to: new)
    #expect(try apply(changes, to: old, dataSource: new) == new, sourceLocation: sourceLocation)
    return changes
}

@Suite("Snapshot diff")
struct SnapshotDiffTests {
    private func path(_ row: Int, _ section: Int = 0) -> TableIndexPath {
        TableIndexPath(row: row, section: section)
    }

    private typealias RowMove = Changeset.Move<TableIndexPath>

    @Test("Identical snapshots need no changes")
    func identical() throws {
        #expect(try diffAndApply(single([1, 2, 3]), single([1, 2, 3])).isEmpty)
        #expect(try diffAndApply(EntrySnapshot(), EntrySnapshot()).isEmpty)
    }

    @Test("Deletes use old index paths (last first) and inserts new ones (first first)")
    func deletesAndInserts() throws {
        let changes = try diffAndApply(single([1, 2, 3, 4, 5]), single([1, 9, 3, 5, 8]))
        #expect(changes.deletes == [path(3), path(1)])
        #expect(changes.inserts == [path(1), path(4)])
        #expect(changes.moves.isEmpty && changes.reloads.isEmpty)
    }

    @Test("Moving one item to the front is one move, not a cascade")
    func singleMove() throws {
        let changes = try diffAndApply(single([1, 2, 3, 4]), single([4, 1, 2, 3]))
        #expect(changes.moves == [RowMove(source: path(3), destination: path(0))])
        #expect(changes.changeCount == 1)
    }

    @Test("A changed item in place is a reload at its old index path")
    func reloadInPlace() throws {
        let old = Snapshot(section: "S", items: [Entry(id: 0), Entry(id: 1), Entry(id: 2)])
        let new = Snapshot(section: "S", items: [Entry(id: 5), Entry(id: 1, content: 1), Entry(id: 2)])
        let changes = try diffAndApply(old, new)
        // Item 1 is at row 1 in both; the reload names the old row, as UIKit wants.
        #expect(changes.reloads == [path(1)])
        #expect(changes.deletes == [path(0)])
        #expect(changes.inserts == [path(0)])
    }

    @Test("An item that moves and changes becomes a delete and an insert")
    func moveAndChange() throws {
        let old = Snapshot(section: "S", items: [Entry(id: 1), Entry(id: 2), Entry(id: 3)])
        let new = Snapshot(section: "S", items: [Entry(id: 3, content: 7), Entry(id: 1), Entry(id: 2)])
        let changes = try diffAndApply(old, new)
        #expect(changes.deletes == [path(2)])
        #expect(changes.inserts == [path(0)])
        #expect(changes.moves.isEmpty && changes.reloads.isEmpty)
    }

    @Test("Items move between sections")
    func crossSectionMove() throws {
        let old = EntrySnapshot(sections: [.init(id: "A", items: [Entry(id: 1), Entry(id: 2)]), .init(id: "B")])
        let new = EntrySnapshot(sections: [
            .init(id: "A", items: [Entry(id: 1)]), .init(id: "B", items: [Entry(id: 2)]),
        ])
        let changes = try diffAndApply(old, new)
        #expect(changes.moves == [RowMove(source: path(1, 0), destination: path(0, 1))])
        #expect(changes.changeCount == 1)
    }

    @Test("Sections are deleted, inserted and moved; their rows travel with them")
    func sectionChanges() throws {
        let old = EntrySnapshot(sections: [
            .init(id: "A", items: [Entry(id: 1)]), .init(id: "B", items: [Entry(id: 2)]),
            .init(id: "C", items: [Entry(id: 3), Entry(id: 4)]),
        ])
        let new = EntrySnapshot(sections: [
            .init(id: "C", items: [Entry(id: 3), Entry(id: 4)]), .init(id: "A", items: [Entry(id: 1)]),
            .init(id: "D", items: [Entry(id: 5)]),
        ])
        let changes = try diffAndApply(old, new)
        #expect(changes.sectionDeletes == [1])
        #expect(changes.sectionInserts == [2])
        #expect(changes.sectionMoves == [Changeset.Move(source: 2, destination: 0)])
        #expect(changes.deletes.isEmpty && changes.inserts.isEmpty && changes.moves.isEmpty)
    }

    @Test("Rows leaving a deleted section are inserted; rows joining a new section are deleted")
    func rowsAcrossDyingAndNewSections() throws {
        let old = EntrySnapshot(sections: [
            .init(id: "Keep", items: [Entry(id: 1), Entry(id: 2)]), .init(id: "Gone", items: [Entry(id: 3)]),
        ])
        let new = EntrySnapshot(sections: [
            .init(id: "Keep", items: [Entry(id: 3), Entry(id: 1)]), .init(id: "Fresh", items: [Entry(id: 2)]),
        ])
        let changes = try diffAndApply(old, new)
        #expect(changes.sectionDeletes == [1])
        #expect(changes.sectionInserts == [1])
        #expect(changes.inserts == [path(0, 0)])
        #expect(changes.deletes == [path(1, 0)])
        #expect(changes.moves.isEmpty)
    }

    @Test("Duplicate identifiers are reported, not trapped on")
    func duplicates() {
        let old = EntrySnapshot(sections: [
            .init(id: "A", items: [Entry(id: 1), Entry(id: 2), Entry(id: 1)]), .init(id: "A", items: [Entry(id: 2)]),
        ])
        let new = single([3, 3, 3, 4])
        #expect(throws: DuplicateIdentifiersError(oldSectionIDs: ["A"], oldItemIDs: [1, 2], newItemIDs: [3])) {
            try Changeset(from: old, to: new)
        }
        #expect(old.duplicateSectionIDs() == ["A"])
        #expect(old.duplicateItemIDs() == [1, 2])
        #expect(new.duplicateItemIDs() == [3])
        let error = DuplicateIdentifiersError<String, Int>(newItemIDs: [3])
        #expect(error.description.contains("new item IDs [3]"))
    }

    @Test("An item repeated only in the new snapshot is caught even when it also exists in the old")
    func duplicateOfMatchedItem() {
        #expect(throws: DuplicateIdentifiersError<String, Int>(newItemIDs: [2])) {
            try Changeset(from: single([1, 2]), to: single([2, 1, 2]))
        }
    }

    @Test("Deletes and inserts agree with CollectionDifference when nothing moves")
    func agreesWithCollectionDifference() throws {
        var generator = SplitMix64(seed: 42)
        let old = Array(0..<2_000)
        var new: [Int] = []
        var nextID = 2_000
        for id in old {
            let roll = Int.random(in: 0..<10, using: &generator)
            if roll == 0 { continue }
            if roll == 1 {
                new.append(nextID)
                nextID += 1
            }
            new.append(id)
        }
        let changes = try diffAndApply(single(old), single(new))
        let difference = new.difference(from: old)
        func offset(_ change: CollectionDifference<Int>.Change) -> Int {
            switch change {
            case .insert(let offset, _, _), .remove(let offset, _, _): offset
            }
        }
        #expect(changes.deletes.map(\.row).sorted() == difference.removals.map(offset).sorted())
        #expect(changes.inserts.map(\.row) == difference.insertions.map(offset).sorted())
        #expect(changes.moves.isEmpty)
    }

    @Test("100,000 shuffled, edited items diff and apply correctly")
    func largeShuffle() throws {
        var generator = SplitMix64(seed: 100_000)
        let old = (0..<100_000).map { Entry(id: $0) }
        var new = old.filter { _ in Int.random(in: 0..<20, using: &generator) != 0 }
        new.shuffle(using: &generator)
        for index in stride(from: 0, to: new.count, by: 7) { new[index].content = 1 }
        new.append(contentsOf: (100_000..<105_000).map { Entry(id: $0) })
        let oldSnapshot = Snapshot(section: 0, items: old)
        let newSnapshot = Snapshot(section: 0, items: new)
        let clock = ContinuousClock()
        var changes = Changeset()
        let elapsed = try clock.measure { changes = try Changeset(from: oldSnapshot, to: newSnapshot) }
        #expect(try oldSnapshot.applying(changes, dataSource: newSnapshot) == newSnapshot)
        #expect(changes.inserts.count >= 5_000)
        // Generous even for a debug build on a busy machine; a quadratic diff would take minutes.
        #expect(elapsed < .seconds(20))
    }

    // MARK: Applying checks what UIKit checks

    @Test("Applying rejects a changeset whose counts do not add up")
    func applyRejectsWrongCounts() {
        #expect(throws: ChangesetApplicationError.rowCountMismatch(section: 0, expected: 3, actual: 2)) {
            try single([1, 2]).applying(Changeset(), dataSource: single([1, 2, 3]))
        }
        #expect(throws: ChangesetApplicationError.sectionCountMismatch(expected: 0, actual: 1)) {
            try single([1]).applying(Changeset(), dataSource: EntrySnapshot())
        }
    }

    @Test("Applying rejects out-of-range and conflicting operations")
    func applyRejectsBadOperations() {
        let old = single([1, 2, 3])
        let new = single([1, 2])
        #expect(throws: ChangesetApplicationError.indexPathOutOfRange(path(3), .deleteRow)) {
            try old.applying(Changeset(deletes: [path(3)]), dataSource: new)
        }
        #expect(throws: ChangesetApplicationError.conflictingIndexPath(path(2), .reloadRow)) {
            try old.applying(Changeset(deletes: [path(2)], reloads: [path(2)]), dataSource: new)
        }
        #expect(throws: ChangesetApplicationError.conflictingIndexPath(path(0), .insertRow)) {
            try old.applying(
                Changeset(deletes: [path(2), path(1)], inserts: [path(0), path(0)]), dataSource: single([7, 8, 9]))
        }
        #expect(throws: ChangesetApplicationError.sectionOutOfRange(4, .deleteSection)) {
            try old.applying(Changeset(sectionDeletes: [4]), dataSource: new)
        }
        #expect(throws: ChangesetApplicationError.conflictingIndexPath(path(0), .deleteRow)) {
            try old.applying(
                Changeset(sectionDeletes: [0], sectionInserts: [0], deletes: [path(0)]), dataSource: new)
        }
        let message = ChangesetApplicationError.rowCountMismatch(section: 0, expected: 3, actual: 2).description
        #expect(message.contains("Invalid number of rows in section 0"))
    }

    @Test("A changeset that forgets a content change is caught by applying it")
    func applyExposesMissingReload() throws {
        let old = Snapshot(section: "S", items: [Entry(id: 1)])
        let new = Snapshot(section: "S", items: [Entry(id: 1, content: 9)])
        #expect(try old.applying(Changeset(), dataSource: new) != new)
        #expect(try old.applying(Changeset(reloads: [path(0)]), dataSource: new) == new)
    }
}
