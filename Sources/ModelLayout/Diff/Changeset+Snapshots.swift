extension Changeset {
    /// Computes the batch update from `old` to `new` in expected linear time.
    ///
    /// The algorithm is Paul Heckel's (1978), as DifferenceKit uses it: a hash join on identifiers pairs
    /// every item with its counterpart, which settles deletes and inserts; a single left-to-right pass
    /// then keeps every item that is next in line among the old items not yet accounted for, and reports
    /// the rest as moves. Each pass is O(sections + items), so the cost grows linearly, unlike
    /// `CollectionDifference`'s Myers diff, which is O(n·d) and cannot see moves. The join is partitioned
    /// so that its hash tables stay in the processor's cache, which keeps the time per item nearly the
    /// same from ten thousand items to a million.
    ///
    /// Matching uses identifiers across the whole snapshot, so an item may move between sections. Items
    /// of inserted or deleted sections are covered by the section operation; an item that leaves a
    /// deleted section for a surviving one is inserted, and one that leaves a surviving section for a
    /// new one is deleted, since UIKit cannot move a row out of a dying section or into a new one.
    ///
    /// - Throws: ``DuplicateIdentifiersError`` listing every identifier that is repeated in either
    ///   snapshot; the diff of such snapshots would be ambiguous.
    @inlinable
    public init<SectionID, Item>(
        from old: Snapshot<SectionID, Item>, to new: Snapshot<SectionID, Item>
    ) throws(DuplicateIdentifiersError<SectionID, Item.ID>) where SectionID: Sendable, Item.ID: Sendable {
        let sections = SectionPairing(old: old.sections, new: new.sections)
        let layout = FlatLayout(
            oldCounts: old.sections.map(\.items.count), newCounts: new.sections.map(\.items.count))
        guard !sections.foundDuplicate, let (newToOld, changed) = Self.pairItems(old, new, layout: layout) else {
            // Rare: list every repetition, in the order the snapshots show them.
            throw DuplicateIdentifiersError(
                oldSectionIDs: old.duplicateSectionIDs(), newSectionIDs: new.duplicateSectionIDs(),
                oldItemIDs: old.duplicateItemIDs(), newItemIDs: new.duplicateItemIDs())
        }
        self.init()
        recordSectionChanges(sections)
        recordItemChanges(sections: sections, newToOld: newToOld, layout: layout, changed: changed)
    }

    /// The old flat index of each new item (or `-1`), and whether each paired item changed; `nil` when an
    /// item identifier is repeated.
    @inlinable
    static func pairItems<SectionID, Item>(
        _ old: Snapshot<SectionID, Item>, _ new: Snapshot<SectionID, Item>, layout: FlatLayout
    ) -> (newToOld: [Int], changed: [Bool])? {
        var pairing = ItemPairing(old: old, new: new, layout: layout)
        for attempt in 0..<2 {
            guard !pairing.foundDuplicate else { return nil }
            if !pairing.isAmbiguous, let changed = changedItems(old, new, newToOld: pairing.newToOld, layout: layout) {
                return (pairing.newToOld, changed)
            }
            // Keys of two different identifiers agreed in every bit: pair by the identifiers themselves.
            if attempt == 0 { pairing = .exact(old: old, new: new, layout: layout) }
        }
        return nil
    }

    /// For each new item, whether it differs from its old partner — the one question that needs the items
    /// themselves; `nil` when a pair's identifiers differ, so that the pairing must be made again.
    @inlinable
    static func changedItems<SectionID, Item>(
        _ old: Snapshot<SectionID, Item>, _ new: Snapshot<SectionID, Item>, newToOld: [Int], layout: FlatLayout
    ) -> [Bool]? {
        var changed = [Bool](repeating: false, count: layout.newCount)
        var newFlat = 0
        for section in new.sections {
            for item in section.items {
                let partner = newToOld[newFlat]
                if partner >= 0 {
                    let oldItem = old[layout.oldPath(of: partner)]
                    guard oldItem.id == item.id else { return nil }
                    changed[newFlat] = oldItem != item
                }
                newFlat += 1
            }
        }
        return changed
    }

    /// Section deletes, inserts and moves from the section pairing.
    @usableFromInline
    mutating func recordSectionChanges(_ sections: SectionPairing) {
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

    /// Row deletes, inserts, moves and reloads from the item pairing (the old flat index of each new item,
    /// or `-1`); `changed` tells, for each new item with an old partner, whether its content differs.
    @usableFromInline
    mutating func recordItemChanges(
        sections: SectionPairing, newToOld: [Int], layout: FlatLayout, changed: [Bool]
    ) {
        // What becomes of each old item of a surviving section. Old items are visited through their new
        // partners, and most keep their neighbours, so these writes move forward through the array.
        var fates = [OldItemFate](repeating: .waiting, count: layout.oldCount)
        var deleteCount = 0
        var insertCount = 0
        for (oldSection, newSection) in sections.oldToNew.enumerated() where newSection >= 0 {
            let range = layout.oldStart[oldSection]..<layout.oldStart[oldSection + 1]
            fates.withUnsafeMutableBufferPointer { fates in
                (fates.baseAddress! + range.lowerBound).update(repeating: .deleted, count: range.count)
            }
            deleteCount += range.count
        }
        for (newSection, oldSection) in sections.newToOld.enumerated() where oldSection >= 0 {
            for newFlat in layout.newStart[newSection]..<layout.newStart[newSection + 1] {
                let partner = newToOld[newFlat]
                let destination = partner < 0 ? -1 : sections.oldToNew[layout.oldSection(of: partner)]
                guard destination >= 0 else {
                    insertCount += 1
                    continue
                }
                // Kept: in line when it stays in its section, accounted for when it leaves for another.
                fates[partner] = destination == newSection ? .waiting : .accountedFor
                deleteCount -= 1
            }
        }
        inserts.reserveCapacity(insertCount)

        var nextInLine = layout.oldStart
        for (newSection, oldSection) in sections.newToOld.enumerated() where oldSection >= 0 {
            let sectionEnd = layout.oldStart[oldSection + 1]
            let newStart = layout.newStart[newSection]
            for row in 0..<(layout.newStart[newSection + 1] - newStart) {
                let newPath = TableIndexPath(row: row, section: newSection)
                let partner = newToOld[newStart + row]
                let partnerSection = partner < 0 ? -1 : layout.oldSection(of: partner)
                guard partnerSection >= 0, sections.oldToNew[partnerSection] >= 0 else {
                    inserts.append(newPath)
                    continue
                }
                let oldPath = TableIndexPath(row: partner - layout.oldStart[partnerSection], section: partnerSection)
                let unchanged = !changed[newStart + row]
                if partnerSection == oldSection {
                    // Skip the old items that are accounted for; the first one left is next in line.
                    var next = nextInLine[oldSection]
                    while next < sectionEnd, fates[next] != .waiting { next += 1 }
                    nextInLine[oldSection] = next
                    fates[partner] = .accountedFor
                    if partner == next {
                        if !unchanged { reloads.append(oldPath) }
                        continue
                    }
                }
                if unchanged {
                    moves.append(Move(source: oldPath, destination: newPath))
                } else {
                    fates[partner] = .deleted
                    deleteCount += 1
                    inserts.append(newPath)
                }
            }
        }

        // One backward sweep lists the deletes last-first without sorting.
        deletes.reserveCapacity(deleteCount)
        for oldSection in sections.oldToNew.indices.reversed() {
            let start = layout.oldStart[oldSection]
            for flat in (start..<layout.oldStart[oldSection + 1]).reversed() where fates[flat] == .deleted {
                deletes.append(TableIndexPath(row: flat - start, section: oldSection))
            }
        }
    }
}

/// What becomes of an old item, as ``Changeset/recordItemChanges(sections:newToOld:layout:changed:)``
/// works it out.
@usableFromInline
enum OldItemFate: UInt8 {
    /// Not placed yet: it stays in its section, and stays put if it is next in line when its turn comes.
    case waiting
    /// Placed already, or leaving for another section: skipped when looking for the next in line.
    case accountedFor
    /// Deleted, because it has no partner, its partner is in a new section, or it moved and changed.
    case deleted
}

/// Section identifiers paired between two snapshots; `-1` marks a section without a partner.
@usableFromInline
struct SectionPairing {
    @usableFromInline var oldToNew: [Int]
    @usableFromInline var newToOld: [Int]
    /// Whether a section identifier occurs twice in one snapshot; the pairing is then incomplete.
    @usableFromInline var foundDuplicate = false

    @inlinable
    init<SectionID, Item>(old: [Snapshot<SectionID, Item>.Section], new: [Snapshot<SectionID, Item>.Section]) {
        oldToNew = [Int](repeating: -1, count: old.count)
        newToOld = [Int](repeating: -1, count: new.count)
        var indexByID = [SectionID: Int](minimumCapacity: old.count)
        for (index, section) in old.enumerated() where indexByID.updateValue(index, forKey: section.id) != nil {
            foundDuplicate = true
            return
        }
        var unmatched = Set<SectionID>()
        for (index, section) in new.enumerated() {
            if let partner = indexByID[section.id] {
                guard oldToNew[partner] < 0 else {
                    foundDuplicate = true
                    return
                }
                oldToNew[partner] = index
                newToOld[index] = partner
            } else if !unmatched.insert(section.id).inserted {
                foundDuplicate = true
                return
            }
        }
    }
}

/// Where each section's items start when the sections of two snapshots are laid end to end, and which
/// section each flat index falls in.
@usableFromInline
struct FlatLayout {
    /// Flat index of each old section's first item, plus the total at the end.
    @usableFromInline var oldStart: [Int]
    /// Flat index of each new section's first item, plus the total at the end.
    @usableFromInline var newStart: [Int]
    /// The old section of each old flat index; empty when there is at most one section, as in seed 003.
    @usableFromInline var oldSectionOf: [Int]
    /// The new section of each new flat index; empty when there is at most one section.
    @usableFromInline var newSectionOf: [Int]

    @usableFromInline var oldCount: Int { oldStart[oldStart.count - 1] }
    @usableFromInline var newCount: Int { newStart[newStart.count - 1] }

    @usableFromInline
    init(oldCounts: [Int], newCounts: [Int]) {
        (oldStart, oldSectionOf) = Self.flatten(oldCounts)
        (newStart, newSectionOf) = Self.flatten(newCounts)
    }

    /// The old section that old flat index `flat` falls in.
    @inlinable
    func oldSection(of flat: Int) -> Int { oldSectionOf.isEmpty ? 0 : oldSectionOf[flat] }

    /// The new section that new flat index `flat` falls in.
    @inlinable
    func newSection(of flat: Int) -> Int { newSectionOf.isEmpty ? 0 : newSectionOf[flat] }

    /// The section and row of old flat index `flat`.
    @inlinable
    func oldPath(of flat: Int) -> TableIndexPath {
        let section = oldSection(of: flat)
        return TableIndexPath(row: flat - oldStart[section], section: section)
    }

    /// The section and row of new flat index `flat`.
    @inlinable
    func newPath(of flat: Int) -> TableIndexPath {
        let section = newSection(of: flat)
        return TableIndexPath(row: flat - newStart[section], section: section)
    }

    private static func flatten(_ counts: [Int]) -> ([Int], [Int]) {
        var starts = [0]
        starts.reserveCapacity(counts.count + 1)
        for count in counts { starts.append(starts[starts.count - 1] + count) }
        guard counts.count > 1 else { return (starts, []) }
        var sectionOf: [Int] = []
        sectionOf.reserveCapacity(starts[starts.count - 1])
        for (index, count) in counts.enumerated() {
            sectionOf.append(contentsOf: repeatElement(index, count: count))
        }
        return (starts, sectionOf)
    }
}
