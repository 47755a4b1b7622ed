import ModelLayout

/// A second, deliberately naive model of `performBatchUpdates`, written from UIKit's documented order rather
/// than from the library, so that ``Snapshot/applying(_:dataSource:)`` is not the only oracle of the diff:
///
/// 1. Deletes (and the sources of moves) are removed from the old snapshot, highest position first, so that
///    no removal shifts a position still to be removed; sections after rows.
/// 2. Inserts (and the destinations of moves) are put into the result, lowest position first, so that each
///    lands where the new snapshot wants it; sections before rows.
/// 3. Reloaded rows, and every row of an inserted section or an inserted row, are read from the data source
///    at the position they end at.
///
/// It works on plain arrays, one operation at a time, with none of the library's bookkeeping.
enum ReferenceBatchUpdate {
    /// A changeset this model cannot perform; UIKit would raise an exception.
    struct Refused: Error, Equatable {
        var reason: String
    }

    /// A row while the batch runs: an old item that stays as it is, or one that the data source supplies.
    private enum Row<Item> {
        case old(Item)
        case fromDataSource
    }

    private enum SectionArrival {
        case inserted
        case moved(Int)
    }

    private struct Section<SectionID, Item> {
        var id: SectionID
        var rows: [Row<Item>]
    }

    static func apply<SectionID, Item>(
        _ changes: Changeset, to old: Snapshot<SectionID, Item>, dataSource: Snapshot<SectionID, Item>
    ) throws(Refused) -> Snapshot<SectionID, Item> {
        var sections = old.sections.map { Section(id: $0.id, rows: $0.items.map { Row.old($0) }) }

        // Old positions: no two operations may touch the same one.
        let rowSources = changes.deletes + changes.moves.map(\.source) + changes.reloads
        guard Set(rowSources).count == rowSources.count else { throw Refused(reason: "an old row used twice") }
        let sectionSources = changes.sectionDeletes + changes.sectionMoves.map(\.source)
        guard Set(sectionSources).count == sectionSources.count else {
            throw Refused(reason: "an old section used twice")
        }
        for path in rowSources {
            guard sections.indices.contains(path.section), sections[path.section].rows.indices.contains(path.row)
            else { throw Refused(reason: "old row \(path) out of range") }
            // Rows of a moved section may change; those of a deleted one go with it.
            guard !changes.sectionDeletes.contains(path.section) else {
                throw Refused(reason: "row \(path) of a deleted section")
            }
        }
        for path in changes.reloads { sections[path.section].rows[path.row] = .fromDataSource }

        // 1. Removals, highest first.
        var movedRows: [TableIndexPath: Row<Item>] = [:]
        for path in (changes.deletes + changes.moves.map(\.source)).sorted(by: >) {
            movedRows[path] = sections[path.section].rows.remove(at: path.row)
        }
        var movedSections: [Int: Section<SectionID, Item>] = [:]
        for index in sectionSources.sorted(by: >) {
            guard sections.indices.contains(index) else { throw Refused(reason: "old section \(index) out of range") }
            movedSections[index] = sections.remove(at: index)
        }

        // 2. Arrivals, lowest first: sections, then rows.
        let sectionArrivals =
            changes.sectionInserts.map { ($0, SectionArrival.inserted) }
            + changes.sectionMoves.map { ($0.destination, SectionArrival.moved($0.source)) }
        guard Set(sectionArrivals.map(\.0)).count == sectionArrivals.count else {
            throw Refused(reason: "a new section used twice")
        }
        var insertedSections = Set<Int>()
        for (index, arrival) in sectionArrivals.sorted(by: { $0.0 < $1.0 }) {
            guard index >= 0, index <= sections.count, index < dataSource.sections.count else {
                throw Refused(reason: "new section \(index) out of range")
            }
            switch arrival {
            case .inserted:
                let source = dataSource.sections[index]
                sections.insert(Section(id: source.id, rows: source.items.map { _ in .fromDataSource }), at: index)
                insertedSections.insert(index)
            case .moved(let source):
                sections.insert(movedSections[source]!, at: index)
            }
        }
        let rowArrivals =
            changes.inserts.map { ($0, Row<Item>.fromDataSource) }
            + changes.moves.map { ($0.destination, movedRows[$0.source]!) }
        guard Set(rowArrivals.map(\.0)).count == rowArrivals.count else {
            throw Refused(reason: "a new row used twice")
        }
        for (path, row) in rowArrivals.sorted(by: { $0.0 < $1.0 }) {
            guard sections.indices.contains(path.section), !insertedSections.contains(path.section) else {
                throw Refused(reason: "new row \(path) is not in a surviving section")
            }
            guard path.row >= 0, path.row <= sections[path.section].rows.count else {
                throw Refused(reason: "new row \(path) out of range")
            }
            sections[path.section].rows.insert(row, at: path.row)
        }

        // 3. What the table shows: the counts must match the data source's, and fresh rows are read from it.
        guard sections.count == dataSource.sections.count else { throw Refused(reason: "wrong number of sections") }
        var result = Snapshot<SectionID, Item>()
        for (index, section) in sections.enumerated() {
            let expected = dataSource.sections[index].items
            guard section.rows.count == expected.count else {
                throw Refused(reason: "wrong number of rows in section \(index)")
            }
            let items = section.rows.enumerated().map { row, content in
                switch content {
                case .old(let item): item
                case .fromDataSource: expected[row]
                }
            }
            result.appendSection(section.id, items: items)
        }
        return result
    }
}
