import Foundation
import Hummingbird
import ModelLayout
import Testing

@testable import Gallery

/// A random number generator that repeats: the same seed gives the same items in every run, so a
/// test knows every row of the Homepwner table.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    // SplitMix64: small, fast, and good enough to pick adjectives and prices.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// A fresh data folder for one test, removed when the test no longer needs it.
struct TemporaryDirectory: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("GalleryTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A file in the folder.
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}

enum GalleryTestSupport {
    /// The store the tests inject into Homepwner: three items from a fixed seed.
    static func itemStore() -> ItemStore {
        var generator = SeededGenerator(seed: 42)
        return ItemStore(randomItemCount: 3, using: &generator)
    }

    /// The Gallery with its bundled resources, saving in `dataDirectory`.
    static func app(
        dataDirectory: URL, itemStore: ItemStore = itemStore(), visitorCapacity: Int = VisitorStore.defaultCapacity
    ) async throws -> GalleryApplication.App {
        try await GalleryApplication.make(
            configuration: GalleryConfiguration(
                host: "127.0.0.1", port: 0, dataDirectory: dataDirectory, visitorCapacity: visitorCapacity),
            itemStore: itemStore)
    }

    /// Runs `body` against a Gallery over a fresh data folder, through the router (no sockets), with
    /// one browser, which keeps its cookie as a browser does.
    static func withGallery(
        itemStore: ItemStore = itemStore(),
        _ body: (TestBrowser) async throws -> Void
    ) async throws {
        let directory = try TemporaryDirectory()
        let app = try await app(dataDirectory: directory.url, itemStore: itemStore)
        try await app.withRouterClient { client in try await body(TestBrowser(client: client)) }
    }
}

extension RouterClient {
    /// GETs `uri`.
    func get(_ uri: String, headers: HTTPFields = [:]) async throws -> RouterClient.Response {
        try await execute(uri: uri, method: .get, headers: headers)
    }

    /// POSTs a form with `fields`, encoded as a browser does.
    func post(
        _ uri: String, _ fields: [(String, String)] = [], headers: HTTPFields = [:]
    ) async throws -> RouterClient.Response {
        let body = fields.map { "\(FormEncoding.encode($0.0))=\(FormEncoding.encode($0.1))" }.joined(separator: "&")
        return try await post(uri, body: body, headers: headers)
    }

    /// POSTs `body` as it is, for bodies a browser would never send.
    func post(
        _ uri: String, body: String, contentType: String = "application/x-www-form-urlencoded",
        headers: HTTPFields = [:]
    )
        async throws -> RouterClient.Response
    {
        var headers = headers
        headers[.contentType] = contentType
        return try await execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }
}

/// One browser, as the route tests drive it: it sends back the cookie the Gallery set, as a browser
/// does, so its requests are one visitor's, whichever of its tabs sends them. Two browsers over one
/// client are two visitors.
actor TestBrowser {
    /// Where the requests go.
    let client: RouterClient
    /// The visitor cookie as the browser sends it (`gallery-visitor=…`), once the Gallery set one.
    private(set) var cookie: String?

    /// A browser with no cookie yet, or with `cookie`.
    init(client: RouterClient, cookie: String? = nil) {
        self.client = client
        self.cookie = cookie
    }

    /// The `Set-Cookie` header of the last response that had one.
    private(set) var lastSetCookie: String?

    /// GETs `uri`.
    func get(_ uri: String) async throws -> RouterClient.Response {
        keepCookie(try await client.get(uri, headers: cookieHeaders))
    }

    /// POSTs a form with `fields`, encoded as a browser does.
    func post(_ uri: String, _ fields: [(String, String)] = []) async throws -> RouterClient.Response {
        keepCookie(try await client.post(uri, fields, headers: cookieHeaders))
    }

    /// POSTs `body` as it is.
    func post(
        _ uri: String, body: String, contentType: String = "application/x-www-form-urlencoded"
    ) async throws -> RouterClient.Response {
        keepCookie(try await client.post(uri, body: body, contentType: contentType, headers: cookieHeaders))
    }

    /// Sends any request, with the cookie.
    func execute(uri: String, method: HTTPRequest.Method) async throws -> RouterClient.Response {
        keepCookie(try await client.execute(uri: uri, method: method, headers: cookieHeaders))
    }

    private var cookieHeaders: HTTPFields {
        guard let cookie else { return [:] }
        return [.cookie: cookie]
    }

    private func keepCookie(_ response: RouterClient.Response) -> RouterClient.Response {
        if let setCookie = response.headers[.setCookie] {
            lastSetCookie = setCookie
            cookie = setCookie.split(separator: ";", maxSplits: 1).first.map(String.init)
        }
        return response
    }
}

enum FormEncoding {
    /// Percent-encodes a form value, with spaces as `+`, as `application/x-www-form-urlencoded` does.
    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._* ")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text)
            .replacingOccurrences(of: " ", with: "+")
    }
}

extension RouterClient.Response {
    /// The body as text.
    var text: String { String(buffer: body) }

    /// The `Location` header of a redirect.
    var location: String? { headers[.location] }
}

/// Checks that `response` is an HTML error page with `status`, and that it says `message` if given.
func expectErrorPage(
    _ response: RouterClient.Response, _ status: HTTPResponse.Status, containing message: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(response.status == status, sourceLocation: sourceLocation)
    #expect(response.headers[.contentType] == "text/html; charset=utf-8", sourceLocation: sourceLocation)
    #expect(response.text.contains("<h1>\(status.code) "), sourceLocation: sourceLocation)
    if let message {
        #expect(
            response.text.contains(message), "missing “\(message)” in \(response.text)", sourceLocation: sourceLocation)
    }
}
