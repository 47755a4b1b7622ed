import Hummingbird

/// The page shown when a request is refused or fails: the status, what went wrong in a sentence, and
/// a way back to the page the person came from, instead of a bare status code or a JSON body.
enum ErrorPage {
    /// The page for `status` with `message`, or a standard sentence when there is none, linking to `back`.
    static func page(status: HTTPResponse.Status, message: String?, back: PageLink = .home) -> Page {
        let explanation = message ?? standardMessage(for: status)
        return Page(
            title: "\(status.code) \(status.reasonPhrase)",
            status: status,
            styleClass: "error-page",
            body: """
                <p class="error-message">\(explanation)</p>
                <p>Nothing was changed. \(back.html)</p>
                """)
    }

    /// A sentence for an error that came without one, such as a page that does not exist.
    static func standardMessage(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: return "There is no such page here. The address may be mistyped, or the thing it named is gone."
        case .contentTooLarge: return "The form sent more than this server reads."
        case .badRequest: return "The request could not be understood."
        default: return "The request could not be completed."
        }
    }
}
