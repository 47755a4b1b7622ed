/// What a basic table cell shows: UIKit's `textLabel` and `detailTextLabel` texts, without UIKit.
///
/// Keeping the text a plain value lets the cell's content be tested on Linux and rendered by any
/// front end (a `UITableViewCell`, a SwiftUI row, an HTML list).
public struct TableCellContent: Sendable, Hashable, Codable {
    /// The main text.
    public var text: String
    /// The secondary text, shown on the trailing side in UIKit's `.value1` style.
    public var detailText: String?

    /// Creates cell content.
    public init(text: String, detailText: String? = nil) {
        self.text = text
        self.detailText = detailText
    }
}

/// A model that knows how a basic table cell shows it, so that ``TableDataSource`` can answer
/// `cellForRowAt` without a closure per table.
public protocol TableCellContentProviding {
    /// The texts a cell for this model shows.
    var tableCellContent: TableCellContent { get }
}
