import Foundation
import ModelKit
import ModelKitGenerator

/// Samples from JSON text, read as `modelkit generate` reads files.
func samples(_ texts: String..., names: [String]? = nil) throws -> [Sample] {
    try texts.enumerated().map { index, text in
        try SampleReader().sample(named: names?[index] ?? "sample\(index + 1).json", data: Data(text.utf8))
    }
}

/// The generated source without its header comment, which ``HeaderTests`` pins on its own: from the imports on.
func body(_ texts: String..., options: GeneratorOptions = GeneratorOptions()) throws -> String {
    let samples = try texts.enumerated().map { index, text in
        try SampleReader().sample(named: "sample\(index + 1).json", data: Data(text.utf8))
    }
    let source = try ModelGenerator(options: options).source(for: samples)
    guard let start = source.range(of: "\nimport ") else { return source }
    return String(source[source.index(after: start.lowerBound)...])
}

/// Options with one change, for the cases that turn a heuristic on or off.
func options(_ change: (inout GeneratorOptions) -> Void) -> GeneratorOptions {
    var options = GeneratorOptions()
    change(&options)
    return options
}
