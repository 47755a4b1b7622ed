import Hummingbird
import ModelLayout

/// Seed 000's app-management screen: the apps from `app.plist` in a three-column grid, each with a
/// Download button that, once pressed, says "Downloaded" and stays disabled, for the visitor who
/// pressed it (their downloads are kept in ``VisitorStore``).
struct AppsController: Sendable {
    /// The apps, in the plist's order; an app's index is its place in the grid and in its address.
    let apps: [AppInfo]
    /// The grid resolved once for the page's width and the number of apps.
    let grid: GridLayout
    /// Where each visitor's downloads are kept.
    let visitors: VisitorStore

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

    /// The 404 page of an address that names no app.
    static let noSuchApp = PageError(
        .notFound, "There is no such app here.", back: PageLink(path: GalleryPaths.apps, label: "Back to the apps"))

    /// Creates the controller for `apps`; throws if the grid cannot be laid out, which only a change to
    /// the constants above could cause, so the server stops at start rather than on the first page.
    init(apps: [AppInfo], visitors: VisitorStore) throws {
        self.apps = apps
        self.grid = try GridLayout(
            configuration: Self.gridConfiguration, containerWidth: Self.screenWidth, itemCount: apps.count)
        self.visitors = visitors
    }

    /// The page for a visitor who downloaded `downloaded`, with the "Download … complete" label for
    /// `toastIndex` when that app is among them.
    func page(downloaded: Set<Int>, toastIndex: Int?, focus: FocusRequest) -> Page {
        let toast = toastIndex.flatMap { downloaded.contains($0) ? apps[$0] : nil }
        return AppsPage(apps: apps, grid: grid, downloaded: downloaded, toast: toast, focus: focus).page
    }

    /// The next app after `index`, going round, that `downloaded` does not hold: where the focus goes
    /// once the button just pressed is disabled.
    func nextToDownload(after index: Int, downloaded: Set<Int>) -> Int? {
        (1..<max(1, apps.count)).lazy.map { (index + $0) % apps.count }.first { !downloaded.contains($0) }
    }

    /// Adds `GET /apps` and `POST /apps/{index}/download`.
    func addRoutes(to router: Router<some RequestContext>) {
        router.get("apps") { request, _ in
            // The toast is named in the address the Download form redirects to, so it shows once per
            // press; anything but a number there is ignored, as it only decides a label.
            let toast = request.uri.queryParameters["downloaded"].flatMap { Int(String($0)) }
            let downloaded = await visitors.state(for: request).downloadedApps
            return page(downloaded: downloaded, toastIndex: toast, focus: FocusRequest(request))
        }
        router.post("apps/:index/download") { request, context in
            let index = try AddressIndex.read("index", from: context, orElse: Self.noSuchApp)
            guard apps.indices.contains(index) else { throw Self.noSuchApp }
            _ = try await FormFields.read(from: request)
            return try await visitors.change(
                for: request,
                { state throws(PageError) -> (newly: Bool, next: Int?) in
                    // A repeated press (a double click, a resent form) changes nothing and shows no label.
                    let newly = state.downloadedApps.insert(index).inserted
                    return (newly, nextToDownload(after: index, downloaded: state.downloadedApps))
                },
                respond: { outcome in
                    let path = outcome.newly ? "\(GalleryPaths.apps)?downloaded=\(index)" : GalleryPaths.apps
                    guard let next = outcome.next else { return .redirect(to: path) }
                    return FocusRequest.redirect(to: path, focusing: AppsPage.downloadID(next))
                })
        }
    }
}
