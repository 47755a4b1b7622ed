/// A rectangle given by its top-left origin and its size, the unit every layout in this module returns.
public struct Rect: Sendable, Hashable, Codable {
    /// The top-left corner.
    public var origin: Point
    /// The extents, measured right and down from ``origin``.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from the four numbers of UIKit's `CGRectMake`, so seed code reads the same.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The horizontal extent.
    public var width: Double { size.width }
    /// The vertical extent.
    public var height: Double { size.height }

    /// Whether the origin and the size are all finite; queries treat other rectangles as empty.
    public var isFinite: Bool { origin.isFinite && size.width.isFinite && size.height.isFinite }

    /// Whether `point` lies inside, counting the top and left edges but not the bottom and right ones.
    ///
    /// The half-open rule means a point on the boundary between two touching tiles belongs to exactly
    /// one of them, which is what hit-testing a grid needs.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether the two rectangles share interior area; rectangles that only touch do not intersect.
    ///
    /// A zero-width or zero-height rectangle still intersects a rectangle whose interior it crosses,
    /// so a thin visible strip finds the tiles under it.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The rectangle shrunk by `insets` on each side (grown where an inset is negative).
    public func inset(by insets: Insets) -> Rect {
        Rect(
            x: minX + insets.left,
            y: minY + insets.top,
            width: width - insets.left - insets.right,
            height: height - insets.top - insets.bottom
        )
    }
}

extension Rect: CustomStringConvertible {
    /// The rectangle as `(x, y, width, height)`, in `CGRectMake`'s argument order.
    public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}
