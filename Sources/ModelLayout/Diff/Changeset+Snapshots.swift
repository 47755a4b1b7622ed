extension Changeset {
    /// Computes the batch update from `old` to `new` in expected linear time.
    ///
    /// The algorithm is Paul Heckel's (1978), as DifferenceKit uses it: one hash table from identifier to
    /// old position pairs every item with its counterpart, which settles deletes and inserts; a single
    /// left-to-right pass then keeps every item that is next in line among the old items not yet
    /// accounted for, and reports the rest as moves. Each pass is O(sections + items), so the cost grows
    /// linearly, unlike `CollectionDifference`'s Myers diff, which is O(n·d) and cannot see moves.
    ///
    /// Matching uses identifiers across the whole snapshot, so an item may move between sections. Items
    /// of inserted or deleted sections are covered by the section operation; an item that leaves a
    /// deleted section for a surviving one is inserted, and one that leaves a surviving section for a
    /// new one is deleted, since UIKit cannot move a row out of a dying section or into a new one.
    ///
    /// - Throws: ``DuplicateIdentifiersError`` listing every identifier that is repeated in either
    ///   snapshot; the diff of such snapshots would be ambiguous.
    public init<SectionID, Item>(
        from old: Snapshot<SectionID, Item>, to new: Snapshot<SectionID, Item>
    ) throws(DuplicateIdentifiersError<SectionID, Item.ID>) where SectionID: Sendable, Item.ID: Sendable {
        let sections = SectionMatching(old: old.sections, new: new.sections)
        let items = ItemMatching(old: old, new: new)
        let duplicates = DuplicateIdentifiersError(
            oldSectionIDs: sections.oldDuplicates, newSectionIDs: sections.newDuplicates,
            oldItemIDs: items.oldDuplicates, newItemIDs: items.newDuplicates)
        guard duplicates.isEmpty else { throw duplicates }
        self.init()
        recordSectionChanges(sections)
        recordItemChanges(old: old, new: new, sections: sections, items: items)
    }

    private mutating func recordSectionChanges<SectionID>(_ sections: SectionMatching<SectionID>) {
        let (oldToNew, newToOld) = (sections.oldToNew, sections.newToOld)
        sectionDeletes = oldToNew.indices.reversed().filter { oldToNew[$0] < 0 }
        sectionInserts = newToOld.indices.filter { newToOld[$0] < 0 }
        // A surviving section stays put when it is the next old one not yet placed; deleted sections
        // count as placed already. Everything else is a move.
        var placed = oldToNew.map { $0 < 0 }
        var next = 0
        for (newIndex, oldIndex) in newToOld.enumerated() where oldIndex >= 0 {
            while next < placed.count, placed[next] { next += 1 }
            placed[oldIndex] = true
            if oldIndex != next {
                sectionMoves.append(Move(source: oldIndex, destination: newIndex))
            }
        }
    }

    private mutating func recordItemChanges<SectionID, Item>(
        old: Snapshot<SectionID, Item>, new: Snapshot<SectionID, Item>, sections: SectionMatching<SectionID>,
        items: ItemMatching<Item.ID>
    ) {
        let oldCount = items.oldToNew.count
        // "Accounted for" old items are skipped when looking for the next one in line: deleted ones, ones
        // leaving for another section, and ones already placed.
        var accountedFor = [Bool](repeating: false, count: oldCount)
        var deleted = [Bool](repeating: false, count: oldCount)
        for (oldSection, newSection) in sections.oldToNew.enumerated() where newSection >= 0 {
            for flat in items.oldStart[oldSection]..<items.oldStart[oldSection + 1] {
                let partner = items.oldToNew[flat]
                if partner < 0 || sections.newToOld[items.newSectionOf[partner]] < 0 {
                    deleted[flat] = true
                    accountedFor[flat] = true
                } else if items.newSectionOf[partner] != newSection {
                    accountedFor[flat] = true
                }
            }
        }

        var nextInLine = items.oldStart
        for (newSection, oldSection) in sections.newToOld.enumerated() where oldSection >= 0 {
            let sectionEnd = items.oldStart[oldSection + 1]
            let newItems = new.sections[newSection].items
            for row in newItems.indices {
                let newPath = TableIndexPath(row: row, section: newSection)
                let partner = items.newToOld[items.newStart[newSection] + row]
                guard partner >= 0, sections.oldToNew[items.oldSectionOf[partner]] >= 0 else {
                    inserts.append(newPath)
                    continue
                }
                let partnerSection = items.oldSectionOf[partner]
                let oldPath = TableIndexPath(row: partner - items.oldStart[partnerSection], section: partnerSection)
                let unchanged = old.sections[partnerSection].items[oldPath.row] == newItems[row]
                if partnerSection == oldSection {
                    var next = nextInLine[oldSection]
                    while next < sectionEnd, accountedFor[next] { next += 1 }
                    nextInLine[oldSection] = next
                    accountedFor[partner] = true
                    if partner == next {
                        if !unchanged { reloads.append(oldPath) }
                        continue
                    }
                }
                if unchanged {
                    moves.append(Move(source: oldPath, destination: newPath))
                } else {
                    deleted[partner] = true
                    inserts.append(newPath)
                }
            }
        }

        // One backward sweep lists the deletes last-first without sorting.
        for oldSection in sections.oldToNew.indices.reversed() {
            let start = items.oldStart[oldSection]
            for flat in (start..<items.oldStart[oldSection + 1]).reversed() where deleted[flat] {
                deletes.append(TableIndexPath(row: flat - start, section: oldSection))
            }
        }
    }
}

/// Claims `slot` for `value` if it is still free (negative), in the single hash lookup that
/// `&dictionary[key, default: -1]` performs; returns whether it was free.
private func claim(_ slot: inout Int, for value: Int) -> Bool {
    guard slot < 0 else { return false }
    slot = value
    return true
}

/// Section identifiers paired between two snapshots; `-1` marks a section without a partner.
private struct SectionMatching<SectionID: Hashable> {
    var oldToNew: [Int]
    var newToOld: [Int]
    var oldDuplicates: [SectionID]
    var newDuplicates: [SectionID]

    init<Item>(old: [Snapshot<SectionID, Item>.Section], new: [Snapshot<SectionID, Item>.Section]) {
        var indexByID = [SectionID: Int](minimumCapacity: old.count)
        var oldDuplicates = OrderedDuplicates<SectionID>()
        for (index, section) in old.enumerated() where !claim(&indexByID[section.id, default: -1], for: index) {
            oldDuplicates.record(section.id)
        }
        oldToNew = [Int](repeating: -1, count: old.count)
        newToOld = [Int](repeating: -1, count: new.count)
        var newDuplicates = OrderedDuplicates<SectionID>()
        var unmatched = Set<SectionID>()
        for (index, section) in new.enumerated() {
            if let partner = indexByID[section.id] {
                if oldToNew[partner] >= 0 {
                    newDuplicates.record(section.id)
                } else {
                    oldToNew[partner] = index
                    newToOld[index] = partner
                }
            } else if !unmatched.insert(section.id).inserted {
                newDuplicates.record(section.id)
            }
        }
        self.oldDuplicates = oldDuplicates.list
        self.newDuplicates = newDuplicates.list
    }
}

/// Items paired between two snapshots by identifier, over the snapshots flattened section after
/// section; `-1` marks an item without a partner.
private struct ItemMatching<ItemID: Hashable> {
    /// Flat index of each section's first item, plus the total at the end.
    var oldStart: [Int]
    var newStart: [Int]
    var oldSectionOf: [Int]
    var newSectionOf: [Int]
    var oldToNew: [Int]
    var newToOld: [Int]
    var oldDuplicates: [ItemID]
    var newDuplicates: [ItemID]

    init<SectionID, Item>(old: Snapshot<SectionID, Item>, new: Snapshot<SectionID, Item>) where Item.ID == ItemID {
        (oldStart, oldSectionOf) = Self.flatten(old)
        (newStart, newSectionOf) = Self.flatten(new)
        let oldCount = oldSectionOf.count
        var indexByID = [ItemID: Int](minimumCapacity: oldCount)
        var duplicates = OrderedDuplicates<ItemID>()
        var flat = 0
        for section in old.sections {
            for item in section.items {
                if !claim(&indexByID[item.id, default: -1], for: flat) { duplicates.record(item.id) }
                flat += 1
            }
        }
        oldDuplicates = duplicates.list

        oldToNew = [Int](repeating: -1, count: oldCount)
        newToOld = [Int](repeating: -1, count: newSectionOf.count)
        duplicates = OrderedDuplicates()
        // Only identifiers missing from the old snapshot need a second table; a matched one is repeated
        // exactly when its old partner is already taken.
        var unmatched = Set<ItemID>()
        flat = 0
        for section in new.sections {
            for item in section.items {
                if let partner = indexByID[item.id] {
                    if oldToNew[partner] >= 0 {
                        duplicates.record(item.id)
                    } else {
                        oldToNew[partner] = flat
                        newToOld[flat] = partner
                    }
                } else if !unmatched.insert(item.id).inserted {
                    duplicates.record(item.id)
                }
                flat += 1
            }
        }
        newDuplicates = duplicates.list
    }

    private static func flatten<SectionID, Item>(_ snapshot: Snapshot<SectionID, Item>) -> ([Int], [Int]) {
        var starts = [0]
        starts.reserveCapacity(snapshot.sections.count + 1)
        var sectionOf: [Int] = []
        for (index, section) in snapshot.sections.enumerated() {
            sectionOf.append(contentsOf: repeatElement(index, count: section.items.count))
            starts.append(sectionOf.count)
        }
        return (starts, sectionOf)
    }
}

/// Repeated identifiers, each kept once, in the order they were found repeated.
private struct OrderedDuplicates<ID: Hashable> {
    var list: [ID] = []
    var seen = Set<ID>()

    mutating func record(_ id: ID) {
        if seen.insert(id).inserted { list.append(id) }
    }
}
