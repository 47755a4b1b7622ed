/// The state of one encoding call: its options and how deep it is.
public final class EncodingContext {
    /// The options of this call.
    public let options: EncodingOptions
    /// Whether `nil` properties are written as `null`.
    public let writesNil: Bool

    /// What every level of encoding changes: the depth and the stack guard.
    @usableFromInline
    struct LevelState {
        @usableFromInline var depth = 0
        @usableFromInline var stackGuard = StackGuard()
    }

    // Behind a pointer, not in stored `var`s, so that each level does not pay for run-time exclusivity
    // checks (see `DecodingContext`); a context belongs to one encoding call.
    @usableFromInline let levels: UnsafeMutablePointer<LevelState>

    /// How many levels are entered.
    @inlinable var depth: Int {
        _read { yield levels.pointee.depth }
        _modify { yield &levels.pointee.depth }
    }

    /// Creates the context for one call.
    public init(options: EncodingOptions = EncodingOptions()) {
        self.options = options
        self.writesNil = options.nilEncoding == .writeNull
        levels = UnsafeMutablePointer.allocate(capacity: 1)
        levels.initialize(to: LevelState())
    }

    deinit {
        levels.deinitialize(count: 1)
        levels.deallocate()
    }

    // Only the count and a comparison inline; the limits, the stack's measure and the error are one call past the
    // depth where the stack is checked. Whole, `enter` was not inlined into the writers' `beginModel`, and its call
    // was 0.7% of writing citm_catalog.json from another module (Benchmarks/NOTES.md, 2026-12-01, second session).
    /// Goes one level deeper; fails past ``EncodingOptions/maximumDepth``, which only a cyclic graph of
    /// class instances reaches, or where the thread's stack runs short first (see ``StackGuard``). The error's
    /// limit is the depth that was reached.
    @inlinable @inline(__always)
    public func enter() throws {
        let depth = levels.pointee.depth + 1
        levels.pointee.depth = depth
        if depth >= StackGuard.checkedDepth || depth > options.maximumDepth {
            try checkDepth(depth)
        }
    }

    /// Throws ``MappingError/Reason/tooDeep(limit:)`` past ``EncodingOptions/maximumDepth`` or where the stack has
    /// no room for a level at `depth`.
    @usableFromInline @inline(never)
    func checkDepth(_ depth: Int) throws {
        if depth > options.maximumDepth || !levels.pointee.stackGuard.hasRoom(atDepth: depth) {
            // The levels entered so far, where the stack ran short before the maximum.
            throw MappingError(.tooDeep(limit: min(options.maximumDepth, depth - 1)), at: ValuePath())
        }
    }

    /// Comes back up one level.
    @inlinable
    public func leave() {
        depth -= 1
    }
}
