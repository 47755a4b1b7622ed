/// The Gallery's front page: a card for each seed app, linking to it.
enum HomePage {
    /// One card.
    private struct Entry {
        var path: String
        var title: String
        var seed: String
        var summary: String
        var icon: String
    }

    private static let entries = [
        Entry(
            path: GalleryPaths.apps, title: "Apps", seed: "Seed 000",
            summary: "App tiles from app.plist in a three-column grid, each with a Download button.",
            icon: "/assets/icon_02.svg"),
        Entry(
            path: GalleryPaths.quiz, title: "Quiz", seed: "Seed 000",
            summary: "Questions from questions.plist, one at a time, with a score.",
            icon: "/assets/question_grid.svg"),
        Entry(
            path: GalleryPaths.cart, title: "Book cart", seed: "Seed 001",
            summary: "Add and remove books from bookData.plist in a nine-cell grid.",
            icon: "/assets/book_0.svg"),
        Entry(
            path: GalleryPaths.items, title: "Homepwner", seed: "Seed 003",
            summary: "A table of random items from an injected ItemStore.",
            icon: "/assets/icon_07.svg"),
        Entry(
            path: GalleryPaths.checklists, title: "Checklists", seed: "Seed 004",
            summary: "Lists of to-dos, saved to Checklists.plist; the open list is remembered.",
            icon: "/assets/icon_06.svg"),
    ]

    /// The page.
    static var page: Page {
        let cards = entries.map { entry -> HTML in
            """
            <li><a class="home-card" href="\(entry.path)">\
            <img src="\(entry.icon)" alt="" width="48" height="48">\
            <span class="home-card-text"><span class="home-card-title">\(entry.title)</span>\
            <span class="home-card-seed">\(entry.seed)</span>\
            <span class="home-card-summary">\(entry.summary)</span></span></a></li>
            """
        }
        return Page(
            title: GalleryPaths.galleryName,
            styleClass: "home-page",
            body: """
                <p class="lead">The seed tutorials' apps, built on ModelKit's models and ModelLayout's grids and \
                tables, running in the browser.</p>
                <ul class="home-cards">
                \(HTML.joined(cards, separator: "\n"))
                </ul>
                """)
    }
}
