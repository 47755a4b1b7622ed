import Hummingbird
import ModelLayout

/// Seed 000's app-management screen: the apps from `app.plist` in a three-column grid, each with a
/// Download button that, once pressed, says "Downloaded" and stays disabled.
///
/// The controller is an actor because requests arrive concurrently and the set of downloaded apps is
/// the one piece of state they share.
actor AppsController {
    /// The apps, in the plist's order; an app's index is its place in the grid and in its address.
    nonisolated let apps: [AppInfo]
    /// The grid resolved once for the page's width and the number of apps.
    nonisolated let grid: GridLayout
    /// The indices of the apps already downloaded.
    private(set) var downloaded: Set<Int> = []

    /// Seed 000's numbers: 3 columns of 80×90 tiles, `marginX = (W − 3·80) / 4` (space around),
    /// `marginY` 10 around the rows and `startY` 20.
    static let gridConfiguration = GridConfiguration(
        columns: .fixed(3),
        itemSize: .fixed(Size(width: 80, height: 90)),
        itemSpacing: .spaceAround,
        lineSpacing: .around(10),
        startY: 20)

    /// The width of the page's phone-sized screen, in points (CSS pixels): the seeds' iPhone.
    static let screenWidth = 320.0

    /// Creates the controller for `apps`; throws if the grid cannot be laid out, which only a change to
    /// the constants above could cause, so the server stops at start rather than on the first page.
    init(apps: [AppInfo]) throws {
        self.apps = apps
        self.grid = try GridLayout(
            configuration: Self.gridConfiguration, containerWidth: Self.screenWidth, itemCount: apps.count)
    }

    /// Marks the app at `index` downloaded; returns `false` if it already was, so a repeated press
    /// (a double click, a resent form) changes nothing.
    func download(at index: Int) throws(HTTPError) -> Bool {
        guard apps.indices.contains(index) else {
            throw HTTPError(.notFound, message: "There is no app number \(index).")
        }
        return downloaded.insert(index).inserted
    }

    /// The page, with the "Download … complete" label for `toastIndex` when that app is downloaded.
    func page(toastIndex: Int?) -> Page {
        let toast = toastIndex.flatMap { downloaded.contains($0) ? apps[$0] : nil }
        return AppsPage(apps: apps, grid: grid, downloaded: downloaded, toast: toast).page
    }

    /// Adds `GET /apps` and `POST /apps/{index}/download`.
    nonisolated func addRoutes(to router: Router<some RequestContext>) {
        router.get("apps") { request, _ in
            // The toast is named in the address the Download form redirects to, so it shows once per
            // press; anything but a number there is ignored, as it only decides a label.
            let toast = request.uri.queryParameters["downloaded"].flatMap { Int(String($0)) }
            return await self.page(toastIndex: toast)
        }
        router.post("apps/:index/download") { request, context in
            let index = try context.parameters.require("index", as: Int.self)
            _ = try await FormFields.read(from: request)
            let newlyDownloaded = try await self.download(at: index)
            return Response.redirect(
                to: newlyDownloaded ? "\(GalleryPaths.apps)?downloaded=\(index)" : GalleryPaths.apps)
        }
    }
}
