import Foundation

/// How much memory one operation on a file takes — decoding it, loading or saving a document — measured in a
/// fresh child process (this executable, started again with ``childFlag``), because a process's peak cannot be
/// lowered again once a benchmark has raised it.
enum PeakMemoryProbe {
    /// The hidden command-line flag that makes the executable a probe child: `--peak-memory-child TASK FILE`.
    static let childFlag = "--peak-memory-child"

    /// What a probe child measures, given the file: the setup that is not measured (reading the file to
    /// decode, making the model to save) returns the work that is.
    typealias Task = (_ file: URL) throws -> () throws -> Any

    /// The child's side: sets `task` up, resets the peaks, notes where they start, runs the work, and prints
    /// the resident size and the heap's bytes before and their peaks after, keeping the work's result alive
    /// until then.
    static func runChild(file: URL, task: Task) throws {
        let work = try task(file)
        let heap = HeapCounters.preloaded()
        heap?.resetPeak()
        let heapBefore = heap?.liveBytes() ?? 0
        ResidentMemory.resetPeak()
        let before = ResidentMemory.current()
        let result = try work()
        let peak = ResidentMemory.peak()
        let heapPeak = heap?.peakBytes() ?? 0
        withExtendedLifetime(result) {
            var line = "baseline_bytes=\(before) peak_bytes=\(peak)"
            if heap != nil { line += " heap_baseline_bytes=\(heapBefore) heap_peak_bytes=\(heapPeak)" }
            print(line)
        }
    }

    /// How much one task's work took: the heap's peak above its bytes before the work, when the heap counters
    /// were preloaded, and the peak resident size above the size before.
    ///
    /// The heap's peak is the measure: the resident size also counts the code pages that a first call maps in
    /// and the memory that `free` keeps for reuse (megabytes either way), so it cannot tell one decoder's
    /// memory from another's.
    struct Growth {
        var heap: Int?
        var resident: Int

        /// The heap's growth where it was measured, else the resident size's.
        var measured: Int { heap ?? resident }
    }

    /// The medians, over `runs` fresh children, of the growths of the task called `task`.
    static func measure(task: String, file: URL, runs: Int) throws -> Growth {
        var heap: [Int] = []
        var resident: [Int] = []
        for _ in 0..<runs {
            let output = try runChildProcess(arguments: [childFlag, task, file.path])
            var fields: [String: Int] = [:]
            for pair in output.split(whereSeparator: \.isWhitespace) {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, let number = Int(parts[1]) { fields[String(parts[0])] = number }
            }
            guard let before = fields["baseline_bytes"], let peak = fields["peak_bytes"] else {
                throw BenchmarkFailure("the memory probe printed no measurement: \(output)")
            }
            resident.append(max(0, peak - before))
            if let heapBefore = fields["heap_baseline_bytes"], let heapPeak = fields["heap_peak_bytes"] {
                heap.append(max(0, heapPeak - heapBefore))
            }
        }
        return Growth(
            heap: heap.count == runs ? heap.sorted()[runs / 2] : nil, resident: resident.sorted()[runs / 2])
    }

    private static func runChildProcess(arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = executableURL
        process.arguments = arguments
        if let library = HeapCounters.libraryPath {
            var environment = ProcessInfo.processInfo.environment
            environment["LD_PRELOAD"] = library
            process.environment = environment
        }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: bytes, as: UTF8.self)
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw BenchmarkFailure("the memory probe failed (status \(process.terminationStatus)): \(text)")
        }
        return text
    }

    /// This executable; `/proc/self/exe` is exact on Linux, where `arguments[0]` may be a relative path.
    private static var executableURL: URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    }
}

/// What a memory case found.
struct PeakMemoryReport {
    /// Peak resident memory above the size before the work, with ModelKit.
    var peakBytes: Int
    /// The size of the file decoded or written.
    var fileBytes: Int
    /// The same peak with the baseline, for comparison.
    var baselinePeakBytes: Int
    /// Further readings written as extra fields of the case's entry, such as the save's and the load's
    /// peaks of which ``peakBytes`` is the larger.
    var details: [(key: String, bytes: Int)] = []
}
