import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's resident memory: `VmRSS` and `VmHWM` of `/proc/self/status` on Linux, `getrusage`'s
/// `ru_maxrss` elsewhere.
enum ResidentMemory {
    /// Sets the peak back to the current size, so that the next reading of ``peak()`` covers only what
    /// happens from here: startup and file reading may have peaked higher than decoding will. Linux does
    /// this when 5 is written to `/proc/self/clear_refs`; elsewhere, and without permission, it cannot.
    @discardableResult
    static func resetPeak() -> Bool {
        #if os(Linux)
            guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
            defer { try? handle.close() }
            return (try? handle.write(contentsOf: Data("5".utf8))) != nil
        #else
            return false
        #endif
    }

    /// The resident size now, in bytes; on systems without `/proc`, the peak so far stands in for it.
    static func current() -> Int {
        statusField("VmRSS") ?? maximumResidentSize()
    }

    /// The largest resident size since start or since the last ``resetPeak()``, in bytes.
    static func peak() -> Int {
        statusField("VmHWM") ?? maximumResidentSize()
    }

    /// A `kB` line of `/proc/self/status`, in bytes.
    private static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let number = line.dropFirst(name.count + 1).filter(\.isNumber)
            return Int(number).map { $0 * 1024 }
        }
        return nil
    }

    private static func maximumResidentSize() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
            getrusage(RUSAGE_SELF, &usage)
        #else
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #endif
        #if canImport(Darwin)
            return Int(usage.ru_maxrss)  // bytes on Apple platforms
        #else
            return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
    }
}
