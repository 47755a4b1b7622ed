import ModelLayout

/// Seed 001's screen as HTML: Add and Remove above the cart, nine outlined cells at the frames
/// ``GridLayout`` gives, and each book in the next free cell, cover above title (``BookTileLayout``).
struct BookCartPage {
    /// The cart to show.
    var cart: BookCart
    /// Every cell of the grid.
    var cells: GridLayout
    /// The size of the cart's area.
    var cartSize: Size
    /// The element to focus when the page loads.
    var focus: FocusRequest = .none

    /// The id of the Add button.
    static let addID = "cart-add"
    /// The id of the Remove button.
    static let removeID = "cart-remove"

    /// The button to press next after a change left `cart` as it is: the one just pressed, or the
    /// other when that one can do no more.
    static func focusAfterChange(_ cart: BookCart, added: Bool) -> String {
        if added { return cart.isFull ? removeID : addID }
        return cart.isEmpty ? addID : removeID
    }

    /// The seed's `XYBookView`: cover 70 %, title 30 %.
    static let bookLayout = BookTileLayout()

    /// The complete page.
    var page: Page {
        let slots = (0..<cells.itemCount).compactMap { index -> HTML? in
            cells.frame(at: index).map { "<div class=\"cart-cell\" style=\"\(FrameStyle.css($0))\"></div>" }
        }
        let books = cart.books.enumerated().compactMap { index, book -> HTML? in
            cells.frame(at: index).map { bookView(book, frame: $0) }
        }
        // The names say what each button acts on; each begins with the word shown, as a person who
        // speaks to their computer says it.
        let addButton: HTML = """
            <button type="submit" class="primary" id="\(Self.addID)" aria-label="Add the next book"\
            \(cart.isFull ? " disabled" : focus.attribute(for: Self.addID))>Add</button>
            """
        let removeButton: HTML = """
            <button type="submit" id="\(Self.removeID)" aria-label="Remove the last book"\
            \(cart.isEmpty ? " disabled" : focus.attribute(for: Self.removeID))>Remove</button>
            """
        let status: HTML =
            cart.isFull
            ? "<p class=\"cart-status full\" role=\"status\">The cart is full.</p>"
            : "<p class=\"cart-status\" role=\"status\">\(cart.count) of \(cart.limit) books in the cart.</p>"
        return Page(
            title: "Book cart",
            styleClass: "cart-page",
            body: """
                <p class="lead">Seed 001: books from <code>bookData.plist</code> enter a nine-cell grid in order.</p>
                <div class="cart-controls">
                <form method="post" action="\(GalleryPaths.cart)/add">\(addButton)</form>
                <form method="post" action="\(GalleryPaths.cart)/remove">\(removeButton)</form>
                </div>
                \(status)
                <div class="cart-area" style="width:\(points: cartSize.width);height:\(points: cartSize.height)">
                \(HTML.joined(slots, separator: "\n"))
                \(HTML.joined(books, separator: "\n"))
                </div>
                """)
    }

    private func bookView(_ book: Book, frame: Rect) -> HTML {
        let parts = Self.bookLayout.frames(in: frame.size)
        return """
            <div class="cart-book" data-book="\(book.name)" style="\(FrameStyle.css(frame))">\
            <img class="cart-cover" src="\(book.coverPath)" alt="" style="\(FrameStyle.css(parts.icon))">\
            <span class="cart-title" style="\(FrameStyle.css(parts.name))">\(book.name)</span>\
            </div>
            """
    }
}
