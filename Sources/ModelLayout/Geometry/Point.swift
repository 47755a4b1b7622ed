/// A location in a two-dimensional coordinate space whose y axis grows downward, as in UIKit.
///
/// ModelLayout has its own geometry types instead of `CGPoint` so that layouts compute the same
/// numbers on Linux, on the server and on Apple platforms, without importing CoreGraphics.
public struct Point: Sendable, Hashable, Codable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate; larger values are further down.
    public var y: Double

    /// Creates a point from its two coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, where layouts start before insets are applied.
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite; hit-testing treats any other point as outside every item.
    public var isFinite: Bool { x.isFinite && y.isFinite }
}

extension Point: CustomStringConvertible {
    /// The coordinates as `(x, y)`, short enough for test failure messages.
    public var description: String { "(\(x), \(y))" }
}
