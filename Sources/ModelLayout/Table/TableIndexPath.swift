/// The position of a row in a sectioned table: which section, and which row inside it.
///
/// ModelLayout uses its own two-field type rather than Foundation's `IndexPath` because `IndexPath` is
/// an arbitrary-length path whose `section` and `row` trap when it does not have exactly two elements,
/// and because this module's diffing and layout must not need Foundation on Linux or in Embedded Swift.
/// On Apple platforms converting is one line: `IndexPath(row: path.row, section: path.section)`.
public struct TableIndexPath: Sendable, Hashable, Codable, Comparable {
    /// The section, counted from zero.
    public var section: Int
    /// The row inside ``section``, counted from zero.
    public var row: Int

    /// Creates a path in UIKit's `IndexPath(row:section:)` argument order.
    public init(row: Int, section: Int) {
        self.row = row
        self.section = section
    }

    /// Orders paths as a table shows them: by section, then by row.
    public static func < (lhs: TableIndexPath, rhs: TableIndexPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }
}

extension TableIndexPath: CustomStringConvertible {
    /// The path as `[section, row]`, the way `IndexPath` prints.
    public var description: String { "[\(section), \(row)]" }
}
