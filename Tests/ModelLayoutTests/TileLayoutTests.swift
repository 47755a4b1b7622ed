import ModelLayout
import Testing

@Suite("Tile layouts")
struct TileLayoutTests {
    @Test("Seed 000: the app tile's icon, label and Download button")
    func seed000AppTile() {
        let frames = AppTileLayout().frames(in: Size(width: 80, height: 90))
        #expect(frames.icon == Rect(x: 0, y: 0, width: 80, height: 50))
        #expect(frames.label == Rect(x: 0, y: 50, width: 80, height: 20))
        #expect(frames.button == Rect(x: 15, y: 70, width: 50, height: 20))
    }

    @Test("Seed 000: the tile's parts stack without gaps at any width", arguments: [60.0, 80.0, 120.0])
    func appTileScales(width: Double) {
        let frames = AppTileLayout().frames(in: Size(width: width, height: 90))
        #expect(frames.label.minY == frames.icon.maxY)
        #expect(frames.button.minY == frames.label.maxY)
        #expect(frames.button.width == width - 30)
        #expect(frames.button.midXForTest == width / 2)
    }

    @Test("A tile too narrow for the button's insets gets a zero-width button, and NaN gives empty frames")
    func appTileDegenerate() {
        #expect(AppTileLayout().frames(in: Size(width: 20, height: 90)).button.width == 0)
        let frames = AppTileLayout().frames(in: Size(width: .nan, height: 90))
        #expect(frames.icon.width == 0)
        #expect(frames.button.width == 0)
        let negative = AppTileLayout(iconHeight: -5).frames(in: Size(width: 80, height: 90))
        #expect(negative.icon.height == 0)
        #expect(negative.label.minY == 0)
    }

    @Test("Seed 001: the book view gives the icon 70 % of the height and the name 30 %")
    func seed001BookTile() {
        let frames = BookTileLayout().frames(in: Size(width: 60, height: 70))
        #expect(frames.icon.origin == .zero)
        #expect(frames.icon.width == 60)
        #expect(abs(frames.icon.height - 49) < 1e-9)
        #expect(frames.name.minY == frames.icon.maxY)
        #expect(abs(frames.name.height - 21) < 1e-9)
        #expect(abs(frames.name.maxY - 70) < 1e-9)
    }

    @Test("Book fractions outside 0...1 are clamped and NaN falls back to 70 %")
    func bookTileClamps() {
        let size = Size(width: 60, height: 70)
        #expect(BookTileLayout(iconFraction: 1.5).frames(in: size).name.height == 0)
        #expect(BookTileLayout(iconFraction: -1).frames(in: size).icon.height == 0)
        #expect(BookTileLayout(iconFraction: .nan).frames(in: size) == BookTileLayout().frames(in: size))
        #expect(BookTileLayout().frames(in: Size(width: -3, height: .nan)).icon == .zero)
    }
}

extension Rect {
    fileprivate var midXForTest: Double { minX + width / 2 }
}
