/// Why a ``Changeset`` could not be applied to a snapshot: the checks `UITableView` makes before it
/// animates a batch, reported as a value instead of an `NSInternalInconsistencyException`.
public enum ChangesetApplicationError: Error, Sendable, Hashable {
    /// The kind of operation that failed a check.
    public enum Operation: String, Sendable, Hashable, Codable {
        /// A section delete.
        case deleteSection
        /// A section insert.
        case insertSection
        /// A section move.
        case moveSection
        /// A row delete.
        case deleteRow
        /// A row insert.
        case insertRow
        /// A row move.
        case moveRow
        /// A row reload.
        case reloadRow
    }

    /// A section index outside the old (for deletes and move sources) or new (for inserts and move
    /// destinations) sections.
    case sectionOutOfRange(Int, Operation)
    /// A row position outside its snapshot.
    case indexPathOutOfRange(TableIndexPath, Operation)
    /// A section touched by two operations, such as deleted and moved, or two sections sent to one place.
    case conflictingSection(Int, Operation)
    /// A row touched by two operations, a row operation inside a section that is deleted or inserted
    /// as a whole, or two rows sent to one place.
    case conflictingIndexPath(TableIndexPath, Operation)
    /// The old section count, less deletes, plus inserts, is not the data source's section count.
    case sectionCountMismatch(expected: Int, actual: Int)
    /// A section's old row count, less deletes and moves out, plus inserts and moves in, is not the
    /// data source's row count for it: UIKit's "invalid number of rows in section" exception.
    case rowCountMismatch(section: Int, expected: Int, actual: Int)
}

extension ChangesetApplicationError: CustomStringConvertible {
    /// A sentence in the spirit of UIKit's exception messages.
    public var description: String {
        switch self {
        case .sectionOutOfRange(let section, let operation):
            return "\(operation.rawValue): section \(section) is out of range."
        case .indexPathOutOfRange(let path, let operation):
            return "\(operation.rawValue): index path \(path) is out of range."
        case .conflictingSection(let section, let operation):
            return "\(operation.rawValue): section \(section) is already used by another operation in the batch."
        case .conflictingIndexPath(let path, let operation):
            return "\(operation.rawValue): index path \(path) conflicts with another operation in the batch."
        case .sectionCountMismatch(let expected, let actual):
            return "Invalid number of sections: the data source has \(expected) but the batch produces \(actual)."
        case .rowCountMismatch(let section, let expected, let actual):
            return
                "Invalid number of rows in section \(section): the data source has \(expected) but the batch produces \(actual)."
        }
    }
}
