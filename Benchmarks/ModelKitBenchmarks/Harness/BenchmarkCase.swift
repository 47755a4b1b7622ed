/// One named comparison: ModelKit (the subject) against a baseline.
///
/// The work is set up by ``prepare`` only when the case runs, so `--filter` skips the setup of the cases it
/// leaves out and the data of one case is freed before the next.
struct BenchmarkCase {
    /// What is measured once the case is set up.
    enum Measurement {
        /// Wall time of `subject` against `baseline`, measured interleaved.
        case time(subject: Routine, baseline: Baseline)
        /// The peak memory a child process needs for one decoding.
        case peakMemory(() throws -> PeakMemoryReport)
    }

    /// What the subject's time is compared with.
    enum Baseline {
        /// Another routine, timed alongside; its median is multiplied by `scale` (1 unless the baseline
        /// stands for a multiple of its own work, as `diff.10k` × 100 does for `diff.1m`).
        ///
        /// `samples` fixes the number of samples of a baseline that takes seconds a run, such as
        /// `NSKeyedArchiver` at 100,000 items, where the time budget would allow only one: each sample is one
        /// run, and the warm-up run counts as the first. `nil` leaves the number to the time budget.
        case routine(Routine, scale: Double = 1, samples: Int? = nil)
        /// The subject's own median times `scale`: a case whose baseline is itself, such as `diff.10k`,
        /// the unit of the linear-growth baselines.
        case subject(scale: Double)
    }

    /// The unique name `--filter` matches: `<set>.<operation>`.
    var name: String
    /// The ModelKit call being measured.
    var subject: String
    /// What it is compared with.
    var baseline: String
    /// Loads data, builds inputs and checks that both sides produce what they must.
    var prepare: () throws -> Measurement
}

/// One iteration of measured work. It returns a number derived from its result so that the result is used
/// and the optimizer cannot drop the work that made it.
typealias Routine = () throws -> Int
