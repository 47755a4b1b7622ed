import Hummingbird
import ModelLayout

/// Seed 001's nine-cell shopping cart in the browser: Add and Remove buttons over a grid of books,
/// each visitor filling their own cart (kept in ``VisitorStore``).
struct BookCartController: Sendable {
    /// Seed 001's numbers: 3 columns of 60×70 books, the first and last columns against the edges and
    /// the leftover width between them (`margin = (W − 3·60) / 2`), rows the same gap apart.
    static let gridConfiguration = GridConfiguration(
        columns: .fixed(3),
        itemSize: .fixed(Size(width: 60, height: 70)),
        itemSpacing: .spaceBetween,
        lineSpacing: .matchingItemSpacing)

    /// The cart's area (the seed's `shopView`): three rows of three books fit, the nine cells.
    static let cartSize = Size(width: 240, height: 270)

    /// The way back from a refused change.
    static let backToCart = PageLink(path: GalleryPaths.cart, label: "Back to the cart")

    /// The grid of every cell, resolved once.
    let cells: GridLayout
    /// The books that can go in, in order.
    let books: [Book]
    /// Where each visitor's cart is kept.
    let visitors: VisitorStore

    /// A controller over `books`; throws if the grid cannot be laid out, which only a change to the
    /// constants above could cause.
    init(books: [Book], visitors: VisitorStore) throws {
        let grid = try GridLayout(
            configuration: Self.gridConfiguration, containerWidth: Self.cartSize.width, itemCount: 0)
        cells = try grid.withItemCount(grid.capacity(forHeight: Self.cartSize.height))
        self.books = books
        self.visitors = visitors
    }

    /// A cart holding the first `count` books.
    func cart(holding count: Int) -> BookCart {
        BookCart(shelf: books, capacity: cells.itemCount, count: count)
    }

    /// The page of a cart holding `count` books, focusing `focus`.
    func page(holding count: Int, focus: FocusRequest) -> Page {
        BookCartPage(cart: cart(holding: count), cells: cells, cartSize: Self.cartSize, focus: focus).page
    }

    /// Adds the next book to, or removes the last from, the cart of the visitor who sent `request`.
    func change(_ request: Request, adding: Bool) async throws(PageError) -> Response {
        try await visitors.change(
            for: request,
            { state throws(PageError) -> BookCart in
                var cart = cart(holding: state.booksInCart)
                do throws(BookCart.ChangeError) {
                    if adding { try cart.add() } else { try cart.removeLast() }
                } catch {
                    switch error {
                    case .full:
                        throw PageError(
                            .conflict, "The cart is full: every book is already in it.", back: Self.backToCart)
                    case .empty:
                        throw PageError(
                            .conflict, "The cart is empty: there is no book to remove.", back: Self.backToCart)
                    }
                }
                state.booksInCart = cart.count
                return cart
            },
            respond: { cart in
                FocusRequest.redirect(
                    to: GalleryPaths.cart, focusing: BookCartPage.focusAfterChange(cart, added: adding))
            })
    }

    /// Adds `GET /cart`, `POST /cart/add` and `POST /cart/remove`.
    func addRoutes(to router: Router<some RequestContext>) {
        router.get("cart") { request, _ in
            page(holding: await visitors.state(for: request).booksInCart, focus: FocusRequest(request))
        }
        router.post("cart/add") { request, _ in
            _ = try await FormFields.read(from: request)
            return try await change(request, adding: true)
        }
        router.post("cart/remove") { request, _ in
            _ = try await FormFields.read(from: request)
            return try await change(request, adding: false)
        }
    }
}
