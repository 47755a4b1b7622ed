/// The "storage" abstraction of seed 003's dependency inversion: the table's data source depends on
/// this protocol, never on a concrete store, so the in-memory ``ItemStore`` can be swapped for one that
/// reads a file or a web service without touching the table code.
///
/// Requirements take positions that the caller has already checked, like `Array`'s subscript;
/// ``TableDataSource`` is the layer that checks them and reports ``TableDataSourceError`` instead of
/// trapping, so each store does not have to repeat the checks.
public protocol ItemStoring<Item> {
    /// The model shown in each row.
    associatedtype Item

    /// The number of sections; a flat store such as seed 003's has one.
    var sectionCount: Int { get }

    /// The number of items in `section`, which is in `0..<sectionCount`.
    func itemCount(inSection section: Int) -> Int

    /// The item at `indexPath`, which is a valid position.
    func item(at indexPath: TableIndexPath) -> Item

    /// Inserts `item` so that it ends up at `indexPath`, whose row may equal the section's count.
    mutating func insert(_ item: Item, at indexPath: TableIndexPath)

    /// Removes and returns the item at `indexPath`, which is a valid position.
    @discardableResult
    mutating func removeItem(at indexPath: TableIndexPath) -> Item

    /// Moves the item at `source` so that it ends up at `destination`, as `UITableView`'s
    /// `moveRowAt:to:` reports a drag: the destination is counted after the item has been removed.
    mutating func moveItem(from source: TableIndexPath, to destination: TableIndexPath)
}

extension ItemStoring {
    /// Moves by removing and reinserting; a store that can move in place may do better.
    public mutating func moveItem(from source: TableIndexPath, to destination: TableIndexPath) {
        insert(removeItem(at: source), at: destination)
    }
}
