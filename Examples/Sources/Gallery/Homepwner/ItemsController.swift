import Foundation
import Hummingbird
import ModelLayout

/// Seed 003's `ItemsViewController`: a table of the items in an ``ItemStore``, each visitor with
/// their own store (kept in ``VisitorStore``).
///
/// The controller never creates a store: a newcomer starts with a copy of the one injected into the
/// ``VisitorStore`` (random items, as the seed's scene delegate makes), so a test injects one made from
/// a seeded generator and knows every row. All table questions go through ModelLayout's
/// ``TableDataSource``, which checks every position, so a stale or forged row number is a 404 rather
/// than a crash.
struct ItemsController: Sendable {
    /// Where each visitor's items are kept.
    let visitors: VisitorStore

    /// The way back from a refused delete.
    static let backToTable = PageLink(path: GalleryPaths.items, label: "Back to the table")

    /// The 404 page of a row that is not in the table.
    static let noSuchRow = PageError(
        .notFound, "The table has no such row: it may have been deleted in another tab.", back: backToTable)

    /// Deletes row `row` of `store` if it still shows the item `id`, and returns the element to focus
    /// next: the Delete button of the row that took its place (or the one above), or Add when none is left.
    ///
    /// The row alone is not enough: after a delete in another tab, the same row holds another item,
    /// and a form from the old page must not delete it.
    static func deleteItem(row: Int, id: UUID, from store: inout ItemStore) throws(PageError) -> String {
        var dataSource = TableDataSource(store: store)
        let path = TableIndexPath(row: row, section: 0)
        let item: Item
        do {
            item = try dataSource.item(at: path)
        } catch {
            throw noSuchRow
        }
        guard item.id == id else {
            // Counted from one, as the person sees the rows.
            throw PageError(
                .conflict, "Row \(row + 1) now shows another item: the table was changed in another tab.",
                back: backToTable)
        }
        do {
            try dataSource.deleteItem(at: path)
        } catch {
            throw noSuchRow
        }
        store = dataSource.store
        let count = store.allItems.count
        return count == 0 ? ItemsPage.addID : ItemsPage.deleteID(min(row, count - 1))
    }

    /// Adds `GET /items`, `POST /items` and `POST /items/{row}/delete`.
    func addRoutes(to router: Router<some RequestContext>) {
        router.get("items") { request, _ in
            let store = await visitors.state(for: request).items
            return ItemsPage(dataSource: TableDataSource(store: store), focus: FocusRequest(request)).page
        }
        router.post("items") { request, _ in
            _ = try await FormFields.read(from: request)
            // The seed's `createItem()`: a random item at the end.
            return try await visitors.change(
                for: request, { state throws(PageError) in state.items.createItem() },
                respond: { _ in FocusRequest.redirect(to: GalleryPaths.items, focusing: ItemsPage.addID) })
        }
        router.post("items/:row/delete") { request, context in
            let row = try AddressIndex.read("row", from: context, orElse: Self.noSuchRow)
            let form = try await FormFields.read(from: request)
            guard let idText = form["id"] else {
                throw HTTPError(.badRequest, message: "The form has no “id” field.")
            }
            guard let id = UUID(uuidString: idText) else {
                throw HTTPError(.badRequest, message: "The “id” field is not an item identifier.")
            }
            return try await visitors.change(
                for: request,
                { state throws(PageError) in try Self.deleteItem(row: row, id: id, from: &state.items) },
                respond: { next in FocusRequest.redirect(to: GalleryPaths.items, focusing: next) })
        }
    }
}
