import Foundation
import ModelKitTestSupport
import ModelLayout
import Testing

@Suite("Table: items, store and data source")
struct TableTests {
    private func path(_ row: Int, _ section: Int = 0) -> TableIndexPath {
        TableIndexPath(row: row, section: section)
    }

    // MARK: Seed 003

    @Test("Seed 003: rows = the store's count, cell = name and \"$value\"")
    func seed003DataSource() throws {
        var generator = SplitMix64(seed: 3)
        let store = ItemStore(randomItemCount: 5, using: &generator)
        let dataSource = TableDataSource(store: store)
        #expect(dataSource.numberOfSections == 1)
        #expect(dataSource.numberOfRows(inSection: 0) == 5)
        for (row, item) in store.allItems.enumerated() {
            let content = try dataSource.cellContent(at: path(row))
            #expect(content.text == item.name)
            #expect(content.detailText == "$\(item.valueInDollars)")
        }
    }

    @Test("Seed 003: the cell text of a known item")
    func seed003CellText() {
        let item = Item(name: "Shiny Mac", serialNumber: "A1B2C3D4", valueInDollars: 42)
        #expect(item.tableCellContent == TableCellContent(text: "Shiny Mac", detailText: "$42"))
    }

    @Test("Seed 003: random items use the seed's words, values under 100 and 8-character serials")
    func seed003RandomItems() {
        var generator = SplitMix64(seed: 2024)
        let items = (0..<300).map { _ in Item.random(using: &generator) }
        var adjectives = Set<String>()
        var nouns = Set<String>()
        for item in items {
            let words = item.name.split(separator: " ").map(String.init)
            #expect(words.count == 2)
            #expect(Item.randomAdjectives.contains(words[0]))
            #expect(Item.randomNouns.contains(words[1]))
            adjectives.insert(words[0])
            nouns.insert(words[1])
            #expect((0..<100).contains(item.valueInDollars))
            let serial = item.serialNumber ?? ""
            #expect(serial.count == 8)
            #expect(serial.allSatisfy { $0.isHexDigit && !$0.isLowercase })
        }
        #expect(adjectives == ["Fluffy", "Rusty", "Shiny"])
        #expect(nouns == ["Bear", "Spork", "Mac"])
        #expect(Set(items.map(\.valueInDollars)).count > 50)
        #expect(Set(items.map(\.id)).count == 300)
    }

    @Test("Seed 003: an injected generator makes the same items every time")
    func seed003Deterministic() {
        let date = Date(timeIntervalSince1970: 1_600_000_000)
        var first = SplitMix64(seed: 7)
        var second = SplitMix64(seed: 7)
        var other = SplitMix64(seed: 8)
        let a = (0..<10).map { _ in Item.random(using: &first, dateCreated: date) }
        let b = (0..<10).map { _ in Item.random(using: &second, dateCreated: date) }
        let c = (0..<10).map { _ in Item.random(using: &other, dateCreated: date) }
        #expect(a == b)
        #expect(a != c)
        #expect(a.allSatisfy { $0.dateCreated == date })
    }

    @Test("Seed 003: Item(random: false) is empty and worth nothing")
    func seed003EmptyItem() {
        let item = Item()
        #expect(item.name == "")
        #expect(item.serialNumber == nil)
        #expect(item.valueInDollars == 0)
        #expect(item.id != Item().id)
    }

    // MARK: ItemStore

    @Test("createItem() appends the item it returns, and its result may be ignored")
    func createItem() {
        var store = ItemStore()
        let item = store.createItem()
        store.createItem()
        #expect(store.allItems.count == 2)
        #expect(store.allItems.first == item)
        var generator = SplitMix64(seed: 1)
        let seeded = store.createItem(using: &generator)
        #expect(store.allItems.last == seeded)
        #expect(ItemStore(randomItemCount: -3, using: &generator).allItems.isEmpty)
    }

    @Test("removeItem(_:) matches by identity, even after an edit")
    func removeItem() {
        var generator = SplitMix64(seed: 5)
        var store = ItemStore(randomItemCount: 3, using: &generator)
        var edited = store.allItems[1]
        edited.valueInDollars += 1000
        let removed = store.removeItem(edited)
        #expect(removed)
        #expect(store.allItems.count == 2)
        #expect(!store.allItems.contains { $0.id == edited.id })
        let removedAgain = store.removeItem(edited)
        #expect(!removedAgain)
        #expect(store.allItems.count == 2)
    }

    @Test("moveItem(from:to:) reorders like the seed's table and ignores bad indices")
    func moveItem() {
        var generator = SplitMix64(seed: 9)
        var store = ItemStore(randomItemCount: 4, using: &generator)
        let original = store.allItems
        let moved = store.moveItem(from: 0, to: 2)
        #expect(moved)
        #expect(store.allItems == [original[1], original[2], original[0], original[3]])
        let movedFromNowhere = store.moveItem(from: 4, to: 0)
        let movedToNowhere = store.moveItem(from: 0, to: -1)
        #expect(!movedFromNowhere && !movedToNowhere)
        #expect(store.allItems == [original[1], original[2], original[0], original[3]])
    }

    // MARK: TableDataSource

    @Test("The data source inserts, deletes and moves through the injected store")
    func editing() throws {
        var generator = SplitMix64(seed: 11)
        var dataSource = TableDataSource(store: ItemStore(randomItemCount: 3, using: &generator))
        let original = dataSource.store.allItems
        let extra = Item(name: "Rusty Spork", serialNumber: nil, valueInDollars: 7)
        try dataSource.insert(extra, at: path(3))
        #expect(dataSource.store.allItems == original + [extra])
        try dataSource.moveItem(from: path(3), to: path(0))
        #expect(dataSource.store.allItems == [extra] + original)
        let deleted = try dataSource.deleteItem(at: path(1))
        #expect(deleted == original[0])
        #expect(try dataSource.item(at: path(1)) == original[1])
        #expect(dataSource.indexPaths == [path(0), path(1), path(2)])
    }

    @Test("Positions outside the table throw instead of trapping")
    func invalidPositions() throws {
        var generator = SplitMix64(seed: 12)
        var dataSource = TableDataSource(store: ItemStore(randomItemCount: 2, using: &generator))
        #expect(throws: TableDataSourceError.rowOutOfRange(path(2), rowCount: 2)) {
            try dataSource.item(at: path(2))
        }
        #expect(throws: TableDataSourceError.rowOutOfRange(path(-1), rowCount: 2)) {
            try dataSource.deleteItem(at: path(-1))
        }
        #expect(throws: TableDataSourceError.sectionOutOfRange(section: 1, sectionCount: 1)) {
            try dataSource.cellContent(at: path(0, 1))
        }
        #expect(throws: TableDataSourceError.destinationOutOfRange(path(3), rowCount: 2)) {
            try dataSource.insert(Item(), at: path(3))
        }
        // After removing the moved row only rows 0...1 remain as destinations.
        #expect(throws: TableDataSourceError.destinationOutOfRange(path(2), rowCount: 1)) {
            try dataSource.moveItem(from: path(0), to: path(2))
        }
        #expect(dataSource.numberOfRows(inSection: 5) == 0)
        #expect(dataSource.numberOfRows(inSection: -1) == 0)
        #expect(dataSource.store.allItems.count == 2)
        let message = TableDataSourceError.rowOutOfRange(path(2), rowCount: 2).description
        #expect(message.contains("Row 2") && message.contains("2 row(s)"))
    }

    @Test("Rows move between the sections of a sectioned store")
    func sectionedStore() throws {
        var dataSource = TableDataSource(store: SectionedItemStore(sections: [["a", "b", "c"], ["x"]]))
        #expect(dataSource.numberOfSections == 2)
        try dataSource.moveItem(from: path(1, 0), to: path(1, 1))
        #expect(dataSource.store.sections == [["a", "c"], ["x", "b"]])
        try dataSource.moveItem(from: path(0, 1), to: path(2, 0))
        #expect(dataSource.store.sections == [["a", "c", "x"], ["b"]])
        #expect(throws: TableDataSourceError.destinationOutOfRange(path(3, 0), rowCount: 2)) {
            try dataSource.moveItem(from: path(0, 0), to: path(3, 0))
        }
        dataSource.store.appendSection()
        try dataSource.insert("new", at: path(0, 2))
        #expect(dataSource.store.sections == [["a", "c", "x"], ["b"], ["new"]])
    }

    @Test("Seed 003: snapshots of the data source diff into the row move the user made")
    func seed003SnapshotDiff() throws {
        var generator = SplitMix64(seed: 13)
        var dataSource = TableDataSource(store: ItemStore(randomItemCount: 6, using: &generator))
        let before = dataSource.snapshot()
        try dataSource.moveItem(from: path(5), to: path(1))
        var edited = try dataSource.item(at: path(3))
        edited.valueInDollars += 1
        try dataSource.deleteItem(at: path(3))
        try dataSource.insert(edited, at: path(3))
        let after = dataSource.snapshot()
        let changes = try Changeset(from: before, to: after)
        #expect(changes.moves == [Changeset.Move(source: path(5), destination: path(1))])
        #expect(changes.reloads == [path(2)])
        #expect(changes.deletes.isEmpty && changes.inserts.isEmpty)
        #expect(try before.applying(changes, dataSource: after) == after)
    }

    @Test("TableIndexPath orders by section, then row, and prints like IndexPath")
    func indexPathOrdering() {
        #expect(path(5, 0) < path(0, 1))
        #expect(path(1, 1) < path(2, 1))
        #expect(path(3, 2).description == "[2, 3]")
    }
}
