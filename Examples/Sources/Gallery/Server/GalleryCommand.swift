import ArgumentParser
import Foundation
import Hummingbird

/// `swift run --package-path Examples Gallery`: serves the seed apps on a loopback address and prints
/// where; SIGINT or SIGTERM stops it after the checklists and the visitors are saved.
@main
struct GalleryCommand: AsyncParsableCommand {
    /// The command's name and help.
    static let configuration = CommandConfiguration(
        commandName: "Gallery",
        abstract: "Serve the ModelKit seed apps as web pages.",
        discussion: """
            Open the printed address in a browser. The checklists, the remembered open list and each \
            visitor's quiz, cart, downloads and items are saved in the data folder; press Control-C to \
            stop, which saves first.
            """)

    /// The address to listen on.
    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    /// The port to listen on; 0 picks a free one and prints it.
    @Option(help: "The port to listen on; 0 picks a free one.")
    var port = 8080

    /// The folder for saved data.
    @Option(
        name: .customLong("data-dir"),
        help: "The folder for saved data (default: $XDG_DATA_HOME/ModelKitGallery or ~/.local/share/ModelKitGallery).")
    var dataDirectory: String?

    /// Refuses a port that cannot exist and an empty host before anything starts.
    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("The port must be between 0 and 65535, not \(port).")
        }
        guard !host.isEmpty else { throw ValidationError("The host must not be empty.") }
        if let dataDirectory, dataDirectory.isEmpty {
            throw ValidationError("The data folder must not be empty.")
        }
    }

    /// Starts the server and runs until a shutdown signal.
    func run() async throws {
        let dataURL = dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? DataDirectory.defaultURL
        try DataDirectory.prepare(dataURL)
        let configuration = GalleryConfiguration(host: host, port: port, dataDirectory: dataURL)
        let application = try await GalleryApplication.make(
            configuration: configuration,
            onServerRunning: { address in
                // Written straight to the file handle so that a script reading a redirected stdout
                // sees the address at once, not when a buffer fills.
                FileHandle.standardOutput.write(Data("Gallery running at \(address)\n".utf8))
                FileHandle.standardOutput.write(Data("Saving to \(dataURL.path)\n".utf8))
            })
        // Returns after a graceful shutdown, once every service (the checklists' save among them) is done.
        try await application.runService()
        FileHandle.standardOutput.write(Data("Gallery stopped; checklists and visitors saved.\n".utf8))
    }
}
