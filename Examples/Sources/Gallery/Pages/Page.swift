import Hummingbird

/// A whole HTML page of the Gallery: the shared head, the bar that leads home, a title and the app's body.
///
/// Pages are sent with `Cache-Control: no-store` because each one shows live state (a cart, a quiz,
/// a checklist): after a form is posted, the browser's Back button must ask again rather than show
/// a page from before the change.
struct Page: ResponseGenerator {
    /// The page's heading and the first part of the window title.
    var title: String
    /// The status sent with the page; error pages use the error's status.
    var status: HTTPResponse.Status = .ok
    /// A class on `<main>` so each app's stylesheet rules apply only to its own page.
    var styleClass: String = ""
    /// Which of an app's screens this is (`list-0`), when the pages' script may update it in place: a
    /// form sent in the background that comes back with the same screen has only its regions replaced.
    var screen: String?
    /// The app's content, below the heading.
    var body: HTML
    /// What goes above the heading, as a navigation bar's Back button does in the seeds.
    var navigation: HTML = .empty

    /// The complete document.
    var document: HTML {
        let titleText = title == GalleryPaths.galleryName ? title : "\(title) · \(GalleryPaths.galleryName)"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(titleText)</title>
            <link rel="icon" href="\(GalleryPaths.favicon)" type="image/svg+xml">
            <link rel="stylesheet" href="/assets/gallery.css">
            <script src="/assets/gallery.js" defer></script>
            </head>
            <body>
            <header class="bar"><a class="bar-home" href="/">\(GalleryPaths.galleryName)</a></header>
            <main class="\(styleClass)"\(screenAttribute)>
            \(navigation)
            <h1>\(title)</h1>
            \(body)
            </main>
            </body>
            </html>

            """
    }

    private var screenAttribute: HTML {
        guard let screen else { return .empty }
        return " data-screen=\"\(screen)\""
    }

    /// The page as a response with an HTML content type.
    func response(from request: Request, context: some RequestContext) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: document.rendered)))
    }
}

/// The Gallery's names and addresses, in one place so pages link to routes that exist.
enum GalleryPaths {
    /// The name in the bar and the window titles.
    static let galleryName = "ModelKit Gallery"
    /// The home page.
    static let home = "/"
    /// Seed 000's app tiles.
    static let apps = "/apps"
    /// Seed 000's quiz.
    static let quiz = "/quiz"
    /// Seed 001's book cart.
    static let cart = "/cart"
    /// Seed 003's items table.
    static let items = "/items"
    /// Seed 004's checklists.
    static let checklists = "/checklists"
    /// The Gallery's icon, which the pages name in their head.
    static let favicon = "/assets/favicon.svg"
}
