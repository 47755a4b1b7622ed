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
            #expect(add.location == "/items")
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
            ("/items/one/delete", "id=FIRST", .badRequest),
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

    @Test("The controller reads its rows from the store it was given")
    func controllerUsesInjectedStore() async {
        let controller = ItemsController(itemStore: store)
        #expect(await controller.itemStore == store)
        await controller.addRandomItem()
        #expect(await controller.itemStore.allItems.count == 4)
    }
}
