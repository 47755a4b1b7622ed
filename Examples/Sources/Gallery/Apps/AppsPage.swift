import ModelLayout

/// Seed 000's screen as HTML: every tile absolutely positioned at the frame ``GridLayout`` gives it,
/// inside a phone-wide screen, and the grey label that fades out after a download.
struct AppsPage {
    /// The apps in grid order.
    var apps: [AppInfo]
    /// The resolved grid, one frame per app.
    var grid: GridLayout
    /// The indices of the apps already downloaded.
    var downloaded: Set<Int>
    /// The app whose download just finished, if any: the label says so.
    var toast: AppInfo?
    /// The element to focus when the page loads.
    var focus: FocusRequest = .none

    /// The id of the Download button of the app at `index`.
    static func downloadID(_ index: Int) -> String { "download-\(index)" }

    /// The inside of a tile. The seed's 15-point button inset leaves a 50-point button, enough for
    /// UIKit's "Download" at 14 pt but not for "Downloaded" in a browser's font, so the button keeps
    /// the seed's other numbers and a 5-point inset.
    static let tileLayout = AppTileLayout(buttonHorizontalInset: 5)

    /// Seed 000's label: grey, centred, 13 pt, over the lower part of the screen.
    static let toastSize = Size(width: 200, height: 40)

    /// The complete page.
    var page: Page {
        let tiles = apps.indices.compactMap { index -> HTML? in
            guard let frame = grid.frame(at: index) else { return nil }
            return tile(index: index, frame: frame)
        }
        let screenHeight = max(grid.contentSize.height, 2 * Self.toastSize.height)
        return Page(
            title: "Apps",
            styleClass: "apps-page",
            body: """
                <p class="lead">Seed 000: the apps of <code>app.plist</code> as models, laid out three to a row.</p>
                <div class="phone-screen apps-screen" style="width:\(points: grid.containerWidth);height:\(points: screenHeight)">
                \(HTML.joined(tiles, separator: "\n"))
                \(toastLabel(screenHeight: screenHeight))
                </div>
                """)
    }

    private func tile(index: Int, frame: Rect) -> HTML {
        let app = apps[index]
        let parts = Self.tileLayout.frames(in: frame.size)
        let isDownloaded = downloaded.contains(index)
        // Twelve buttons that all read "Download" need the app's name in theirs, after the word shown.
        let button: HTML =
            isDownloaded
            ? "<button type=\"submit\" aria-label=\"Downloaded \(app.name)\" disabled>Downloaded</button>"
            : """
            <button type="submit" id="\(Self.downloadID(index))" aria-label="Download \(app.name)"\
            \(focus.attribute(for: Self.downloadID(index)))>Download</button>
            """
        return """
            <div class="app-tile" data-app="\(app.name)" style="\(FrameStyle.css(frame))">\
            <img class="app-icon" src="\(app.iconPath)" alt="" style="\(FrameStyle.css(parts.icon))">\
            <span class="app-name" style="\(FrameStyle.css(parts.label))">\(app.name)</span>\
            <form class="app-download" method="post" action="\(GalleryPaths.apps)/\(index)/download" \
            style="\(FrameStyle.css(parts.button))">\(button)</form>\
            </div>
            """
    }

    private func toastLabel(screenHeight: Double) -> HTML {
        guard let toast else { return .empty }
        let size = Self.toastSize
        let frame = Rect(
            x: (grid.containerWidth - size.width) / 2, y: (screenHeight - size.height) * 0.75,
            width: size.width, height: size.height)
        return """
            <div class="toast" role="status" style="\(FrameStyle.css(frame))">Download \(toast.name) complete</div>
            """
    }
}
