import Hummingbird

/// A refused request as the page a person sees: the status, a sentence saying what went wrong, and a
/// link back to where they were (the table, the list, the quiz), not only to the home page.
struct PageError: HTTPResponseError, Sendable, Hashable {
    /// The status sent with the page.
    var status: HTTPResponse.Status
    /// What went wrong, in a sentence a person can act on.
    var message: String
    /// Where the page's link leads.
    var back: PageLink

    /// An error with `status`, `message` and a way `back`.
    init(_ status: HTTPResponse.Status, _ message: String, back: PageLink) {
        self.status = status
        self.message = message
        self.back = back
    }

    /// The ``ErrorPage`` for this error.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        ErrorPage.page(status: status, message: message, back: back).response(from: request, context: context)
    }
}
