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

    /// Compile errors pointed into the runner's copies (`.build/modelkit-check/…/Model0_A.swift`).
    @Test func compileErrorsPointAtTheUsersFiles() throws {
        let output = """
            /b/runner/Sources/ModelKitCheckRunner/Model1_A.swift:3:9: error: cannot find type 'Strin' in scope
            /b/runner/Sources/ModelKitCheckRunner/Model11_B.swift:1:1: error: expected declaration
            """
        let copies = [
            "/b/runner/Sources/ModelKitCheckRunner/Model1_A.swift": "Models/A.swift",
            "/b/runner/Sources/ModelKitCheckRunner/Model11_B.swift": "Models/Nested/B.swift",
        ]
        #expect(
            CheckRunner.pointingAtModels(output, copies: copies) == """
                Models/A.swift:3:9: error: cannot find type 'Strin' in scope
                Models/Nested/B.swift:1:1: error: expected declaration
                """)
    }

    @Test func aFolderWithoutModelsIsToldApart() throws {
        let folder = try TemporaryFolder()
        #expect(!CheckRunner.hasModels(in: folder.url.path))
        #expect(!CheckRunner.hasModels(in: folder.file("nope").path))
        try Data("struct A {}\n".utf8).write(to: folder.file("A.swift"))
        #expect(CheckRunner.hasModels(in: folder.url.path))
    }

    @Test func aLineOfTheBuildIsHeardAsItIsPrinted() throws {
        var lines: [String] = []
        let (status, output) = try CheckRunner.launch("/bin/sh", ["-c", "echo one; echo two >&2; exit 3"]) {
            lines.append($0)
        }
        #expect(status == 3)
        #expect(Set(lines) == ["one", "two"])
        #expect(output.contains("one\n") && output.contains("two\n"))
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
