import Foundation
import ModelKitGenerator

/// `modelkit generate`'s work — read the sample, infer its shapes, write Swift — against Foundation only parsing
/// the same bytes, which says how much the inference costs on top of reading.
enum GeneratorCases {
    static func twitterGenerate(data: BenchmarkData) -> BenchmarkCase {
        BenchmarkCase(
            name: "twitter.generate", subject: "ModelGenerator source(for:)", baseline: "JSONSerialization"
        ) {
            let json = try data.json("twitter")
            var options = GeneratorOptions()
            options.rootName = "Timeline"
            let generator = ModelGenerator(options: options)
            let generate = { try generator.source(for: [SampleReader().sample(named: "twitter.json", data: json)]) }
            // The README's command must give these types; a generator that lost them would be fast for nothing.
            let source = try generate()
            for expected in ["struct Timeline", "var statuses: [Status]", "var createdAt: Date"]
            where !source.contains(expected) {
                throw BenchmarkFailure("the models for twitter.json lack \(expected)")
            }
            return .time(
                subject: { try generate().utf8.count },
                baseline: .routine({ (try JSONSerialization.jsonObject(with: json) as? [String: Any])?.count ?? 0 }))
        }
    }
}
