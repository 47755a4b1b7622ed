/// Runs one side of a case a fixed number of times, untimed: the workload that `--profile` hands a profiler.
///
/// `valgrind --tool=callgrind` counts instructions exactly, so a change of a few percent shows on this noisy
/// machine, where wall-clock medians cannot. The case's checks run first, as they do before timing.
enum ProfileRun {
    /// Runs `benchmark`'s subject, or its baseline, `iterations` times and returns the sum of what they returned.
    static func run(_ benchmark: BenchmarkCase, iterations: Int, baseline: Bool) throws -> Int {
        guard case .time(let subject, let base) = try benchmark.prepare() else {
            throw BenchmarkFailure("\(benchmark.name) measures memory; --profile runs timed cases only")
        }
        let routine: Routine
        if baseline {
            guard case .routine(let baselineRoutine, _, _) = base else {
                throw BenchmarkFailure("\(benchmark.name)'s baseline is its own subject")
            }
            routine = baselineRoutine
        } else {
            routine = subject
        }
        var checksum = 0
        for _ in 0..<iterations { checksum &+= try routine() }
        return checksum
    }
}
