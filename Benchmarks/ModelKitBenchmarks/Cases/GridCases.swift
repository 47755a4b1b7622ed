import ModelLayout

/// The visible items of a huge grid: a phone screen's rectangle in the middle of ten million items costs
/// what it costs over a thousand, since `indices(in:)` is arithmetic and the walk covers only what is seen.
enum GridCases {
    /// An iPhone-sized screen: 375 points wide, 667 tall.
    static let screen = Size(width: 375, height: 667)

    static var all: [BenchmarkCase] {
        [
            BenchmarkCase(
                name: "grid.indices-in-rect.10M", subject: "GridLayout.indices(in:)",
                baseline: "grid.indices-in-rect.1k"
            ) {
                let large = try grid(itemCount: 10_000_000)
                let small = try grid(itemCount: 1_000)
                try check(large)
                try check(small)
                return .time(subject: visibleItems(of: large), baseline: .routine(visibleItems(of: small)))
            }
        ]
    }

    /// Seed 000's app grid: three 80×90 tiles a row, space around, 10 points between rows.
    private static func grid(itemCount: Int) throws -> GridLayout {
        let configuration = GridConfiguration(
            columns: .fixed(3), itemSize: .fixed(Size(width: 80, height: 90)), itemSpacing: .spaceAround,
            lineSpacing: .around(10), startY: 20)
        return try GridLayout(configuration: configuration, containerWidth: screen.width, itemCount: itemCount)
    }

    /// The screen's rectangle with its middle at the middle of the content.
    private static func middleScreen(of grid: GridLayout) -> Rect {
        Rect(x: 0, y: (grid.contentSize.height - screen.height) / 2, width: screen.width, height: screen.height)
    }

    /// One query and the walk over its result, as a scroll view does per frame. The rectangle moves by up
    /// to 7 points between calls so that no call repeats the one before and none can be hoisted out of the
    /// timing loop.
    private static func visibleItems(of grid: GridLayout) -> Routine {
        let base = middleScreen(of: grid)
        var step = 0
        return {
            step = (step + 1) & 7
            var rect = base
            rect.origin.y += Double(step)
            var sum = 0
            for index in grid.indices(in: rect) { sum &+= index }
            return sum
        }
    }

    /// The query finds a full screen of items, each of whose frames meets the rectangle.
    private static func check(_ grid: GridLayout) throws {
        let rect = middleScreen(of: grid)
        let visible = grid.indices(in: rect)
        let meets = visible.allSatisfy { index in
            guard let frame = grid.frame(at: index) else { return false }
            return frame.minX < rect.maxX && rect.minX < frame.maxX && frame.minY < rect.maxY && rect.minY < frame.maxY
        }
        guard visible.count >= 18, meets else {
            throw BenchmarkFailure("grid of \(grid.itemCount): \(visible.count) visible items, frames meet: \(meets)")
        }
    }
}
