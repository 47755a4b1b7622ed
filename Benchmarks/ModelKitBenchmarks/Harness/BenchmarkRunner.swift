import Dispatch

/// Times a subject and its baseline in the same run, alternating their batches so that a slow patch of
/// the machine (another build, a thermal step) lands on both sides rather than skewing the ratio.
///
/// Each side is first run until at least ``calibrationNanoseconds`` have passed, which warms caches and
/// the allocator and tells how long one iteration takes. From that it gets a batch size and a number of
/// batches that fill ``nanosecondsPerSide``: about ``targetSamples`` batches for quick work, at least
/// ``minimumSamples`` for work up to a second, and a single timed run for work over a second. Work that
/// takes longer than ``singleRunLimitNanoseconds`` once is not run again: its calibration run is its
/// one sample, since one such run already costs more than the whole budget. A side may instead ask for a
/// fixed number of one-run samples (see ``BenchmarkCase/Baseline/routine(_:scale:samples:)``): then a
/// calibration run of over a second is its first sample.
struct BenchmarkRunner {
    var nanosecondsPerSide = 1.0e9
    var calibrationNanoseconds = 2.0e7
    var targetSamples = 25
    var minimumSamples = 3
    var singleRunLimitNanoseconds = 3.0e10

    /// What the timed routines returned, summed; see ``Routine``.
    private(set) var checksum = 0

    /// One side's plan and samples.
    private struct Side {
        let routine: Routine
        var batch = 1
        var plannedSamples = 0
        var samples: [Double] = []
        var iterations = 0

        var progress: Double {
            plannedSamples == 0 ? 1 : Double(samples.count) / Double(plannedSamples)
        }

        var isDone: Bool { samples.count >= plannedSamples }
    }

    /// Times `subject` and, when given, `baseline`, interleaved; `baselineSamples` fixes the baseline's
    /// number of samples when its runs take over a second. With the baseline, also the median of the ratios of
    /// the batches taken side by side (see ``pairedRatio(_:_:)``), when both sides took the same number.
    mutating func measure(
        subject: @escaping Routine, baseline: Routine?, baselineSamples: Int? = nil
    ) throws -> (TimingSummary, TimingSummary?, pairedRatio: Double?) {
        var sides = [try plan(subject)]
        if let baseline { sides.append(try plan(baseline, fixedSamples: baselineSamples)) }
        // Slow work plans as many batches as fit its second (9 and 11 for weibo.json's model-to-dict): both
        // sides take the larger number, so that their batches pair up.
        if sides.count == 2, baselineSamples == nil, sides.allSatisfy({ $0.samples.isEmpty }) {
            let samples = max(sides[0].plannedSamples, sides[1].plannedSamples)
            for index in sides.indices { sides[index].plannedSamples = samples }
        }
        while let next = Self.leastAdvanced(sides) {
            let elapsed = try time(sides[next].routine, iterations: sides[next].batch)
            sides[next].samples.append(elapsed / Double(sides[next].batch))
            sides[next].iterations += sides[next].batch
        }
        let summaries = sides.map { TimingSummary(nanosecondsPerIteration: $0.samples, iterations: $0.iterations) }
        guard sides.count > 1 else { return (summaries[0], nil, nil) }
        return (summaries[0], summaries[1], Self.pairedRatio(sides[0].samples, sides[1].samples))
    }

    // The machine's speed drifts over a case's two seconds (other virtual machines on the host): the median of
    // each side alone moves with that drift, the ratio of two batches taken one after the other hardly does.
    // Over seven runs of the cross-module cases, a case's ratio of the medians had a standard deviation of 0.049
    // (the median over the cases), the median of the pairs' ratios 0.017 (Benchmarks/NOTES.md, 2026-11-29, 21:00).
    /// The median of `subject[i] / baseline[i]`, batches timed one after the other; `nil` when the sides took
    /// different numbers of batches (a baseline of fixed one-run samples), whose batches do not pair up.
    static func pairedRatio(_ subject: [Double], _ baseline: [Double]) -> Double? {
        guard subject.count == baseline.count, !subject.isEmpty else { return nil }
        return TimingSummary.median(ofSorted: zip(subject, baseline).map { $0 / $1 }.sorted())
    }

    /// The side furthest behind its plan, so that the two finish together however their batches differ. Of two
    /// sides equally advanced, the subject goes first in even pairs of batches and the baseline in odd ones
    /// (subject, baseline, baseline, subject, …), so that a machine speeding up or slowing down through a pair
    /// favours neither side.
    private static func leastAdvanced(_ sides: [Side]) -> Int? {
        let waiting = sides.indices.filter { !sides[$0].isDone }
        guard let least = waiting.map({ sides[$0].progress }).min() else { return nil }
        let tied = waiting.filter { sides[$0].progress == least }
        guard tied.count > 1 else { return tied[0] }
        return sides[tied[0]].samples.count % 2 == 0 ? tied[0] : tied[tied.count - 1]
    }

    /// Warms `routine` up, estimates one iteration, and plans the batches: `fixedSamples` one-run samples,
    /// the warm-up run the first of them, when one run takes over a second and `fixedSamples` is given.
    private mutating func plan(_ routine: @escaping Routine, fixedSamples: Int? = nil) throws -> Side {
        var side = Side(routine: routine)
        var iterations = 1
        var elapsed = try time(routine, iterations: iterations)
        while elapsed < calibrationNanoseconds {
            // Grow towards the calibration time without overshooting it by much.
            let perIteration = max(elapsed / Double(iterations), 1)
            iterations = max(iterations * 2, min(iterations * 100, Int(calibrationNanoseconds / perIteration) + 1))
            elapsed = try time(routine, iterations: iterations)
        }
        let perIteration = elapsed / Double(iterations)
        if perIteration > singleRunLimitNanoseconds {
            side.samples = [perIteration]
            side.iterations = iterations
            side.plannedSamples = 1
            return side
        }
        if let fixedSamples, iterations == 1, perIteration > 1e9 {
            side.samples = [perIteration]
            side.iterations = 1
            side.plannedSamples = max(1, fixedSamples)
            return side
        }
        let affordable = max(1, Int(nanosecondsPerSide / perIteration))
        let floor = perIteration <= 1e9 ? minimumSamples : 1
        side.plannedSamples = max(floor, min(targetSamples, affordable))
        side.batch = max(1, affordable / side.plannedSamples)
        return side
    }

    /// The wall time of `iterations` runs of `routine`, in nanoseconds.
    private mutating func time(_ routine: Routine, iterations: Int) throws -> Double {
        var sum = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations {
            sum &+= try routine()
        }
        let end = DispatchTime.now().uptimeNanoseconds
        checksum &+= sum
        return Double(end - start)
    }
}

extension BenchmarkRunner {
    /// Sets `benchmark` up, measures it and works out the ratio.
    mutating func run(_ benchmark: BenchmarkCase) throws -> CaseResult {
        let checksumBefore = checksum
        let standardBudget = (nanosecondsPerSide, targetSamples)
        nanosecondsPerSide *= Double(benchmark.budget.multiple)
        targetSamples *= benchmark.budget.multiple
        defer { (nanosecondsPerSide, targetSamples) = standardBudget }
        var result = CaseResult(
            name: benchmark.name, subject: benchmark.subject, baseline: benchmark.baseline, ratio: 0, checksum: 0)
        var pairedRatio: Double?
        switch try benchmark.prepare() {
        case .time(let subject, .routine(let baseline, let scale, let samples)):
            let (timing, baselineTiming, paired) = try measure(
                subject: subject, baseline: baseline, baselineSamples: samples)
            result.timing = timing
            result.baselineTiming = baselineTiming?.scaled(by: scale)
            pairedRatio = paired.map { $0 / scale }
        case .time(let subject, .subject(let scale)):
            let (timing, _, _) = try measure(subject: subject, baseline: nil)
            result.timing = timing
            result.baselineTiming = timing.scaled(by: scale)
        case .peakMemory(let probe):
            let memory = try probe()
            result.memory = memory
            result.ratio = Double(memory.peakBytes) / Double(memory.fileBytes)
        }
        if let timing = result.timing, let baselineTiming = result.baselineTiming {
            result.ratioOfMedians = timing.median / baselineTiming.median
            result.ratio = pairedRatio ?? timing.median / baselineTiming.median
        }
        result.checksum = checksum &- checksumBefore
        return result
    }
}
