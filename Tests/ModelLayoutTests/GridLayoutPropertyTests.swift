import ModelLayout
import PropertyBased
import Testing

/// Builds a grid from generated numbers, covering every column, size and spacing rule.
private func makeGrid(
    shape: (Int, Int, Double, Double, Double), spacing: (Int, Double, Int, Double, Double), width: Double, count: Int
) -> GridLayout? {
    let (columnRule, columnCount, itemWidth, itemHeight, minimumWidth) = shape
    let (spacingRule, gap, lineRule, lineGap, inset) = spacing
    let columns: GridConfiguration.Columns =
        columnRule == 0 ? .fixed(columnCount) : .adaptive(minimumItemWidth: minimumWidth)
    let size: GridConfiguration.ItemSize =
        columnRule == 2 ? .aspectRatio(itemWidth / itemHeight) : .fixed(Size(width: itemWidth, height: itemHeight))
    let itemSpacing: [GridConfiguration.ItemSpacing] = [.spaceAround, .spaceBetween, .fixed(gap), .flow(minimum: gap)]
    let lineSpacing: [GridConfiguration.LineSpacing] = [.between(lineGap), .around(lineGap), .matchingItemSpacing]
    let rules = GridConfiguration(
        columns: columns, itemSize: size, itemSpacing: itemSpacing[spacingRule], lineSpacing: lineSpacing[lineRule],
        insets: Insets(top: inset, left: inset, bottom: inset / 2, right: inset / 3), startY: inset * 2)
    return try? GridLayout(configuration: rules, containerWidth: width, itemCount: count)
}

private let shapes = zip(
    Gen.int(in: 0...2), Gen.int(in: 1...5), Gen.double(in: 5...90), Gen.double(in: 5...90), Gen.double(in: 5...120))
private let spacings = zip(
    Gen.int(in: 0...3), Gen.double(in: 0...12), Gen.int(in: 0...2), Gen.double(in: 0...12), Gen.double(in: 0...30))
private let rects = zip(
    Gen.double(in: -100...700), Gen.double(in: -100...1500), Gen.double(in: 0...400), Gen.double(in: 0...600))

@Suite("Grid layout: properties")
struct GridLayoutPropertyTests {
    @Test("indices(in:) equals a brute-force scan of every frame")
    func visibleIndicesMatchBruteForce() async {
        await propertyCheck(
            count: 300, input: shapes, spacings, Gen.double(in: 480...800), Gen.int(in: 0...40), rects
        ) { shape, spacing, width, count, rect in
            guard let grid = makeGrid(shape: shape, spacing: spacing, width: width, count: count) else { return }
            let query = Rect(x: rect.0, y: rect.1, width: rect.2, height: rect.3)
            let expected = (0..<count).filter { grid.frame(at: $0)!.intersects(query) }
            let visible = grid.indices(in: query)
            #expect(Array(visible) == expected)
            #expect(visible.count == expected.count)
            for index in [-1, 0, count / 2, count - 1, count] {
                #expect(visible.containsItem(index) == expected.contains(index))
            }
        }
    }

    @Test("index(at:) equals a brute-force scan (the topmost, last frame wins), and finds every origin")
    func hitTestMatchesBruteForce() async {
        await propertyCheck(
            count: 300, input: shapes, spacings, Gen.double(in: 480...800), Gen.int(in: 0...40), rects
        ) { shape, spacing, width, count, rect in
            guard let grid = makeGrid(shape: shape, spacing: spacing, width: width, count: count) else { return }
            let point = Point(x: rect.0, y: rect.1)
            #expect(grid.index(at: point) == (0..<count).last { grid.frame(at: $0)!.contains(point) })
            for index in 0..<count {
                #expect(grid.index(at: grid.frame(at: index)!.origin) == index)
            }
        }
    }

    @Test("Frames stay inside the insets and never overlap their neighbours")
    func framesAreWellFormed() async {
        await propertyCheck(
            count: 300, input: shapes, spacings, Gen.double(in: 480...800), Gen.int(in: 1...40)
        ) { shape, spacing, width, count in
            guard let grid = makeGrid(shape: shape, spacing: spacing, width: width, count: count) else { return }
            let insets = grid.configuration.insets
            let tolerance = 1e-9 * width
            for index in 0..<count {
                let frame = grid.frame(at: index)!
                #expect(frame.minX >= insets.left - tolerance)
                #expect(frame.maxX <= width - insets.right + tolerance)
                #expect(frame.maxY <= grid.contentSize.height - insets.bottom + tolerance)
                if index % grid.columnCount > 0 {
                    #expect(frame.minX >= grid.frame(at: index - 1)!.maxX - tolerance)
                }
                if index >= grid.columnCount {
                    #expect(frame.minY >= grid.frame(at: index - grid.columnCount)!.maxY - tolerance)
                }
            }
        }
    }

    @Test("capacity(forHeight:) is the largest whole-row count whose content fits")
    func capacityIsTight() async {
        await propertyCheck(
            count: 300, input: shapes, spacings, Gen.double(in: 480...800), Gen.double(in: -10...1200)
        ) { shape, spacing, width, height throws in
            guard let grid = makeGrid(shape: shape, spacing: spacing, width: width, count: 0) else { return }
            let capacity = grid.capacity(forHeight: height)
            #expect(capacity % grid.columnCount == 0)
            if capacity > 0 {
                #expect(try grid.withItemCount(capacity).contentSize.height <= height)
            }
            #expect(try grid.withItemCount(capacity + grid.columnCount).contentSize.height > height)
        }
    }
}
