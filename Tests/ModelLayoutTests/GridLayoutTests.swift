import ModelLayout
import Testing

/// Seed 000's rules: `totalCol = 3`, `viewW = 80`, `viewH = 90`, `marginY = 10`, `startY = 20`.
let seed000Rules = GridConfiguration(
    columns: .fixed(3),
    itemSize: .fixed(Size(width: 80, height: 90)),
    itemSpacing: .spaceAround,
    lineSpacing: .around(10),
    startY: 20
)

/// Seed 001's rules: `clos = 3`, `W = 60`, `H = 70`, one `margin` for both directions.
let seed001Rules = GridConfiguration(
    columns: .fixed(3),
    itemSize: .fixed(Size(width: 60, height: 70)),
    itemSpacing: .spaceBetween,
    lineSpacing: .matchingItemSpacing
)

@Suite("Grid layout")
struct GridLayoutTests {
    // MARK: Seeds

    @Test("Seed 000: app tiles follow the seed's loop in a 320- and a 375-point view", arguments: [320.0, 375.0])
    func seed000MatchesTheSeedsLoop(viewWidth: Double) throws {
        let grid = try GridLayout(configuration: seed000Rules, containerWidth: viewWidth, itemCount: 12)
        // The seed's viewDidLoad, transcribed.
        let totalCol = 3
        let viewW = 80.0
        let viewH = 90.0
        let marginX = (viewWidth - Double(totalCol) * viewW) / Double(totalCol + 1)
        let marginY = 10.0
        let startY = 20.0
        for i in 0..<12 {
            let row = i / totalCol
            let col = i % totalCol
            let x = marginX + (viewW + marginX) * Double(col)
            let y = startY + marginY + (viewH + marginY) * Double(row)
            #expect(grid.frame(at: i) == Rect(x: x, y: y, width: viewW, height: viewH), "tile \(i)")
        }
        #expect(grid.columnCount == 3)
        #expect(grid.itemSpacing == marginX)
    }

    @Test("Seed 000: hand-computed frames in a 320-point view (marginX 20)")
    func seed000At320() throws {
        let grid = try GridLayout(configuration: seed000Rules, containerWidth: 320, itemCount: 12)
        #expect(grid.frame(at: 0) == Rect(x: 20, y: 30, width: 80, height: 90))
        #expect(grid.frame(at: 2) == Rect(x: 220, y: 30, width: 80, height: 90))
        #expect(grid.frame(at: 4) == Rect(x: 120, y: 130, width: 80, height: 90))
        #expect(grid.frame(at: 11) == Rect(x: 220, y: 330, width: 80, height: 90))
        // Four rows, a marginY gap below the last as above the first.
        #expect(grid.contentSize == Size(width: 320, height: 430))
    }

    @Test("Seed 000: hand-computed frames in a 375-point view (marginX 33.75)")
    func seed000At375() throws {
        let grid = try GridLayout(configuration: seed000Rules, containerWidth: 375, itemCount: 12)
        #expect(grid.itemSpacing == 33.75)
        #expect(grid.frame(at: 0) == Rect(x: 33.75, y: 30, width: 80, height: 90))
        #expect(grid.frame(at: 1) == Rect(x: 147.5, y: 30, width: 80, height: 90))
        #expect(grid.frame(at: 5) == Rect(x: 261.25, y: 130, width: 80, height: 90))
        #expect(grid.frame(at: 12) == nil)
    }

    @Test("Seed 001: books follow the seed's space-between formula")
    func seed001MatchesTheSeedsFormula() throws {
        let shopWidth = 240.0
        let grid = try GridLayout(configuration: seed001Rules, containerWidth: shopWidth, itemCount: 9)
        let clos = 3
        let w = 60.0
        let h = 70.0
        let margin = (shopWidth - Double(clos) * w) / Double(clos - 1)
        for index in 0..<9 {
            let x = Double(index % clos) * (w + margin)
            let y = Double(index / clos) * (h + margin)
            #expect(grid.frame(at: index) == Rect(x: x, y: y, width: w, height: h), "book \(index)")
        }
        // By hand: margin 30, so columns at 0, 90, 180 and rows at 0, 100, 200.
        #expect(grid.frame(at: 5) == Rect(x: 180, y: 100, width: 60, height: 70))
        #expect(grid.frame(at: 8)?.maxX == shopWidth)
    }

    @Test("Seed 001: the nine-cell cart is full at nine books")
    func seed001CartCapacity() throws {
        var cart = try GridLayout(configuration: seed001Rules, containerWidth: 240, itemCount: 0)
        let shopHeight = 270.0  // three rows: 70 + 30 + 70 + 30 + 70
        let capacity = cart.capacity(forHeight: shopHeight)
        #expect(capacity == 9)
        #expect(cart.capacity(forHeight: 269.5) == 6)
        #expect(cart.capacity(forHeight: 69) == 0)
        // Add books until the add button would be disabled.
        while cart.itemCount < capacity {
            cart = try cart.withItemCount(cart.itemCount + 1)
            #expect(cart.contentSize.height <= shopHeight)
        }
        #expect(cart.frame(at: 8) == Rect(x: 180, y: 200, width: 60, height: 70))
        // Removing one makes room again.
        cart = try cart.withItemCount(cart.itemCount - 1)
        #expect(cart.itemCount < capacity)
    }

    // MARK: Spacing strategies

    @Test("Space-between with one column centres it instead of dividing by zero")
    func spaceBetweenSingleColumn() throws {
        var rules = seed001Rules
        rules.columns = .fixed(1)
        let grid = try GridLayout(configuration: rules, containerWidth: 100, itemCount: 2)
        #expect(grid.itemSpacing == 0)
        #expect(grid.frame(at: 0) == Rect(x: 20, y: 0, width: 60, height: 70))
        #expect(grid.frame(at: 1) == Rect(x: 20, y: 70, width: 60, height: 70))
    }

    @Test("Fixed spacing packs items from the leading inset")
    func fixedSpacing() throws {
        let rules = GridConfiguration(
            columns: .fixed(3), itemSize: .fixed(Size(width: 50, height: 40)), itemSpacing: .fixed(8),
            lineSpacing: .between(6), insets: Insets(top: 4, left: 12, bottom: 2, right: 12))
        let grid = try GridLayout(configuration: rules, containerWidth: 400, itemCount: 5)
        #expect(grid.frame(at: 0) == Rect(x: 12, y: 4, width: 50, height: 40))
        #expect(grid.frame(at: 2) == Rect(x: 12 + 2 * 58, y: 4, width: 50, height: 40))
        #expect(grid.frame(at: 4) == Rect(x: 12 + 58, y: 4 + 46, width: 50, height: 40))
        #expect(grid.contentSize == Size(width: 400, height: 4 + 40 + 6 + 40 + 2))
    }

    @Test("Flow spacing fits as many columns as the minimum gap allows and spreads the rest")
    func flowSpacing() throws {
        let rules = GridConfiguration(
            columns: .adaptive(minimumItemWidth: 80), itemSize: .fixed(Size(width: 80, height: 80)),
            itemSpacing: .flow(minimum: 10), lineSpacing: .matchingItemSpacing)
        let grid = try GridLayout(configuration: rules, containerWidth: 320, itemCount: 4)
        // (320 + 10) / (80 + 10) = 3.67 → 3 columns; leftover 80 split into 2 gaps of 40.
        #expect(grid.columnCount == 3)
        #expect(grid.itemSpacing == 40)
        #expect(grid.frame(at: 2) == Rect(x: 240, y: 0, width: 80, height: 80))
        #expect(grid.frame(at: 3) == Rect(x: 0, y: 120, width: 80, height: 80))
        // A lone column is centred, as UICollectionViewFlowLayout does.
        let narrow = try GridLayout(configuration: rules, containerWidth: 100, itemCount: 1)
        #expect(narrow.columnCount == 1)
        #expect(narrow.frame(at: 0) == Rect(x: 10, y: 0, width: 80, height: 80))
    }

    @Test("Adaptive columns with an aspect ratio fill the width")
    func adaptiveAspectRatio() throws {
        let rules = GridConfiguration(
            columns: .adaptive(minimumItemWidth: 100), itemSize: .aspectRatio(2), itemSpacing: .fixed(10),
            lineSpacing: .between(10))
        let phone = try GridLayout(configuration: rules, containerWidth: 375, itemCount: 7)
        // (375 + 10) / (100 + 10) = 3.5 → 3 columns of (375 − 20) / 3.
        let width = (375.0 - 20) / 3
        #expect(phone.columnCount == 3)
        #expect(phone.itemSize == Size(width: width, height: width / 2))
        #expect(phone.frame(at: 2)?.minX == 2 * (width + 10))
        let lastMaxX = try #require(phone.frame(at: 2)).maxX
        #expect(abs(lastMaxX - 375) < 1e-9)
        let tablet = try GridLayout(configuration: rules, containerWidth: 1024, itemCount: 7)
        #expect(tablet.columnCount == 9)
        // Narrower than the minimum still gives one column, shrunk to fit.
        let tiny = try GridLayout(configuration: rules, containerWidth: 60, itemCount: 1)
        #expect(tiny.columnCount == 1)
        #expect(tiny.itemSize == Size(width: 60, height: 30))
    }

    @Test("Adaptive columns never shrink a fixed item below its own width")
    func adaptiveWithFixedSize() throws {
        let rules = GridConfiguration(
            columns: .adaptive(minimumItemWidth: 10), itemSize: .fixed(Size(width: 80, height: 90)))
        let grid = try GridLayout(configuration: rules, containerWidth: 320, itemCount: 0)
        #expect(grid.columnCount == 4)
        #expect(grid.itemSpacing == 0)
    }

    @Test("Insets and startY offset the seed's grid")
    func insetsAndStartY() throws {
        var rules = seed000Rules
        rules.insets = Insets(top: 5, left: 10, bottom: 7, right: 10)
        let grid = try GridLayout(configuration: rules, containerWidth: 340, itemCount: 3)
        // The available 320 points behave like seed 000's view, shifted by the insets.
        #expect(grid.frame(at: 1) == Rect(x: 130, y: 35, width: 80, height: 90))
        #expect(grid.contentSize.height == 5 + 20 + 10 + 90 + 10 + 7)
    }

    @Test("An empty grid keeps only its insets and startY")
    func emptyGrid() throws {
        let grid = try GridLayout(configuration: seed000Rules, containerWidth: 320, itemCount: 0)
        #expect(grid.rowCount == 0)
        #expect(grid.contentSize == Size(width: 320, height: 20))
        #expect(grid.frame(at: 0) == nil)
        #expect(grid.indices(in: Rect(x: 0, y: 0, width: 320, height: 1000)).isEmpty)
        #expect(grid.index(at: Point(x: 50, y: 50)) == nil)
    }

    // MARK: Queries

    @Test("index(at:) finds the tile under a point and nothing in the gaps")
    func hitTesting() throws {
        let grid = try GridLayout(configuration: seed000Rules, containerWidth: 320, itemCount: 8)
        #expect(grid.index(at: Point(x: 20, y: 30)) == 0)
        #expect(grid.index(at: Point(x: 150, y: 200)) == 4)
        #expect(grid.index(at: Point(x: 10, y: 30)) == nil)  // left margin
        #expect(grid.index(at: Point(x: 100, y: 30)) == nil)  // right edge of tile 0 is outside it
        #expect(grid.index(at: Point(x: 50, y: 125)) == nil)  // between rows
        #expect(grid.index(at: Point(x: 250, y: 250)) == nil)  // tile 8 does not exist
        #expect(grid.index(at: Point(x: .nan, y: 50)) == nil)
        #expect(grid.index(at: Point(x: 50, y: .infinity)) == nil)
    }

    @Test("indices(in:) returns the visible block in row-major order")
    func visibleIndices() throws {
        let grid = try GridLayout(configuration: seed000Rules, containerWidth: 320, itemCount: 10)
        // Rows 1 and 2 (y 130..<320), columns 1 and 2 (x 120..<300).
        let visible = grid.indices(in: Rect(x: 110, y: 125, width: 150, height: 150))
        #expect(Array(visible) == [4, 5, 7, 8])
        #expect(visible.rows == 1..<3)
        #expect(visible.columns == 1..<3)
        #expect(visible.containsItem(7))
        #expect(!visible.containsItem(6))
        // The last row holds only item 9, in column 0.
        #expect(Array(grid.indices(in: Rect(x: 0, y: 300, width: 320, height: 200))) == [6, 7, 8, 9])
        #expect(grid.indices(in: Rect(x: 120, y: 330, width: 200, height: 100)).isEmpty)
        #expect(grid.indices(in: Rect(x: .nan, y: 0, width: 10, height: 10)).isEmpty)
        #expect(grid.indices(in: Rect(x: 0, y: 0, width: .infinity, height: .infinity)).count == 10)
    }

    @Test("A million-item grid answers in O(1) and O(visible)")
    func hugeGrid() throws {
        let grid = try GridLayout(configuration: seed000Rules, containerWidth: 320, itemCount: 1_000_000)
        let last = try #require(grid.frame(at: 999_999))
        #expect(last.minY == 30 + 100 * 333_333)
        #expect(grid.index(at: Point(x: last.minX + 1, y: last.minY + 1)) == 999_999)
        let screen = Rect(x: 0, y: last.minY - 500, width: 320, height: 568)
        let visible = grid.indices(in: screen)
        #expect(visible.count == 16)
        #expect(visible.last == 999_999)
    }

    @Test("Counts near Int.max neither overflow nor trap")
    func extremeCounts() throws {
        let grid = try GridLayout(configuration: seed000Rules, containerWidth: 320, itemCount: Int.max)
        #expect(grid.rowCount == Int.max / 3 + 1)
        #expect(grid.frame(at: Int.max - 1) != nil)
        #expect(grid.capacity(forHeight: .infinity) == Int.max)
        #expect(grid.capacity(forHeight: 1e300) == Int.max)
        let everything = grid.indices(in: Rect(x: 0, y: 0, width: 320, height: 1e300))
        #expect(everything.count > 0)
    }

    @Test("capacity(forHeight:) handles NaN, negative and infinite heights")
    func capacityEdges() throws {
        let grid = try GridLayout(configuration: seed000Rules, containerWidth: 320, itemCount: 0)
        #expect(grid.capacity(forHeight: .nan) == 0)
        #expect(grid.capacity(forHeight: -10) == 0)
        #expect(grid.capacity(forHeight: 129) == 0)  // 20 + 10 + 90 + 10 is the first full row
        #expect(grid.capacity(forHeight: 130) == 3)
        #expect(grid.capacity(forHeight: .infinity) == Int.max)
    }
}
