/// The inside of seed 001's `XYBookView`: the cover on top, the title below.
///
/// The seed's `layoutSubviews` gives the icon 70 % of the height and the name the remaining 30 %, so
/// the book keeps its proportions at any tile size instead of the 50-point icon of its first draft.
public struct BookTileLayout: Sendable, Hashable, Codable {
    /// The frames of a book's two parts, in the book view's own coordinates.
    public struct Frames: Sendable, Hashable, Codable {
        /// The cover image.
        public var icon: Rect
        /// The title label.
        public var name: Rect

        /// Creates the two frames.
        public init(icon: Rect, name: Rect) {
            self.icon = icon
            self.name = name
        }
    }

    /// The share of the height given to the icon, clamped to `0...1`; `NaN` falls back to the seed's 0.7.
    public var iconFraction: Double

    /// Creates a book layout; the default is seed 001's 70 % icon.
    public init(iconFraction: Double = 0.7) {
        self.iconFraction = iconFraction
    }

    /// The frames of the parts of a book `size` big; negative or `NaN` extents count as zero.
    public func frames(in size: Size) -> Frames {
        let width = AppTileLayout.nonNegative(size.width)
        let height = AppTileLayout.nonNegative(size.height)
        let fraction = iconFraction.isNaN ? 0.7 : min(1, max(0, iconFraction))
        return Frames(
            icon: Rect(x: 0, y: 0, width: width, height: height * fraction),
            name: Rect(x: 0, y: height * fraction, width: width, height: height * (1 - fraction))
        )
    }
}
