/// The indices of the items a rectangle touches, described by a block of rows and columns rather
/// than stored one by one, so that asking what is visible in a grid of a million items allocates nothing.
///
/// Walking it yields item indices in row-major order. Only the grid's last row can be partly filled,
/// so only the last row of the block can be shorter than the others.
public struct GridIndices: RandomAccessCollection, Sendable, Hashable {
    /// The rows the rectangle touches.
    public let rows: Range<Int>
    /// The columns the rectangle touches (in every row but possibly the last).
    public let columns: Range<Int>
    /// The grid's column count, which turns a row and a column into an item index.
    public let columnCount: Int
    /// The exclusive end of the columns in the last row of the block.
    public let lastRowColumnEnd: Int

    /// A block that touches no item.
    public static let empty = GridIndices(rows: 0..<0, columns: 0..<0, columnCount: 1, lastRowColumnEnd: 0)

    init(rows: Range<Int>, columns: Range<Int>, columnCount: Int, lastRowColumnEnd: Int) {
        self.rows = rows
        self.columns = columns
        self.columnCount = columnCount
        self.lastRowColumnEnd = lastRowColumnEnd
    }

    /// Always zero: positions count visible items, not grid indices.
    public var startIndex: Int { 0 }

    /// The number of visible items, computed without walking them.
    public var endIndex: Int {
        guard !rows.isEmpty, !columns.isEmpty else { return 0 }
        return (rows.count - 1) * columns.count + (lastRowColumnEnd - columns.lowerBound)
    }

    /// The grid index of the `position`-th visible item.
    public subscript(position: Int) -> Int {
        precondition(position >= 0 && position < endIndex, "GridIndices position out of range")
        let (rowOffset, columnOffset) = position.quotientAndRemainder(dividingBy: columns.count)
        return (rows.lowerBound + rowOffset) * columnCount + columns.lowerBound + columnOffset
    }

    /// Whether the item at grid index `index` is in the block, in O(1) rather than by walking it.
    public func containsItem(_ index: Int) -> Bool {
        guard index >= 0, !isEmpty else { return false }
        let (row, column) = index.quotientAndRemainder(dividingBy: columnCount)
        guard rows.contains(row), columns.contains(column) else { return false }
        return row < rows.upperBound - 1 || column < lastRowColumnEnd
    }
}
