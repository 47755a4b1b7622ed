import ModelKit

/// Seed 000's `LFAppInfo`: one app from `app.plist`, decoded without a hand-typed key.
@DictionaryModel
struct AppInfo: Sendable, Hashable {
    /// The app's name, shown under its icon.
    var name = ""
    /// The icon's image name, as the plist gives it (`icon_00`).
    var icon = ""

    /// Where the browser loads the icon: the seed's lazily derived `image` property, which turned the
    /// stored image name into an image only when a view first asked for it.
    var iconPath: String { "/assets/\(icon).svg" }
}
