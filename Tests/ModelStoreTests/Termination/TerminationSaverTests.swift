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

@Suite("TerminationSaver", .timeLimit(.minutes(1)))
struct TerminationSaverTests {
    @Test("SIGTERM saves the document, then ends the process by SIGTERM", arguments: [SIGTERM, SIGINT])
    func signalSaves(signalNumber: Int32) async throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("State.plist"))
        await #expect(processExitsWith: .signal(signalNumber)) {
            [path = location.fileURL.path as String, signalNumber = signalNumber as Int32] in
            let document = try Self.counterDocument(at: path)
            document.update { $0 = .make(42, lines: 3) }
            let saver = TerminationSaver(saving: [document])
            Self.raise(signalNumber, keeping: saver)
        }
        let document = try Document(location: location, initial: CounterState(), autosave: .disabled)
        #expect(document.root == .make(42, lines: 3))
    }

    @Test("Cancelling one saver leaves another saver of the same signal working")
    func cancelOneOfTwo() async throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("State.plist"))
        await #expect(processExitsWith: .signal(SIGTERM)) { [path = location.fileURL.path as String] in
            let document = try Self.counterDocument(at: path)
            document.update { $0 = .make(9, lines: 1) }
            let cancelled = TerminationSaver(saving: [], signals: [SIGTERM])
            let saver = TerminationSaver(saving: [document], signals: [SIGTERM])
            cancelled.cancel()
            Self.raise(SIGTERM, keeping: saver)
        }
        let document = try Document(location: location, initial: CounterState(), autosave: .disabled)
        #expect(document.root == .make(9, lines: 1))
    }

    @Test("Several savers of one signal all save before the process ends")
    func severalSavers() async throws {
        let folder = try TemporaryFolder()
        let first = StoreLocation.file(folder.file("First.plist"))
        let second = StoreLocation.file(folder.file("Second.plist"))
        await #expect(processExitsWith: .signal(SIGTERM)) {
            [first = first.fileURL.path as String, second = second.fileURL.path as String] in
            let one = try Self.counterDocument(at: first)
            let two = try Self.counterDocument(at: second)
            one.update { $0.counter = 1 }
            two.update { $0.counter = 2 }
            let savers = [TerminationSaver(saving: [one]), TerminationSaver(saving: [two])]
            Self.raise(SIGTERM, keeping: savers)
        }
        #expect(try Document(location: first, initial: CounterState(), autosave: .disabled).root.counter == 1)
        #expect(try Document(location: second, initial: CounterState(), autosave: .disabled).root.counter == 2)
    }

    @Test("saveAll saves every store, goes on past a failure, and returns the failures")
    func saveAllReportsFailures() throws {
        let folder = try TemporaryFolder()
        try Data("a file".utf8).write(to: folder.file("Blocker"))
        let failing = try Document(
            location: .file(folder.file("Blocker/State.plist")), initial: CounterState(), autosave: .disabled)
        let working = try Document(
            location: .file(folder.file("State.plist")), initial: CounterState(), autosave: .disabled)
        failing.update { $0.counter = 1 }
        working.update { $0.counter = 2 }
        let saver = TerminationSaver(saving: [failing, working], signals: [])
        let failures = saver.saveAll()
        #expect(failures.count == 1)
        #expect(failures.first is StoreError)
        #expect(!working.hasUnsavedChanges)
        #expect(failing.hasUnsavedChanges)
    }

    /// The counter document at `path` without autosave, as a child process opens it from the path it was given.
    private static func counterDocument(at path: String) throws -> Document<CounterState> {
        try Document(location: .file(URL(fileURLWithPath: path)), initial: CounterState(), autosave: .disabled)
    }

    /// Raises `signal` in this child process while `savers` live: their queue saves and ends the process, and
    /// this thread only waits for that. Still running after ten seconds, the signal was not handled, and the
    /// exit status 3 says so.
    private static func raise(_ signal: Int32, keeping savers: some Any) -> Never {
        kill(getpid(), signal)
        withExtendedLifetime(savers) { _ = sleep(10) }
        exit(3)
    }
}
