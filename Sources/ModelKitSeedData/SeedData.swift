import Foundation

/// The seed tutorials' property lists, bundled once for the example app, the Gallery and the tests.
///
/// `SeedData/app.plist` and `SeedData/questions.plist` (seed 000's apps and quiz), `SeedData/bookData.plist`
/// (seed 001's books) and `SeedData/Checklists.plist` (seed 004's lists), read as an app reads its own
/// resources:
///
/// ```swift
/// let apps = try [AppInfo](resource: "SeedData/app.plist", in: SeedData.bundle)
/// ```
///
/// Apps that use ModelKit do not need this module; it is the data the package's examples run on.
public enum SeedData {
    /// The bundle that holds the lists, under `SeedData/`.
    public static var bundle: Bundle { .module }

    /// The folder of the lists in ``bundle``, or `nil` when the bundle has no resource folder.
    public static var folder: URL? {
        Bundle.module.resourceURL?.appendingPathComponent("SeedData", isDirectory: true)
    }
}
