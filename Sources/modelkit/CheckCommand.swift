import ArgumentParser
import Foundation
import ModelKitGenerator

/// `modelkit check`: decodes samples with existing models and reports every diagnostic, for CI.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Decode samples with existing models and report where the data no longer fits them.",
        discussion: """
            The models are compiled with ModelKit into a small runner, which decodes each sample leniently and \
            prints every diagnostic with its key path: keys no property reads, values converted, defaults used, \
            elements dropped, enum values unknown. The check fails (exit status 1) when a sample cannot be decoded \
            or loses data (an element dropped, a default used, an enum fallback); keys no property reads and \
            conversions are notes, which fail it only with --strict.

            The ModelKit package the runner builds against is --modelkit-package, else the MODELKIT_PACKAGE \
            environment variable, else the package this executable was built in. The runner is built in that \
            package's .build folder (so ModelKit is not built again) unless --scratch-path names another; when \
            another SwiftPM process holds the folder, the check says so and waits for it.

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

    @Flag(help: "Exit non-zero on any diagnostic, unknown keys and conversions too, not only on lost data.")
    var strict = false

    @Option(help: "The report's format: text or json.")
    var format = "text"

    @Option(help: "The type each sample decodes as (Timeline, [Item]); read from the models' header by default.")
    var type: String?

    @Option(
        help: """
            The ModelKit package the runner builds against; else MODELKIT_PACKAGE, else the package above this \
            executable.
            """)
    var modelkitPackage: String?

    @Option(
        help: """
            The build folder for the runner (a folder of its own builds ModelKit once, in minutes); the ModelKit \
            package's .build by default.
            """)
    var scratchPath: String?

    func validate() throws {
        guard format == "text" || format == "json" else {
            throw ValidationError("--format must be text or json, not \(format)")
        }
    }

    func run() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: models, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("--models: no such folder: \(models)")
        }
        guard CheckRunner.hasModels(in: models) else {
            throw ValidationError("--models: no .swift files in \(models)")
        }
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
        let runner = CheckRunner(
            modelsFolder: models, rootType: rootType, modelKitPackage: package, scratchPath: scratchPath)
        let report: DriftReport
        do {
            report = try runner.check(files) { line in
                FileHandle.standardError.write(
                    Data(
                        "modelkit check: waiting for another build of \(runner.scratchPath) to finish (\(line))\n".utf8)
                )
            }
        } catch let failure as CheckRunner.Failure {
            FileHandle.standardError.write(Data("error: \(failure)\n".utf8))
            throw ExitCode.failure
        }
        print(format == "json" ? try report.json() : report.text(), terminator: "")
        if report.fails(strict: strict) { throw ExitCode.failure }
    }
}
