/// The rules of a grid, independent of the container it is laid out in.
///
/// A configuration is a plain value so that one set of rules (the seeds' "3 columns of 80×90 tiles")
/// can be laid out again whenever the container width or the item count changes, by creating a
/// ``GridLayout``. Nothing is validated here; ``GridLayout/init(configuration:containerWidth:itemCount:)``
/// checks the combination against the container and reports every problem as a ``GridLayoutError``.
public struct GridConfiguration: Sendable, Hashable, Codable {
    /// How many columns the grid has.
    public enum Columns: Sendable, Hashable, Codable {
        /// Exactly this many columns, the seeds' `totalCol = 3`; too many to fit is an error, not an overflow.
        case fixed(Int)
        /// As many columns as fit items at least this wide (with the spacing's minimum gap between them),
        /// and never fewer than one, so a grid adapts from a phone to a tablet.
        case adaptive(minimumItemWidth: Double)
    }

    /// How big each item is.
    public enum ItemSize: Sendable, Hashable, Codable {
        /// Every item has this size, as the seeds' 80×90 app tiles and 60×70 books.
        case fixed(Size)
        /// Items share the available width (less the spacing's minimum gaps) and take their height from
        /// this width-to-height ratio, so tiles grow with the screen instead of leaving a wide margin.
        /// Space-around and space-between have no minimum gap, so with them the items touch.
        case aspectRatio(Double)
    }

    /// How the horizontal gap between items in a row is chosen.
    public enum ItemSpacing: Sendable, Hashable, Codable {
        /// Seed 000's `marginX = (W − n·w) / (n + 1)`: the leftover width is shared equally by the gaps
        /// between items and the two edges.
        case spaceAround
        /// Seed 001's `margin = (W − n·w) / (n − 1)`: the first and last columns touch the edges and the
        /// leftover width goes between items. A single column has no gap to divide by, so it is centred.
        case spaceBetween
        /// This exact gap; items start at the leading edge and leftover width stays at the trailing edge.
        case fixed(Double)
        /// `UICollectionViewFlowLayout`'s behaviour: at least this gap between items, with the leftover
        /// width spread between them; a lone column is centred, as flow layout does.
        case flow(minimum: Double)
    }

    /// How the vertical gap between rows is chosen.
    public enum LineSpacing: Sendable, Hashable, Codable {
        /// This gap between rows only; the first row starts right at the top (after insets and `startY`).
        case between(Double)
        /// This gap between rows and also above the first row and below the last, as seed 000's
        /// `y = startY + marginY + (H + marginY) · row`.
        case around(Double)
        /// The same gap as the computed horizontal spacing, between rows only, as seed 001's
        /// `y = row · (H + margin)`.
        case matchingItemSpacing
    }

    /// How many columns the grid has.
    public var columns: Columns
    /// How big each item is.
    public var itemSize: ItemSize
    /// How the horizontal gap is chosen.
    public var itemSpacing: ItemSpacing
    /// How the vertical gap is chosen.
    public var lineSpacing: LineSpacing
    /// Distances kept clear inside the container's edges.
    public var insets: Insets
    /// An extra offset above the first row, seed 000's `startY`, kept apart from ``insets`` so the seed's
    /// formula can be written down term for term.
    public var startY: Double

    /// Creates the rules of a grid; the defaults describe seed 000's three space-around columns.
    public init(
        columns: Columns = .fixed(3),
        itemSize: ItemSize,
        itemSpacing: ItemSpacing = .spaceAround,
        lineSpacing: LineSpacing = .between(0),
        insets: Insets = .zero,
        startY: Double = 0
    ) {
        self.columns = columns
        self.itemSize = itemSize
        self.itemSpacing = itemSpacing
        self.lineSpacing = lineSpacing
        self.insets = insets
        self.startY = startY
    }
}
