import Foundation
import Hummingbird
import ModelLayout

/// Seed 003's `ItemsViewController`: a table of the items in an ``ItemStore`` that is handed to it.
///
/// The controller never creates its store: the application makes one (with random items, as the
/// seed's scene delegate does) and injects it, so a test injects one made from a seeded generator and
/// knows every row. All table questions go through ModelLayout's ``TableDataSource``, which checks
/// every position, so a stale or forged row number is a 404 rather than a crash.
actor ItemsController {
    private var dataSource: TableDataSource<ItemStore>

    /// A controller over `itemStore`.
    init(itemStore: ItemStore) {
        dataSource = TableDataSource(store: itemStore)
    }

    /// The store as it is now, for tests and for the page.
    var itemStore: ItemStore { dataSource.store }

    /// The current page.
    func page() -> Page {
        ItemsPage(dataSource: dataSource).page
    }

    /// Adds a random item at the end, as the seed's `createItem()`.
    func addRandomItem() {
        dataSource.store.createItem()
    }

    /// Deletes the row `row` if it still shows the item `id`.
    ///
    /// The row alone is not enough: after a delete in another tab, the same row holds another item,
    /// and a form from the old page must not delete it.
    func deleteItem(row: Int, id: UUID) throws(HTTPError) {
        let path = TableIndexPath(row: row, section: 0)
        let item: Item
        do {
            item = try dataSource.item(at: path)
        } catch {
            throw HTTPError(.notFound, message: "There is no row \(row) in the table.")
        }
        guard item.id == id else {
            throw HTTPError(.conflict, message: "Row \(row) now shows another item; reload the table and try again.")
        }
        do {
            try dataSource.deleteItem(at: path)
        } catch {
            throw HTTPError(.notFound, message: "There is no row \(row) in the table.")
        }
    }

    /// Adds `GET /items`, `POST /items` and `POST /items/{row}/delete`.
    nonisolated func addRoutes(to router: Router<some RequestContext>) {
        router.get("items") { _, _ in await self.page() }
        router.post("items") { request, _ in
            _ = try await FormFields.read(from: request)
            await self.addRandomItem()
            return Response.redirect(to: GalleryPaths.items)
        }
        router.post("items/:row/delete") { request, context in
            let row = try context.parameters.require("row", as: Int.self)
            let form = try await FormFields.read(from: request)
            guard let idText = form["id"] else {
                throw HTTPError(.badRequest, message: "The form has no “id” field.")
            }
            guard let id = UUID(uuidString: idText) else {
                throw HTTPError(.badRequest, message: "The “id” field is not an item identifier.")
            }
            try await self.deleteItem(row: row, id: id)
            return Response.redirect(to: GalleryPaths.items)
        }
    }
}
