import Hummingbird

/// A number in a page's address (`/checklists/{list}`), read so that anything that names nothing (a
/// word, a number too long to be one) is the caller's 404 page with its way back, never the router's
/// own "cannot be converted" message.
enum AddressIndex {
    /// The parameter `name` as a whole number, or `notFound` thrown.
    static func read(
        _ name: String, from context: some RequestContext, orElse notFound: PageError
    ) throws(PageError) -> Int {
        guard let text = context.parameters.get(name), text.count <= 20, let index = Int(text) else {
            throw notFound
        }
        return index
    }
}
