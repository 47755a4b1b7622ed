import Foundation
import Hummingbird
import ModelLayout
import NIOCore

/// Puts the Gallery together: the bundled resources, one controller per seed app, each visitor's
/// state, the error pages, and the service that saves when the server shuts down.
enum GalleryApplication {
    /// The Hummingbird application the Gallery runs.
    typealias App = Application<RouterResponder<BasicRequestContext>>

    /// Builds the application.
    ///
    /// - Parameters:
    ///   - configuration: where to listen and where to save.
    ///   - resources: the seed data and static files; the bundled ones unless a test passes others.
    ///   - itemStore: the Homepwner store each visitor starts with a copy of; by default one with
    ///     `configuration.initialItemCount` random items, as the seed's scene delegate makes.
    ///   - onServerRunning: called with the address once the server listens.
    static func make(
        configuration: GalleryConfiguration,
        resources: GalleryResources? = nil,
        itemStore: ItemStore? = nil,
        onServerRunning: @escaping @Sendable (String) async -> Void = { _ in }
    ) async throws -> App {
        let resources = try resources ?? GalleryResources.bundled()
        let store = itemStore ?? makeRandomItemStore(count: configuration.initialItemCount)
        let checklists = try ChecklistsController(dataDirectory: configuration.dataDirectory)
        let visitors = try VisitorStore(
            dataDirectory: configuration.dataDirectory, items: store, capacity: configuration.visitorCapacity)
        // A recovered file is worth knowing about, but it is not a reason not to start.
        for note in checklists.diagnostics {
            FileHandle.standardError.write(Data("Checklists: \(note)\n".utf8))
        }
        for note in visitors.diagnostics {
            FileHandle.standardError.write(Data("Visitors: \(note)\n".utf8))
        }

        let router = Router()
        // First, so that it also renders the router's own 404 for an unknown address or method.
        router.add(middleware: ErrorPageMiddleware())
        router.get("/") { _, _ in HomePage.page }
        resources.assets.addRoutes(to: router)
        try AppsController(apps: resources.apps, visitors: visitors).addRoutes(to: router)
        QuizController(questions: resources.questions, visitors: visitors).addRoutes(to: router)
        try BookCartController(books: resources.books, visitors: visitors).addRoutes(to: router)
        ItemsController(visitors: visitors).addRoutes(to: router)
        checklists.addRoutes(to: router)

        return Application(
            router: router,
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: GalleryPaths.galleryName),
            services: [SaveAtShutdownService(checklists: checklists, visitors: visitors)],
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                await onServerRunning(configuration.url(port: port))
            })
    }

    /// The seed's `ItemStore()`, filled with `count` random items.
    static func makeRandomItemStore(count: Int) -> ItemStore {
        var generator = SystemRandomNumberGenerator()
        return ItemStore(randomItemCount: count, using: &generator)
    }
}
