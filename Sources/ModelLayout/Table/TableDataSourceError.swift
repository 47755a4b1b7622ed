/// Why a ``TableDataSource`` refused a position, where `UITableView` would have raised an exception.
public enum TableDataSourceError: Error, Sendable, Hashable {
    /// The section does not exist.
    case sectionOutOfRange(section: Int, sectionCount: Int)
    /// The row does not exist in its section.
    case rowOutOfRange(TableIndexPath, rowCount: Int)
    /// An insertion or move destination lies beyond the end of its section; the last valid row is
    /// `rowCount`, which appends.
    case destinationOutOfRange(TableIndexPath, rowCount: Int)
}

extension TableDataSourceError: CustomStringConvertible {
    /// A sentence naming the position and what would have been valid.
    public var description: String {
        switch self {
        case .sectionOutOfRange(let section, let count):
            return "Section \(section) does not exist; the table has \(count) section(s)."
        case .rowOutOfRange(let path, let count):
            return "Row \(path.row) does not exist in section \(path.section), which has \(count) row(s)."
        case .destinationOutOfRange(let path, let count):
            return "Row \(path.row) is past the end of section \(path.section); valid rows are 0...\(count)."
        }
    }
}
