import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The counters of `Benchmarks/HeapProbe/heap_probe.c`: the bytes a process holds from `malloc` and the most it
/// held since the last reset. `Benchmarks/run` builds the library and names it in `MODELKIT_HEAP_PROBE`; the
/// memory cases preload it into their probe children.
struct HeapCounters {
    /// The library to preload, from `MODELKIT_HEAP_PROBE`, if that names a file.
    static var libraryPath: String? {
        guard let path = ProcessInfo.processInfo.environment["MODELKIT_HEAP_PROBE"],
            FileManager.default.fileExists(atPath: path)
        else { return nil }
        return path
    }

    private typealias Reading = @convention(c) () -> Int
    private typealias Reset = @convention(c) () -> Void

    private let live: Reading
    private let peak: Reading
    private let reset: Reset

    /// The counters, if the library was preloaded into this process.
    static func preloaded() -> HeapCounters? {
        #if os(Linux)
            guard let live = dlsym(nil, "modelkit_heap_live_bytes"),
                let peak = dlsym(nil, "modelkit_heap_peak_bytes"),
                let reset = dlsym(nil, "modelkit_heap_reset_peak")
            else { return nil }
            return HeapCounters(
                live: unsafeBitCast(live, to: Reading.self), peak: unsafeBitCast(peak, to: Reading.self),
                reset: unsafeBitCast(reset, to: Reset.self))
        #else
            // The library wraps glibc's allocator; elsewhere the resident size is measured.
            return nil
        #endif
    }

    /// The bytes held now.
    func liveBytes() -> Int { live() }
    /// The most bytes held since the last reset.
    func peakBytes() -> Int { peak() }
    /// Starts the peak again from the bytes held now.
    func resetPeak() { reset() }
}
