import Foundation
import Hummingbird
import Logging
import ModelStore
import ServiceLifecycle
import Testing

@testable import Gallery

@Suite("Checklists (seed 004)")
struct ChecklistsRoutesTests {
    /// The lists as saved: read back through a new ModelStore document, as the next launch would.
    static func savedLists(in directory: URL) throws -> [Checklist] {
        try Document(
            location: .file(directory.appendingPathComponent(ChecklistsController.documentFileName)),
            initial: [Checklist](), format: .xmlPropertyList, autosave: .disabled
        ).root
    }

    /// The preferences as saved.
    static func savedPreferences(in directory: URL) -> Preferences {
        Preferences(
            location: .file(directory.appendingPathComponent(ChecklistsController.preferencesFileName)),
            format: .xmlPropertyList)
    }

    /// Runs `body` against a Gallery saving in `directory`, which outlives it.
    static func withGallery(
        in directory: URL, _ body: (RouterClient) async throws -> Void
    ) async throws {
        let app = try await GalleryTestSupport.app(dataDirectory: directory)
        try await app.withRouterClient(body)
    }

    @Test("The first launch creates “List”, opens it, and saves both")
    func firstLaunch() async throws {
        let directory = try TemporaryDirectory()
        try await Self.withGallery(in: directory.url) { client in
            let start = try await client.get("/checklists")
            #expect(start.status == .seeOther)
            #expect(start.location == "/checklists/0")
            let page = try await client.get("/checklists/0").text
            #expect(page.contains("<h1>List</h1>"))
            #expect(page.contains("No items yet."))
        }
        #expect(try Self.savedLists(in: directory.url) == [Checklist(name: "List")])
        let preferences = Self.savedPreferences(in: directory.url)
        #expect(preferences[.checklistIndex] == 0)
        #expect(preferences[.firstTime] == false)
    }

    @Test("Adding, toggling, renaming and deleting items and lists is saved at every step")
    func everyChangeIsSaved() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url
        try await Self.withGallery(in: url) { client in
            #expect(
                try await client.post("/checklists/0/items", [("text", "Walk the dog")]).location
                    == "/checklists/0?focus=new-item")
            _ = try await client.post("/checklists/0/items", [("text", "  Brush my teeth  ")])
            #expect(try Self.savedLists(in: url)[0].items.map(\.text) == ["Walk the dog", "Brush my teeth"])

            _ = try await client.post("/checklists/0/items/1/toggle", [("current", "Brush my teeth")])
            #expect(try Self.savedLists(in: url)[0].items[1].checked)
            let page = try await client.get("/checklists/0").text
            #expect(page.contains("class=\"table-row item-row checked\" data-item=\"Brush my teeth\""))
            #expect(page.contains("<span class=\"checkmark\" aria-hidden=\"true\">✓</span>"))

            _ = try await client.post(
                "/checklists/0/items/0/rename", [("current", "Walk the dog"), ("text", "Walk the cat")])
            #expect(try Self.savedLists(in: url)[0].items[0].text == "Walk the cat")

            #expect(
                try await client.post("/checklists", [("name", "Groceries")]).location == "/checklists?focus=new-list")
            _ = try await client.post("/checklists/1/rename", [("current", "Groceries"), ("name", "Shopping")])
            #expect(try Self.savedLists(in: url).map(\.name) == ["List", "Shopping"])

            _ = try await client.post("/checklists/0/items/0/delete", [("current", "Walk the cat")])
            #expect(try Self.savedLists(in: url)[0].items == [ChecklistItem(text: "Brush my teeth", checked: true)])

            _ = try await client.post("/checklists/0/delete", [("current", "List")])
            #expect(try Self.savedLists(in: url) == [Checklist(name: "Shopping")])
            let all = try await client.get("/checklists")
            #expect(all.status == .ok)
            #expect(all.text.contains("data-list=\"Shopping\""))
            #expect(all.text.contains("(No items)"))
        }
    }

    @Test("The all-lists page says how many items remain in each list")
    func remainingCounts() async throws {
        try await GalleryTestSupport.withGallery { client in
            _ = try await client.post("/checklists/0/items", [("text", "A")])
            _ = try await client.post("/checklists/0/items", [("text", "B")])
            _ = try await client.post("/checklists/close")
            #expect(try await client.get("/checklists").text.contains("2 remaining"))
            _ = try await client.post("/checklists/0/items/0/toggle", [("current", "A")])
            _ = try await client.post("/checklists/0/items/1/toggle", [("current", "B")])
            _ = try await client.post("/checklists/close")
            #expect(try await client.get("/checklists").text.contains("All done!"))
        }
    }

    @Test("Reopening the site returns to the list that was open, and the first launch does not run again")
    func reopeningReturnsToOpenList() async throws {
        let directory = try TemporaryDirectory()
        try await Self.withGallery(in: directory.url) { client in
            _ = try await client.post("/checklists", [("name", "Groceries")])
            #expect(try await client.get("/checklists/1").status == .ok)
        }
        try await Self.withGallery(in: directory.url) { client in
            let start = try await client.get("/checklists")
            #expect(start.status == .seeOther)
            #expect(start.location == "/checklists/1")
        }
        #expect(try Self.savedLists(in: directory.url).map(\.name) == ["List", "Groceries"])
    }

    @Test("Going back to all lists forgets the open list (ChecklistIndex −1)")
    func closingForgetsOpenList() async throws {
        let directory = try TemporaryDirectory()
        try await Self.withGallery(in: directory.url) { client in
            #expect(try await client.post("/checklists/close").location == "/checklists?focus=list-0")
            let all = try await client.get("/checklists")
            #expect(all.status == .ok)
            #expect(all.text.contains("data-list=\"List\""))
        }
        #expect(Self.savedPreferences(in: directory.url)[.checklistIndex] == -1)
    }

    @Test("Deleting the open list forgets it; deleting one before it keeps the same list open")
    func deletingListsKeepsTheOpenOne() async throws {
        let directory = try TemporaryDirectory()
        try await Self.withGallery(in: directory.url) { client in
            _ = try await client.post("/checklists", [("name", "Two")])
            _ = try await client.post("/checklists", [("name", "Three")])
            _ = try await client.get("/checklists/2")
            _ = try await client.post("/checklists/0/delete", [("current", "List")])
            #expect(try await client.get("/checklists").location == "/checklists/1")
            #expect(try await client.get("/checklists/1").text.contains("<h1>Three</h1>"))
            _ = try await client.post("/checklists/1/delete", [("current", "Three")])
            #expect(try await client.get("/checklists").status == .ok)
        }
        #expect(Self.savedPreferences(in: directory.url)[.checklistIndex] == -1)
    }

    @Test("A stored index that names no list, or is not a number, is ignored", arguments: ["7", "-5", "seven"])
    func badStoredIndexIsIgnored(stored: String) async throws {
        let directory = try TemporaryDirectory()
        let preferences = directory.file(ChecklistsController.preferencesFileName)
        let value = Int(stored).map { "<integer>\($0)</integer>" } ?? "<string>\(stored)</string>"
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>ChecklistIndex</key>\(value)<key>FirstTime</key><false/></dict></plist>
            """.utf8
        ).write(to: preferences)
        try await Self.withGallery(in: directory.url) { client in
            let start = try await client.get("/checklists")
            #expect(start.status == .ok)
            #expect(start.text.contains("No lists yet."))
        }
    }

    @Test("Seed 004's own Checklists.plist, in the document's envelope, opens with its lists")
    func opensExistingDocument() async throws {
        let directory = try TemporaryDirectory()
        let lists = [
            Checklist(name: "Birthdays", items: [ChecklistItem(text: "Cake", checked: true)]),
            Checklist(name: "Chores"),
        ]
        let document = try Document(
            location: .file(directory.file(ChecklistsController.documentFileName)), initial: lists,
            format: .xmlPropertyList, autosave: .disabled)
        document.update { $0 = lists }
        try document.save()
        let preferences = Self.savedPreferences(in: directory.url)
        try preferences.set(false, for: .firstTime)
        try preferences.set(-1, for: .checklistIndex)
        try await Self.withGallery(in: directory.url) { client in
            let page = try await client.get("/checklists").text
            #expect(page.contains("data-list=\"Birthdays\""))
            #expect(page.contains("All done!"))
            #expect(page.contains("data-list=\"Chores\""))
        }
    }

    @Test(
        "Bad input is refused with a 4xx page and nothing is lost (a refused text is shown in place instead)",
        arguments: [
            ("GET", "/checklists/5", "", HTTPResponse.Status.notFound),
            ("GET", "/checklists/-1", "", .notFound),
            ("GET", "/checklists/first", "", .notFound),
            ("GET", "/checklists/abc/edit", "", .notFound),
            ("GET", "/checklists/0/items/x/edit", "", .notFound),
            ("GET", "/checklists/99999999999999999999999/edit", "", .notFound),
            ("GET", "/checklists/5/edit", "", .notFound),
            ("GET", "/checklists/0/items/3/edit", "", .notFound),
            ("POST", "/checklists/5/rename", "current=List&name=X", .notFound),
            ("POST", "/checklists/0/rename", "current=Other&name=X", .conflict),
            ("POST", "/checklists/0/rename", "current=List", .badRequest),
            ("POST", "/checklists/0/rename", "name=X", .badRequest),
            ("POST", "/checklists/0/delete", "current=Other", .conflict),
            ("POST", "/checklists/0/delete", "", .badRequest),
            ("POST", "/checklists/9/delete", "current=List", .notFound),
            ("POST", "/checklists", "", .badRequest),
            ("POST", "/checklists", "name=%E0%A4%A", .badRequest),
            ("POST", "/checklists", "name=HUGE", .contentTooLarge),
            ("POST", "/checklists/1/items", "text=Milk", .notFound),
            ("POST", "/checklists/0/items", "", .badRequest),
            ("POST", "/checklists/0/items/0/toggle", "current=Walk", .conflict),
            ("POST", "/checklists/0/items/1/toggle", "current=Dog", .notFound),
            ("POST", "/checklists/0/items/x/toggle", "current=Dog", .notFound),
            ("POST", "/checklists/x/items", "text=Milk", .notFound),
            ("POST", "/checklists/0/items/0/toggle", "", .badRequest),
            ("POST", "/checklists/0/items/0/delete", "current=Cat", .conflict),
            ("POST", "/checklists/0/items/-1/delete", "current=Dog", .notFound),
        ])
    func badInputIsRefused(method: String, path: String, body: String, status: HTTPResponse.Status) async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url
        let body =
            body
            .replacingOccurrences(of: "LONG", with: String(repeating: "x", count: FormFields.maximumTextLength + 1))
            .replacingOccurrences(of: "HUGE", with: String(repeating: "x", count: FormFields.maximumBodyBytes))
        try await Self.withGallery(in: url) { client in
            _ = try await client.post("/checklists/0/items", [("text", "Dog")])
            let before = try Self.savedLists(in: url)
            let response =
                method == "GET"
                ? try await client.get(path)
                : try await client.post(path, body: body)
            expectErrorPage(response, status)
            #expect(try Self.savedLists(in: url) == before)
            #expect(try await client.get("/checklists/0").text.contains("data-item=\"Dog\""))
        }
        #expect(try Self.savedLists(in: url) == [Checklist(name: "List", items: [ChecklistItem(text: "Dog")])])
    }

    @Test("Text is shown as text: markup in a name cannot reach the page")
    func namesAreEscaped() async throws {
        try await GalleryTestSupport.withGallery { client in
            _ = try await client.post("/checklists/0/items", [("text", "<script>alert(1)</script> & \"more\"")])
            let page = try await client.get("/checklists/0").text
            #expect(!page.contains("<script>alert(1)"))
            #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;"))
        }
    }

    @Test("The save service saves when the service group shuts down, not before")
    func saveServiceRunsAtShutdown() async throws {
        let saves = SaveCounter()
        let service = SaveAtShutdownService(save: { await saves.increment() })
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [service], logger: Logger(label: "test")))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            try await Task.sleep(for: .milliseconds(100))
            #expect(await saves.count == 0)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        #expect(await saves.count == 1)
    }
}

/// Counts the saves a service made.
actor SaveCounter {
    private(set) var count = 0

    func increment() {
        count += 1
    }
}

@Suite("ChecklistsModel")
struct ChecklistsModelTests {
    @Test("A stored index outside the lists selects nothing")
    func selectedIndexIsDefensive() {
        let lists = [Checklist(name: "A")]
        #expect(ChecklistsModel(lists: lists, indexOfSelectedChecklist: 0).selectedIndex == 0)
        #expect(ChecklistsModel(lists: lists, indexOfSelectedChecklist: 1).selectedIndex == nil)
        #expect(ChecklistsModel(lists: lists, indexOfSelectedChecklist: -1).selectedIndex == nil)
        #expect(ChecklistsModel(lists: [], indexOfSelectedChecklist: 0).selectedIndex == nil)
    }

    @Test("The first launch appends “List” and opens it, after any lists already there")
    func firstTime() {
        var model = ChecklistsModel(lists: [Checklist(name: "Old")])
        model.handleFirstTime()
        #expect(model.lists.map(\.name) == ["Old", "List"])
        #expect(model.selectedIndex == 1)
    }
}
