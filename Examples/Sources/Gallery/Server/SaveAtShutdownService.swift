import ServiceLifecycle

/// Saves what the Gallery keeps (the checklists, the visitors) when the server shuts down: the seed's
/// `applicationWillTerminate`.
///
/// It runs beside the HTTP server in the application's service group and does nothing until the
/// group's graceful shutdown (SIGINT, SIGTERM), then saves once. The checklists are already saved as
/// they change and the visitors a second after they change, so this save catches only the last
/// second and what a failed save left behind; it is the last line of defence, not the only one.
struct SaveAtShutdownService: Service {
    /// What runs at shutdown.
    let save: @Sendable () async throws -> Void

    /// A service that runs `save` at shutdown.
    init(save: @escaping @Sendable () async throws -> Void) {
        self.save = save
    }

    /// A service that saves `checklists` and `visitors` at shutdown; both are saved even when the
    /// first save fails, and the first failure is thrown.
    init(checklists: ChecklistsController, visitors: VisitorStore) {
        self.init(save: {
            var failure: (any Error)?
            do { try await checklists.save() } catch { failure = error }
            do { try await visitors.save() } catch { failure = failure ?? error }
            if let failure { throw failure }
        })
    }

    /// Waits for shutdown, then saves.
    func run() async throws {
        // Returns on graceful shutdown and throws on cancellation; either way everything is saved.
        try? await gracefulShutdown()
        try await save()
    }
}
