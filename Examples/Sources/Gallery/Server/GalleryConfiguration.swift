import Foundation

/// What a Gallery server is told at start.
struct GalleryConfiguration: Sendable {
    /// The address to listen on.
    var host = "127.0.0.1"
    /// The port to listen on; 0 picks a free one.
    var port = 8080
    /// The folder for the checklists' document, the preferences and the visitors' states.
    var dataDirectory: URL
    /// How many random items the Homepwner store starts with; the seed's text says five.
    var initialItemCount = 5
    /// The most visitors whose state is kept; past that, the one whose last change is oldest is forgotten.
    var visitorCapacity = VisitorStore.defaultCapacity

    /// The address a browser opens for `port`, with an IPv6 host in brackets.
    func url(port: Int) -> String {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return "http://\(hostPart):\(port)/"
    }
}
