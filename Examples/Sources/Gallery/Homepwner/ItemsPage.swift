import ModelLayout

/// Seed 003's table as HTML: one row per item with its name and `"$value"` (UIKit's `.value1` cell),
/// a Delete button on each row and a button that adds a random item.
struct ItemsPage {
    /// Where the rows come from.
    var dataSource: TableDataSource<ItemStore>
    /// The element to focus when the page loads.
    var focus: FocusRequest = .none

    /// The id of the button that adds a random item.
    static let addID = "items-add"

    /// The id of the Delete button of row `row`.
    static func deleteID(_ row: Int) -> String { "delete-\(row)" }

    /// The complete page.
    var page: Page {
        let rows = (0..<dataSource.numberOfRows(inSection: 0)).compactMap { row -> HTML? in
            let path = TableIndexPath(row: row, section: 0)
            guard let item = try? dataSource.item(at: path), let cell = try? dataSource.cellContent(at: path) else {
                return nil
            }
            return """
                <li class="table-row item-row" data-id="\(item.id.uuidString)">\
                <span class="cell-text">\(cell.text)</span>\
                <span class="cell-detail">\(cell.detailText ?? "")</span>\
                <form method="post" action="\(GalleryPaths.items)/\(row)/delete">\
                <input type="hidden" name="id" value="\(item.id.uuidString)">\
                <button type="submit" class="delete" id="\(Self.deleteID(row))" aria-label="Delete \(cell.text), \(cell.detailText ?? "")"\
                \(focus.attribute(for: Self.deleteID(row)))>Delete</button></form>\
                </li>
                """
        }
        let table: HTML =
            rows.isEmpty
            ? "<p class=\"table-empty\">No items. Add one.</p>"
            : "<ul class=\"table\">\n\(HTML.joined(rows, separator: "\n"))\n</ul>"
        return Page(
            title: "Homepwner",
            styleClass: "items-page",
            body: """
                <p class="lead">Seed 003: an <code>ItemStore</code> of random items, injected into the table's \
                controller; what you add and delete is yours alone.</p>
                <form class="table-actions" method="post" action="\(GalleryPaths.items)">\
                <button type="submit" class="primary" id="\(Self.addID)"\(focus.attribute(for: Self.addID))>\
                Add a random item</button></form>
                <p class="table-count">\(rows.count) \(rows.count == 1 ? "item" : "items")</p>
                \(table)
                """)
    }
}
