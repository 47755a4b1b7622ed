import ArgumentParser
import Foundation
import ModelKitGenerator

/// `modelkit check`: decodes samples with existing models and reports every diagnostic, for CI.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Decode samples with existing models and report where the data no longer fits them.",
        discussion: """
            The models are compiled with ModelKit into a small runner (reusing ModelKit's build folder), which \
            decodes each sample leniently and prints every diagnostic with its key path: keys no property reads, \
            values converted, defaults used, elements dropped. A sample the models cannot decode at all is an \
            error, and makes the check fail; with --strict any diagnostic does.

            Examples:
              modelkit check --models Sources/Models response.json
              modelkit check --models Sources/Models samples/ --strict
              modelkit check --models Sources/Models --type '[Item]' items.json --format json
            """
    )

    @Option(help: "The folder of model sources (every .swift file in it).")
    var models: String

    @Argument(help: "Sample files or folders.")
    var samples: [String]

    @Flag(help: "Exit non-zero on any diagnostic, not only when a sample cannot be decoded.")
    var strict = false

    @Option(help: "The report's format: text or json.")
    var format = "text"

    @Option(help: "The type each sample decodes as (Timeline, [Item]); read from the models' header by default.")
    var type: String?

    @Option(help: "The ModelKit package the runner builds against; found above this executable by default.")
    var modelkitPackage: String?

    func validate() throws {
        guard format == "text" || format == "json" else {
            throw ValidationError("--format must be text or json, not \(format)")
        }
    }

    func run() throws {
        guard let rootType = type ?? CheckRunner.rootType(inModels: models) else {
            throw ValidationError(
                "no `// modelkit-root:` line in the models of \(models) (written by modelkit generate): pass --type")
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        let environment = ProcessInfo.processInfo.environment["MODELKIT_PACKAGE"]
        guard let package = modelkitPackage ?? environment ?? CheckRunner.modelKitPackage(above: executable) else {
            throw ValidationError("cannot find the ModelKit package: pass --modelkit-package or set MODELKIT_PACKAGE")
        }
        let files: [String]
        do {
            files = try SampleReader().expand(samples)
        } catch let error as SampleError {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode.failure
        }
        let runner = CheckRunner(modelsFolder: models, rootType: rootType, modelKitPackage: package)
        let report: DriftReport
        do {
            report = try runner.check(files)
        } catch let failure as CheckRunner.Failure {
            FileHandle.standardError.write(Data("error: \(failure)\n".utf8))
            throw ExitCode.failure
        }
        print(format == "json" ? try report.json() : report.text(), terminator: "")
        if report.errorCount > 0 || (strict && report.noteCount > 0) { throw ExitCode.failure }
    }
}
