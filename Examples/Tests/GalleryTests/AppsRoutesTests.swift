import Hummingbird
import Testing

@testable import Gallery

@Suite("Apps (seed 000)")
struct AppsRoutesTests {
    @Test("Every app is a tile at the frame the seed's grid formula gives, in a 320-point screen")
    func tilesAreAtTheSeedsFrames() async throws {
        try await GalleryTestSupport.withGallery { client in
            let page = try await client.get("/apps").text
            #expect(page.contains("width:320px"))
            // marginX = (320 − 3·80) / 4 = 20; y = startY 20 + marginY 10 + 100·row.
            #expect(page.contains("data-app=\"Weather\" style=\"left:20px;top:30px;width:80px;height:90px\""))
            #expect(page.contains("data-app=\"Maps\" style=\"left:120px;top:130px;width:80px;height:90px\""))
            #expect(page.contains("data-app=\"Podcasts\" style=\"left:220px;top:330px;width:80px;height:90px\""))
            #expect(page.components(separatedBy: "class=\"app-tile\"").count == 13)
            #expect(page.components(separatedBy: ">Download</button>").count == 13)
            #expect(page.contains("src=\"/assets/icon_04.svg\""))
            #expect(!page.contains("class=\"toast\""))
        }
    }

    @Test("Download shows “Download Maps complete” once, then the button reads Downloaded, disabled")
    func downloadShowsToastAndDisablesButton() async throws {
        try await GalleryTestSupport.withGallery { client in
            let post = try await client.post("/apps/4/download")
            #expect(post.status == .seeOther)
            #expect(post.location == "/apps?downloaded=4&focus=download-5")
            let page = try await client.get(post.location ?? "").text
            #expect(page.contains(">Download Maps complete</div>"))
            #expect(page.contains("class=\"toast\""))
            #expect(
                page.contains(
                    "action=\"/apps/4/download\" style=\"left:5px;top:70px;width:70px;height:20px\">"
                        + "<button type=\"submit\" aria-label=\"Downloaded Maps\" disabled>Downloaded</button>"))
            // The next app's button takes the focus, as the one pressed is now disabled.
            #expect(page.contains("id=\"download-5\" aria-label=\"Download Clock\" autofocus>Download</button>"))
            #expect(page.components(separatedBy: ">Download</button>").count == 12)
            let later = try await client.get("/apps").text
            #expect(!later.contains("class=\"toast\""))
            #expect(later.contains("disabled>Downloaded</button>"))
        }
    }

    @Test("Pressing Download again changes nothing and shows no second label")
    func downloadingTwiceChangesNothing() async throws {
        try await GalleryTestSupport.withGallery { client in
            _ = try await client.post("/apps/0/download")
            let again = try await client.post("/apps/0/download")
            #expect(again.status == .seeOther)
            #expect(again.location == "/apps?focus=download-1")
            #expect(try await client.get("/apps").text.components(separatedBy: ">Downloaded</button>").count == 2)
        }
    }

    @Test("A label is only shown for an app that is downloaded; a bad value is ignored")
    func toastNeedsADownloadedApp() async throws {
        try await GalleryTestSupport.withGallery { client in
            for query in ["downloaded=3", "downloaded=99", "downloaded=-1", "downloaded=x", "downloaded="] {
                let response = try await client.get("/apps?\(query)")
                #expect(response.status == .ok)
                #expect(!response.text.contains("class=\"toast\""), "\(query)")
            }
        }
    }

    @Test(
        "Downloading an app that does not exist, or a word for one, is a 404 page back to the apps; nothing changes",
        arguments: [
            ("12", HTTPResponse.Status.notFound), ("-1", .notFound), ("999999999999", .notFound),
            ("maps", .notFound), ("1.5", .notFound),
        ])
    func unknownAppIsRefused(index: String, status: HTTPResponse.Status) async throws {
        try await GalleryTestSupport.withGallery { client in
            let response = try await client.post("/apps/\(index)/download")
            expectErrorPage(response, status, containing: "There is no such app here.")
            #expect(response.text.contains("<a href=\"/apps\">Back to the apps</a>"))
            #expect(!(try await client.get("/apps").text.contains("Downloaded")))
        }
    }

    @Test("Each Download button names its app, so that twelve of them are not twelve “Download”s")
    func buttonsNameTheirApp() async throws {
        let apps = try GalleryResources.bundled().apps
        try await GalleryTestSupport.withGallery { client in
            _ = try await client.post("/apps/0/download")
            let page = try await client.get("/apps").text
            #expect(page.contains("aria-label=\"Downloaded \(apps[0].name)\" disabled>Downloaded</button>"))
            for (index, app) in apps.enumerated().dropFirst() {
                #expect(page.contains("id=\"download-\(index)\" aria-label=\"Download \(app.name)\""), "\(app.name)")
            }
        }
    }

    @Test("An oversized body is refused with 413 and downloads nothing")
    func oversizedBodyIsRefused() async throws {
        try await GalleryTestSupport.withGallery { client in
            let body = "padding=" + String(repeating: "x", count: FormFields.maximumBodyBytes + 1)
            expectErrorPage(try await client.post("/apps/1/download", body: body), .contentTooLarge)
            #expect(!(try await client.get("/apps").text.contains("Downloaded")))
        }
    }
}
