/// A link a page offers as the way back: where it goes and what it says.
struct PageLink: Sendable, Hashable {
    /// The address.
    var path: String
    /// The link's text, which says where it leads ("Back to the table").
    var label: String

    /// The Gallery's home page, the way back when nothing nearer fits.
    static let home = PageLink(path: GalleryPaths.home, label: "Back to the Gallery")

    /// The link as markup.
    var html: HTML { "<a href=\"\(path)\">\(label)</a>" }
}
