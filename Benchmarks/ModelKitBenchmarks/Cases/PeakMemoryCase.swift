import Foundation
import ModelKit

/// `twitter.peak-memory`: how much memory decoding `twitter.json` into ``TwitterSearch`` takes, as a
/// multiple of the file's size, measured in fresh child processes; `JSONDecoder` on the twin is measured
/// the same way for comparison.
enum PeakMemoryCase {
    static let runs = 3

    static func make(data: BenchmarkData) -> BenchmarkCase {
        BenchmarkCase(name: "twitter.peak-memory", subject: "Model(data:) peak memory", baseline: "file size") {
            let set = DataSet.twitter
            let file = data.url(of: set.name)
            let json = try data.json(set.name)
            try set.check(TwitterSearch(data: json), by: "Model(data:)")
            return .peakMemory {
                let subject = try PeakMemoryProbe.measure(task: "modelkit", file: file, runs: runs)
                let baseline = try PeakMemoryProbe.measure(task: "jsondecoder", file: file, runs: runs)
                return PeakMemoryReport(
                    peakBytes: subject.measured, fileBytes: json.count, baselinePeakBytes: baseline.measured,
                    details: [
                        ("resident_peak_bytes", subject.resident), ("baseline_resident_peak_bytes", baseline.resident),
                    ])
            }
        }
    }

    /// The decoding a probe child runs, by the name the parent passes; the file is read before the
    /// measurement starts.
    static func probeTask(named name: String) -> PeakMemoryProbe.Task? {
        let decode: (Data) throws -> Any
        switch name {
        case "modelkit": decode = { try TwitterSearch(data: $0) }
        case "jsondecoder":
            decode = { try PlainCodable.jsonDecoder().decode(PlainCodable.TwitterSearch.self, from: $0) }
        default: return nil
        }
        return { file in
            let data = try Data(contentsOf: file)
            return { try decode(data) }
        }
    }
}
