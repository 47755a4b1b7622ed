/// The identifiers that occur more than once in a snapshot, which makes a diff ambiguous: with two
/// items called "A", nothing says which old "A" became which new one.
///
/// `UICollectionViewDiffableDataSource` traps on duplicates; ``Changeset/init(from:to:)`` throws this
/// instead, listing every offender so the caller can fix the data or fall back to a full reload.
public struct DuplicateIdentifiersError<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Error, Hashable {
    /// Section identifiers repeated in the old snapshot.
    public var oldSectionIDs: [SectionID]
    /// Section identifiers repeated in the new snapshot.
    public var newSectionIDs: [SectionID]
    /// Item identifiers repeated in the old snapshot (in any sections).
    public var oldItemIDs: [ItemID]
    /// Item identifiers repeated in the new snapshot (in any sections).
    public var newItemIDs: [ItemID]

    /// Creates a report; each list holds every repeated identifier once.
    public init(
        oldSectionIDs: [SectionID] = [], newSectionIDs: [SectionID] = [], oldItemIDs: [ItemID] = [],
        newItemIDs: [ItemID] = []
    ) {
        self.oldSectionIDs = oldSectionIDs
        self.newSectionIDs = newSectionIDs
        self.oldItemIDs = oldItemIDs
        self.newItemIDs = newItemIDs
    }

    /// Whether nothing was repeated.
    public var isEmpty: Bool {
        oldSectionIDs.isEmpty && newSectionIDs.isEmpty && oldItemIDs.isEmpty && newItemIDs.isEmpty
    }
}

extension DuplicateIdentifiersError: CustomStringConvertible {
    /// A sentence listing each non-empty group of repeated identifiers.
    public var description: String {
        var parts: [String] = []
        if !oldSectionIDs.isEmpty { parts.append("old section IDs \(oldSectionIDs)") }
        if !newSectionIDs.isEmpty { parts.append("new section IDs \(newSectionIDs)") }
        if !oldItemIDs.isEmpty { parts.append("old item IDs \(oldItemIDs)") }
        if !newItemIDs.isEmpty { parts.append("new item IDs \(newItemIDs)") }
        return "Identifiers must be unique within a snapshot; repeated: " + parts.joined(separator: "; ") + "."
    }
}
