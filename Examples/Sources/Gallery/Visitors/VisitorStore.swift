import Foundation
import Hummingbird
import ModelLayout
import ModelStore

/// Every visitor's state, each found by the id in the visitor's cookie, saved with ModelStore in
/// `Visitors.plist` in the data folder.
///
/// Two tabs of one browser send the same cookie, so they show and change one state; another browser
/// has another cookie, or none, and never sees it. A visitor without a cookie, or with one this store
/// does not know, sees a newcomer's state, and becomes a visitor (with a new id, never the one they
/// sent) at their first change: reading a page stores nothing.
///
/// The file is saved a second after a burst of changes (at most ten seconds after the first) and when
/// the server shuts down, so the state outlives a restart; a crash loses at most those seconds. At
/// most ``capacity`` visitors are kept; past that the one whose last change is oldest is forgotten.
///
/// An actor, because a change reads a visitor's state, checks the move against it and writes it back;
/// two requests must not interleave in between.
actor VisitorStore {
    /// The name of the file in the data folder.
    static let fileName = "Visitors.plist"
    /// How many visitors are kept unless told otherwise.
    static let defaultCapacity = 1_000

    private let document: Document<[String: VisitorState]>
    /// The Homepwner items a newcomer starts with.
    private let firstItems: ItemStore
    /// The most visitors kept.
    let capacity: Int

    /// What loading had to do (a damaged file replaced by its backup); the server prints these at start.
    nonisolated let diagnostics: [String]

    /// Opens the visitors saved in `dataDirectory`.
    ///
    /// - Parameters:
    ///   - items: the Homepwner store each newcomer starts with a copy of; it is injected rather than
    ///     made here, so that a test knows every row.
    ///   - capacity: the most visitors kept; at least one.
    ///   - autosave: when the file is saved after changes.
    init(
        dataDirectory: URL, items: ItemStore, capacity: Int = defaultCapacity, autosave: AutosavePolicy = .default
    ) throws {
        document = try Document(
            location: .file(dataDirectory.appendingPathComponent(Self.fileName)),
            initial: [:],
            autosave: autosave,
            coding: .codable())
        firstItems = items
        self.capacity = max(1, capacity)
        diagnostics = document.loadDiagnostics.map { "\($0)" }
    }

    /// How many visitors are kept now.
    var count: Int { document.root.count }

    /// The state of `visitor`, or a newcomer's when the id is `nil` or unknown.
    func state(of visitor: VisitorID?) -> VisitorState {
        visitor.flatMap { document.root[$0.description] } ?? newcomer(at: Date())
    }

    /// Applies `body` to the state of `visitor` and saves it; a newcomer (no id, or an unknown one) is
    /// given a new id first. A move that `body` refuses changes nothing and makes no visitor.
    ///
    /// - Returns: the visitor's id, to be sent back in the cookie, and what `body` returned.
    func change<Result: Sendable>(
        _ visitor: VisitorID?, at now: Date = Date(),
        _ body: @Sendable (inout VisitorState) throws(PageError) -> Result
    ) throws(PageError) -> (visitor: VisitorID, result: Result) {
        let known = visitor.flatMap { id in document.root[id.description].map { (id, $0) } }
        var state = known?.1 ?? newcomer(at: now)
        let result = try body(&state)
        state.lastChange = now
        let id = known?.0 ?? VisitorID.random()
        document.update { visitors in
            if visitors[id.description] == nil, visitors.count >= capacity,
                let oldest = visitors.min(by: { $0.value.lastChange < $1.value.lastChange })?.key
            {
                visitors[oldest] = nil
            }
            visitors[id.description] = state
        }
        return (id, result)
    }

    /// Saves now; the shutdown service calls this so that the last second's changes are kept.
    func save() throws {
        try document.save()
    }

    private func newcomer(at date: Date) -> VisitorState {
        VisitorState(items: firstItems, lastChange: date)
    }
}

extension VisitorStore {
    /// The state of the visitor who sent `request`.
    nonisolated func state(for request: Request) async -> VisitorState {
        await state(of: VisitorID(cookieIn: request))
    }

    /// Applies `body` to the state of the visitor who sent `request`, then answers with the response
    /// `respond` makes of its result, carrying the visitor's cookie: a newcomer's first, a known
    /// visitor's renewed for another ``VisitorID/cookieLifetime``.
    nonisolated func change<Result: Sendable>(
        for request: Request,
        _ body: @Sendable (inout VisitorState) throws(PageError) -> Result,
        respond: (Result) -> Response
    ) async throws(PageError) -> Response {
        let (visitor, result) = try await change(VisitorID(cookieIn: request), body)
        var response = respond(result)
        response.setCookie(visitor.cookie)
        return response
    }
}
