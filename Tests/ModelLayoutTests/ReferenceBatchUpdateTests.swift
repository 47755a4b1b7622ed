import ModelLayout
import PropertyBased
import Testing

/// Section identifiers and entries as in `SnapshotDiffPropertyTests`: small pools, so that old and new
/// overlap and many matches need a move or a reload.
private let sectionIDs = Gen.int(in: 0...7).array(of: 0...6)
private let entries = zip(Gen.int(in: 0...40), Gen.int(in: 0...2), Gen.int(in: 0...9)).array(of: 0...40)

private func snapshot(_ sections: [Int], _ entries: [(Int, Int, Int)]) -> Snapshot<Int, Entry> {
    var seenSections = Set<Int>()
    let ids = sections.filter { seenSections.insert($0).inserted }
    guard !ids.isEmpty else { return Snapshot() }
    var result = Snapshot<Int, Entry>(sections: ids.map { .init(id: $0) })
    var seenItems = Set<Int>()
    for (id, content, slot) in entries where seenItems.insert(id).inserted {
        result.sections[slot % ids.count].items.append(Entry(id: id, content: content))
    }
    return result
}

/// The changeset without its `index`-th operation (counted over all kinds), to make batches that are wrong.
private func removingOperation(_ index: Int, from changes: Changeset) -> Changeset {
    var changes = changes
    var index = index
    func drop<T>(_ list: inout [T]) -> Bool {
        if index < list.count {
            list.remove(at: index)
            return true
        }
        index -= list.count
        return false
    }
    _ =
        drop(&changes.sectionDeletes) || drop(&changes.sectionInserts) || drop(&changes.sectionMoves)
        || drop(&changes.deletes) || drop(&changes.inserts) || drop(&changes.moves) || drop(&changes.reloads)
    return changes
}

/// Both models of a batch update on the same input: the same snapshot, or both refuse.
private func expectAgreement(
    _ changes: Changeset, _ old: Snapshot<Int, Entry>, _ new: Snapshot<Int, Entry>,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Snapshot<Int, Entry>? {
    let library = try? old.applying(changes, dataSource: new)
    let reference = try? ReferenceBatchUpdate.apply(changes, to: old, dataSource: new)
    #expect(library == reference, "changes \(changes)", sourceLocation: sourceLocation)
    return reference
}

@Suite("Snapshot diff: an independent model of UIKit's batch order agrees with Snapshot.applying")
struct ReferenceBatchUpdateTests {
    private typealias RowMove = Changeset.Move<TableIndexPath>

    private func path(_ row: Int, _ section: Int = 0) -> TableIndexPath {
        TableIndexPath(row: row, section: section)
    }

    private func column(_ pairs: [(Int, Int)]) -> Snapshot<Int, Entry> {
        Snapshot(section: 0, items: pairs.map { Entry(id: $0.0, content: $0.1) })
    }

    @Test("Hand-made batches give UIKit's results; content comes from the data source only where UIKit reads it")
    func handMadeBatches() throws {
        let old = column([(1, 0), (2, 0), (3, 0), (4, 0)])
        // One move to the front.
        let moved = column([(4, 0), (1, 0), (2, 0), (3, 0)])
        let move = Changeset(moves: [RowMove(source: path(3), destination: path(0))])
        #expect(try ReferenceBatchUpdate.apply(move, to: old, dataSource: moved) == moved)
        // Without the move the counts still add up: the rows stay where they were, whatever the data source says.
        #expect(try ReferenceBatchUpdate.apply(Changeset(), to: old, dataSource: moved) == old)
        // A reloaded row is read again where it lands: old row 1 ends at row 0, after the delete of row 0.
        let edited = column([(2, 9), (3, 0), (4, 0), (5, 0)])
        let reload = Changeset(deletes: [path(0)], inserts: [path(3)], reloads: [path(1)])
        #expect(try ReferenceBatchUpdate.apply(reload, to: old, dataSource: edited) == edited)
        // A kept row is not read again: content changed in the data source but not reloaded stays old.
        let unreloaded = Changeset(deletes: [path(0)], inserts: [path(3)])
        #expect(
            try ReferenceBatchUpdate.apply(unreloaded, to: old, dataSource: edited)
                == column([(2, 0), (3, 0), (4, 0), (5, 0)]))
        for (changes, dataSource) in [(move, moved), (Changeset(), moved), (reload, edited), (unreloaded, edited)] {
            _ = expectAgreement(changes, old, dataSource)
        }
    }

    @Test("Batches UIKit refuses are refused by both models")
    func refusals() {
        let old = column([(1, 0), (2, 0)])
        let new = column([(1, 0)])
        // The reference model's reason, and Snapshot.applying's error, for each batch.
        let refused: [(Changeset, Snapshot<Int, Entry>, String, ChangesetApplicationError)] = [
            (
                Changeset(deletes: [path(2)]), new, "old row [0, 2] out of range",
                .indexPathOutOfRange(path(2), .deleteRow)
            ),
            (
                Changeset(deletes: [path(1)], reloads: [path(1)]), new, "an old row used twice",
                .conflictingIndexPath(path(1), .reloadRow)
            ),
            (
                Changeset(inserts: [path(3)]), column([(1, 0), (2, 0), (3, 0)]), "new row [0, 3] out of range",
                .indexPathOutOfRange(path(3), .insertRow)
            ),
            (
                Changeset(), new, "wrong number of rows in section 0",
                .rowCountMismatch(section: 0, expected: 1, actual: 2)
            ),
            (
                Changeset(sectionDeletes: [0], deletes: [path(0)]), Snapshot(), "row [0, 0] of a deleted section",
                .conflictingIndexPath(path(0), .deleteRow)
            ),
            (
                Changeset(sectionInserts: [1], inserts: [path(0, 1)]),
                Snapshot(sections: [.init(id: 0, items: old.sections[0].items), .init(id: 1, items: [Entry(id: 3)])]),
                "new row [1, 0] is not in a surviving section", .conflictingIndexPath(path(0, 1), .insertRow)
            ),
        ]
        for (changes, dataSource, reason, error) in refused {
            #expect(throws: ReferenceBatchUpdate.Refused(reason: reason), "\(changes)") {
                try ReferenceBatchUpdate.apply(changes, to: old, dataSource: dataSource)
            }
            #expect(throws: error, "\(changes)") {
                try old.applying(changes, dataSource: dataSource)
            }
        }
    }

    @Test("Property: the reference model turns old into new with the computed changeset, as Snapshot.applying does")
    func agreesOnComputedChangesets() async {
        await propertyCheck(count: 500, input: sectionIDs, entries, sectionIDs, entries) {
            oldSections, oldEntries, newSections, newEntries throws in
            let old = snapshot(oldSections, oldEntries)
            let new = snapshot(newSections, newEntries)
            let changes = try Changeset(from: old, to: new)
            #expect(try ReferenceBatchUpdate.apply(changes, to: old, dataSource: new) == new)
            #expect(expectAgreement(changes, old, new) == new)
        }
    }

    @Test("Property: with any one operation left out, both models give the same snapshot or both refuse")
    func agreesOnBrokenChangesets() async {
        await propertyCheck(count: 500, input: sectionIDs, entries, sectionIDs, entries, Gen.int(in: 0...1000)) {
            oldSections, oldEntries, newSections, newEntries, choice throws in
            let old = snapshot(oldSections, oldEntries)
            let new = snapshot(newSections, newEntries)
            let changes = try Changeset(from: old, to: new)
            guard !changes.isEmpty else { return }
            let broken = removingOperation(choice % changes.changeCount, from: changes)
            #expect(broken.changeCount == changes.changeCount - 1)
            let result = expectAgreement(broken, old, new)
            // A changeset from the diff has no operation to spare.
            #expect(result != new, "\(broken) still gives the new snapshot")
        }
    }
}
