import Foundation
import ModelKit
import ModelKitTestSupport
import ModelStore
import Testing

@Suite("Document: concurrency, observers and autosave", .timeLimit(.minutes(1)))
struct DocumentConcurrencyTests {
    @Test("Many concurrent writers: no update is lost and no reader ever sees a torn file")
    func concurrentWriters() async throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("Ledger.plist"))
        let document = try Document(
            location: location, initial: Ledger(),
            autosave: .debounced(.milliseconds(2), maximumDelay: .milliseconds(5)))
        let writers = 8
        let updates = 150
        let readerFailures = LockedCounter()
        let reads = LockedCounter()
        document.update { $0.entries = [] }
        try document.save()

        await withTaskGroup(of: Void.self) { group in
            let done = LockedCounter()
            group.addTask {
                // A reader that keeps decoding the file while the writers save: every read must be whole.
                while done.value < writers {
                    if let bytes = FileManager.default.contents(atPath: location.fileURL.path) {
                        reads.increment()
                        do {
                            let stored = try Value(data: bytes)
                            _ = try Ledger(value: stored["root"] ?? .null)
                        } catch {
                            readerFailures.increment()
                        }
                    }
                    await Task.yield()
                }
            }
            for writer in 0..<writers {
                group.addTask {
                    // The writers start once the reader is reading, so that the two overlap.
                    while reads.value == 0 { await Task.yield() }
                    for update in 0..<updates {
                        document.update { $0.entries.append("\(writer)-\(update)") }
                        if update % 10 == 0 { try? document.save() }
                    }
                    done.increment()
                }
            }
        }
        try document.save()
        let expected = Set((0..<writers).flatMap { writer in (0..<updates).map { "\(writer)-\($0)" } })
        #expect(document.root.entries.count == writers * updates)
        let reopened = try Document(location: location, initial: Ledger(), autosave: .disabled)
        #expect(reopened.root.entries.count == writers * updates)
        #expect(Set(reopened.root.entries) == expected)
        #expect(reads.value > 0)
        #expect(readerFailures.value == 0)
    }

    @Test("Saves from many threads at once run one at a time, and the last one has every change")
    func concurrentSavesFromThreads() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("Ledger.plist"))
        // No autosave: every save here is asked for, so any overlap is between callers of save().
        let document = try Document(location: location, initial: Ledger(), autosave: .disabled)
        let threads = 4
        let updates = 25
        let failures = LockedCounter()
        onSeparateThreads(threads) { thread in
            for update in 0..<updates {
                document.update { $0.entries.append("\(thread)-\(update)") }
                do { try document.save() } catch { failures.increment() }
            }
        }
        let expected = Set((0..<threads).flatMap { thread in (0..<updates).map { "\(thread)-\($0)" } })
        #expect(failures.value == 0)
        #expect(!document.hasUnsavedChanges)
        let reopened = try Document(location: location, initial: Ledger(), autosave: .disabled)
        #expect(reopened.root.entries.count == threads * updates)
        #expect(Set(reopened.root.entries) == expected)
    }

    @Test("Observers receive each change in order")
    func observers() async throws {
        let folder = try TemporaryFolder()
        let document = try Document(
            location: .file(folder.file("State.plist")), initial: CounterState(), autosave: .disabled)
        let changes = document.changes(bufferingPolicy: .unbounded)
        for counter in 1...3 { document.update { $0.counter = counter } }
        var seen: [Int] = []
        for await state in changes {
            seen.append(state.counter)
            if seen.count == 3 { break }
        }
        #expect(seen == [1, 2, 3])
    }

    @Test("A slow observer sees the newest root by default")
    func newestByDefault() async throws {
        let folder = try TemporaryFolder()
        let document = try Document(
            location: .file(folder.file("State.plist")), initial: CounterState(), autosave: .disabled)
        let changes = document.changes()
        for counter in 1...5 { document.update { $0.counter = counter } }
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next()?.counter == 5)
    }

    @Test("The change streams end when the document goes away")
    func streamsEnd() async throws {
        let folder = try TemporaryFolder()
        var document: Document<CounterState>? = try Document(
            location: .file(folder.file("State.plist")), initial: CounterState(), autosave: .disabled)
        let changes = try #require(document).changes()
        document = nil
        var count = 0
        for await _ in changes { count += 1 }
        #expect(count == 0)
    }

    @Test("Autosave writes the changes shortly after the last one")
    func autosaveAfterChanges() async throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("State.plist"))
        let document = try Document(
            location: location, initial: CounterState(), autosave: .debounced(.milliseconds(50)))
        for counter in 1...5 { document.update { $0 = .make(counter, lines: 1) } }
        #expect(folder.contents("State.plist") == nil)
        try await waitUntil { !document.hasUnsavedChanges }
        let reopened = try Document(location: location, initial: CounterState(), autosave: .disabled)
        #expect(reopened.root == .make(5, lines: 1))
    }

    @Test("Autosave saves during a stream of changes once the maximum delay has passed")
    func autosaveMaximumDelay() async throws {
        let folder = try TemporaryFolder()
        let document = try Document(
            location: .file(folder.file("State.plist")), initial: CounterState(),
            autosave: .debounced(.milliseconds(50), maximumDelay: .milliseconds(100)))
        let clock = ContinuousClock()
        let start = clock.now
        var savedDuringStream = false
        var counter = 0
        while clock.now - start < .seconds(3) {
            counter += 1
            document.update { [counter] in $0.counter = counter }
            try await Task.sleep(for: .milliseconds(10))
            if folder.contents("State.plist") != nil {
                savedDuringStream = true
                break
            }
        }
        #expect(savedDuringStream)
    }

    @Test("A document without autosave writes nothing until told to")
    func noAutosave() async throws {
        let folder = try TemporaryFolder()
        let document = try Document(
            location: .file(folder.file("State.plist")), initial: CounterState(), autosave: .disabled)
        document.update { $0.counter = 1 }
        try await Task.sleep(for: .milliseconds(200))
        #expect(folder.contents("State.plist") == nil)
        #expect(document.hasUnsavedChanges)
    }
}

/// A counter several tasks share.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func increment() {
        lock.lock()
        defer { lock.unlock() }
        count += 1
    }
}

/// Runs `body(index)` on `count` threads of its own at once, and returns when every one has ended.
///
/// Threads rather than tasks: the cooperative pool may have as few threads as there are cores, and these tests
/// need calls that overlap whatever the machine.
func onSeparateThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let finished = DispatchGroup()
    for index in 0..<count {
        finished.enter()
        Thread.detachNewThread {
            body(index)
            finished.leave()
        }
    }
    finished.wait()
}

/// Waits until `condition` holds, for at most ten seconds.
func waitUntil(_ condition: () -> Bool) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(10)
    while !condition() {
        try #require(clock.now < deadline, "timed out")
        try await Task.sleep(for: .milliseconds(10))
    }
}
