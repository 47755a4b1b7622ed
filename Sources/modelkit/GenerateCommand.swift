import ArgumentParser
import Foundation
import ModelKitGenerator

/// `modelkit generate`: reads samples, infers their shapes and writes `@DictionaryModel` types.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write @DictionaryModel types for sample JSON, XML or binary property lists, or a JSON Schema.",
        discussion: """
            Each SAMPLE is a file (the format is told from its bytes), a folder (every file in it) or - for standard \
            input. Types are inferred across all samples:
              - a key missing from some sample or null in one is optional;
              - numbers are Int, Double, or Decimal when a Double would lose digits (UInt64 above Int64's range); \
            whole seconds of this century under a key that names a time (created_at) are Date;
              - text is Date, URL or UUID when every value is one ModelKit reads strictly, else String;
              - a value that is a number in one sample and text in another ("19.99") gets \
            @Transform(NumberOrText<T>()), which reads both strictly; T is a number type when every text is a \
            number, else String; an array element or map value that mixes kinds is Value;
              - nested objects are types named from their keys (singular for array elements, never a Swift, \
            Foundation or ModelKit name: data gives RootData), property names are lowerCamelCase with acronyms in \
            capitals (imageURL), with @Key where the key strategy would not spell the key;
              - see --no-maps, --no-combine, --enums and --numbers-in-text for the heuristics.
            The models decode their own samples with DecodingOptions.strict and no diagnostics.

            --schema FILE reads a JSON Schema (draft 2020-12 or draft-07: type, properties, required, items, enum, \
            const, format date-time|date|uri|uuid|byte, $ref to $defs/definitions, allOf, oneOf/anyOf, \
            additionalProperties as [String: T]) or an OpenAPI 3 document in JSON (every schema of \
            components/schemas, with nullable and discriminator). A oneOf of objects that a constant property or a \
            discriminator tells apart is a @DictionaryModel(discriminator:) enum; other oneOfs of objects are one \
            struct with the keys of all. The root is --name, else the schema's title, else Root; for OpenAPI, \
            --name picks the schema the header names (the first by default).

            Examples:
              modelkit generate response.json --name Timeline
              modelkit generate samples/ --name Order --output Order.swift --access public
              curl -s https://example.com/api/items | modelkit generate - --name Item
              modelkit generate app.plist --split Sources/Models --enums
              modelkit generate --schema order.schema.json --output Order.swift
              modelkit generate --schema openapi.json --name Pet --split Sources/Models
            """
    )

    @Argument(help: "Sample files, folders, or - for standard input.")
    var samples: [String] = []

    @Option(help: "A JSON Schema or OpenAPI 3 document (JSON) to write the models of, instead of samples.")
    var schema: String?

    @Option(help: "The root type's name ([Name] when the samples are arrays); Root by default.")
    var name: String?

    @Option(help: "Write the models to this file instead of standard output.")
    var output: String?

    @Option(help: "The access level of the generated types: internal, package or public.")
    var access = "internal"

    @Option(help: "Write one file per type into this folder.")
    var split: String?

    @Flag(
        help: """
            Type every dictionary as a model, never as [String: T]. By default a dictionary is a map when every key \
            is data (digits, a UUID, a date), when it has 20 or more keys whose values have one kind and shape, or \
            when it has more than 256 keys that do not recur; the root too (typealias Root = [String: RootValue]).
            """)
    var noMaps = false

    @Flag(
        help: """
            Give every object shape its own type. By default shapes whose keys mostly agree share one, the keys \
            only some have optional: under one type name when half of all keys are in both, anywhere when three \
            in four are and their types agree. Identical shapes are shared either way, whatever their key order.
            """)
    var noCombine = false

    @Flag(
        help: """
            Type strings with a small closed set of values (2 to 10, each seen about 3 times) as ModelEnum enums. \
            Each gets a fallback case, `unknown` (or the samples' own `unknown`/`other`), which is in no sample: \
            lenient decoding turns an unseen value into it with a note, strict decoding rejects one.
            """)
    var enums = false

    @Flag(
        help: """
            Type strings that all hold numbers ("10", "12.50") as numbers. ModelKit converts them in lenient mode \
            only, with a note; strict decoding rejects them.
            """)
    var numbersInText = false

    func validate() throws {
        guard GeneratorOptions.Access(rawValue: access) != nil else {
            throw ValidationError("--access must be internal, package or public, not \(access)")
        }
        if let name {
            var naming = GeneratorOptions()
            naming.rootName = name
            if let problem = naming.rootNameProblem { throw ValidationError("--name: \(problem)") }
        }
        if schema != nil && !samples.isEmpty { throw ValidationError("give samples or --schema, not both") }
        if schema == nil && samples.isEmpty { throw ValidationError("give sample files, folders or -, or --schema") }
        if output != nil && split != nil { throw ValidationError("--output and --split cannot be used together") }
    }

    func run() throws {
        var options = GeneratorOptions()
        options.rootName = name ?? "Root"
        options.access = GeneratorOptions.Access(rawValue: access) ?? .internal
        options.detectsMaps = !noMaps
        options.combinesSimilarShapes = !noCombine
        options.makesEnums = enums
        options.typesNumbersInText = numbersInText
        let progress = ProgressLine()
        let reader = SampleReader(progress: { progress.report(done: $0, total: $1) })
        do {
            let files: [(fileName: String, source: String)]
            if let schema {
                let document = try SampleReader().read([schema])[0]
                if name == nil, let title = SchemaConverter.suggestedRootName(for: document.value),
                    !SchemaConverter.isOpenAPI(document.value)
                {
                    options.rootName = title
                }
                files = try ModelGenerator(options: options).files(forSchema: document, split: split != nil)
            } else {
                files = try ModelGenerator(options: options).files(reading: samples, with: reader, split: split != nil)
            }
            progress.finish()
            if let split {
                try FileManager.default.createDirectory(atPath: split, withIntermediateDirectories: true)
                for file in files {
                    let url = URL(fileURLWithPath: split).appendingPathComponent(file.fileName)
                    try Data(file.source.utf8).write(to: url)
                }
            } else if let output {
                try Data(files[0].source.utf8).write(to: URL(fileURLWithPath: output))
            } else {
                FileHandle.standardOutput.write(Data(files[0].source.utf8))
            }
        } catch let error as SampleError {
            progress.finish()
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}

/// The progress line on standard error while large samples are read: one line, rewritten in place.
///
/// A class with a lock, because the reader calls it from a `@Sendable` closure; `Mutex` would need macOS 15.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private var shown = false

    func report(done: Int, total: Int) {
        let megabytes = { (bytes: Int) in String(format: "%.1f", Double(bytes) / 1_048_576) }
        FileHandle.standardError.write(Data("\rreading samples: \(megabytes(done)) of \(megabytes(total)) MB".utf8))
        lock.withLock { shown = true }
    }

    func finish() {
        let wasShown = lock.withLock { () -> Bool in
            defer { shown = false }
            return shown
        }
        if wasShown { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
