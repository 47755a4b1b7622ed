import Hummingbird
import ModelLayout

/// Seed 001's nine-cell shopping cart in the browser: Add and Remove buttons over a grid of books.
///
/// An actor, because the cart is shared by every request and each press reads and then changes it.
actor BookCartController {
    /// Seed 001's numbers: 3 columns of 60×70 books, the first and last columns against the edges and
    /// the leftover width between them (`margin = (W − 3·60) / 2`), rows the same gap apart.
    static let gridConfiguration = GridConfiguration(
        columns: .fixed(3),
        itemSize: .fixed(Size(width: 60, height: 70)),
        itemSpacing: .spaceBetween,
        lineSpacing: .matchingItemSpacing)

    /// The cart's area (the seed's `shopView`): three rows of three books fit, the nine cells.
    static let cartSize = Size(width: 240, height: 270)

    /// The grid of every cell, resolved once.
    nonisolated let cells: GridLayout
    private var cart: BookCart

    /// A controller with an empty cart over `books`; throws if the grid cannot be laid out, which only
    /// a change to the constants above could cause.
    init(books: [Book]) throws {
        let grid = try GridLayout(
            configuration: Self.gridConfiguration, containerWidth: Self.cartSize.width, itemCount: 0)
        let capacity = grid.capacity(forHeight: Self.cartSize.height)
        cells = try grid.withItemCount(capacity)
        cart = BookCart(shelf: books, capacity: capacity)
    }

    /// The current page.
    func page() -> Page {
        BookCartPage(cart: cart, cells: cells, cartSize: Self.cartSize).page
    }

    /// Adds the next book.
    func add() throws(HTTPError) {
        do {
            try cart.add()
        } catch {
            throw HTTPError(.conflict, message: "The cart is full: every book is already in it.")
        }
    }

    /// Removes the last book.
    func removeLast() throws(HTTPError) {
        do {
            try cart.removeLast()
        } catch {
            throw HTTPError(.conflict, message: "The cart is empty: there is no book to remove.")
        }
    }

    /// Adds `GET /cart`, `POST /cart/add` and `POST /cart/remove`.
    nonisolated func addRoutes(to router: Router<some RequestContext>) {
        router.get("cart") { _, _ in await self.page() }
        router.post("cart/add") { request, _ in
            _ = try await FormFields.read(from: request)
            try await self.add()
            return Response.redirect(to: GalleryPaths.cart)
        }
        router.post("cart/remove") { request, _ in
            _ = try await FormFields.read(from: request)
            try await self.removeLast()
            return Response.redirect(to: GalleryPaths.cart)
        }
    }
}
