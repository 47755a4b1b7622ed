/// The three stages of `modelkit generate` in one call: samples → shapes → Swift.
///
/// ```swift
/// let samples = try SampleReader().read(["twitter.json"])
/// var options = GeneratorOptions()
/// options.rootName = "Timeline"
/// let source = try ModelGenerator(options: options).source(for: samples)
/// ```
public struct ModelGenerator: Sendable {
    /// The options for inference and rendering.
    public var options: GeneratorOptions

    /// A generator with `options`.
    public init(options: GeneratorOptions = GeneratorOptions()) {
        self.options = options
    }

    /// The shapes the samples have.
    public func graph(for samples: [Sample]) throws -> ShapeGraph {
        try ShapeInference(options: options).infer(samples)
    }

    /// The models for `samples` as one Swift file.
    public func source(for samples: [Sample]) throws -> String {
        SwiftRenderer(options: options, sampleNames: samples.map(\.name)).render(try graph(for: samples))
    }

    /// The models for `samples`, one file per type.
    public func files(for samples: [Sample]) throws -> [(fileName: String, source: String)] {
        SwiftRenderer(options: options, sampleNames: samples.map(\.name)).renderFiles(try graph(for: samples))
    }
}
