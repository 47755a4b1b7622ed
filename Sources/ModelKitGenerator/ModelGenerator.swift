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

    /// The models of a JSON Schema or an OpenAPI document's `components/schemas` (see ``SchemaConverter``): one
    /// file, or one file per type when `split` is set.
    public func files(forSchema schema: Sample, split: Bool) throws -> [(fileName: String, source: String)] {
        let graph = try SchemaConverter(options: options).graph(for: schema)
        let renderer = SwiftRenderer(options: options, sampleNames: [schema.name])
        return split ? renderer.renderFiles(graph) : [("\(graph.rootName).swift", renderer.render(graph))]
    }

    /// The models for the samples that `arguments` name (files, folders, `-`), read one at a time (see
    /// ``SampleReader/forEachSample(in:_:)``): one file, or one file per type when `split` is set.
    public func files(
        reading arguments: [String], with reader: SampleReader, split: Bool
    ) throws -> [(
        fileName: String, source: String
    )] {
        let (graph, names) = try ShapeInference(options: options).infer(reading: arguments, with: reader)
        let renderer = SwiftRenderer(options: options, sampleNames: names)
        return split ? renderer.renderFiles(graph) : [("\(options.rootName).swift", renderer.render(graph))]
    }
}
