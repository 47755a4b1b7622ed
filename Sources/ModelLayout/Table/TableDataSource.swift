/// Seed 003's table data source without UIKit: it answers the questions `UITableViewDataSource` asks
/// (how many sections, how many rows, what goes in this cell) from an injected ``ItemStoring`` store,
/// and it edits the store with every position checked first.
///
/// ```swift
/// var generator = SystemRandomNumberGenerator()
/// var dataSource = TableDataSource(store: ItemStore(randomItemCount: 5, using: &generator))
/// dataSource.numberOfRows(inSection: 0)                                   // 5
/// try dataSource.cellContent(at: TableIndexPath(row: 0, section: 0)).detailText  // "$" and the value
/// try dataSource.moveItem(from: TableIndexPath(row: 0, section: 0), to: TableIndexPath(row: 4, section: 0))
/// ```
///
/// A UIKit controller forwards its data source methods here and turns a thrown
/// ``TableDataSourceError`` into a refused edit instead of an `NSInternalInconsistencyException`.
public struct TableDataSource<Store: ItemStoring> {
    /// The injected store. It is a variable, like the seed's `itemStore` property, so a controller can
    /// be handed its store after creation and can use the store's own API (such as
    /// ``ItemStore/createItem()``) directly.
    public var store: Store

    /// Creates a data source over `store`.
    public init(store: Store) {
        self.store = store
    }

    /// The number of sections, `numberOfSections(in:)`.
    public var numberOfSections: Int { store.sectionCount }

    /// The number of rows in `section`, `tableView(_:numberOfRowsInSection:)`; zero for a section that
    /// does not exist, since a table asks about nothing else.
    public func numberOfRows(inSection section: Int) -> Int {
        guard section >= 0, section < store.sectionCount else { return 0 }
        return store.itemCount(inSection: section)
    }

    /// The item shown at `indexPath`.
    public func item(at indexPath: TableIndexPath) throws(TableDataSourceError) -> Store.Item {
        try checkExisting(indexPath)
        return store.item(at: indexPath)
    }

    /// Inserts `item` so that it appears at `indexPath`; a row equal to the section's count appends.
    public mutating func insert(_ item: Store.Item, at indexPath: TableIndexPath) throws(TableDataSourceError) {
        try checkDestination(indexPath, removingOneFromSameSectionAs: nil)
        store.insert(item, at: indexPath)
    }

    /// Deletes and returns the item at `indexPath`, as swipe-to-delete does.
    @discardableResult
    public mutating func deleteItem(at indexPath: TableIndexPath) throws(TableDataSourceError) -> Store.Item {
        try checkExisting(indexPath)
        return store.removeItem(at: indexPath)
    }

    /// Moves the item at `source` to `destination`, with the destination counted after the item has been
    /// removed, exactly as `tableView(_:moveRowAt:to:)` reports a drag.
    public mutating func moveItem(
        from source: TableIndexPath, to destination: TableIndexPath
    ) throws(TableDataSourceError) {
        try checkExisting(source)
        try checkDestination(destination, removingOneFromSameSectionAs: source)
        guard source != destination else { return }
        store.moveItem(from: source, to: destination)
    }

    /// Every valid position, section by section, for callers that reload a whole table.
    public var indexPaths: [TableIndexPath] {
        (0..<numberOfSections).flatMap { section in
            (0..<numberOfRows(inSection: section)).map { TableIndexPath(row: $0, section: section) }
        }
    }

    // MARK: Checks

    private func checkSection(_ section: Int) throws(TableDataSourceError) {
        guard section >= 0, section < store.sectionCount else {
            throw .sectionOutOfRange(section: section, sectionCount: store.sectionCount)
        }
    }

    private func checkExisting(_ indexPath: TableIndexPath) throws(TableDataSourceError) {
        try checkSection(indexPath.section)
        let count = store.itemCount(inSection: indexPath.section)
        guard indexPath.row >= 0, indexPath.row < count else { throw .rowOutOfRange(indexPath, rowCount: count) }
    }

    private func checkDestination(
        _ indexPath: TableIndexPath, removingOneFromSameSectionAs source: TableIndexPath?
    ) throws(TableDataSourceError) {
        try checkSection(indexPath.section)
        var count = store.itemCount(inSection: indexPath.section)
        if source?.section == indexPath.section { count -= 1 }
        guard indexPath.row >= 0, indexPath.row <= count else {
            throw .destinationOutOfRange(indexPath, rowCount: count)
        }
    }
}

extension TableDataSource: Sendable where Store: Sendable {}

extension TableDataSource where Store.Item: TableCellContentProviding {
    /// What the cell at `indexPath` shows, `tableView(_:cellForRowAt:)` without the cell; for seed
    /// 003's ``Item`` the name and `"$value"`.
    public func cellContent(at indexPath: TableIndexPath) throws(TableDataSourceError) -> TableCellContent {
        try item(at: indexPath).tableCellContent
    }
}

extension TableDataSource where Store.Item: Identifiable & Equatable {
    /// The store's current contents as a ``Snapshot`` whose section identifiers are the section
    /// numbers, so that two moments of a table can be diffed into one batch update.
    public func snapshot() -> Snapshot<Int, Store.Item> {
        Snapshot(
            sections: (0..<numberOfSections).map { section in
                Snapshot.Section(
                    id: section,
                    items: (0..<store.itemCount(inSection: section)).map {
                        store.item(at: TableIndexPath(row: $0, section: section))
                    })
            })
    }
}
