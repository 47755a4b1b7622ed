import Foundation
import PackagePlugin

/// Writes the benchmark's plain `Codable` twins at build time from its `@DictionaryModel` models, with the
/// `CodableTwins` tool: the models under `Models/` are read, and the structs that the `PlainCodable+<Model>.swift`
/// files there declare by hand are left to them.
@main
struct CodableTwinsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles(withSuffix: "swift").map(\.url).filter { $0.pathComponents.contains("Models") }
        let handWritten = files.filter { $0.lastPathComponent.hasPrefix("PlainCodable+") }
        let models = files.filter { !$0.lastPathComponent.contains("+") }
        let output = context.pluginWorkDirectoryURL.appending(path: "PlainCodable+Twins.swift")
        return [
            .buildCommand(
                displayName: "Writing the Codable twins of the benchmark's models",
                executable: try context.tool(named: "CodableTwins").url,
                arguments: [output.path, "--hand-written"] + handWritten.map(\.path) + ["--models"]
                    + models.map(\.path),
                inputFiles: handWritten + models,
                outputFiles: [output])
        ]
    }
}
