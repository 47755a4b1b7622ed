/// Seed 004's `DataModel` without the storage: the lists, which one is open, and every edit a page
/// can make, each checked before it changes anything.
///
/// Edits address lists and items by index, as the seed's table rows do, and also name what the page
/// showed at that index. A form from a page that is out of date (another tab deleted a list since)
/// then fails with ``EditError/changed`` instead of editing whatever now sits at that index.
struct ChecklistsModel: Sendable, Hashable {
    /// Why an edit was refused.
    enum EditError: Error, Sendable, Hashable {
        /// No list at this index.
        case noSuchList(Int)
        /// No item at this index in the list.
        case noSuchItem(list: Int, item: Int)
        /// The list or item at the index is no longer the one the page showed.
        case changed(expected: String, found: String)
    }

    /// The value of ``indexOfSelectedChecklist`` when no list is open, the seed's `-1`.
    static let noSelection = -1

    /// Every list, in order.
    private(set) var lists: [Checklist]

    /// The open list, as stored: the seed's `ChecklistIndex`, `-1` for none. It may be out of range
    /// (a stored value from an older file), so readers use ``selectedIndex``.
    var indexOfSelectedChecklist: Int

    /// A model over `lists` with `indexOfSelectedChecklist` as stored.
    init(lists: [Checklist], indexOfSelectedChecklist: Int = noSelection) {
        self.lists = lists
        self.indexOfSelectedChecklist = indexOfSelectedChecklist
    }

    /// The open list's index if it names a list, else `nil`: the seed's defensive
    /// `index >= 0 && index < lists.count`, which ignores a bad stored index instead of crashing.
    var selectedIndex: Int? {
        lists.indices.contains(indexOfSelectedChecklist) ? indexOfSelectedChecklist : nil
    }

    /// The seed's `handleFirstTime()`: a list called "List", opened.
    mutating func handleFirstTime() {
        lists.append(Checklist(name: "List"))
        indexOfSelectedChecklist = lists.count - 1
    }

    /// The list at `index`.
    func list(at index: Int) throws(EditError) -> Checklist {
        guard lists.indices.contains(index) else { throw .noSuchList(index) }
        return lists[index]
    }

    /// The item at `item` in the list at `list`.
    func item(_ item: Int, inList list: Int) throws(EditError) -> ChecklistItem {
        let checklist = try self.list(at: list)
        guard checklist.items.indices.contains(item) else { throw .noSuchItem(list: list, item: item) }
        return checklist.items[item]
    }

    /// Appends a list called `name` and returns its index.
    @discardableResult
    mutating func addList(named name: String) -> Int {
        lists.append(Checklist(name: name))
        return lists.count - 1
    }

    /// Renames the list at `index`, which the page showed as `expected`.
    mutating func renameList(at index: Int, expecting expected: String, to name: String) throws(EditError) {
        try check(try list(at: index).name, expected)
        lists[index].name = name
    }

    /// Deletes the list at `index`, which the page showed as `expected`, and keeps the open list open:
    /// deleting it closes it, deleting one before it moves its index down.
    mutating func deleteList(at index: Int, expecting expected: String) throws(EditError) {
        try check(try list(at: index).name, expected)
        lists.remove(at: index)
        if indexOfSelectedChecklist == index {
            indexOfSelectedChecklist = Self.noSelection
        } else if indexOfSelectedChecklist > index {
            indexOfSelectedChecklist -= 1
        }
    }

    /// Appends an unchecked item with `text` to the list at `list`.
    mutating func addItem(text: String, toList list: Int) throws(EditError) {
        _ = try self.list(at: list)
        lists[list].items.append(ChecklistItem(text: text))
    }

    /// Checks or unchecks an item the page showed as `expected`.
    mutating func toggleItem(_ item: Int, inList list: Int, expecting expected: String) throws(EditError) {
        try check(try self.item(item, inList: list).text, expected)
        lists[list].items[item].toggleChecked()
    }

    /// Changes the text of an item the page showed as `expected`.
    mutating func renameItem(
        _ item: Int, inList list: Int, expecting expected: String, to text: String
    )
        throws(EditError)
    {
        try check(try self.item(item, inList: list).text, expected)
        lists[list].items[item].text = text
    }

    /// Deletes an item the page showed as `expected`.
    mutating func deleteItem(_ item: Int, inList list: Int, expecting expected: String) throws(EditError) {
        try check(try self.item(item, inList: list).text, expected)
        lists[list].items.remove(at: item)
    }

    private func check(_ found: String, _ expected: String) throws(EditError) {
        guard found == expected else { throw .changed(expected: expected, found: found) }
    }
}
