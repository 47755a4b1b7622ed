import Foundation

/// Writes the plain `Codable` twins of the benchmark's `@DictionaryModel` models (``ModelDeclaration``), the
/// baseline of the Foundation coder cases, so that each model's properties are declared once.
///
/// A twin is the model's struct inside `enum PlainCodable`: the same stored properties, `Date` read by
/// `FeedDate`, and the keys spelled out in `CodingKeys` where one differs from its property's name (as
/// `keyStrategy: .snakeCase` and `@Key` make them); the compiler synthesizes the rest of `Codable`. A model
/// whose twin needs more (its own `init(from:)`) has its twin written by hand, and this skips it.
///
/// Usage: `CodableTwins <output> --hand-written <file>... --models <file>...` (the build plugin's call).
@main
enum CodableTwins {
    static func main() {
        do {
            try run()
        } catch {
            FileHandle.standardError.write(Data("CodableTwins: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run() throws {
        var arguments = CommandLine.arguments.dropFirst()
        guard let output = arguments.popFirst() else { throw UsageError() }
        var handWritten: [String] = []
        var modelFiles: [String] = []
        var readingModels: Bool?
        for argument in arguments {
            switch (argument, readingModels) {
            case ("--hand-written", _): readingModels = false
            case ("--models", _): readingModels = true
            case (_, true?): modelFiles.append(argument)
            case (_, false?): handWritten.append(argument)
            case (_, nil): throw UsageError()
            }
        }

        // The structs the hand-written twin files declare.
        var skipped: Set<String> = []
        for file in handWritten {
            for match in try String(contentsOfFile: file, encoding: .utf8).matches(of: /(?m)^ *struct (\w+)/) {
                skipped.insert(String(match.1))
            }
        }

        var text = """
            // Generated at build time by Benchmarks/CodableTwins from the benchmark's @DictionaryModel models.

            import Foundation

            extension PlainCodable {
            """
        for file in modelFiles.sorted() {
            let source = try String(contentsOfFile: file, encoding: .utf8)
            for model in try ModelDeclaration.models(in: source, file: file, skipping: skipped) {
                text += "\n" + twin(of: model)
            }
        }
        text += "}\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    }

    static func twin(of model: ModelDeclaration) -> String {
        var text = """
                /// The `Codable` twin of ``\(model.name)``.
                struct \(model.name): Codable {

            """
        for property in model.properties {
            let type = property.type.replacing(/\bDate\b/, with: "FeedDate")
            text += "        var \(property.name): \(type)\n"
        }
        if model.properties.contains(where: { $0.key != $0.name }) {
            text += "\n        enum CodingKeys: String, CodingKey {\n"
            for property in model.properties {
                let raw = property.key == property.name ? "" : " = \"\(property.key)\""
                text += "            case \(property.name)\(raw)\n"
            }
            text += "        }\n"
        }
        return text + "    }\n"
    }

    struct UsageError: Error, CustomStringConvertible {
        var description: String { "usage: CodableTwins <output> --hand-written <file>... --models <file>..." }
    }
}
