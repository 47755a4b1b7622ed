import Foundation
import ModelKit
import ModelKitTestSupport
import ModelStore
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Document: nothing is lost when the process is killed", .timeLimit(.minutes(2)))
struct CrashSafetyTests {
    static let rounds = 200

    // Each round is an exit test: a child process opens the document, then saves state after state in a loop
    // while a thread of its own sends the process SIGKILL once a random number of saves (0-3) have completed and a
    // random delay more has passed — so the kill lands anywhere: in the encoder, in write, fsync, link or rename.
    // The moment is counted in saves, not in time alone: on a loaded machine a child can use up a delay of
    // milliseconds before its first save, and then every round ended on the state it started from (31 different
    // states in 200 rounds, with a release build and a fuzzer on the same two cores). The parent then opens the
    // document: it must load from the file itself (never needing the backup), with no diagnostics, and hold
    // exactly one of the states the child saved — `CounterState.make(n)` for some n no lower than after the
    // previous round.
    @Test("A writer killed with SIGKILL at random moments, 200 times, always leaves a saved state")
    func killedWriter() async throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("State.plist"))
        // State 0 is on disk before the first round, so every round starts from a saved state.
        let seed = try Document(location: location, initial: CounterState(), autosave: .disabled)
        seed.update { $0 = .make(0) }
        try seed.save()
        var lastCounter = 0
        var states: Set<Int> = []
        for _ in 0..<Self.rounds {
            let savesBeforeKill = Int.random(in: 0...3)
            let delay = Int.random(in: 0...4_000)
            await #expect(processExitsWith: .signal(SIGKILL)) {
                [path = location.fileURL.path as String, savesBeforeKill = savesBeforeKill as Int, delay = delay as Int]
                in
                let document = try Document(
                    location: .file(URL(fileURLWithPath: path)), initial: CounterState.make(0), autosave: .disabled)
                var counter = document.root.counter
                let saves = CompletedSaves()
                Thread.detachNewThread {
                    while saves.count.load(ordering: .acquiring) < savesBeforeKill { sched_yield() }
                    usleep(useconds_t(delay))
                    kill(getpid(), SIGKILL)
                }
                while true {
                    counter += 1
                    document.update { [counter] in $0 = .make(counter) }
                    try document.save()
                    saves.count.add(1, ordering: .releasing)
                }
            }
            let document = try Document(location: location, initial: CounterState(), autosave: .disabled)
            let state = document.root
            #expect(document.origin == .file)
            #expect(document.loadDiagnostics.isEmpty)
            #expect(state == .make(state.counter))
            #expect(state.counter >= lastCounter)
            lastCounter = state.counter
            states.insert(state.counter)
        }
        // The kills landed at different moments: the rounds ended on many different states.
        #expect(states.count > Self.rounds / 4)
        // Opening the document removed the temporary files of the killed saves.
        _ = try Document(location: location, initial: CounterState(), autosave: .disabled)
        #expect(try folder.names() == [".State.plist.lock", "State.plist", "State.plist.backup"])
    }
}

/// How many saves the killed writer has completed, read by the thread that kills it.
private final class CompletedSaves: Sendable {
    let count = Atomic<Int>(0)
}
