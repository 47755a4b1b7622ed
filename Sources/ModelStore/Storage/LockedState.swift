import Foundation

/// State that several threads share, behind a lock.
///
/// `Mutex` from the Synchronization module would do the same, but it needs macOS 15 / iOS 18 and the package
/// supports macOS 14 / iOS 17, so a plain `NSLock` guards the state instead.
///
/// Not for an empty `State` such as `()`: use an `NSLock` alone. An empty stored property lies at offset 0, so
/// ThreadSanitizer sees the locked `inout` access to it as a write to the object's header, which every call
/// reads before it locks, and reports a race that is not there.
final class LockedState<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with the lock held. `body` must not call back into this object: the lock is not recursive.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
