/// Seed 004's screens as HTML: all lists, one list's items, and the two edit screens.
///
/// Every form that changes a list or an item sends, beside the index, the name or text the page
/// showed (`current`), so that a form from an out-of-date page is refused rather than applied to
/// whatever now sits at that index.
///
/// The forms that leave the person on the same screen (add, check, delete) are marked `data-stay`:
/// the pages' script sends them in the background, one after another, and replaces only the parts
/// marked `data-region`, so that a person can type the next item while the last is being saved. Each
/// element a redirect may focus has an id: `new-list`, `list-N`, `new-item`, `item-N`.
enum ChecklistsPage {
    /// The id of the all-lists page's field for a new list's name.
    static let newListFieldID = "new-list"
    /// The id of a list page's field for a new item.
    static let newItemFieldID = "new-item"

    /// The id of the link that opens the list at `index`.
    static func listID(_ index: Int) -> String { "list-\(index)" }
    /// The id of the button that checks the item at `index`.
    static func itemID(_ index: Int) -> String { "item-\(index)" }

    /// Seed 004's `AllListsViewController`: each list with how many items remain, and a form to add one.
    ///
    /// - Parameters:
    ///   - refusedName: a name that was refused, shown in the field with the reason.
    ///   - focus: the element to focus when the page loads.
    static func allLists(
        _ model: ChecklistsModel, refusedName: RefusedText? = nil, focus: FocusRequest = .none
    )
        -> Page
    {
        let rows = model.lists.enumerated().map { index, list -> HTML in
            """
            <li class="table-row list-row" data-list="\(list.name)">\
            <a class="list-link" id="\(listID(index))" href="\(listPath(index))"\(focus.attribute(for: listID(index)))>\
            \(list.name)</a>\
            <span class="list-remaining">\(remaining(list))</span>\
            <a class="edit-link" href="\(listPath(index))/edit" aria-label="Edit \(list.name)">Edit</a>\
            <form method="post" action="\(listPath(index))/delete" data-stay>\
            <input type="hidden" name="current" value="\(list.name)">\
            <button type="submit" class="delete" aria-label="Delete \(list.name)">Delete</button></form>\
            </li>
            """
        }
        let field = TextField(
            id: newListFieldID, name: "name", label: "Name of the new list", placeholder: "Name of the list",
            refused: refusedName, autofocus: focus.id == newListFieldID, clearsOnSubmit: true)
        return Page(
            title: "Checklists",
            status: refusedName == nil ? .ok : .unprocessableContent,
            styleClass: "checklists-page",
            screen: "all-lists",
            body: """
                <p class="lead">Seed 004: saved to <code>Checklists.plist</code> after every change; the open \
                list is remembered for your next visit.</p>
                \(table(id: "lists", rows, empty: "No lists yet. Add one below."))
                <form class="add-form" method="post" action="\(GalleryPaths.checklists)" data-stay>
                <div class="add-row">\(field.control)<button type="submit" class="primary">Add list</button></div>
                \(field.message)
                </form>
                """)
    }

    /// Seed 004's `ChecklistViewController`: the items with checkmarks, toggled by a press.
    ///
    /// - Parameters:
    ///   - refusedText: an item's text that was refused, shown in the field with the reason.
    ///   - focus: the element to focus when the page loads.
    static func checklist(
        _ list: Checklist, index: Int, refusedText: RefusedText? = nil, focus: FocusRequest = .none
    ) -> Page {
        let rows = list.items.enumerated().map { itemIndex, item -> HTML in
            let path = "\(listPath(index))/items/\(itemIndex)"
            return """
                <li class="table-row item-row\(item.checked ? " checked" : "")" data-item="\(item.text)">\
                <form class="toggle-form" method="post" action="\(path)/toggle" data-stay>\
                <input type="hidden" name="current" value="\(item.text)">\
                <button type="submit" class="toggle" id="\(itemID(itemIndex))" \
                aria-pressed="\(item.checked ? "true" : "false")"\(focus.attribute(for: itemID(itemIndex)))>\
                <span class="checkmark" aria-hidden="true">\(item.checked ? "✓" : "")</span>\
                <span class="item-text">\(item.text)</span></button></form>\
                <a class="edit-link" href="\(path)/edit" aria-label="Edit \(item.text)">Edit</a>\
                <form method="post" action="\(path)/delete" data-stay>\
                <input type="hidden" name="current" value="\(item.text)">\
                <button type="submit" class="delete" aria-label="Delete \(item.text)">Delete</button></form>\
                </li>
                """
        }
        let field = TextField(
            id: newItemFieldID, name: "text", label: "New item", placeholder: "Something to do",
            refused: refusedText, autofocus: focus.id == newItemFieldID, clearsOnSubmit: true)
        return Page(
            title: list.name,
            status: refusedText == nil ? .ok : .unprocessableContent,
            styleClass: "checklist-page",
            screen: "list-\(index)",
            body: """
                \(table(id: "items", rows, empty: "No items yet. Add one below."))
                <form class="add-form" method="post" action="\(listPath(index))/items" data-stay>
                <div class="add-row">\(field.control)<button type="submit" class="primary">Add item</button></div>
                \(field.message)
                </form>
                """,
            navigation: backToAllLists)
    }

    /// Seed 004's `ListDetailViewController` in edit mode: rename or delete a list.
    ///
    /// - Parameter refusedName: a new name that was refused, shown in the field with the reason.
    static func editList(_ list: Checklist, index: Int, refusedName: RefusedText? = nil) -> Page {
        editPage(
            title: "Edit list", label: "Name", field: "name", current: list.name, refused: refusedName,
            action: listPath(index), cancel: FocusRequest.path(GalleryPaths.checklists, focusing: listID(index)),
            deleteLabel: "Delete this list")
    }

    /// Seed 004's `ItemDetailViewController` in edit mode: change an item's text or delete it.
    ///
    /// - Parameter refusedText: a new text that was refused, shown in the field with the reason.
    static func editItem(_ item: ChecklistItem, index: Int, list: Int, refusedText: RefusedText? = nil) -> Page {
        editPage(
            title: "Edit item", label: "Text", field: "text", current: item.text, refused: refusedText,
            action: "\(listPath(list))/items/\(index)",
            cancel: FocusRequest.path(listPath(list), focusing: itemID(index)), deleteLabel: "Delete this item")
    }

    private static func editPage(
        title: String, label: String, field: String, current: String, refused: RefusedText?, action: String,
        cancel: String, deleteLabel: String
    ) -> Page {
        let input = TextField(
            id: "edit-field", name: field, label: label, showsLabel: true, value: current, refused: refused,
            autofocus: true)
        return Page(
            title: title,
            status: refused == nil ? .ok : .unprocessableContent,
            styleClass: "edit-page",
            body: """
                <form class="edit-form" method="post" action="\(action)/rename">
                <input type="hidden" name="current" value="\(current)">
                \(input.control)
                \(input.message)
                <div class="nav-row"><a href="\(cancel)">Cancel</a><button type="submit" class="primary">Done</button></div>
                </form>
                <form class="danger" method="post" action="\(action)/delete">
                <input type="hidden" name="current" value="\(current)">
                <button type="submit" class="delete">\(deleteLabel)</button>
                </form>
                """)
    }

    /// The seed's Back button: it is a form because leaving a list changes what is remembered (the
    /// seed sets `ChecklistIndex` to −1), and a link must not change anything.
    private static let backToAllLists: HTML = """
        <form class="back-form" method="post" action="/checklists/close">\
        <button type="submit" class="link">‹ All lists</button></form>
        """

    /// The seed's subtitle: "(No Items)", "All Done!" or the number left.
    static func remaining(_ list: Checklist) -> String {
        if list.items.isEmpty { return "(No items)" }
        let count = list.uncheckedCount
        return count == 0 ? "All done!" : "\(count) remaining"
    }

    /// The rows in a region the pages' script can replace.
    private static func table(id: String, _ rows: [HTML], empty: String) -> HTML {
        let content: HTML =
            rows.isEmpty
            ? "<p class=\"table-empty\">\(empty)</p>"
            : "<ul class=\"table\">\n\(HTML.joined(rows, separator: "\n"))\n</ul>"
        return "<div id=\"\(id)\" data-region>\n\(content)\n</div>"
    }

    /// The address of the list at `index`.
    static func listPath(_ index: Int) -> String {
        "\(GalleryPaths.checklists)/\(index)"
    }
}
