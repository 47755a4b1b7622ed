import ModelKit

/// Seed 001's `XYBook`: a book from `bookData.plist`, decoded without a hand-typed key.
@DictionaryModel
struct Book: Sendable, Hashable {
    /// The cover's image name (`"0"`).
    var icon = ""
    /// The title, shown under the cover.
    var name = ""

    /// Where the browser loads the cover, derived from ``icon``.
    var coverPath: String { "/assets/book_\(icon).svg" }
}
