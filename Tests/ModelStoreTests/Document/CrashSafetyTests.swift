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

@Suite("Document: nothing is lost when the process is killed", .timeLimit(.minutes(2)))
struct CrashSafetyTests {
    static let rounds = 200

    // Each round is an exit test: a child process opens the document, then saves state after state in a loop
    // while a thread of its own sends the process SIGKILL after a random delay — so the kill lands anywhere:
    // in the encoder, in write, fsync, link or rename. The parent then opens the document: it must load from
    // the file itself (never needing the backup), with no diagnostics, and hold exactly one of the states the
    // child saved — `CounterState.make(n)` for some n no lower than after the previous round.
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
            let delay = Int.random(in: 200...12_000)
            await #expect(processExitsWith: .signal(SIGKILL)) {
                [path = location.fileURL.path as String, delay = delay as Int] in
                let document = try Document(
                    location: .file(URL(fileURLWithPath: path)), initial: CounterState.make(0), autosave: .disabled)
                var counter = document.root.counter
                Thread.detachNewThread {
                    usleep(useconds_t(delay))
                    kill(getpid(), SIGKILL)
                }
                while true {
                    counter += 1
                    document.update { [counter] in $0 = .make(counter) }
                    try document.save()
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
