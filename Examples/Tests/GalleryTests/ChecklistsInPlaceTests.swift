import Foundation
import Hummingbird
import Testing

@testable import Gallery

@Suite("Checklists: errors in place, focus, and addresses that name nothing")
struct ChecklistsInPlaceTests {
    /// A refused text: where it was sent, what was typed, and the page it must come back on.
    struct RefusedCase: Sendable, CustomTestStringConvertible {
        var path: String
        var fields: [(String, String)]
        var fieldID: String
        var typed: String
        var reason: String
        var heading: String
        var testDescription: String { "\(path) \(typed.debugDescription)" }
    }

    static let long = String(repeating: "x", count: FormFields.maximumTextLength + 1)

    static let refusedCases = [
        RefusedCase(
            path: "/checklists", fields: [("name", "   ")], fieldID: "new-list", typed: "   ",
            reason: "The list&#39;s name must not be empty.", heading: "Checklists"),
        RefusedCase(
            path: "/checklists", fields: [("name", "")], fieldID: "new-list", typed: "",
            reason: "The list&#39;s name must not be empty.", heading: "Checklists"),
        RefusedCase(
            path: "/checklists", fields: [("name", long)], fieldID: "new-list", typed: long,
            reason: "The list&#39;s name is too long: at most 100 characters.", heading: "Checklists"),
        RefusedCase(
            path: "/checklists/0/items", fields: [("text", "  \t ")], fieldID: "new-item", typed: "  \t ",
            reason: "The item&#39;s text must not be empty.", heading: "List"),
        RefusedCase(
            path: "/checklists/0/items", fields: [("text", "a\u{7}b")], fieldID: "new-item", typed: "a\u{7}b",
            reason: "The item&#39;s text must be a single line of text.", heading: "List"),
        RefusedCase(
            path: "/checklists/0/rename", fields: [("current", "List"), ("name", "  ")], fieldID: "edit-field",
            typed: "  ", reason: "The list&#39;s name must not be empty.", heading: "Edit list"),
        RefusedCase(
            path: "/checklists/0/items/0/rename", fields: [("current", "Dog"), ("text", " ")], fieldID: "edit-field",
            typed: " ", reason: "The item&#39;s text must not be empty.", heading: "Edit item"),
    ]

    @Test(
        "A refused name or text comes back on the page it was typed on, next to its field, as typed",
        arguments: refusedCases)
    func refusedTextIsShownInPlace(refused: RefusedCase) async throws {
        let directory = try TemporaryDirectory()
        let url = directory.url
        try await ChecklistsRoutesTests.withGallery(in: url) { client in
            _ = try await client.post("/checklists/0/items", [("text", "Dog")])
            let before = try ChecklistsRoutesTests.savedLists(in: url)
            let response = try await client.post(refused.path, refused.fields)
            #expect(response.status == .unprocessableContent)
            let page = response.text
            #expect(page.contains("<h1>\(refused.heading)</h1>"))
            let error = "\(refused.fieldID)-error"
            #expect(
                page.contains(
                    "id=\"\(refused.fieldID)\" name=\"\(refused.fields.last!.0)\" value=\"\(HTML.escape(refused.typed))\" "
                        + "maxlength=\"100\""))
            #expect(page.contains("aria-invalid=\"true\" aria-describedby=\"\(error)\""))
            #expect(
                page.contains(
                    "<p id=\"\(error)\" class=\"field-error\" role=\"alert\" data-region>\(refused.reason)</p>"))
            #expect(page.components(separatedBy: " autofocus").count == 2)
            #expect(try ChecklistsRoutesTests.savedLists(in: url) == before)
        }
    }

    @Test("A page with nothing refused has an empty message and no invalid field")
    func noErrorShowsNone() async throws {
        try await GalleryTestSupport.withGallery { client in
            let page = try await client.get("/checklists/0").text
            #expect(page.contains("<p id=\"new-item-error\" class=\"field-error\" data-region></p>"))
            #expect(!page.contains("aria-invalid"))
            #expect(!page.contains("autofocus"))
            #expect(page.contains("<label for=\"new-item\" class=\"visually-hidden\">New item</label>"))
        }
    }

    @Test("Each change sends the focus where the person goes on: the field after an add, the row after a check")
    func redirectsNameTheNextFocus() async throws {
        try await GalleryTestSupport.withGallery { client in
            #expect(
                try await client.post("/checklists/0/items", [("text", "A")]).location == "/checklists/0?focus=new-item"
            )
            _ = try await client.post("/checklists/0/items", [("text", "B")])
            _ = try await client.post("/checklists/0/items", [("text", "C")])
            #expect(
                try await client.post("/checklists/0/items/1/toggle", [("current", "B")]).location
                    == "/checklists/0?focus=item-1")
            let toggled = try await client.get("/checklists/0?focus=item-1").text
            #expect(toggled.contains("id=\"item-1\" aria-pressed=\"true\" autofocus>"))
            #expect(toggled.components(separatedBy: " autofocus").count == 2)
            #expect(
                try await client.post("/checklists/0/items/2/rename", [("current", "C"), ("text", "D")]).location
                    == "/checklists/0?focus=item-2")
            // A delete focuses the row that took the deleted one's place, else the one above, else the field.
            #expect(
                try await client.post("/checklists/0/items/0/delete", [("current", "A")]).location
                    == "/checklists/0?focus=item-0")
            #expect(
                try await client.post("/checklists/0/items/1/delete", [("current", "D")]).location
                    == "/checklists/0?focus=item-0")
            #expect(
                try await client.post("/checklists/0/items/0/delete", [("current", "B")]).location
                    == "/checklists/0?focus=new-item")
            #expect(
                try await client.get("/checklists/0?focus=new-item").text.contains(
                    "maxlength=\"100\" placeholder=\"Something to do\" autofocus"))
            // Lists: after Back, the list left; after a rename, that list; after a delete, the next.
            #expect(try await client.post("/checklists/close").location == "/checklists?focus=list-0")
            _ = try await client.post("/checklists", [("name", "Two")])
            #expect(
                try await client.post("/checklists/1/rename", [("current", "Two"), ("name", "2")]).location
                    == "/checklists?focus=list-1")
            #expect(
                try await client.get("/checklists?focus=list-1").text.contains(
                    "id=\"list-1\" href=\"/checklists/1\" autofocus>"))
            #expect(
                try await client.post("/checklists/1/delete", [("current", "2")]).location == "/checklists?focus=list-0"
            )
            #expect(
                try await client.post("/checklists/0/delete", [("current", "List")]).location
                    == "/checklists?focus=new-list")
        }
    }

    @Test(
        "A focus the page has no element for is ignored, and never copied into the page",
        arguments: ["zzz", "item-9", "%22%3E%3Cb%3E"])
    func unknownFocusIsIgnored(focus: String) async throws {
        try await GalleryTestSupport.withGallery { client in
            let page = try await client.get("/checklists/0?focus=\(focus)").text
            #expect(!page.contains("autofocus"))
            #expect(!page.contains("<b>"))
        }
    }

    @Test("The Cancel links of the edit pages lead back to the row being edited")
    func cancelReturnsToTheRow() async throws {
        try await GalleryTestSupport.withGallery { client in
            _ = try await client.post("/checklists/0/items", [("text", "A")])
            let editItem = try await client.get("/checklists/0/items/0/edit").text
            #expect(editItem.contains("<a href=\"/checklists/0?focus=item-0\">Cancel</a>"))
            #expect(editItem.contains("value=\"A\" maxlength=\"100\" autofocus>"))
            #expect(
                try await client.get("/checklists/0/edit").text.contains(
                    "<a href=\"/checklists?focus=list-0\">Cancel</a>"))
        }
    }

    @Test(
        "An address that names no list or item, a word or a number, is the Gallery's 404 page with a way back",
        arguments: [
            ("/checklists/abc", "There is no such list.", "<a href=\"/checklists\">Back to your lists</a>"),
            ("/checklists/7", "There is no such list.", "<a href=\"/checklists\">Back to your lists</a>"),
            ("/checklists/1.5/edit", "There is no such list.", "<a href=\"/checklists\">Back to your lists</a>"),
            (
                "/checklists/0/items/x/edit", "This list has no such item.",
                "<a href=\"/checklists/0\">Back to the list</a>"
            ),
            (
                "/checklists/0/items/3/edit", "This list has no such item.",
                "<a href=\"/checklists/0\">Back to the list</a>"
            ),
        ])
    func addressesThatNameNothing(path: String, message: String, back: String) async throws {
        try await GalleryTestSupport.withGallery { client in
            let response = try await client.get(path)
            expectErrorPage(response, .notFound, containing: message)
            #expect(response.text.contains(back))
            #expect(!response.text.contains("Parameter"))
            #expect(response.text.contains("<link rel=\"stylesheet\" href=\"/assets/gallery.css\">"))
        }
    }

    @Test("A form from an out-of-date page is a 409 page that leads back to the list")
    func conflictLeadsBack() async throws {
        try await GalleryTestSupport.withGallery { client in
            _ = try await client.post("/checklists/0/items", [("text", "Dog")])
            let response = try await client.post("/checklists/0/items/0/toggle", [("current", "Cat")])
            expectErrorPage(response, .conflict, containing: "The page showed “Cat” here, but it is now “Dog”")
            #expect(response.text.contains("<a href=\"/checklists/0\">Back to the list</a>"))
        }
    }

    @Test(
        "The addresses forms post to, asked for with GET, lead to the page the form was on",
        arguments: [
            ("/checklists/0/items", "/checklists/0"), ("/checklists/0/rename", "/checklists/0/edit"),
            ("/checklists/0/items/2/rename", "/checklists/0/items/2/edit"),
        ])
    func postAddressesRedirect(path: String, location: String) async throws {
        try await GalleryTestSupport.withGallery { client in
            let response = try await client.get(path)
            #expect(response.status == .seeOther)
            #expect(response.location == location)
        }
    }
}
