import ServiceLifecycle

/// Saves the checklists when the server shuts down: the seed's `applicationWillTerminate`.
///
/// It runs beside the HTTP server in the application's service group and does nothing until the
/// group's graceful shutdown (SIGINT, SIGTERM), then saves once. Every change is already saved as it
/// is made, so this save catches only what a failed save left behind; it is the last line of
/// defence, not the only one.
struct ChecklistsSaveService: Service {
    /// What runs at shutdown.
    let save: @Sendable () async throws -> Void

    /// A service that runs `save` at shutdown.
    init(save: @escaping @Sendable () async throws -> Void) {
        self.save = save
    }

    /// A service that saves `controller`'s lists and preferences at shutdown.
    init(controller: ChecklistsController) {
        self.init(save: { try await controller.save() })
    }

    /// Waits for shutdown, then saves.
    func run() async throws {
        // Returns on graceful shutdown and throws on cancellation; either way the lists are saved.
        try? await gracefulShutdown()
        try await save()
    }
}
