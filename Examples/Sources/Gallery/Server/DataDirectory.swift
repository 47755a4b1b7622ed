import Foundation
import ModelStore

/// Where the Gallery keeps what it saves (the checklists and the remembered choices) when no
/// `--data-dir` is given.
enum DataDirectory {
    /// The folder's name inside the user's data folder.
    static let folderName = "ModelKitGallery"

    /// `$XDG_DATA_HOME/ModelKitGallery`, else `~/.local/share/ModelKitGallery` on Linux (Application
    /// Support on Apple platforms): ModelStore's rule for an app's own folder, so the Gallery puts its
    /// files where any other ModelStore app would.
    static var defaultURL: URL {
        StoreLocation.applicationSupportFolder(appName: folderName)
    }

    /// Creates `url` and its parents if they are missing, so a first run needs no setup.
    static func prepare(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
}
