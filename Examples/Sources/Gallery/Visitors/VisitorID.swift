import Hummingbird

/// Who a visitor is: 128 random bits, written as 32 lowercase hex digits, kept in a cookie.
///
/// The bits come from the system's secure generator, so that one visitor cannot guess another's id
/// and see their state. Anything else in the cookie is no id: that visitor is a newcomer.
struct VisitorID: Hashable, Sendable, CustomStringConvertible {
    /// The 32 hex digits.
    let description: String

    /// The cookie that carries the id.
    static let cookieName = "gallery-visitor"

    /// How long the browser keeps the cookie after the visitor's last change: thirty days.
    static let cookieLifetime = 30 * 24 * 60 * 60

    /// `text` as an id if it is 32 lowercase hex digits.
    init?(_ text: some StringProtocol) {
        guard text.utf8.count == 32, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        description = String(text)
    }

    /// A new id from the system's secure random generator.
    static func random() -> VisitorID {
        var generator = SystemRandomNumberGenerator()
        let digits = [generator.next(), generator.next()].map { word -> String in
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }
        // Always 32 hex digits, so always an id.
        return VisitorID(digits.joined())!
    }

    /// The id in `request`'s cookie, if it carries one.
    init?(cookieIn request: Request) {
        guard let cookie = request.cookies[Self.cookieName] else { return nil }
        self.init(cookie.value)
    }

    /// The cookie that names this visitor: for the whole site, out of reach of scripts (`HttpOnly`), and
    /// not sent with another site's forms (`SameSite=Lax`), so that no other page can play for them.
    var cookie: Cookie {
        Cookie(
            name: Self.cookieName, value: description, maxAge: Self.cookieLifetime, path: "/", httpOnly: true,
            sameSite: .lax)
    }
}
