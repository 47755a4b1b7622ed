import Foundation

/// The outcome of one case, as a table row and as an entry of `latest.json`.
struct CaseResult {
    var name: String
    var subject: String
    var baseline: String
    /// The subject's time per iteration; `nil` for a memory case.
    var timing: TimingSummary?
    /// The baseline's time per iteration, already scaled; `nil` for a memory case.
    var baselineTiming: TimingSummary?
    /// Subject ÷ baseline: for a time case the median of the batches' ratios where they pair up (see
    /// ``BenchmarkRunner/pairedRatio(_:_:)``), else of the medians; peak memory ÷ file size for a memory case.
    var ratio: Double
    /// For a time case, the median of the subject's batches ÷ the baseline's.
    var ratioOfMedians: Double?
    var memory: PeakMemoryReport?
    /// The sum of what the routines returned; see ``Routine``. Written out so that it is used.
    var checksum: Int

    /// The entry's fields in the order they are written, each value as JSON text. The required fields come
    /// first; a memory case has no times, so its `median_ns` and `baseline_median_ns` are null.
    var jsonFields: [(key: String, value: String)] {
        var fields: [(key: String, value: String)] = [
            ("name", Self.json(name)), ("subject", Self.json(subject)), ("baseline", Self.json(baseline)),
            ("median_ns", Self.json(timing?.median)), ("baseline_median_ns", Self.json(baselineTiming?.median)),
            ("ratio", Self.json(ratio, places: 4)),
        ]
        if let ratioOfMedians { fields.append(("ratio_of_medians", Self.json(ratioOfMedians, places: 4))) }
        if let timing {
            fields += [
                ("min_ns", Self.json(timing.minimum)), ("max_ns", Self.json(timing.maximum)),
                ("iterations", "\(timing.iterations)"),
            ]
        }
        if let baselineTiming {
            fields += [
                ("baseline_min_ns", Self.json(baselineTiming.minimum)),
                ("baseline_max_ns", Self.json(baselineTiming.maximum)),
                ("baseline_iterations", "\(baselineTiming.iterations)"),
            ]
        }
        if let memory {
            fields += [
                ("peak_bytes", "\(memory.peakBytes)"), ("file_bytes", "\(memory.fileBytes)"),
                ("baseline_peak_bytes", "\(memory.baselinePeakBytes)"),
            ]
            fields += memory.details.map { ($0.key, "\($0.bytes)") }
        }
        fields.append(("checksum", "\(checksum)"))
        return fields
    }

    /// A string as JSON, escaped by Foundation's encoder.
    private static func json(_ text: String) -> String {
        (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// A number rounded to `places` decimals (tenths of a nanosecond are below any clock's resolution
    /// here); null when absent or not finite, which JSON cannot write.
    private static func json(_ number: Double?, places: Int = 1) -> String {
        guard let number, number.isFinite else { return "null" }
        return String(format: "%.\(places)f", number)
    }
}
