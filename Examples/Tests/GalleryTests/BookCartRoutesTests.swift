import Hummingbird
import ModelLayout
import Testing

@testable import Gallery

@Suite("Book cart (seed 001)")
struct BookCartRoutesTests {
    @Test("The cart starts empty: nine empty cells, Remove disabled, Add enabled")
    func startsEmpty() async throws {
        try await GalleryTestSupport.withGallery { client in
            let page = try await client.get("/cart").text
            #expect(page.components(separatedBy: "class=\"cart-cell\"").count == 10)
            #expect(
                page.contains(
                    "<button type=\"submit\" id=\"cart-remove\" aria-label=\"Remove the last book\" disabled>Remove</button>"
                ))
            #expect(
                page.contains(
                    "<button type=\"submit\" class=\"primary\" id=\"cart-add\" aria-label=\"Add the next book\">Add</button>"
                ))
            #expect(page.contains("0 of 4 books in the cart."))
            #expect(!page.contains("class=\"cart-book\""))
        }
    }

    @Test("Books enter in the plist's order at the seed's space-between frames")
    func booksEnterInOrder() async throws {
        try await GalleryTestSupport.withGallery { client in
            for _ in 0..<4 {
                let add = try await client.post("/cart/add")
                #expect(add.status == .seeOther)
                #expect(add.location == "/cart?focus=cart-add" || add.location == "/cart?focus=cart-remove")
            }
            let page = try await client.get("/cart").text
            // margin = (240 − 3·60) / 2 = 30, rows (70 + 30) apart.
            #expect(page.contains("data-book=\"book1\" style=\"left:0px;top:0px;width:60px;height:70px\""))
            #expect(page.contains("data-book=\"book2\" style=\"left:90px;top:0px;width:60px;height:70px\""))
            #expect(page.contains("data-book=\"book3\" style=\"left:180px;top:0px;width:60px;height:70px\""))
            #expect(page.contains("data-book=\"book4\" style=\"left:0px;top:100px;width:60px;height:70px\""))
            // The seed's book view: cover 70 %, title 30 %.
            #expect(
                page.contains("src=\"/assets/book_0.svg\" alt=\"\" style=\"left:0px;top:0px;width:60px;height:49px\""))
            #expect(page.contains("style=\"left:0px;top:49px;width:60px;height:21px\">book1</span>"))
        }
    }

    @Test("With every book in, the cart is full: Add is disabled and a further Add is refused")
    func fullCart() async throws {
        try await GalleryTestSupport.withGallery { client in
            for _ in 0..<4 { _ = try await client.post("/cart/add") }
            let page = try await client.get("/cart").text
            #expect(page.contains("The cart is full."))
            #expect(page.contains("aria-label=\"Add the next book\" disabled>Add</button>"))
            #expect(page.contains("aria-label=\"Remove the last book\">Remove</button>"))
            let refused = try await client.post("/cart/add")
            expectErrorPage(refused, .conflict, containing: "The cart is full")
            #expect(refused.text.contains("<a href=\"/cart\">Back to the cart</a>"))
            #expect(try await client.get("/cart").text.components(separatedBy: "class=\"cart-book\"").count == 5)
        }
    }

    @Test("Remove takes the last book out; on an empty cart it is refused")
    func removeTakesTheLast() async throws {
        try await GalleryTestSupport.withGallery { client in
            expectErrorPage(try await client.post("/cart/remove"), .conflict, containing: "The cart is empty")
            _ = try await client.post("/cart/add")
            _ = try await client.post("/cart/add")
            #expect(try await client.post("/cart/remove").status == .seeOther)
            let page = try await client.get("/cart").text
            #expect(page.contains("data-book=\"book1\""))
            #expect(!page.contains("data-book=\"book2\""))
            #expect(page.contains("1 of 4 books in the cart."))
            _ = try await client.post("/cart/remove")
            #expect(try await client.get("/cart").text.contains("disabled>Remove</button>"))
        }
    }

    @Test("After a press the focus stays on the button pressed, or moves to the other when that one is done")
    func focusFollowsTheButtons() async throws {
        try await GalleryTestSupport.withGallery { client in
            #expect(try await client.post("/cart/add").location == "/cart?focus=cart-add")
            #expect(
                try await client.get("/cart?focus=cart-add").text.contains(
                    "id=\"cart-add\" aria-label=\"Add the next book\" autofocus>"))
            for _ in 0..<2 { _ = try await client.post("/cart/add") }
            #expect(try await client.post("/cart/add").location == "/cart?focus=cart-remove")
            #expect(try await client.post("/cart/remove").location == "/cart?focus=cart-remove")
            for _ in 0..<2 { _ = try await client.post("/cart/remove") }
            #expect(try await client.post("/cart/remove").location == "/cart?focus=cart-add")
            // A disabled button is never focused, whatever the address asks.
            #expect(!(try await client.get("/cart?focus=cart-remove").text.contains("autofocus")))
        }
    }

    @Test("An oversized body is refused and the cart is unchanged")
    func oversizedBody() async throws {
        try await GalleryTestSupport.withGallery { client in
            let body = "a=" + String(repeating: "b", count: 20_000)
            expectErrorPage(try await client.post("/cart/add", body: body), .contentTooLarge)
            #expect(try await client.get("/cart").text.contains("0 of 4 books in the cart."))
        }
    }
}

@Suite("BookCart")
struct BookCartTests {
    let shelf = (1...4).map { Book(icon: "\($0)", name: "book\($0)") }

    @Test("The seed's cart area holds nine cells")
    func capacityIsNine() throws {
        let directory = try TemporaryDirectory()
        let visitors = try VisitorStore(dataDirectory: directory.url, items: ItemStore())
        let controller = try BookCartController(books: shelf, visitors: visitors)
        #expect(controller.cells.itemCount == 9)
    }

    @Test("The limit is the smaller of the cells and the books")
    func limit() throws {
        var cart = BookCart(shelf: shelf, capacity: 2)
        #expect(cart.limit == 2)
        try cart.add()
        try cart.add()
        #expect(cart.isFull)
        #expect(throws: BookCart.ChangeError.full) { try cart.add() }
        #expect(try cart.removeLast() == shelf[1])
        #expect(BookCart(shelf: shelf, capacity: -3).isFull)
    }

    @Test(
        "A saved count is brought within what the cart can hold", arguments: [(-2, 0), (0, 0), (3, 3), (4, 4), (9, 4)])
    func savedCountIsClamped(saved: Int, expected: Int) {
        #expect(BookCart(shelf: shelf, capacity: 9, count: saved).count == expected)
    }
}
