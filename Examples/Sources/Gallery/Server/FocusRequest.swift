import Hummingbird

/// Where a page puts the keyboard focus when it loads: the element that `?focus=` in its address names.
///
/// A form's redirect names the element the person will use next (the new-item field after an add, the
/// row after a toggle), so that after the page loads they type on where they were instead of tabbing
/// back from the top. The page marks `autofocus` on its own element with that id; the value is only
/// compared with the page's ids, never copied into the page.
struct FocusRequest: Sendable, Hashable {
    /// The id the address names, if any.
    var id: String?

    /// The request's `focus` query parameter.
    init(_ request: Request) {
        id = request.uri.queryParameters["focus"].map(String.init)
    }

    /// A request for the element `id`, or for none.
    init(id: String? = nil) {
        self.id = id
    }

    /// No focus asked for: the browser's own start of the page.
    static let none = FocusRequest()

    /// ` autofocus` for the element `elementID` when it is the one asked for, else nothing.
    func attribute(for elementID: String) -> HTML {
        id == elementID ? " autofocus" : .empty
    }

    /// `path` (which may have a query already) with the query that asks its page to focus `elementID`;
    /// ids are the pages' own, made of letters, digits and hyphens, so they need no escaping.
    static func path(_ path: String, focusing elementID: String) -> String {
        "\(path)\(path.contains("?") ? "&" : "?")focus=\(elementID)"
    }

    /// A redirect (303) to `path` that focuses `elementID` there.
    static func redirect(to path: String, focusing elementID: String) -> Response {
        .redirect(to: Self.path(path, focusing: elementID))
    }
}
