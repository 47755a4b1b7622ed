import Hummingbird
import Testing

@testable import Gallery

@Suite("Home page, assets and unknown addresses")
struct HomeRoutesTests {
    @Test("The home page links to each of the five apps")
    func homePageLinksToEveryApp() async throws {
        try await GalleryTestSupport.withGallery { client in
            let response = try await client.get("/")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            for path in ["/apps", "/quiz", "/cart", "/items", "/checklists"] {
                #expect(response.text.contains("href=\"\(path)\""), "no link to \(path)")
            }
            #expect(response.text.contains("<title>ModelKit Gallery</title>"))
        }
    }

    @Test("The stylesheet, the script and every icon the seed data names are served")
    func assetsAreServed() async throws {
        let resources = try GalleryResources.bundled()
        try await GalleryTestSupport.withGallery { client in
            let css = try await client.get("/assets/gallery.css")
            #expect(css.status == .ok)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
            #expect(css.text.contains("@keyframes toast-fade"))
            let script = try await client.get("/assets/gallery.js")
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            let paths =
                resources.apps.map(\.iconPath) + resources.questions.map(\.iconPath)
                + resources.books.map(\.coverPath)
            #expect(paths.count == 12 + 4 + 4)
            for path in paths {
                let icon = try await client.get(path)
                #expect(icon.status == .ok, "\(path)")
                #expect(icon.headers[.contentType] == "image/svg+xml", "\(path)")
                #expect(icon.text.hasPrefix("<svg"), "\(path)")
            }
        }
    }

    @Test("Every page names the Gallery's icon, and /favicon.ico, which browsers ask for by that name, leads to it")
    func favicon() async throws {
        try await GalleryTestSupport.withGallery { client in
            for path in ["/", "/apps", "/quiz", "/cart", "/items", "/checklists/0", "/no/such/page"] {
                #expect(
                    try await client.get(path).text.contains(
                        "<link rel=\"icon\" href=\"/assets/favicon.svg\" type=\"image/svg+xml\">"), "\(path)")
            }
            let ico = try await client.get("/favicon.ico")
            #expect(ico.status == .movedPermanently)
            #expect(ico.location == "/assets/favicon.svg")
            let icon = try await client.get("/assets/favicon.svg")
            #expect(icon.status == .ok)
            #expect(icon.headers[.contentType] == "image/svg+xml")
            #expect(icon.text.hasPrefix("<svg"))
        }
    }

    @Test("An unknown asset, or a path that tries to leave the folder, is a 404 page")
    func unknownAssetIsNotFound() async throws {
        try await GalleryTestSupport.withGallery { client in
            expectErrorPage(try await client.get("/assets/nothing.svg"), .notFound, containing: "nothing.svg")
            // Both would lead back to a bundled file if the path were resolved against the folder.
            expectErrorPage(try await client.get("/assets/..%2FAssets%2Fgallery.css"), .notFound)
            expectErrorPage(try await client.get("/assets/../Assets/gallery.css"), .notFound)
        }
    }

    @Test("An unknown address is an HTML 404 page with a way back")
    func unknownPageIsNotFound() async throws {
        try await GalleryTestSupport.withGallery { client in
            let response = try await client.get("/no/such/page")
            expectErrorPage(response, .notFound, containing: "There is no such page here.")
            #expect(response.text.contains("href=\"/\""))
        }
    }

    @Test(
        "A method a route does not take is refused with a 4xx page",
        arguments: [
            ("GET", "/apps/0/download"), ("GET", "/cart/add"), ("GET", "/cart/remove"), ("GET", "/quiz/answer"),
            ("GET", "/quiz/next"), ("GET", "/checklists/close"), ("POST", "/"), ("POST", "/apps"), ("POST", "/cart"),
            ("DELETE", "/items/0/delete"), ("PUT", "/checklists/0"), ("POST", "/checklists/0/edit"),
        ])
    func wrongMethodIsRefused(method: String, path: String) async throws {
        try await GalleryTestSupport.withGallery { client in
            let response = try await client.execute(uri: path, method: HTTPRequest.Method(method)!)
            #expect((400..<500).contains(response.status.code), "\(method) \(path): \(response.status)")
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
        }
    }

    @Test("A form in another format than a browser's is refused with 415")
    func wrongContentTypeIsRefused() async throws {
        try await GalleryTestSupport.withGallery { client in
            let response = try await client.post("/cart/add", body: "{}", contentType: "application/json")
            expectErrorPage(response, .unsupportedMediaType)
            #expect(try await client.get("/cart").text.contains("0 of 4 books"))
        }
    }
}
