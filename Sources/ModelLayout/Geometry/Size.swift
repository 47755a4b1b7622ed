/// A width and a height.
///
/// Sizes are not normalized: a negative width is kept as given so that validation code can reject it
/// with a precise error instead of silently flipping it.
public struct Size: Sendable, Hashable, Codable {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size from its two extents.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size, the content size of a grid with nothing in it and no insets.
    public static let zero = Size(width: 0, height: 0)

    /// Whether both extents are finite and greater than zero, the requirement for a grid item.
    public var isPositiveAndFinite: Bool {
        width.isFinite && height.isFinite && width > 0 && height > 0
    }
}

extension Size: CustomStringConvertible {
    /// The extents as `width×height`, matching how the seeds speak of "80×90 tiles".
    public var description: String { "\(width)×\(height)" }
}
