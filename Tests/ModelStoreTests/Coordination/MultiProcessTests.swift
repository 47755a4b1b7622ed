import Foundation
import ModelKit
import ModelKitTestSupport
import ModelStore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Real processes on one file: each child is this test binary, launched again by an exit test, so that the
// children run the same code as the tests and need no executable of their own. The children of a test start
// at the same moment (a barrier of files), so that their saves overlap. The store's folder is on /dev/shm where
// there is one: the thousands of saves here test locking, not the disk, and each flushes nothing there.

@Suite("Several processes on one file: no update lost, no save lost", .serialized, .timeLimit(.minutes(3)))
struct MultiProcessTests {
    static let processes = 8
    static let updates = 500
    /// The preferences each process sets in the preferences test: 500 with `MODELSTORE_FULL_MULTIPROCESS=1` in
    /// the environment, 100 otherwise. Every write of a suite reads the file the other processes changed and
    /// writes it whole, so the test's time grows with the square of the keys: 4,000 keys take about 90 s in
    /// the unoptimized test build on two cores, 800 a few seconds, for the same property.
    static let preferenceUpdates =
        ProcessInfo.processInfo.environment["MODELSTORE_FULL_MULTIPROCESS"] == "1" ? 500 : 100

    @Test("8 processes × 100 (or 500) preferences of their own: every one of them is kept")
    func preferencesOfTheirOwn() async throws {
        let folder = try TemporaryFolder(inMemory: true)
        let store = folder.file("Store/Shared.plist").path
        let barrier = folder.file("Barrier").path
        await inParallel(Self.processes) { process in
            await #expect(processExitsWith: .success) {
                [
                    store = store as String, barrier = barrier as String, process = process as Int,
                    processes = Self.processes as Int, updates = Self.preferenceUpdates as Int
                ] in
                let preferences = Preferences(location: .file(URL(fileURLWithPath: store)))
                try ProcessBarrier.arrive(at: barrier, count: processes)
                for update in 0..<updates {
                    try preferences.set(update, for: PreferenceKey("p\(process)-\(update)", default: -1))
                }
            }
        }
        let preferences = Preferences(location: .file(URL(fileURLWithPath: store)))
        var kept = 0
        for process in 0..<Self.processes {
            for update in 0..<Self.preferenceUpdates
            where preferences[PreferenceKey("p\(process)-\(update)", default: -1)] == update {
                kept += 1
            }
        }
        #expect(kept == Self.processes * Self.preferenceUpdates)
        #expect(preferences.diagnostics.isEmpty)
    }

    @Test("8 processes × 500 increments of one counter through updateAndSave: exactly 4,000")
    func oneCounter() async throws {
        let folder = try TemporaryFolder(inMemory: true)
        let store = folder.file("Store/Counter.plist").path
        let barrier = folder.file("Barrier").path
        await inParallel(Self.processes) { _ in
            await #expect(processExitsWith: .success) {
                [
                    store = store as String, barrier = barrier as String, processes = Self.processes as Int,
                    updates = Self.updates as Int
                ] in
                let document = try Document(
                    location: .file(URL(fileURLWithPath: store)), initial: CounterState(), autosave: .disabled)
                try ProcessBarrier.arrive(at: barrier, count: processes)
                for _ in 0..<updates {
                    try document.updateAndSave { $0.counter += 1 }
                }
            }
        }
        let document = try Document(
            location: .file(URL(fileURLWithPath: store)), initial: CounterState(), autosave: .disabled)
        #expect(document.root.counter == Self.processes * Self.updates)
        #expect(document.origin == .file)
    }

    @Test("Two processes save the whole document they both loaded: one saves, the other gets the error and re-applies")
    func twoWholeDocumentSaves() async throws {
        let folder = try TemporaryFolder(inMemory: true)
        let store = folder.file("Store/Ledger.plist").path
        let barrier = folder.file("Barrier").path
        let location = StoreLocation.file(URL(fileURLWithPath: store))
        try Document(location: location, initial: Ledger(), autosave: .disabled).updateAndSave { $0.entries = ["base"] }
        let outputs = try await withThrowingTaskGroup(of: String.self) { group in
            for name in ["A", "B"] {
                group.addTask {
                    let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
                        [store = store as String, barrier = barrier as String, name = name as String] in
                        let document = try Document(
                            location: .file(URL(fileURLWithPath: store)), initial: Ledger(), autosave: .disabled)
                        // Both have loaded ["base"] before either saves.
                        try ProcessBarrier.arrive(at: barrier, count: 2)
                        document.update { $0.entries.append(name) }
                        do {
                            try document.save()
                            print("\(name) saved")
                        } catch StoreError.changedOnDisk {
                            print("\(name) changed on disk")
                            // The documented way on: the newest root, and the change made again.
                            try document.reload()
                            document.update { $0.entries.append(name) }
                            try document.save()
                        }
                    }
                    return String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
                        .trimmingCharacters(in: .whitespacesAndNewlines)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let saved = outputs.filter { $0.hasSuffix(" saved") }.map { String($0.prefix(1)) }
        let refused = outputs.filter { $0.hasSuffix(" changed on disk") }.map { String($0.prefix(1)) }
        try #require(saved.count == 1 && refused.count == 1, "outputs: \(outputs)")
        // The first save stands; the second was refused, then made on top of it.
        let document = try Document(location: location, initial: Ledger(), autosave: .disabled)
        #expect(document.root.entries == ["base", saved[0], refused[0]])
    }

    @Test("A process killed with SIGKILL while it holds the lock does not block the others")
    func killedWhileHoldingTheLock() async throws {
        let folder = try TemporaryFolder(inMemory: true)
        let store = folder.file("Store/Counter.plist").path
        let holding = folder.file("holding").path
        let location = StoreLocation.file(URL(fileURLWithPath: store))
        try Document(location: location, initial: CounterState(), autosave: .disabled).updateAndSave { $0.counter = 0 }
        await withTaskGroup { group in
            group.addTask {
                // Takes the lock, says so with its process id, and keeps it until SIGKILL ends the process.
                await #expect(processExitsWith: .signal(SIGKILL)) {
                    [store = store as String, holding = holding as String] in
                    let document = try Document(
                        location: .file(URL(fileURLWithPath: store)), initial: CounterState(), autosave: .disabled)
                    try document.updateAndSave { state in
                        state.counter += 1_000
                        try Data("\(getpid())".utf8).write(to: URL(fileURLWithPath: holding))
                        sleep(60)
                    }
                    exit(KillTestFailure.neverKilled.rawValue)
                }
            }
            group.addTask {
                // Saves once the lock is held, so that its save waits; a thread of its own kills the holder when
                // the save has waited a moment, and the save then goes through.
                await #expect(processExitsWith: .success) { [store = store as String, holding = holding as String] in
                    let holder = try KillTestFailure.waitForProcessID(in: holding)
                    let document = try Document(
                        location: .file(URL(fileURLWithPath: store)), initial: CounterState(), autosave: .disabled)
                    let saved = LockedCounter()
                    Thread.detachNewThread {
                        usleep(300_000)
                        if saved.value > 0 { exit(KillTestFailure.didNotWait.rawValue) }
                        kill(holder, SIGKILL)
                    }
                    try document.updateAndSave { $0.counter += 1 }
                    saved.increment()
                }
            }
        }
        // The holder's change was never saved; the waiter's was, on top of the file as it was.
        let document = try Document(location: location, initial: CounterState(), autosave: .disabled)
        #expect(document.root.counter == 1)
    }
}

/// How the children of the SIGKILL test say what went wrong, by exit status.
enum KillTestFailure: Int32 {
    /// The holder was not killed within a minute.
    case neverKilled = 10
    /// The waiter's save went through while the holder held the lock.
    case didNotWait = 11
    /// The holder never said it held the lock.
    case noHolder = 12

    /// The process id the holder writes to `path` once it holds the lock; the waiter ends with ``noHolder``
    /// after a minute without it.
    static func waitForProcessID(in path: String) throws -> pid_t {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let data = FileManager.default.contents(atPath: path),
                let pid = pid_t(String(decoding: data, as: UTF8.self))
            {
                return pid
            }
            usleep(1_000)
        }
        exit(noHolder.rawValue)
    }
}

/// Runs `count` copies of `body` at once, each with its index, and waits for all of them.
func inParallel(_ count: Int, _ body: @escaping @Sendable (Int) async -> Void) async {
    await withTaskGroup { group in
        for index in 0..<count {
            group.addTask { await body(index) }
        }
    }
}

/// Holds each child process of a test until all have arrived, so that their saves overlap.
enum ProcessBarrier {
    /// Marks this process as arrived in the folder `path`, then waits until `count` processes have.
    static func arrive(at path: String, count: Int) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: "\(path)/\(getpid())", contents: nil)
        while (try FileManager.default.contentsOfDirectory(atPath: path).count) < count { usleep(1_000) }
    }
}
