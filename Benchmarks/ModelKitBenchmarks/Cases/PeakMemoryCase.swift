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
                PeakMemoryReport(
                    peakBytes: try PeakMemoryProbe.measure(decoder: "modelkit", file: file, runs: runs),
                    fileBytes: json.count,
                    baselinePeakBytes: try PeakMemoryProbe.measure(decoder: "jsondecoder", file: file, runs: runs))
            }
        }
    }

    /// The decoding a probe child runs, by the name the parent passes.
    static func decoding(named name: String) -> ((Data) throws -> Any)? {
        switch name {
        case "modelkit": { try TwitterSearch(data: $0) }
        case "jsondecoder": { try PlainCodable.jsonDecoder().decode(PlainCodable.TwitterSearch.self, from: $0) }
        default: nil
        }
    }
}
