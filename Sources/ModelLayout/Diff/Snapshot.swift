/// The contents of a sectioned list at one moment: sections in order, each with its items in order.
///
/// Two snapshots, before and after a change, are all ``Changeset/init(from:to:)`` needs to work out the
/// batch of deletes, inserts, moves and reloads that turns a table showing the first into one showing
/// the second. Items are matched by their `id`; `==` on a matched pair decides whether it needs a reload.
/// Section and item identifiers must each be unique within a snapshot.
public struct Snapshot<SectionID: Hashable, Item: Identifiable & Equatable> {
    /// One section: its identifier and its items in display order.
    public struct Section: Identifiable {
        /// Identifies the section across snapshots.
        public var id: SectionID
        /// The section's items, in display order.
        public var items: [Item]

        /// Creates a section.
        public init(id: SectionID, items: [Item] = []) {
            self.id = id
            self.items = items
        }
    }

    /// The sections, in display order.
    public var sections: [Section]

    /// Creates a snapshot from its sections.
    public init(sections: [Section] = []) {
        self.sections = sections
    }

    /// Creates a snapshot with a single section, the shape of seed 003's table.
    public init(section: SectionID, items: [Item]) {
        self.init(sections: [Section(id: section, items: items)])
    }

    /// Adds a section at the end.
    public mutating func appendSection(_ id: SectionID, items: [Item] = []) {
        sections.append(Section(id: id, items: items))
    }

    /// The number of sections.
    public var numberOfSections: Int { sections.count }

    /// The number of items in `section`.
    public func numberOfItems(inSection section: Int) -> Int { sections[section].items.count }

    /// The number of items in all sections.
    public var numberOfItems: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// The item at `indexPath`, which must exist, as with `Array`'s subscript.
    public subscript(indexPath: TableIndexPath) -> Item {
        sections[indexPath.section].items[indexPath.row]
    }

    /// Section identifiers that occur more than once, each listed once, in the order their second
    /// occurrence appears; empty for a valid snapshot.
    public func duplicateSectionIDs() -> [SectionID] {
        Self.duplicates(in: sections.lazy.map(\.id))
    }

    /// Item identifiers that occur more than once anywhere in the snapshot, each listed once, in the
    /// order their second occurrence appears; empty for a valid snapshot.
    public func duplicateItemIDs() -> [Item.ID] {
        Self.duplicates(in: sections.lazy.flatMap(\.items).map(\.id))
    }

    private static func duplicates<IDs: Sequence>(in ids: IDs) -> [IDs.Element] where IDs.Element: Hashable {
        var seen = Set<IDs.Element>()
        var reported = Set<IDs.Element>()
        var duplicates: [IDs.Element] = []
        for id in ids where !seen.insert(id).inserted && reported.insert(id).inserted {
            duplicates.append(id)
        }
        return duplicates
    }
}

extension Snapshot: Equatable {}
extension Snapshot.Section: Equatable {}
extension Snapshot: Sendable where SectionID: Sendable, Item: Sendable {}
extension Snapshot.Section: Sendable where SectionID: Sendable, Item: Sendable {}
extension Snapshot: Hashable where Item: Hashable {}
extension Snapshot.Section: Hashable where Item: Hashable {}
extension Snapshot: Codable where SectionID: Codable, Item: Codable {}
extension Snapshot.Section: Codable where SectionID: Codable, Item: Codable {}
