/// The distribution of one side's samples, each the mean time of one iteration within a batch.
struct TimingSummary {
    var median: Double
    var minimum: Double
    var maximum: Double
    /// How many iterations were timed in all (not counting warm-up).
    var iterations: Int
    /// How many batches the iterations were split into.
    var samples: Int

    init(nanosecondsPerIteration samples: [Double], iterations: Int) {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
        self.iterations = iterations
        self.samples = sorted.count
    }

    /// The same distribution for `scale` times the work.
    func scaled(by scale: Double) -> TimingSummary {
        var result = self
        result.median *= scale
        result.minimum *= scale
        result.maximum *= scale
        return result
    }
}
