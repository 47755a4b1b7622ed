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
    /// How long the case is timed.
    var budget: TimeBudget = .standard

    /// The case, timed for ``TimeBudget/extended``.
    var timedLonger: BenchmarkCase {
        var extended = self
        extended.budget = .extended
        return extended
    }
}

// weibo.json's decoding from another module, one build: 25 pairs of batches gave ratios of 1.026–1.062 over ten
// runs, 100 pairs over four seconds 1.039–1.044 over three (Benchmarks/NOTES.md, 2026-12-01, third session).
/// How long a case is timed.
enum TimeBudget {
    /// The runner's budget (``BenchmarkRunner/nanosecondsPerSide``, ``BenchmarkRunner/targetSamples``).
    case standard
    /// Four times the time in four times as many batches: for the cases held to a target a few percent from 1 (the
    /// cross-module cases' 1.05), whose ratio from 25 pairs of batches moved by more than that margin between runs.
    case extended

    /// How many times the runner's budget the case gets.
    var multiple: Int {
        switch self {
        case .standard: 1
        case .extended: 4
        }
    }
}

/// One iteration of measured work. It returns a number derived from its result so that the result is used
/// and the optimizer cannot drop the work that made it.
typealias Routine = () throws -> Int
