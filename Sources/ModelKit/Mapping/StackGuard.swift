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
/// debug and release builds, and threads have stacks of different sizes. The guard refuses to go deeper once
/// the stack is nearly used up, whatever the configured depth.
///
/// Measuring the stack is slow (glibc reads `/proc/self/maps` for the main thread), so the bounds are measured
/// only when nesting first passes ``checkedDepth`` levels: ordinary data never pays for it.
public struct StackGuard: Sendable {
    /// Nesting below this depth is never checked: no supported thread stack is too small for it.
    public static let checkedDepth = 64
    /// Bytes kept free below the limit, for unwinding and for the caller.
    public static let reserve: UInt = 128 * 1024

    /// The lowest stack address this call may reach, once measured (stacks grow down on every supported
    /// platform).
    @usableFromInline var limit: UInt?

    /// A guard that has not measured anything yet.
    public init() {}

    /// Whether the stack still has room for another level at `depth`.
    @inlinable
    public mutating func hasRoom(atDepth depth: Int) -> Bool {
        guard depth >= StackGuard.checkedDepth else { return true }
        let here = StackGuard.currentAddress()
        if limit == nil { limit = StackGuard.measureLimit(from: here) }
        return here > limit!
    }

    @usableFromInline
    static func measureLimit(from here: UInt) -> UInt {
        guard let low = lowestAddress(), here > low else {
            // Unknown bounds: allow a conservative 256 KiB below this point.
            return here > 256 * 1024 ? here - 256 * 1024 : 0
        }
        let available = here - low
        return available > reserve * 2 ? low + reserve : here - available / 2
    }

    /// An address in the caller's frame, on the thread's stack.
    @inline(never) @usableFromInline
    static func currentAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { marker in
            UInt(bitPattern: AddressSanitizerFakeStack.realFrame(of: UnsafeMutableRawPointer(marker)))
        }
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

/// Where AddressSanitizer moved a local variable, and where its frame is on the real stack.
///
/// With use-after-return detection, AddressSanitizer's default, locals live in a "fake stack" on the heap, so
/// the address of one says nothing about how much of the thread's stack is used: the guard then measured
/// nonsense, refused nesting 74 deep in one run and let a 100,000-deep archive overflow the stack in the next.
/// The sanitizer's runtime says which real frame a fake one stands for. Its two functions are looked up by name
/// once; without the sanitizer they are not there, and an address is its own.
enum AddressSanitizerFakeStack {
    private typealias CurrentFakeStack = @convention(c) () -> UnsafeMutableRawPointer?
    private typealias RealFrame =
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
            UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        ) -> UnsafeMutableRawPointer?

    private struct Runtime: @unchecked Sendable {
        // C function pointers, which capture nothing.
        let currentFakeStack: CurrentFakeStack
        let realFrame: RealFrame
    }

    private static let runtime: Runtime? = {
        #if canImport(Darwin)
            let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
            let everyImage = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        #endif
        guard let current = dlsym(everyImage, "__asan_get_current_fake_stack"),
            let real = dlsym(everyImage, "__asan_addr_is_in_fake_stack")
        else { return nil }
        return Runtime(
            currentFakeStack: unsafeBitCast(current, to: CurrentFakeStack.self),
            realFrame: unsafeBitCast(real, to: RealFrame.self))
    }()

    /// The address on the thread's stack of the frame that holds `address`: `address` itself unless the
    /// sanitizer moved that frame to its fake stack.
    static func realFrame(of address: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
        guard let runtime, let fakeStack = runtime.currentFakeStack() else { return address }
        return runtime.realFrame(fakeStack, address, nil, nil) ?? address
    }
}
