import Foundation
import Hummingbird
import ModelLayout
import Testing

@testable import Gallery

@Suite("Visitors: the quiz, cart, downloads and Homepwner of each browser")
struct VisitorsRoutesTests {
    /// Plays a little of every per-visitor app: one question answered, two books in the cart, the
    /// first app downloaded, the first item deleted.
    static func playEverything(_ browser: TestBrowser, firstItem: Item) async throws {
        _ = try await browser.post("/quiz/answer", [("question", "0"), ("option", "Panda")])
        _ = try await browser.post("/cart/add")
        _ = try await browser.post("/cart/add")
        _ = try await browser.post("/apps/0/download")
        _ = try await browser.post("/items/0/delete", [("id", firstItem.id.uuidString)])
    }

    /// Whether `browser` sees what ``playEverything(_:firstItem:)`` did (`true`) or a newcomer's pages (`false`).
    static func seesPlayedState(_ browser: TestBrowser, firstItem: Item) async throws -> Bool {
        let quiz = try await browser.get("/quiz").text.contains("Right! It is Panda.")
        let cart = try await browser.get("/cart").text.contains("2 of 4 books in the cart.")
        let apps = try await browser.get("/apps").text.contains("Downloaded Weather")
        let items = !(try await browser.get("/items").text.contains(firstItem.id.uuidString))
        #expect(Set([quiz, cart, apps, items]).count == 1, "quiz \(quiz), cart \(cart), apps \(apps), items \(items)")
        return quiz
    }

    @Test("Reading a page makes no visitor; the first change sets a cookie for the whole site, out of scripts' reach")
    func firstChangeSetsTheCookie() async throws {
        try await GalleryTestSupport.withGallery { browser in
            for path in ["/quiz", "/cart", "/apps", "/items"] {
                #expect(try await browser.get(path).headers[.setCookie] == nil, "\(path)")
            }
            _ = try await browser.post("/cart/add")
            let cookie = try #require(await browser.lastSetCookie)
            let parts = cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            let value = try #require(parts.first?.split(separator: "=", maxSplits: 1).last)
            #expect(parts.first?.hasPrefix("gallery-visitor=") == true)
            #expect(VisitorID(value) != nil)
            #expect(Set(parts.dropFirst()) == ["Max-Age=2592000", "Path=/", "HttpOnly", "SameSite=Lax"])
        }
    }

    @Test("Two tabs of one browser show and change one state; another browser sees none of it")
    func tabsAgreeVisitorsDoNot() async throws {
        let store = GalleryTestSupport.itemStore()
        let firstItem = store.allItems[0]
        try await GalleryTestSupport.withGallery(itemStore: store) { first in
            let client = first.client
            try await Self.playEverything(first, firstItem: firstItem)
            // A second tab is the same browser: the same cookie.
            let secondTab = TestBrowser(client: client, cookie: await first.cookie)
            #expect(try await Self.seesPlayedState(secondTab, firstItem: firstItem))
            _ = try await secondTab.post("/quiz/next", [("question", "0")])
            #expect(try await first.get("/quiz").text.contains("Question 2 of 4"))

            let other = TestBrowser(client: client)
            #expect(try await !Self.seesPlayedState(other, firstItem: firstItem))
            try await Self.playEverything(other, firstItem: firstItem)
            let otherCookie = await other.cookie
            let firstCookie = await first.cookie
            #expect(otherCookie != nil && otherCookie != firstCookie)
            // The other browser's moves did not reach the first's: its cart still holds two books.
            #expect(try await first.get("/cart").text.contains("2 of 4 books in the cart."))
            #expect(try await first.get("/quiz").text.contains("Question 2 of 4"))
        }
    }

    @Test(
        "A cookie that names no visitor shows a newcomer's pages, and the first change gets a new id, not the one sent",
        arguments: ["0123456789abcdef0123456789abcdef", "not-an-id", "", "0123456789ABCDEF0123456789ABCDEF"])
    func unknownCookieIsANewcomer(sent: String) async throws {
        let store = GalleryTestSupport.itemStore()
        try await GalleryTestSupport.withGallery(itemStore: store) { first in
            try await Self.playEverything(first, firstItem: store.allItems[0])
            let stranger = TestBrowser(client: first.client, cookie: "gallery-visitor=\(sent)")
            #expect(try await !Self.seesPlayedState(stranger, firstItem: store.allItems[0]))
            _ = try await stranger.post("/cart/add")
            let given = try #require(await stranger.cookie)
            let firstCookie = await first.cookie
            #expect(given != "gallery-visitor=\(sent)")
            #expect(given != firstCookie)
        }
    }

    @Test("A visitor's state outlives a restart of the server")
    func stateOutlivesRestart() async throws {
        let directory = try TemporaryDirectory()
        let store = GalleryTestSupport.itemStore()
        var cookie: String?
        try await GalleryTestSupport.app(dataDirectory: directory.url, itemStore: store).withRouterClient { client in
            let browser = TestBrowser(client: client)
            try await Self.playEverything(browser, firstItem: store.allItems[0])
            cookie = await browser.cookie
        }
        #expect(FileManager.default.fileExists(atPath: directory.file(VisitorStore.fileName).path))
        try await GalleryTestSupport.app(dataDirectory: directory.url, itemStore: store).withRouterClient {
            client throws in
            #expect(
                try await Self.seesPlayedState(
                    TestBrowser(client: client, cookie: cookie), firstItem: store.allItems[0]))
            #expect(try await !Self.seesPlayedState(TestBrowser(client: client), firstItem: store.allItems[0]))
        }
    }
}

@Suite("VisitorStore")
struct VisitorStoreTests {
    let start = Date(timeIntervalSinceReferenceDate: 800_000_000)

    @Test("Past its capacity the store forgets the visitor whose last change is oldest")
    func forgetsTheLeastRecentlyChanged() async throws {
        let directory = try TemporaryDirectory()
        let visitors = try VisitorStore(dataDirectory: directory.url, items: ItemStore(), capacity: 2)
        let add: @Sendable (inout VisitorState) throws(PageError) -> Void = { $0.booksInCart += 1 }
        let (first, _) = try await visitors.change(nil, at: start, add)
        let (second, _) = try await visitors.change(nil, at: start + 1, add)
        // The first changes again, so the second is now the one changed least recently.
        _ = try await visitors.change(first, at: start + 2, add)
        let (third, _) = try await visitors.change(nil, at: start + 3, add)
        #expect(await visitors.count == 2)
        #expect(await visitors.state(of: first).booksInCart == 2)
        #expect(await visitors.state(of: second).booksInCart == 0)
        #expect(await visitors.state(of: third).booksInCart == 1)
        #expect(Set([first, second, third]).count == 3)
    }

    @Test("A refused move changes nothing and makes no visitor")
    func refusedMoveMakesNoVisitor() async throws {
        let directory = try TemporaryDirectory()
        let visitors = try VisitorStore(dataDirectory: directory.url, items: ItemStore())
        let refusal = PageError(.conflict, "No.", back: .home)
        await #expect(throws: refusal) {
            try await visitors.change(nil) { (state: inout VisitorState) throws(PageError) in
                state.booksInCart = 3
                throw refusal
            }
        }
        #expect(await visitors.count == 0)
    }

    @Test("Ids are 32 lowercase hex digits from the secure generator; anything else is no id")
    func ids() {
        let ids = (0..<100).map { _ in VisitorID.random() }
        #expect(Set(ids).count == 100)
        for id in ids { #expect(VisitorID(id.description) == id) }
        for text in [
            "", "abc", String(repeating: "g", count: 32), String(repeating: "A", count: 32),
            String(repeating: "a", count: 33),
        ] {
            #expect(VisitorID(text) == nil, "\(text)")
        }
    }
}
