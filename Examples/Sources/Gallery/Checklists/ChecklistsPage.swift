/// Seed 004's screens as HTML: all lists, one list's items, and the two edit screens.
///
/// Every form that changes a list or an item sends, beside the index, the name or text the page
/// showed (`current`), so that a form from an out-of-date page is refused rather than applied to
/// whatever now sits at that index.
enum ChecklistsPage {
    /// Seed 004's `AllListsViewController`: each list with how many items remain, and a form to add one.
    static func allLists(_ model: ChecklistsModel) -> Page {
        let rows = model.lists.enumerated().map { index, list -> HTML in
            """
            <li class="table-row list-row" data-list="\(list.name)">\
            <a class="list-link" href="\(listPath(index))">\(list.name)</a>\
            <span class="list-remaining">\(remaining(list))</span>\
            <a class="edit-link" href="\(listPath(index))/edit" aria-label="Edit \(list.name)">Edit</a>\
            <form method="post" action="\(listPath(index))/delete">\
            <input type="hidden" name="current" value="\(list.name)">\
            <button type="submit" class="delete" aria-label="Delete \(list.name)">Delete</button></form>\
            </li>
            """
        }
        return Page(
            title: "Checklists",
            styleClass: "checklists-page",
            body: """
                <p class="lead">Seed 004: saved to <code>Checklists.plist</code> after every change; the open \
                list is remembered for your next visit.</p>
                \(table(rows, empty: "No lists yet. Add one below."))
                <form class="add-form" method="post" action="\(GalleryPaths.checklists)">\
                <input type="text" name="name" placeholder="Name of the list" required maxlength="\(FormFields.maximumTextLength)" aria-label="Name of the new list">\
                <button type="submit" class="primary">Add list</button></form>
                """)
    }

    /// Seed 004's `ChecklistViewController`: the items with checkmarks, toggled by a press.
    static func checklist(_ list: Checklist, index: Int) -> Page {
        let rows = list.items.enumerated().map { itemIndex, item -> HTML in
            let path = "\(listPath(index))/items/\(itemIndex)"
            return """
                <li class="table-row item-row\(item.checked ? " checked" : "")" data-item="\(item.text)">\
                <form class="toggle-form" method="post" action="\(path)/toggle">\
                <input type="hidden" name="current" value="\(item.text)">\
                <button type="submit" class="toggle" aria-pressed="\(item.checked ? "true" : "false")">\
                <span class="checkmark">\(item.checked ? "✓" : "")</span>\
                <span class="item-text">\(item.text)</span></button></form>\
                <a class="edit-link" href="\(path)/edit" aria-label="Edit \(item.text)">Edit</a>\
                <form method="post" action="\(path)/delete">\
                <input type="hidden" name="current" value="\(item.text)">\
                <button type="submit" class="delete" aria-label="Delete \(item.text)">Delete</button></form>\
                </li>
                """
        }
        return Page(
            title: list.name,
            styleClass: "checklist-page",
            body: """
                \(table(rows, empty: "No items yet. Add one below."))
                <form class="add-form" method="post" action="\(listPath(index))/items">\
                <input type="text" name="text" placeholder="Something to do" required maxlength="\(FormFields.maximumTextLength)" aria-label="New item">\
                <button type="submit" class="primary">Add item</button></form>
                """,
            navigation: backToAllLists)
    }

    /// Seed 004's `ListDetailViewController` in edit mode: rename or delete a list.
    static func editList(_ list: Checklist, index: Int) -> Page {
        editPage(
            title: "Edit list", label: "Name", field: "name", value: list.name, action: listPath(index),
            cancel: GalleryPaths.checklists, deleteLabel: "Delete this list")
    }

    /// Seed 004's `ItemDetailViewController` in edit mode: change an item's text or delete it.
    static func editItem(_ item: ChecklistItem, index: Int, list: Int) -> Page {
        editPage(
            title: "Edit item", label: "Text", field: "text", value: item.text,
            action: "\(listPath(list))/items/\(index)", cancel: listPath(list), deleteLabel: "Delete this item")
    }

    private static func editPage(
        title: String, label: String, field: String, value: String, action: String, cancel: String,
        deleteLabel: String
    ) -> Page {
        Page(
            title: title,
            styleClass: "edit-page",
            body: """
                <form class="edit-form" method="post" action="\(action)/rename">
                <input type="hidden" name="current" value="\(value)">
                <label for="edit-field">\(label)</label>
                <input type="text" id="edit-field" name="\(field)" value="\(value)" required maxlength="\(FormFields.maximumTextLength)">
                <div class="nav-row"><a href="\(cancel)">Cancel</a><button type="submit" class="primary">Done</button></div>
                </form>
                <form class="danger" method="post" action="\(action)/delete">
                <input type="hidden" name="current" value="\(value)">
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

    private static func table(_ rows: [HTML], empty: String) -> HTML {
        rows.isEmpty
            ? "<p class=\"table-empty\">\(empty)</p>"
            : "<ul class=\"table\">\n\(HTML.joined(rows, separator: "\n"))\n</ul>"
    }

    private static func listPath(_ index: Int) -> String {
        "\(GalleryPaths.checklists)/\(index)"
    }
}
