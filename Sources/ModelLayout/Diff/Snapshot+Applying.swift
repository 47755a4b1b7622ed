extension Snapshot {
    /// Performs `changeset` on this snapshot the way `UITableView` performs a batch update, reading
    /// from `dataSource` only what a table view reads from its data source.
    ///
    /// Rows that stay or move keep their old values; the data source is consulted only for the rows of
    /// inserted sections, for inserted rows and for reloaded rows (at their new positions), and for the
    /// section and row counts the batch must arrive at. So the result equals `dataSource` only if the
    /// changeset is right, which makes this the test oracle for ``Changeset/init(from:to:)``, and a
    /// way to check a hand-written changeset before handing it to UIKit.
    ///
    /// - Throws: ``ChangesetApplicationError`` where UIKit would raise an exception: an index out of
    ///   range, two operations on one position, or counts that do not add up.
    public func applying(
        _ changeset: Changeset, dataSource: Snapshot
    ) throws(ChangesetApplicationError) -> Snapshot {
        let layout = try SectionPlan(changeset, oldCount: sections.count, newCount: dataSource.sections.count)
        let rowPlan = try RowPlan(changeset, old: self, sectionPlan: layout)
        var result: [Section] = []
        result.reserveCapacity(layout.origins.count)
        for (newSection, origin) in layout.origins.enumerated() {
            let target = dataSource.sections[newSection]
            guard let oldSection = origin else {
                // A table asks the data source for every row of an inserted section.
                result.append(target)
                continue
            }
            let items = try rowPlan.items(
                of: oldSection, becoming: newSection, old: self, expected: target.items)
            result.append(Section(id: sections[oldSection].id, items: items))
        }
        return Snapshot(sections: result)
    }
}

/// Performs `changeset` on `old` with UIKit's batch semantics, reading inserted and reloaded content
/// from `dataSource`; the spelling of ``Snapshot/applying(_:dataSource:)`` that reads like the table
/// view call it models.
public func apply<SectionID, Item>(
    _ changeset: Changeset, to old: Snapshot<SectionID, Item>, dataSource: Snapshot<SectionID, Item>
) throws(ChangesetApplicationError) -> Snapshot<SectionID, Item> {
    try old.applying(changeset, dataSource: dataSource)
}

/// Where each new section comes from: an old section (kept or moved) or the data source (`nil`).
private struct SectionPlan {
    var origins: [Int?]
    var deleted: [Bool]

    init(_ changeset: Changeset, oldCount: Int, newCount: Int) throws(ChangesetApplicationError) {
        enum Fate { case kept, deleted, moved }
        var fates = [Fate](repeating: .kept, count: oldCount)
        for section in changeset.sectionDeletes {
            guard section >= 0, section < oldCount else { throw .sectionOutOfRange(section, .deleteSection) }
            guard fates[section] == .kept else { throw .conflictingSection(section, .deleteSection) }
            fates[section] = .deleted
        }
        for move in changeset.sectionMoves {
            guard move.source >= 0, move.source < oldCount else { throw .sectionOutOfRange(move.source, .moveSection) }
            guard fates[move.source] == .kept else { throw .conflictingSection(move.source, .moveSection) }
            fates[move.source] = .moved
        }
        let finalCount = oldCount - changeset.sectionDeletes.count + changeset.sectionInserts.count
        guard finalCount == newCount else { throw .sectionCountMismatch(expected: newCount, actual: finalCount) }

        enum Slot { case empty, inserted, old(Int) }
        var slots = [Slot](repeating: .empty, count: finalCount)
        for section in changeset.sectionInserts {
            guard section >= 0, section < finalCount else { throw .sectionOutOfRange(section, .insertSection) }
            guard case .empty = slots[section] else { throw .conflictingSection(section, .insertSection) }
            slots[section] = .inserted
        }
        for move in changeset.sectionMoves {
            let destination = move.destination
            guard destination >= 0, destination < finalCount else {
                throw .sectionOutOfRange(destination, .moveSection)
            }
            guard case .empty = slots[destination] else { throw .conflictingSection(destination, .moveSection) }
            slots[destination] = .old(move.source)
        }
        // Kept sections fill the remaining places in their old order; the counts above guarantee there
        // are exactly as many places as kept sections.
        var nextKept = 0
        origins = slots.map { slot in
            switch slot {
            case .inserted:
                return nil
            case .old(let section):
                return section
            case .empty:
                while fates[nextKept] != .kept { nextKept += 1 }
                defer { nextKept += 1 }
                return nextKept
            }
        }
        deleted = fates.map { $0 == .deleted }
    }
}

/// What happens to each old row, and which rows land at fixed new positions.
private struct RowPlan {
    enum Fate: UInt8 { case kept, reloaded, deleted, movedOut }
    enum Arrival { case inserted, moved(TableIndexPath) }

    var fates: [[Fate]]
    var arrivals: [[(row: Int, arrival: Arrival)]]

    init<SectionID, Item>(
        _ changeset: Changeset, old: Snapshot<SectionID, Item>, sectionPlan: SectionPlan
    ) throws(ChangesetApplicationError) {
        fates = old.sections.map { [Fate](repeating: .kept, count: $0.items.count) }
        func mark(
            _ path: TableIndexPath, _ fate: Fate, _ operation: ChangesetApplicationError.Operation,
            in fates: inout [[Fate]]
        ) throws(ChangesetApplicationError) {
            guard path.section >= 0, path.section < fates.count, path.row >= 0,
                path.row < fates[path.section].count
            else { throw .indexPathOutOfRange(path, operation) }
            guard !sectionPlan.deleted[path.section], fates[path.section][path.row] == .kept else {
                throw .conflictingIndexPath(path, operation)
            }
            fates[path.section][path.row] = fate
        }
        for path in changeset.deletes { try mark(path, .deleted, .deleteRow, in: &fates) }
        for path in changeset.reloads { try mark(path, .reloaded, .reloadRow, in: &fates) }
        for move in changeset.moves { try mark(move.source, .movedOut, .moveRow, in: &fates) }

        arrivals = Array(repeating: [], count: sectionPlan.origins.count)
        func arrive(
            _ path: TableIndexPath, _ arrival: Arrival, _ operation: ChangesetApplicationError.Operation,
            in arrivals: inout [[(row: Int, arrival: Arrival)]]
        ) throws(ChangesetApplicationError) {
            guard path.section >= 0, path.section < arrivals.count, path.row >= 0 else {
                throw .indexPathOutOfRange(path, operation)
            }
            guard sectionPlan.origins[path.section] != nil else { throw .conflictingIndexPath(path, operation) }
            arrivals[path.section].append((path.row, arrival))
        }
        for path in changeset.inserts { try arrive(path, .inserted, .insertRow, in: &arrivals) }
        for move in changeset.moves { try arrive(move.destination, .moved(move.source), .moveRow, in: &arrivals) }
    }

    /// The rows of new section `newSection`, built from old section `oldSection`: arrivals at their fixed
    /// rows, the old section's remaining rows filling the gaps in order.
    func items<SectionID, Item>(
        of oldSection: Int, becoming newSection: Int, old: Snapshot<SectionID, Item>, expected: [Item]
    ) throws(ChangesetApplicationError) -> [Item] {
        let fates = self.fates[oldSection]
        let remaining = fates.reduce(0) { $0 + ($1 == .kept || $1 == .reloaded ? 1 : 0) }
        let count = remaining + arrivals[newSection].count
        guard count == expected.count else {
            throw .rowCountMismatch(section: newSection, expected: expected.count, actual: count)
        }
        var slots = [Arrival?](repeating: nil, count: count)
        for (row, arrival) in arrivals[newSection] {
            let path = TableIndexPath(row: row, section: newSection)
            let operation: ChangesetApplicationError.Operation
            if case .inserted = arrival { operation = .insertRow } else { operation = .moveRow }
            guard row < count else { throw .indexPathOutOfRange(path, operation) }
            guard slots[row] == nil else { throw .conflictingIndexPath(path, operation) }
            slots[row] = arrival
        }
        let oldItems = old.sections[oldSection].items
        var items: [Item] = []
        items.reserveCapacity(count)
        var cursor = 0
        for (row, slot) in slots.enumerated() {
            switch slot {
            case .inserted?:
                items.append(expected[row])
            case .moved(let source)?:
                items.append(old[source])
            case nil:
                while fates[cursor] == .deleted || fates[cursor] == .movedOut { cursor += 1 }
                // A reloaded row is fetched again at the position it lands on, as a table does.
                items.append(fates[cursor] == .reloaded ? expected[row] : oldItems[cursor])
                cursor += 1
            }
        }
        return items
    }
}
