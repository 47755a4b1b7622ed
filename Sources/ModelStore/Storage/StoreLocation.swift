import Foundation

/// Where a store keeps its file: a given URL, or a file in the app's own folder of the platform.
public struct StoreLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file.
    public let fileURL: URL

    /// A file at `url`.
    public static func file(_ url: URL) -> StoreLocation {
        StoreLocation(fileURL: url)
    }

    /// The file `fileName` in the app's application-support folder (see ``applicationSupportFolder(appName:)``).
    public static func applicationSupport(_ fileName: String, appName: String = defaultAppName) -> StoreLocation {
        StoreLocation(fileURL: applicationSupportFolder(appName: appName).appendingPathComponent(fileName))
    }

    /// The folder where the app keeps its data: `Application Support/<appName>` on Apple platforms;
    /// `$XDG_DATA_HOME/<appName>`, else `~/.local/share/<appName>`, on Linux and other systems.
    ///
    /// The folder is created by the first save, not here.
    public static func applicationSupportFolder(appName: String = defaultAppName) -> URL {
        #if canImport(Darwin)
            let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        #else
            let base = xdgFolder("XDG_DATA_HOME", fallback: ".local/share")
        #endif
        return base.appendingPathComponent(appName, isDirectory: true)
    }

    /// The folder where ``Preferences`` keep their files: `Application Support/<appName>/Preferences` on Apple
    /// platforms (the system's own `Library/Preferences` belongs to `UserDefaults`); `$XDG_CONFIG_HOME/<appName>`,
    /// else `~/.config/<appName>`, on Linux and other systems.
    public static func preferencesFolder(appName: String = defaultAppName) -> URL {
        #if canImport(Darwin)
            return applicationSupportFolder(appName: appName).appendingPathComponent("Preferences", isDirectory: true)
        #else
            return xdgFolder("XDG_CONFIG_HOME", fallback: ".config").appendingPathComponent(appName, isDirectory: true)
        #endif
    }

    /// The app's name for its folders: the bundle identifier when there is one, else the process name.
    public static var defaultAppName: String {
        Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
    }

    /// The file's path.
    public var description: String { fileURL.path }

    /// The folder an XDG variable names; the spec says to ignore a value that is empty or not absolute.
    private static func xdgFolder(_ variable: String, fallback: String) -> URL {
        if let value = ProcessInfo.processInfo.environment[variable], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true)
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(fallback, isDirectory: true)
    }
}
