#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Stops recursion that the input controls before it overflows the thread's stack.
///
/// ``DecodingOptions/maximumDepth`` bounds nesting by count, but the stack a level costs differs between
/// debug and release builds, and threads have stacks of different sizes (secondary threads often far smaller
/// than the main one). The guard measures how much stack is left when a call starts and refuses to go deeper
/// once most of it is used, whatever the configured depth.
public struct StackGuard: Sendable {
    /// The lowest stack address this call may reach (stacks grow down on every supported platform).
    @usableFromInline let limit: UInt

    /// Measures the current thread's stack; `reserve` bytes are kept free for unwinding and for callers.
    public init(reserve: UInt = 128 * 1024) {
        let here = StackGuard.currentAddress()
        guard let low = StackGuard.lowestAddress(), here > low else {
            // Unknown stack bounds: allow a conservative 256 KiB from here.
            limit = here > 256 * 1024 ? here - 256 * 1024 : 0
            return
        }
        let available = here - low
        limit = available > reserve * 2 ? low + reserve : here - available / 2
    }

    /// Whether the stack still has room for another level.
    @inlinable
    public func hasRoom() -> Bool {
        StackGuard.currentAddress() > limit
    }

    /// An address in the caller's frame.
    @inline(never) @usableFromInline
    static func currentAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    static func lowestAddress() -> UInt? {
        #if canImport(Darwin)
            let thread = pthread_self()
            let high = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            return high - UInt(pthread_get_stacksize_np(thread))
        #elseif canImport(Glibc) || canImport(Musl)
            // Swift's Glibc module does not export this GNU extension, so it is looked up by name.
            typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
            let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
            var attributes = pthread_attr_t()
            guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
            defer { pthread_attr_destroy(&attributes) }
            var address: UnsafeMutableRawPointer?
            var size = 0
            guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
            return UInt(bitPattern: address)
        #else
            return nil
        #endif
    }
}
