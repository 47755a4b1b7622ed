import Foundation
import Hummingbird
import ModelLayout
import Testing

@testable import Gallery

@Suite("Homepwner (seed 003)")
struct HomepwnerRoutesTests {
    let store = GalleryTestSupport.itemStore()

    @Test("The table shows the injected store's items, each with its name and “$value”")
    func showsInjectedItems() async throws {
        let items = store.allItems
        try await GalleryTestSupport.withGallery(itemStore: store) { client in
            let page = try await client.get("/items").text
            #expect(page.contains("3 items"))
            for item in items {
                #expect(
                    page.contains(
                        "<span class=\"cell-text\">\(item.name)</span>"
                            + "<span class=\"cell-detail\">$\(item.valueInDollars)</span>"))
                #expect(page.contains("data-id=\"\(item.id.uuidString)\""))
            }
        }
    }

    @Test("Add appends a random item whose name comes from the seed's words")
    func addsRandomItem() async throws {
        try await GalleryTestSupport.withGallery(itemStore: store) { client in
            let add = try await client.post("/items")
            #expect(add.status == .seeOther)
            #expect(add.location == "/items?focus=items-add")
            let page = try await client.get("/items").text
            #expect(page.contains("4 items"))
            #expect(page.components(separatedBy: "class=\"table-row item-row\"").count == 5)
        }
    }

    @Test("Delete removes that row's item and no other")
    func deletesRow() async throws {
        let items = store.allItems
        try await GalleryTestSupport.withGallery(itemStore: store) { client in
            let delete = try await client.post("/items/1/delete", [("id", items[1].id.uuidString)])
            #expect(delete.status == .seeOther)
            let page = try await client.get("/items").text
            #expect(page.contains("2 items"))
            #expect(!page.contains(items[1].id.uuidString))
            #expect(page.contains(items[0].id.uuidString))
            #expect(page.contains(items[2].id.uuidString))
        }
    }

    @Test("Deleting everything leaves an empty table that says so")
    func deletesAll() async throws {
        let items = store.allItems
        try await GalleryTestSupport.withGallery(itemStore: store) { client in
            for item in items {
                #expect(try await client.post("/items/0/delete", [("id", item.id.uuidString)]).status == .seeOther)
            }
            let page = try await client.get("/items").text
            #expect(page.contains("No items. Add one."))
            #expect(page.contains("0 items"))
        }
    }

    @Test(
        "Bad deletes are refused with a 4xx page and every item stays",
        arguments: [
            ("/items/3/delete", "id=FIRST", HTTPResponse.Status.notFound),
            ("/items/-1/delete", "id=FIRST", .notFound),
            ("/items/one/delete", "id=FIRST", .notFound),
            ("/items/1/delete", "id=FIRST", .conflict),
            ("/items/0/delete", "", .badRequest),
            ("/items/0/delete", "id=not-a-uuid", .badRequest),
            ("/items/0/delete", "id=%ZZ", .badRequest),
        ])
    func badDeletesAreRefused(path: String, body: String, status: HTTPResponse.Status) async throws {
        let items = store.allItems
        let body = body.replacingOccurrences(of: "FIRST", with: items[0].id.uuidString)
        try await GalleryTestSupport.withGallery(itemStore: store) { client in
            expectErrorPage(try await client.post(path, body: body), status)
            let page = try await client.get("/items").text
            #expect(page.contains("3 items"))
            for item in items { #expect(page.contains(item.id.uuidString)) }
        }
    }

    @Test(
        "A form from a page that is out of date is refused with a page that counts rows from one and leads back to the table"
    )
    func conflictCountsFromOne() async throws {
        let items = store.allItems
        try await GalleryTestSupport.withGallery(itemStore: store) { client in
            // Another tab deleted the first row; this tab's page still shows the third item in row 3.
            _ = try await client.post("/items/0/delete", [("id", items[0].id.uuidString)])
            let response = try await client.post("/items/1/delete", [("id", items[1].id.uuidString)])
            expectErrorPage(response, .conflict, containing: "Row 2 now shows another item")
            #expect(response.text.contains("<a href=\"/items\">Back to the table</a>"))
            #expect(!response.text.contains("Row 1 "))
            let missing = try await client.post("/items/7/delete", [("id", items[2].id.uuidString)])
            expectErrorPage(missing, .notFound, containing: "The table has no such row")
            #expect(missing.text.contains("<a href=\"/items\">Back to the table</a>"))
        }
    }

    @Test("After a delete the focus goes to the row that took its place, the one above, or Add")
    func focusAfterDelete() async throws {
        let items = store.allItems
        try await GalleryTestSupport.withGallery(itemStore: store) { client throws in
            #expect(
                try await client.post("/items/1/delete", [("id", items[1].id.uuidString)]).location
                    == "/items?focus=delete-1")
            #expect(
                try await client.get("/items?focus=delete-1").text.contains(
                    "id=\"delete-1\" aria-label=\"Delete \(items[2].name), $\(items[2].valueInDollars)\" autofocus>"))
            #expect(
                try await client.post("/items/1/delete", [("id", items[2].id.uuidString)]).location
                    == "/items?focus=delete-0")
            #expect(
                try await client.post("/items/0/delete", [("id", items[0].id.uuidString)]).location
                    == "/items?focus=items-add")
        }
    }

    @Test("Each visitor starts with a copy of the injected store")
    func visitorsStartWithTheInjectedStore() async throws {
        let directory = try TemporaryDirectory()
        let visitors = try VisitorStore(dataDirectory: directory.url, items: store)
        #expect(await visitors.state(of: nil).items == store)
        let (visitor, _) = try await visitors.change(nil) { state throws(PageError) in state.items.createItem() }
        #expect(await visitors.state(of: visitor).items.allItems.count == 4)
        #expect(await visitors.state(of: nil).items == store)
    }
}
