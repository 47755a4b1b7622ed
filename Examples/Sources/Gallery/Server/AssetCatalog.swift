import Foundation
import Hummingbird

/// The Gallery's static files (stylesheet, script, icons), read once at start and served from memory.
///
/// Serving from a fixed table rather than from the file system means a request can only ever name a
/// file that was bundled: there is no path to resolve, so `..` or an absolute path leads nowhere.
struct AssetCatalog: Sendable {
    /// One bundled file.
    struct Asset: Sendable {
        /// The bytes sent.
        var contents: ByteBuffer
        /// The `Content-Type` sent with them.
        var contentType: String
    }

    private var assets: [String: Asset]

    /// A catalog of the given files, by name.
    init(assets: [String: Asset]) {
        self.assets = assets
    }

    /// Reads every file in `folder` (not its subfolders); a file of a kind it does not know is left out.
    init(folder: URL) throws {
        var assets: [String: Asset] = [:]
        for url in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) {
            guard let type = Self.contentTypes[url.pathExtension.lowercased()] else { continue }
            assets[url.lastPathComponent] = Asset(
                contents: ByteBuffer(bytes: try Data(contentsOf: url)), contentType: type)
        }
        self.init(assets: assets)
    }

    /// The names of the files, for checks that every icon the data names is there.
    var names: Set<String> { Set(assets.keys) }

    /// The file called `name`, or `nil`.
    subscript(name: String) -> Asset? { assets[name] }

    /// The content types of the kinds of file the Gallery bundles.
    static let contentTypes = [
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "svg": "image/svg+xml",
    ]

    /// Adds `GET /assets/{name}`, where an unknown name is a 404, and `GET /favicon.ico`, which
    /// browsers ask for by that name when a page names no icon, sent on to the Gallery's icon.
    func addRoutes(to router: Router<some RequestContext>) {
        router.get("favicon.ico") { _, _ in
            Response.redirect(to: GalleryPaths.favicon, type: .permanent)
        }
        router.get("assets/:name") { _, context -> Response in
            let name = try context.parameters.require("name")
            guard let asset = self[name] else {
                throw HTTPError(.notFound, message: "There is no file called “\(name)” here.")
            }
            return Response(
                status: .ok,
                headers: [.contentType: asset.contentType, .cacheControl: "public, max-age=3600"],
                body: ResponseBody(byteBuffer: asset.contents))
        }
    }
}
