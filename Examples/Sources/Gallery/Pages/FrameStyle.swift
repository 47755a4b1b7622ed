import ModelLayout

/// How a layout's frame becomes CSS: absolute position and size in points (CSS pixels), so the
/// browser draws each view exactly where ``GridLayout`` or a tile layout put it, as UIKit would.
enum FrameStyle {
    /// `frame` as the value of a `style` attribute, for an element inside a positioned container.
    static func css(_ frame: Rect) -> HTML {
        "left:\(points: frame.minX);top:\(points: frame.minY);width:\(points: frame.width);height:\(points: frame.height)"
    }
}
