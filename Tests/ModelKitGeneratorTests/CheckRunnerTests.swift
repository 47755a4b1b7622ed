import Foundation
import ModelKitTestSupport
import Testing

@testable import ModelKitGenerator

/// What `modelkit check` finds before it builds: the root type, the ModelKit package, the runner's files.
@Suite struct CheckRunnerTests {
    @Test func theRootTypeComesFromTheGeneratedHeader() throws {
        let folder = try TemporaryFolder()
        let files = try ModelGenerator(options: options { $0.rootName = "Item" }).files(
            for: samples(#"[{"child": {"a": 1}}]"#))
        for file in files { try Data(file.source.utf8).write(to: folder.file(file.fileName)) }
        #expect(CheckRunner.rootType(inModels: folder.url.path) == "[Item]")
        #expect(CheckRunner.rootType(inModels: folder.file("missing").path) == nil)
    }

    @Test func theModelKitPackageIsFoundAboveAPath() {
        let here = URL(fileURLWithPath: #filePath)
        let package = CheckRunner.modelKitPackage(above: here.path)
        #expect(
            package == here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path)
    }

    @Test func theRunnerHoldsTheModelsAndAMainAndDropsStaleFiles() throws {
        let folder = try TemporaryFolder()
        let models = folder.file("Models")
        try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
        try Data("struct A {}\n".utf8).write(to: models.appendingPathComponent("A.swift"))
        let runner = CheckRunner(
            modelsFolder: models.path, rootType: "A", modelKitPackage: "/nowhere",
            scratchPath: folder.file("scratch").path,
            runnerFolder: folder.file("runner").path)
        let sources = folder.file("runner/Sources/ModelKitCheckRunner")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: sources.appendingPathComponent("Model9_Old.swift"))
        try runner.writePackage()
        let names = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
        #expect(names == ["Model0_A.swift", "main.swift"])
        let main = try String(contentsOf: sources.appendingPathComponent("main.swift"), encoding: .utf8)
        #expect(main.contains("try A.decode(data: data, options: DecodingOptions())"))
        let manifest = try String(contentsOf: folder.file("runner/Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(name: "ModelKit", path: "/nowhere")"#))
    }
}
