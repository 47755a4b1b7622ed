import Foundation
import ModelKit

/// Everything the Gallery reads from its bundle: the seeds' plists, decoded into models by ModelKit,
/// and the static files.
///
/// They are read once, at start, so that a missing or damaged resource stops the server with a
/// message naming the file instead of failing one page later.
struct GalleryResources: Sendable {
    /// Seed 000's apps, from `app.plist`.
    var apps: [AppInfo]
    /// Seed 000's questions, from `questions.plist`.
    var questions: [Question]
    /// Seed 001's books, from `bookData.plist`.
    var books: [Book]
    /// The stylesheet, the script and the icons.
    var assets: AssetCatalog

    /// Reads the resources bundled with the Gallery.
    static func bundled() throws -> GalleryResources {
        guard let root = Bundle.module.resourceURL else {
            throw GalleryResourceError(detail: "the Gallery's resource bundle is missing")
        }
        return try GalleryResources(root: root)
    }

    /// Reads the resources from a folder laid out as the bundle is: `SeedData/` and `Assets/`.
    init(root: URL) throws {
        let seedData = root.appendingPathComponent("SeedData", isDirectory: true)
        // The seeds' `arrayWithContentsOfFile:` plus `initWithDict:` for each entry, in one call.
        apps = try [AppInfo](contentsOf: seedData.appendingPathComponent("app.plist"))
        questions = try [Question](contentsOf: seedData.appendingPathComponent("questions.plist"))
        books = try [Book](contentsOf: seedData.appendingPathComponent("bookData.plist"))
        assets = try AssetCatalog(folder: root.appendingPathComponent("Assets", isDirectory: true))
    }
}

/// A bundled resource that could not be found.
struct GalleryResourceError: Error, CustomStringConvertible {
    /// What is missing.
    var detail: String

    /// The sentence printed when the server cannot start.
    var description: String { "The Gallery cannot start: \(detail)." }
}
