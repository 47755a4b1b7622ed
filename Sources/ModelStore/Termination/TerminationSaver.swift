import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Saves stores when the process is asked to end — seed 004's `applicationWillTerminate`, for processes that
/// end by signal (a service manager's SIGTERM, a terminal's Ctrl-C).
///
/// ```swift
/// let saver = TerminationSaver(saving: [document, preferences])
/// // … on SIGTERM or SIGINT: every store is saved, then the process ends by that signal.
/// ```
///
/// The signals are received with Dispatch signal sources, not a C signal handler, so the saving runs as
/// ordinary code on a queue: it may allocate, lock and write files. Keep the saver alive for as long as it
/// should act. Several savers may handle the same signal: all of them save before the process ends.
///
/// ``saveAll()`` is the function the signal handling calls; call it from other lifecycle hooks too, such as
/// the seed's `applicationDidEnterBackground`.
public final class TerminationSaver: Sendable {
    /// The signals handled.
    public let signals: [Int32]
    private let stores: [any PersistentStore]
    fileprivate let exitsAfterSaving: Bool

    /// Starts handling `signals`.
    ///
    /// - Parameters:
    ///   - stores: the stores to save, in order.
    ///   - signals: the signals that end the process; an empty list handles none, and leaves ``saveAll()`` to
    ///     be called by the app.
    ///   - exitsAfterSaving: whether the process then ends by the same signal, as if it had not been
    ///     handled, so that its parent sees why it ended. Set to `false` to keep running and decide yourself.
    public init(
        saving stores: [any PersistentStore], signals: [Int32] = [SIGTERM, SIGINT], exitsAfterSaving: Bool = true
    ) {
        self.stores = stores
        self.signals = signals
        self.exitsAfterSaving = exitsAfterSaving
        for number in signals {
            TerminationSignals.register(self, for: number)
        }
    }

    deinit {
        cancel()
    }

    /// Saves every store, going on past a failure, and returns the errors.
    @discardableResult
    public func saveAll() -> [any Error] {
        var failures: [any Error] = []
        for store in stores {
            do {
                try store.save()
            } catch {
                failures.append(error)
            }
        }
        return failures
    }

    /// Stops handling the signals. Once no saver handles a signal, it ends the process again as it did before.
    public func cancel() {
        for number in signals {
            TerminationSignals.unregister(self, for: number)
        }
    }
}

/// The process-wide handling of each signal, shared by every saver of it.
///
/// A signal's action is process-wide, and on Linux Dispatch receives a signal only through the handler it
/// installs when the signal's first source is registered — setting the action again later would take the
/// signal away from Dispatch. So each signal gets one source, made once and never cancelled; the savers come
/// and go in a list.
private enum TerminationSignals {
    private final class Registration {
        weak var saver: TerminationSaver?

        init(_ saver: TerminationSaver) {
            self.saver = saver
        }
    }

    private struct Registry {
        var sources: [Int32: any DispatchSourceSignal] = [:]
        var savers: [Int32: [Registration]] = [:]
    }

    private static let registry = LockedState(Registry())
    private static let queue = DispatchQueue(label: "ModelStore.TerminationSignals")

    static func register(_ saver: TerminationSaver, for number: Int32) {
        let registered = registry.withLock { registry -> DispatchSemaphore? in
            registry.savers[number, default: []].append(Registration(saver))
            guard registry.sources[number] == nil else { return nil }
            #if canImport(Darwin)
                // kqueue sees a signal whatever its action, and the default action would end the process before
                // the source's handler could run. On Linux, Dispatch installs a handler of its own instead.
                signal(number, SIG_IGN)
            #endif
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            let registered = DispatchSemaphore(value: 0)
            source.setRegistrationHandler { registered.signal() }
            source.setEventHandler { handle(number) }
            source.resume()
            registry.sources[number] = source
            return registered
        }
        // Registration happens on Dispatch's own thread; a signal sent before it ends would not be seen, so a
        // new saver returns only once it can act.
        registered?.wait()
    }

    static func unregister(_ saver: TerminationSaver, for number: Int32) {
        registry.withLock { registry in
            registry.savers[number]?.removeAll { $0.saver == nil || $0.saver === saver }
        }
    }

    private static func handle(_ number: Int32) {
        let savers = registry.withLock { registry in
            registry.savers[number]?.compactMap(\.saver) ?? []
        }
        // With no saver left, the signal ends the process as if it had never been handled.
        var ends = savers.isEmpty
        for saver in savers {
            for failure in saver.saveAll() {
                // The process is about to end: standard error is the only place left to say what was lost.
                FileHandle.standardError.write(Data("ModelStore: not saved on termination: \(failure)\n".utf8))
            }
            ends = ends || saver.exitsAfterSaving
        }
        guard ends else { return }
        signal(number, SIG_DFL)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, number)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        raise(number)
        // Reached only if something else keeps the signal from ending the process.
        _exit(128 + number)
    }
}
