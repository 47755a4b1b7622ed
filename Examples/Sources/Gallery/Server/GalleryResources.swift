import Foundation
import ModelKit
import ModelKitSeedData

/// Everything the Gallery reads from its bundles: the seeds' plists (ModelKit's `ModelKitSeedData`), decoded
/// into models by ModelKit, and the static files (the Gallery's own).
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

    /// Reads the seeds' lists from ModelKit's seed data and the static files from the Gallery's own bundle.
    static func bundled() throws -> GalleryResources {
        guard let seedData = SeedData.folder else {
            throw GalleryResourceError(detail: "ModelKit's seed data bundle is missing")
        }
        guard let root = Bundle.module.resourceURL else {
            throw GalleryResourceError(detail: "the Gallery's resource bundle is missing")
        }
        return try GalleryResources(
            seedData: seedData, assets: root.appendingPathComponent("Assets", isDirectory: true))
    }

    /// Reads the seeds' lists from `seedData` (`app.plist`, `questions.plist`, `bookData.plist`) and the static
    /// files from `assets`.
    init(seedData: URL, assets: URL) throws {
        // The seeds' `arrayWithContentsOfFile:` plus `initWithDict:` for each entry, in one call.
        apps = try [AppInfo](contentsOf: seedData.appendingPathComponent("app.plist"))
        questions = try [Question](contentsOf: seedData.appendingPathComponent("questions.plist"))
        books = try [Book](contentsOf: seedData.appendingPathComponent("bookData.plist"))
        self.assets = try AssetCatalog(folder: assets)
    }
}

/// A bundled resource that could not be found.
struct GalleryResourceError: Error, CustomStringConvertible {
    /// What is missing.
    var detail: String

    /// The sentence printed when the server cannot start.
    var description: String { "The Gallery cannot start: \(detail)." }
}
