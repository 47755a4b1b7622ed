/// An in-memory ``ItemStoring`` with any number of sections, for tables that group their rows.
///
/// Seed 003's ``ItemStore`` has one section; this store is the general case, for example Homepwner's
/// later split into items worth more or less than $50.
public struct SectionedItemStore<Item>: ItemStoring {
    /// The items of each section, in display order.
    public private(set) var sections: [[Item]]

    /// Creates a store holding `sections`.
    public init(sections: [[Item]] = []) {
        self.sections = sections
    }

    /// The number of sections.
    public var sectionCount: Int { sections.count }

    /// The number of items in `section`.
    public func itemCount(inSection section: Int) -> Int { sections[section].count }

    /// The item at `indexPath`.
    public func item(at indexPath: TableIndexPath) -> Item { sections[indexPath.section][indexPath.row] }

    /// Inserts `item` at `indexPath`.
    public mutating func insert(_ item: Item, at indexPath: TableIndexPath) {
        sections[indexPath.section].insert(item, at: indexPath.row)
    }

    /// Removes and returns the item at `indexPath`.
    @discardableResult
    public mutating func removeItem(at indexPath: TableIndexPath) -> Item {
        sections[indexPath.section].remove(at: indexPath.row)
    }

    /// Appends a section, so that a table can grow a group at its end.
    public mutating func appendSection(_ items: [Item] = []) {
        sections.append(items)
    }
}

extension SectionedItemStore: Sendable where Item: Sendable {}
extension SectionedItemStore: Equatable where Item: Equatable {}
extension SectionedItemStore: Hashable where Item: Hashable {}
extension SectionedItemStore: Codable where Item: Codable {}
