/// Distances kept clear inside each edge of a container, as UIKit's `UIEdgeInsets`.
public struct Insets: Sendable, Hashable, Codable {
    /// The distance below the top edge.
    public var top: Double
    /// The distance inside the left edge.
    public var left: Double
    /// The distance above the bottom edge.
    public var bottom: Double
    /// The distance inside the right edge.
    public var right: Double

    /// Creates insets in UIKit's `UIEdgeInsetsMake` order: top, left, bottom, right.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Creates insets that are the same on all four edges.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// No insets, the seeds' layouts.
    public static let zero = Insets()

    /// The width the insets take away from a container.
    public var horizontal: Double { left + right }
    /// The height the insets take away from a container.
    public var vertical: Double { top + bottom }

    /// Whether all four distances are finite; a grid rejects any other insets.
    public var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}
