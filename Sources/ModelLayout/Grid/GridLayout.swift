/// A grid's rules resolved for one container width and one item count: every frame, hit test and
/// visible range is then arithmetic on a handful of stored numbers.
///
/// The seeds compute each tile's frame in a loop over all tiles. Here the loop is gone: ``frame(at:)``,
/// ``index(at:)`` and ``indices(in:)`` cost the same for the first tile of ten as for the last of a million,
/// so a scrolling view can ask for just what is on screen.
///
/// ```swift
/// // Seed 000: three 80×90 app tiles per row, space-around, marginY 10, startY 20.
/// let rules = GridConfiguration(
///     columns: .fixed(3),
///     itemSize: .fixed(Size(width: 80, height: 90)),
///     itemSpacing: .spaceAround,
///     lineSpacing: .around(10),
///     startY: 20)
/// let grid = try GridLayout(configuration: rules, containerWidth: 320, itemCount: 12)
/// grid.frame(at: 4)  // (120, 130, 80, 90)
/// ```
public struct GridLayout: Sendable, Hashable {
    /// The rules this layout was resolved from.
    public let configuration: GridConfiguration
    /// The width of the container, insets included.
    public let containerWidth: Double
    /// How many items the grid holds; frames exist for `0..<itemCount`.
    public let itemCount: Int
    /// The resolved number of columns, at least one.
    public let columnCount: Int
    /// The resolved number of rows, the last of which may be partly filled.
    public let rowCount: Int
    /// The resolved size of every item.
    public let itemSize: Size
    /// The resolved horizontal gap between neighbouring items in a row.
    public let itemSpacing: Double
    /// The resolved vertical gap between neighbouring rows.
    public let lineSpacing: Double
    /// The x of the first column's left edge.
    public let firstColumnX: Double
    /// The y of the first row's top edge.
    public let firstRowY: Double
    /// The gap kept below the last row; non-zero only for ``GridConfiguration/LineSpacing/around(_:)``.
    let trailingLineGap: Double

    /// Resolves `configuration` for a container `containerWidth` points wide holding `itemCount` items.
    ///
    /// - Throws: ``GridLayoutError`` when a number is `NaN`, infinite or negative where that makes no
    ///   sense, or when the columns do not fit; the layout never divides by zero.
    public init(
        configuration: GridConfiguration,
        containerWidth: Double,
        itemCount: Int
    ) throws(GridLayoutError) {
        guard containerWidth.isFinite, containerWidth > 0 else {
            throw .invalidContainerWidth(containerWidth)
        }
        let insets = configuration.insets
        guard insets.isFinite else { throw .invalidInsets(insets) }
        let available = containerWidth - insets.horizontal
        guard available > 0 else { throw .noAvailableWidth(containerWidth: containerWidth, insets: insets) }
        guard configuration.startY.isFinite else { throw .invalidStartY(configuration.startY) }
        guard itemCount >= 0 else { throw .negativeItemCount(itemCount) }

        let minimumGap = try Self.minimumGap(of: configuration.itemSpacing)
        try Self.validate(configuration.lineSpacing)
        let columns = try Self.columnCount(
            of: configuration.columns, itemSize: configuration.itemSize, minimumGap: minimumGap, available: available)

        let size: Size
        switch configuration.itemSize {
        case .fixed(let fixed):
            size = fixed
            let required = Double(columns) * fixed.width + Double(columns - 1) * minimumGap
            guard required <= available else {
                throw .columnsDoNotFit(columns: columns, requiredWidth: required, availableWidth: available)
            }
        case .aspectRatio(let ratio):
            let gaps = Double(columns - 1) * minimumGap
            guard gaps < available else {
                throw .columnsDoNotFit(columns: columns, requiredWidth: gaps, availableWidth: available)
            }
            let width = (available - gaps) / Double(columns)
            size = Size(width: width, height: width / ratio)
            guard size.isPositiveAndFinite else { throw .degenerateItemSize(size) }
        }

        // Derived widths fill the row exactly, so rounding may leave a leftover a hair below zero.
        let leftover = max(0, available - Double(columns) * size.width)
        let gap: Double
        let firstX: Double
        switch configuration.itemSpacing {
        case .spaceAround:
            gap = leftover / Double(columns + 1)
            firstX = insets.left + gap
        case .spaceBetween:
            gap = columns > 1 ? leftover / Double(columns - 1) : 0
            firstX = columns > 1 ? insets.left : insets.left + leftover / 2
        case .fixed(let fixed):
            gap = fixed
            firstX = insets.left
        case .flow(let minimum):
            gap = columns > 1 ? leftover / Double(columns - 1) : minimum
            firstX = columns > 1 ? insets.left : insets.left + leftover / 2
        }

        let lineGap: Double
        let leadingLineGap: Double
        switch configuration.lineSpacing {
        case .between(let spacing):
            (lineGap, leadingLineGap) = (spacing, 0)
        case .around(let spacing):
            (lineGap, leadingLineGap) = (spacing, spacing)
        case .matchingItemSpacing:
            (lineGap, leadingLineGap) = (gap, 0)
        }

        self.configuration = configuration
        self.containerWidth = containerWidth
        self.itemCount = itemCount
        self.columnCount = columns
        self.rowCount = itemCount / columns + (itemCount % columns == 0 ? 0 : 1)
        self.itemSize = size
        self.itemSpacing = gap
        self.lineSpacing = lineGap
        self.firstColumnX = firstX
        self.firstRowY = insets.top + configuration.startY + leadingLineGap
        self.trailingLineGap = leadingLineGap
    }

    /// The same grid holding a different number of items, as when seed 001's cart gains or loses a book.
    ///
    /// - Throws: ``GridLayoutError/negativeItemCount(_:)`` for a negative count.
    public func withItemCount(_ count: Int) throws(GridLayoutError) -> GridLayout {
        try GridLayout(configuration: configuration, containerWidth: containerWidth, itemCount: count)
    }

    // MARK: Frames

    /// The frame of the item at `index`, or `nil` when the grid has no such item; O(1).
    public func frame(at index: Int) -> Rect? {
        guard index >= 0, index < itemCount else { return nil }
        let (row, column) = index.quotientAndRemainder(dividingBy: columnCount)
        return Rect(origin: Point(x: columnX(column), y: rowY(row)), size: itemSize)
    }

    /// The size a scroll view needs to show every item: the container width, and the rows with their
    /// gaps, `startY` and insets.
    public var contentSize: Size {
        Size(width: containerWidth, height: contentHeight(rows: rowCount))
    }

    /// How many items fit in a container `height` points tall without scrolling, in whole rows: the
    /// number at which seed 001's cart is full.
    ///
    /// `NaN` or a height too small for one row gives zero; an infinite height gives `Int.max`.
    public func capacity(forHeight height: Double) -> Int {
        guard !height.isNaN, height >= contentHeight(rows: 1) else { return 0 }
        let pitch = itemSize.height + lineSpacing
        let free = height - configuration.insets.bottom - trailingLineGap - firstRowY + lineSpacing
        let estimate = (free / pitch).rounded(.down)
        guard estimate < Double(Int.max / columnCount) else { return Int.max }
        var rows = max(1, Int(estimate))
        // The division may round either way; settle on the exact answer with the same formula that
        // contentSize uses, so the two never disagree.
        while rows > 1, contentHeight(rows: rows) > height { rows -= 1 }
        while rows < Int.max / columnCount, contentHeight(rows: rows + 1) <= height { rows += 1 }
        return rows * columnCount
    }

    // MARK: Hit testing

    /// The index of the item whose frame contains `point`, or `nil` for a point in a gap, an inset,
    /// past the last item or not finite; O(1).
    ///
    /// Where rounding makes neighbouring frames overlap by a hair, the later item wins, as the subview
    /// added last is on top in UIKit; this keeps every frame's origin hitting its own item.
    public func index(at point: Point) -> Int? {
        guard point.isFinite, itemCount > 0,
            let rows = Self.candidates(around: point.y, origin: firstRowY, pitch: rowPitch, count: rowCount),
            let columns = Self.candidates(
                around: point.x, origin: firstColumnX, pitch: columnPitch, count: columnCount)
        else { return nil }
        for row in rows.reversed() {
            let top = rowY(row)
            guard point.y >= top, point.y < top + itemSize.height else { continue }
            for column in columns.reversed() {
                let left = columnX(column)
                // row < rowCount, so row * columnCount <= itemCount - 1 cannot overflow.
                guard point.x >= left, point.x < left + itemSize.width, column < itemCount - row * columnCount
                else { continue }
                return row * columnCount + column
            }
        }
        return nil
    }

    /// The indices of the items whose frames intersect `rect`, in row-major order, without visiting any
    /// other item: O(1) to compute and O(visible) to walk.
    ///
    /// A rectangle with a `NaN` edge finds nothing. Infinite edges are fine (a rectangle with infinite
    /// width and height finds every item below and to the right of its origin), because the estimates are
    /// clamped before they become integers.
    public func indices(in rect: Rect) -> GridIndices {
        let (left, right, top, bottom) = (rect.minX, rect.maxX, rect.minY, rect.maxY)
        guard itemCount > 0, !left.isNaN, !right.isNaN, !top.isNaN, !bottom.isNaN else { return .empty }
        let columns = Self.slots(
            intersecting: left, right, origin: firstColumnX, pitch: columnPitch, extent: itemSize.width,
            count: columnCount)
        var rows = Self.slots(
            intersecting: top, bottom, origin: firstRowY, pitch: rowPitch, extent: itemSize.height, count: rowCount)
        guard !columns.isEmpty, !rows.isEmpty else { return .empty }

        var lastRowEnd = columns.upperBound
        if rows.upperBound == rowCount {
            let itemsInLastRow = itemCount - (rowCount - 1) * columnCount
            lastRowEnd = min(columns.upperBound, itemsInLastRow)
            if lastRowEnd <= columns.lowerBound {
                // The rectangle only covers the empty part of the last row.
                rows = rows.lowerBound..<(rows.upperBound - 1)
                lastRowEnd = columns.upperBound
                if rows.isEmpty { return .empty }
            }
        }
        return GridIndices(rows: rows, columns: columns, columnCount: columnCount, lastRowColumnEnd: lastRowEnd)
    }

    // MARK: Arithmetic

    var columnPitch: Double { itemSize.width + itemSpacing }
    var rowPitch: Double { itemSize.height + lineSpacing }

    func columnX(_ column: Int) -> Double { firstColumnX + Double(column) * columnPitch }
    func rowY(_ row: Int) -> Double { firstRowY + Double(row) * rowPitch }

    /// The content height of `rows` rows; zero rows keep only the insets and `startY`.
    func contentHeight(rows: Int) -> Double {
        let insets = configuration.insets
        guard rows > 0 else { return insets.top + configuration.startY + insets.bottom }
        return rowY(rows - 1) + itemSize.height + trailingLineGap + insets.bottom
    }

    /// The slots in `0..<count` that may contain `value`: the estimate and its neighbours, since the
    /// division can land one off either way at an edge. The caller tests each with the exact expression
    /// ``frame(at:)`` uses.
    static func candidates(around value: Double, origin: Double, pitch: Double, count: Int) -> ClosedRange<Int>? {
        let estimate = ((value - origin) / pitch).rounded(.down)
        guard estimate > -2, estimate < Double(count) + 1 else { return nil }
        let guess = Int(estimate)
        // guess is in -1...count and count >= 1, so the bounds are ordered.
        return max(0, guess - 1)...min(count - 1, guess + 1)
    }

    /// The slots in `0..<count` whose span `[start, start + extent)` overlaps the open interval
    /// `(low, high)` the way ``Rect/intersects(_:)`` decides it.
    static func slots(
        intersecting low: Double, _ high: Double, origin: Double, pitch: Double, extent: Double, count: Int
    ) -> Range<Int> {
        func start(_ slot: Int) -> Double { origin + Double(slot) * pitch }
        // "ends after low" holds for a suffix of the slots and "starts before high" for a prefix; the
        // answer is where they overlap. Estimate both boundaries, then correct the rounding exactly.
        var first = clamp(((low - origin - extent) / pitch).rounded(.down) + 1, to: count)
        while first > 0, start(first - 1) + extent > low { first -= 1 }
        while first < count, !(start(first) + extent > low) { first += 1 }
        var end = clamp(((high - origin) / pitch).rounded(.up), to: count)
        while end < count, start(end) < high { end += 1 }
        while end > 0, !(start(end - 1) < high) { end -= 1 }
        return first < end ? first..<end : first..<first
    }

    /// `value` as an `Int` in `0...upper`, without trapping on infinities or huge values.
    static func clamp(_ value: Double, to upper: Int) -> Int {
        if value.isNaN || value <= 0 { return 0 }
        if value >= Double(upper) { return upper }
        return Int(value)
    }

    // MARK: Validation

    private static func minimumGap(of spacing: GridConfiguration.ItemSpacing) throws(GridLayoutError) -> Double {
        switch spacing {
        case .spaceAround, .spaceBetween:
            return 0
        case .fixed(let gap), .flow(minimum: let gap):
            guard gap.isFinite, gap >= 0 else { throw .invalidItemSpacing(gap) }
            return gap
        }
    }

    private static func validate(_ spacing: GridConfiguration.LineSpacing) throws(GridLayoutError) {
        switch spacing {
        case .between(let gap), .around(let gap):
            guard gap.isFinite, gap >= 0 else { throw .invalidLineSpacing(gap) }
        case .matchingItemSpacing:
            break
        }
    }

    private static func columnCount(
        of columns: GridConfiguration.Columns, itemSize: GridConfiguration.ItemSize, minimumGap: Double,
        available: Double
    ) throws(GridLayoutError) -> Int {
        var fixedWidth = 0.0
        switch itemSize {
        case .fixed(let size):
            guard size.isPositiveAndFinite else { throw .invalidItemSize(size) }
            fixedWidth = size.width
        case .aspectRatio(let ratio):
            guard ratio.isFinite, ratio > 0 else { throw .invalidAspectRatio(ratio) }
        }
        switch columns {
        case .fixed(let count):
            guard count >= 1 else { throw .invalidColumnCount(count) }
            return count
        case .adaptive(let minimumWidth):
            guard minimumWidth.isFinite, minimumWidth > 0 else { throw .invalidMinimumItemWidth(minimumWidth) }
            // A fixed item wider than the minimum decides how many fit; the minimum never shrinks it.
            let width = max(minimumWidth, fixedWidth)
            let fitting = ((available + minimumGap) / (width + minimumGap)).rounded(.down)
            // Cap far below Int.max so later products such as rows × columns stay representable.
            return max(1, clamp(fitting, to: Int(Int32.max)))
        }
    }
}
