import Foundation
import Hummingbird

/// The fields of a posted HTML form (`application/x-www-form-urlencoded`), read with limits.
///
/// Every action in the Gallery is a plain form post, so this is where request input is checked: a
/// body over ``maximumBodyBytes`` is refused before it is parsed (413), a malformed body or a missing
/// field is a bad request (400), and a text that is empty or too long comes back as a ``RefusedText``
/// that the page shows next to its field (422). Nothing is changed by a request that fails here.
struct FormFields: Sendable {
    /// The largest body read; far more than any form here sends, far less than would hurt the server.
    static let maximumBodyBytes = 16 * 1024

    /// The longest name of a checklist or text of an item, in characters.
    static let maximumTextLength = 100

    private var values: [String: String]

    /// Parses an encoded body; the first of repeated names wins, as it does for a browser's form.
    init(encoded body: String) throws(HTTPError) {
        values = [:]
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]),
                let value = Self.decode(parts.count > 1 ? parts[1] : "")
            else {
                throw HTTPError(.badRequest, message: "The form could not be read: it is not properly encoded.")
            }
            if values[name] == nil { values[name] = value }
        }
    }

    /// Reads and parses the body of `request`.
    ///
    /// A body in another format is refused (415) rather than guessed at; a form without a content type
    /// is accepted, since some clients leave it out for an empty body.
    static func read(from request: Request) async throws -> FormFields {
        if let type = request.headers[.contentType],
            !type.lowercased().hasPrefix("application/x-www-form-urlencoded")
        {
            throw HTTPError(.unsupportedMediaType, message: "Forms here are sent as application/x-www-form-urlencoded.")
        }
        var request = request
        // Over the limit, collectBody throws NIOTooManyBytesError, which Hummingbird reports as 413.
        let buffer = try await request.collectBody(upTo: maximumBodyBytes)
        return try FormFields(encoded: String(buffer: buffer))
    }

    /// The raw value of `name`, or `nil` when the form does not have it.
    subscript(name: String) -> String? { values[name] }

    /// The value of `name` with surrounding white space removed, or what was typed and why it cannot be
    /// used: an empty text (only spaces counts as empty), one longer than `maximumLength` characters, or
    /// one of more than one line. Only a missing field throws (400): no form of the Gallery's leaves it out,
    /// so there is no page to show it on.
    func text(
        _ name: String, label: String, maximumLength: Int = maximumTextLength
    ) throws(HTTPError) -> Result<String, RefusedText> {
        guard let raw = values[name] else {
            throw HTTPError(.badRequest, message: "The form has no “\(name)” field.")
        }
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            return .failure(RefusedText(typed: raw, reason: "The \(label) must not be empty."))
        }
        guard text.count <= maximumLength else {
            return .failure(
                RefusedText(typed: raw, reason: "The \(label) is too long: at most \(maximumLength) characters."))
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return .failure(RefusedText(typed: raw, reason: "The \(label) must be a single line of text."))
        }
        return .success(text)
    }

    /// The value of `name` as a whole number, refusing a missing field or anything else (400).
    func integer(_ name: String) throws(HTTPError) -> Int {
        guard let raw = values[name] else {
            throw HTTPError(.badRequest, message: "The form has no “\(name)” field.")
        }
        guard raw.count <= 20, let number = Int(raw) else {
            throw HTTPError(.badRequest, message: "The “\(name)” field must be a whole number.")
        }
        return number
    }

    /// `+` as a space, then percent escapes; `nil` for an invalid escape.
    private static func decode(_ component: Substring) -> String? {
        String(component).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}

/// A text that a form sent and that cannot be used: what was typed, kept so that the page can show it
/// again, and a sentence saying why.
struct RefusedText: Error, Sendable, Hashable {
    /// The field's value as it was sent, spaces and all.
    var typed: String
    /// Why it was refused, naming the field ("The list's name must not be empty.").
    var reason: String
}
