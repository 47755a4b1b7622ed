/// Why a ``GridConfiguration`` cannot be laid out in a container.
///
/// Each case keeps the offending numbers so that the message says what to change; a grid never
/// divides by zero or produces `NaN` frames instead.
public enum GridLayoutError: Error, Sendable, Hashable {
    /// The container width is zero, negative, `NaN` or infinite.
    case invalidContainerWidth(Double)
    /// The insets contain `NaN` or an infinity.
    case invalidInsets(Insets)
    /// The insets leave no positive width for items.
    case noAvailableWidth(containerWidth: Double, insets: Insets)
    /// `startY` is `NaN` or infinite.
    case invalidStartY(Double)
    /// A fixed column count below one.
    case invalidColumnCount(Int)
    /// An adaptive minimum item width that is not positive and finite.
    case invalidMinimumItemWidth(Double)
    /// A fixed item size whose width or height is not positive and finite.
    case invalidItemSize(Size)
    /// A width-to-height ratio that is not positive and finite.
    case invalidAspectRatio(Double)
    /// A fixed or minimum item spacing that is negative, `NaN` or infinite.
    case invalidItemSpacing(Double)
    /// A line spacing that is negative, `NaN` or infinite.
    case invalidLineSpacing(Double)
    /// A negative item count.
    case negativeItemCount(Int)
    /// The requested columns, with their minimum gaps, are wider than the available width.
    case columnsDoNotFit(columns: Int, requiredWidth: Double, availableWidth: Double)
    /// The derived item width or height is not positive and finite, for example an aspect ratio so
    /// extreme that the height underflows to zero.
    case degenerateItemSize(Size)
}

extension GridLayoutError: CustomStringConvertible {
    /// A sentence that names the bad value and what would be accepted.
    public var description: String {
        switch self {
        case .invalidContainerWidth(let width):
            return "Container width \(width) must be positive and finite."
        case .invalidInsets(let insets):
            return "Insets \(insets) must all be finite."
        case .noAvailableWidth(let width, let insets):
            return "Insets left \(insets.left) and right \(insets.right) leave no room in a container \(width) wide."
        case .invalidStartY(let startY):
            return "startY \(startY) must be finite."
        case .invalidColumnCount(let count):
            return "Column count \(count) must be at least 1."
        case .invalidMinimumItemWidth(let width):
            return "Minimum item width \(width) must be positive and finite."
        case .invalidItemSize(let size):
            return "Item size \(size) must be positive and finite in both dimensions."
        case .invalidAspectRatio(let ratio):
            return "Aspect ratio \(ratio) (width / height) must be positive and finite."
        case .invalidItemSpacing(let spacing):
            return "Item spacing \(spacing) must be zero or positive and finite."
        case .invalidLineSpacing(let spacing):
            return "Line spacing \(spacing) must be zero or positive and finite."
        case .negativeItemCount(let count):
            return "Item count \(count) must not be negative."
        case .columnsDoNotFit(let columns, let required, let available):
            return "\(columns) column(s) need \(required) points but only \(available) are available."
        case .degenerateItemSize(let size):
            return "The derived item size \(size) is not positive and finite."
        }
    }
}
