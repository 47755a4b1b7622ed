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
        median = Self.median(ofSorted: sorted)
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
        self.iterations = iterations
        self.samples = sorted.count
    }

    /// The median of `sorted`, numbers in ascending order, at least one.
    static func median(ofSorted sorted: [Double]) -> Double {
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
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
