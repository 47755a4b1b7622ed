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
            #expect(post.location == "/apps?downloaded=4")
            let page = try await client.get(post.location ?? "").text
            #expect(page.contains(">Download Maps complete</div>"))
            #expect(page.contains("class=\"toast\""))
            #expect(
                page.contains(
                    "action=\"/apps/4/download\" style=\"left:5px;top:70px;width:70px;height:20px\">"
                        + "<button type=\"submit\" disabled>Downloaded</button>"))
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
            #expect(again.location == "/apps")
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
        "Downloading an app that does not exist is a 404 page, a non-number a 400, and nothing changes",
        arguments: [
            ("12", HTTPResponse.Status.notFound), ("-1", .notFound), ("999999999999", .notFound),
            ("maps", .badRequest), ("1.5", .badRequest),
        ])
    func unknownAppIsRefused(index: String, status: HTTPResponse.Status) async throws {
        try await GalleryTestSupport.withGallery { client in
            expectErrorPage(try await client.post("/apps/\(index)/download"), status)
            #expect(!(try await client.get("/apps").text.contains("Downloaded")))
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
