// As an array, the push alone cost about 50 instructions (measured on twitter.json).
/// The path from the root to the value being decoded, as a stack in memory that its ``DecodingContext`` owns.
///
/// Every nested value enters and leaves a component, so these are on the hot path of decoding: as an array
/// behind the context, each push and pop would check the array's uniqueness and capacity. Here a push is a
/// capacity test and a store.
///
/// The context deallocates the stack in its `deinit`; nothing else holds one.
@usableFromInline
struct PathStack {
    @usableFromInline var base: UnsafeMutablePointer<PathComponent>
    @usableFromInline var count = 0
    @usableFromInline var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    /// Enters `component`.
    @inlinable
    mutating func push(_ component: PathComponent) {
        if count == capacity { grow() }
        (base + count).initialize(to: component)
        count &+= 1
    }

    /// Leaves the component entered last.
    @inlinable
    mutating func popLast() {
        precondition(count > 0, "a path component was left that was never entered")
        count &-= 1
        (base + count).deinitialize(count: 1)
    }

    /// Leaves every component past the first `depth`.
    @inlinable
    mutating func truncate(to depth: Int) {
        guard depth >= 0 && depth < count else { return }
        (base + depth).deinitialize(count: count &- depth)
        count = depth
    }

    /// The components, root first, as an array: for errors, notes and the rare caller that replaces the path.
    var components: [PathComponent] {
        get { Array(UnsafeBufferPointer(start: base, count: count)) }
        set {
            truncate(to: 0)
            for component in newValue { push(component) }
        }
    }

    /// Doubles the capacity.
    @usableFromInline
    mutating func grow() {
        let larger = UnsafeMutablePointer<PathComponent>.allocate(capacity: capacity &* 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity &*= 2
    }

    /// Frees the memory; the stack is not used again.
    func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
