/// A fragment of HTML markup, built by string interpolation that escapes text and keeps markup.
///
/// Every page in the Gallery shows text people typed (checklist names, item texts), so the only way
/// to put a `String` into a page is through interpolation, which escapes it; a fragment of `HTML`
/// interpolated into another is kept as it is. A literal is trusted markup because it is written here,
/// in the source, never taken from a request.
///
/// ```swift
/// let name = "<b>Milk</b>"
/// let row: HTML = "<li>\(name)</li>"   // <li>&lt;b&gt;Milk&lt;/b&gt;</li>
/// ```
struct HTML: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The markup, ready to be sent.
    private(set) var rendered: String

    /// A fragment that is already markup; only for text that comes from this source code.
    init(trusted markup: String) {
        rendered = markup
    }

    /// An empty fragment, for a part of a page that shows nothing.
    static let empty = HTML(trusted: "")

    /// A literal is markup written in the source.
    init(stringLiteral value: String) {
        rendered = value
    }

    /// Builds the fragment from its interpolation.
    init(stringInterpolation: StringInterpolation) {
        rendered = stringInterpolation.rendered
    }

    /// The markup.
    var description: String { rendered }

    /// Joins fragments, as a list's rows are joined into the list.
    static func joined(_ fragments: some Sequence<HTML>, separator: HTML = .empty) -> HTML {
        HTML(trusted: fragments.map(\.rendered).joined(separator: separator.rendered))
    }

    /// `text` with the five characters that HTML gives a meaning escaped, safe in content and in a
    /// quoted attribute value.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// The pieces of an interpolated fragment: literals as markup, values escaped unless they are `HTML`.
    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var rendered = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            rendered.reserveCapacity(literalCapacity + interpolationCount * 8)
        }

        /// A literal part: markup.
        mutating func appendLiteral(_ literal: String) {
            rendered += literal
        }

        /// Text: escaped.
        mutating func appendInterpolation(_ text: String) {
            rendered += HTML.escape(text)
        }

        /// Text from a substring: escaped.
        mutating func appendInterpolation(_ text: Substring) {
            rendered += HTML.escape(String(text))
        }

        /// Markup: kept.
        mutating func appendInterpolation(_ html: HTML) {
            rendered += html.rendered
        }

        /// A whole number.
        mutating func appendInterpolation(_ number: Int) {
            rendered += String(number)
        }

        /// A length for CSS, in points: whole numbers without a trailing `.0`, others with at most two
        /// decimals, so layouts' `Double`s print the way a person would write them.
        mutating func appendInterpolation(points: Double) {
            rendered += CSSLength.points(points)
        }
    }
}

/// The way a layout's `Double` is written into a `style` attribute.
enum CSSLength {
    /// `value` as CSS pixels (a point in the seeds is a CSS pixel): `120px`, `33.33px`, `0px` for
    /// anything not finite so a broken number never breaks the style.
    static func points(_ value: Double) -> String {
        guard value.isFinite else { return "0px" }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return "\(Int(rounded))px" }
        return "\(rounded)px"
    }
}
