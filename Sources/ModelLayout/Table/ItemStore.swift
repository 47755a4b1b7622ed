/// Seed 003's `ItemStore`: the Homepwner items, in one section, in display order.
///
/// It is a value rather than the seed's class: the data source that is handed a store owns its copy,
/// which keeps the store `Sendable` under Swift 6's strict concurrency. The dependency still points the
/// seed's way: tables depend on ``ItemStoring``, and this is only one implementation of it.
public struct ItemStore: ItemStoring, Sendable, Hashable, Codable {
    /// Every item, in display order; the table's rows.
    public private(set) var allItems: [Item]

    /// Creates a store holding `items`.
    public init(items: [Item] = []) {
        allItems = items
    }

    /// The seed's `init()`, which fills the store with random items, with the randomness injected so
    /// that a test gets the same items every time. A negative count creates none.
    public init<Generator: RandomNumberGenerator>(
        randomItemCount count: Int, using generator: inout Generator
    ) {
        allItems = []
        for _ in 0..<max(0, count) {
            createItem(using: &generator)
        }
    }

    /// Appends a new random item and returns it; callers that only want a row may ignore the result.
    @discardableResult
    public mutating func createItem() -> Item {
        var generator = SystemRandomNumberGenerator()
        return createItem(using: &generator)
    }

    /// Appends a new random item drawn from `generator` and returns it.
    @discardableResult
    public mutating func createItem<Generator: RandomNumberGenerator>(using generator: inout Generator) -> Item {
        let item = Item.random(using: &generator)
        allItems.append(item)
        return item
    }

    /// Removes the item with `item`'s ``Item/id``, even if its other fields were edited since; returns
    /// whether there was one.
    @discardableResult
    public mutating func removeItem(_ item: Item) -> Bool {
        guard let index = allItems.firstIndex(where: { $0.id == item.id }) else { return false }
        allItems.remove(at: index)
        return true
    }

    /// Moves the item at `fromIndex` so that it ends up at `toIndex`, as the seed's table reordering
    /// does; returns `false` and changes nothing when either index is out of range.
    @discardableResult
    public mutating func moveItem(from fromIndex: Int, to toIndex: Int) -> Bool {
        guard allItems.indices.contains(fromIndex), allItems.indices.contains(toIndex) else { return false }
        guard fromIndex != toIndex else { return true }
        let item = allItems.remove(at: fromIndex)
        allItems.insert(item, at: toIndex)
        return true
    }

    // MARK: ItemStoring

    /// Always one: seed 003's table has a single section, even when it is empty.
    public var sectionCount: Int { 1 }

    /// The number of items; the section is ignored because there is only one.
    public func itemCount(inSection section: Int) -> Int { allItems.count }

    /// The item in row `indexPath.row`.
    public func item(at indexPath: TableIndexPath) -> Item { allItems[indexPath.row] }

    /// Inserts `item` at row `indexPath.row`.
    public mutating func insert(_ item: Item, at indexPath: TableIndexPath) {
        allItems.insert(item, at: indexPath.row)
    }

    /// Removes and returns the item in row `indexPath.row`.
    @discardableResult
    public mutating func removeItem(at indexPath: TableIndexPath) -> Item {
        allItems.remove(at: indexPath.row)
    }
}
