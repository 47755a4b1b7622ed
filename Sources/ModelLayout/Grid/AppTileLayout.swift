/// The inside of seed 000's app tile: an icon, the app's name under it and a Download button.
///
/// The seed hard-codes `(0, 0, w, 50)`, `(0, 50, w, 20)` and `(15, 70, w − 30, 20)` for its 80×90 tile.
/// Keeping the numbers as properties lets the same tile be drawn at other sizes, while the defaults
/// reproduce the seed exactly.
public struct AppTileLayout: Sendable, Hashable, Codable {
    /// The frames of a tile's three parts, in the tile's own coordinates.
    public struct Frames: Sendable, Hashable, Codable {
        /// The icon, across the full width at the top.
        public var icon: Rect
        /// The name label, directly under the icon.
        public var label: Rect
        /// The Download button, under the label and inset from both sides.
        public var button: Rect

        /// Creates the three frames.
        public init(icon: Rect, label: Rect, button: Rect) {
            self.icon = icon
            self.label = label
            self.button = button
        }
    }

    /// The icon's height; the seed's 50.
    public var iconHeight: Double
    /// The label's height; the seed's 20.
    public var labelHeight: Double
    /// The button's distance from each side of the tile; the seed's 15.
    public var buttonHorizontalInset: Double
    /// The button's height; the seed's 20.
    public var buttonHeight: Double

    /// Creates a tile layout; the defaults are seed 000's numbers.
    public init(
        iconHeight: Double = 50, labelHeight: Double = 20, buttonHorizontalInset: Double = 15,
        buttonHeight: Double = 20
    ) {
        self.iconHeight = iconHeight
        self.labelHeight = labelHeight
        self.buttonHorizontalInset = buttonHorizontalInset
        self.buttonHeight = buttonHeight
    }

    /// The frames of the parts of a tile `size` big.
    ///
    /// Widths never go negative (a tile narrower than twice the button inset gets a zero-width
    /// button) and a `NaN` or negative number counts as zero, so a bad size gives empty frames rather
    /// than garbage.
    public func frames(in size: Size) -> Frames {
        let width = Self.nonNegative(size.width)
        let iconHeight = Self.nonNegative(iconHeight)
        let labelHeight = Self.nonNegative(labelHeight)
        let inset = Self.nonNegative(buttonHorizontalInset)
        return Frames(
            icon: Rect(x: 0, y: 0, width: width, height: iconHeight),
            label: Rect(x: 0, y: iconHeight, width: width, height: labelHeight),
            button: Rect(
                x: inset, y: iconHeight + labelHeight, width: max(0, width - 2 * inset),
                height: Self.nonNegative(buttonHeight))
        )
    }

    static func nonNegative(_ value: Double) -> Double {
        value.isNaN ? 0 : max(0, value)
    }
}
