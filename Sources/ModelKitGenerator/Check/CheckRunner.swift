import Foundation

/// Builds and runs a small program that decodes samples with a folder of models, as they are, and prints every
/// diagnostic ModelKit makes; ``DriftReport`` reads what it prints.
///
/// Why a runner and not SwiftSyntax: a model's decoding is what `@DictionaryModel` expands to — key strategies,
/// `@Key` paths, transforms, defaults, enums with fallbacks, `Codable` members. Reading the source would mean
/// re-implementing that and the conversion table, and drifting from them; compiling the models with ModelKit
/// makes the check decode exactly as the app does. The cost is a build (seconds once ModelKit is built; the
/// runner reuses ModelKit's build folder and its own package folder between runs).
public struct CheckRunner: Sendable {
    /// Why the runner could not be made or run.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong, with the build's output when the build failed.
        public var description: String
    }

    /// The folder of `.swift` model files (searched recursively).
    public var modelsFolder: String
    /// The type each sample decodes as: `Timeline`, or `[Item]`.
    public var rootType: String
    /// The ModelKit package the runner depends on (by path).
    public var modelKitPackage: String
    /// SwiftPM's build folder; ModelKit's own `.build` by default, so that ModelKit is not built again.
    public var scratchPath: String
    /// Where the runner package is written.
    public var runnerFolder: String

    /// A runner for `modelsFolder`; `runnerFolder` defaults to a folder in `scratchPath` named after the models'
    /// path, so that two model folders do not rebuild each other's runner.
    public init(
        modelsFolder: String, rootType: String, modelKitPackage: String, scratchPath: String? = nil,
        runnerFolder: String? = nil
    ) {
        self.modelsFolder = modelsFolder
        self.rootType = rootType
        self.modelKitPackage = modelKitPackage
        let scratch = scratchPath ?? URL(fileURLWithPath: modelKitPackage).appendingPathComponent(".build").path
        self.scratchPath = scratch
        let absolute = URL(fileURLWithPath: modelsFolder).standardizedFileURL.path
        let name = absolute.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? String($0) : "-" }.joined()
        self.runnerFolder = runnerFolder ?? "\(scratch)/modelkit-check/\(name.suffix(80))"
    }

    /// The root type that `modelkit generate` wrote into the models' header (`// modelkit-root: Timeline`).
    public static func rootType(inModels folder: String) -> String? {
        for file in swiftFiles(in: folder) {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n").prefix(20) where line.hasPrefix("// modelkit-root: ") {
                return String(line.dropFirst("// modelkit-root: ".count)).trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The ModelKit package above `path` (a file or folder), found by its manifest: where the `modelkit` binary
    /// was built, for `swift run modelkit`.
    public static func modelKitPackage(above path: String) -> String? {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        while url.path != "/" {
            url.deleteLastPathComponent()
            let manifest = url.appendingPathComponent("Package.swift")
            if let text = try? String(contentsOf: manifest, encoding: .utf8), text.contains("name: \"ModelKit\"") {
                return url.path
            }
        }
        return nil
    }

    /// Whether `folder` holds a `.swift` file, at any depth.
    public static func hasModels(in folder: String) -> Bool {
        !swiftFiles(in: folder).isEmpty
    }

    static func swiftFiles(in folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let name = enumerator.nextObject() as? String {
            if name.hasSuffix(".swift") && !name.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                files.append((folder as NSString).appendingPathComponent(name))
            }
        }
        return files.sorted()
    }

    /// Writes the runner package (only the files that changed, so an unchanged runner is not rebuilt), builds
    /// it, runs it over `samples` and reads its report.
    public func check(_ samples: [String]) throws -> DriftReport {
        try check(samples, onWait: nil)
    }

    /// ``check(_:)``, telling `onWait` when the build waits for another SwiftPM process that holds the build
    /// folder (SwiftPM's lock), with the line SwiftPM printed, so that a command can say why it is waiting.
    public func check(_ samples: [String], onWait: (@Sendable (String) -> Void)?) throws -> DriftReport {
        let copies = try writePackage()
        let executable = try build(copies: copies, onWait: onWait)
        let absolute = samples.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let output = try run(executable, absolute)
        var report = try DriftReport(runnerOutput: output)
        // The runner saw absolute paths; the report names the samples as the user did.
        for index in report.samples.indices {
            if let position = absolute.firstIndex(of: report.samples[index].sample) {
                report.samples[index].sample = samples[position]
            }
        }
        return report
    }

    /// Writes the runner package and returns where each model file was copied: the copy's path → the model's.
    @discardableResult
    func writePackage() throws -> [String: String] {
        let sources = "\(runnerFolder)/Sources/ModelKitCheckRunner"
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        let package = URL(fileURLWithPath: modelKitPackage).standardizedFileURL.path
        try write(
            """
            // swift-tools-version: 6.1
            // Written by `modelkit check`: the models of \(modelsFolder) and a main that decodes samples with them.
            import PackageDescription

            let package = Package(
                name: "ModelKitCheck",
                platforms: [.macOS(.v14)],
                dependencies: [.package(name: "ModelKit", path: \(SwiftRenderer.literal(package)))],
                targets: [
                    .executableTarget(
                        name: "ModelKitCheckRunner",
                        dependencies: [.product(name: "ModelKit", package: "ModelKit")]
                    )
                ],
                swiftLanguageModes: [.v6]
            )

            """, to: "\(runnerFolder)/Package.swift")
        // The models go into the runner's own module, so that internal models need no `public`.
        var wanted: Set<String> = ["main.swift"]
        var copies: [String: String] = [:]
        for (index, file) in Self.swiftFiles(in: modelsFolder).enumerated() {
            let name = "Model\(index)_\((file as NSString).lastPathComponent)"
            wanted.insert(name)
            try write(try String(contentsOfFile: file, encoding: .utf8), to: "\(sources)/\(name)")
            copies[URL(fileURLWithPath: "\(sources)/\(name)").standardizedFileURL.path] = file
        }
        try write(Self.mainSource(rootType: rootType), to: "\(sources)/main.swift")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? [] where !wanted.contains(name) {
            try? FileManager.default.removeItem(atPath: "\(sources)/\(name)")
        }
        return copies
    }

    /// The compiler's output with each copy's path replaced by the model file's, so that an error points into
    /// the user's file (the copies are verbatim, so lines and columns are the same).
    static func pointingAtModels(_ output: String, copies: [String: String]) -> String {
        var output = output
        // Longest first, so that `Model1_A.swift` is not replaced inside `Model11_A.swift`'s path.
        for (copy, original) in copies.sorted(by: { $0.key.count > $1.key.count }) {
            output = output.replacingOccurrences(of: copy, with: original)
        }
        return output
    }

    private func write(_ text: String, to path: String) throws {
        if let existing = try? String(contentsOfFile: path, encoding: .utf8), existing == text { return }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The runner's entry point: lenient decoding (so every diagnostic is collected, not just the first error),
    /// one JSON line per sample.
    static func mainSource(rootType: String) -> String {
        """
        import Foundation
        import ModelKit

        // Written by `modelkit check`: decodes each sample named on the command line and prints one JSON line.
        func kind(_ diagnostic: Diagnostic) -> String {
            switch diagnostic.kind {
            case .converted: "converted"
            case .defaultedMissing: "defaultedMissing"
            case .defaultedNull: "defaultedNull"
            case .defaultedInvalid: "defaultedInvalid"
            case .droppedElement: "droppedElement"
            case .unknownKey: "unknownKey"
            case .enumFallback: "enumFallback"
            case .recovered: "recovered"
            }
        }

        func note(path: ValuePath, kind: String, full: String) -> Value {
            let prefix = "\\(path): "
            let message = full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
            return ["path": .string("\\(path)"), "kind": .string(kind), "message": .string(message)]
        }

        for path in CommandLine.arguments.dropFirst() {
            var notes: [Value] = []
            var failure: Value = .null
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                let decoded = try \(rootType).decode(data: data, options: DecodingOptions())
                notes = decoded.diagnostics.map { note(path: $0.path, kind: kind($0), full: "\\($0)") }
            } catch let error as MappingError {
                failure = note(path: error.path, kind: "error", full: "\\(error)")
            } catch {
                failure = ["path": "", "kind": "error", "message": .string("\\(error)")]
            }
            let line: Value = ["sample": .string(path), "notes": .array(notes), "error": failure]
            print(String(decoding: try JSONFormat.data(from: line), as: UTF8.self))
        }

        """
    }

    private func build(copies: [String: String], onWait: (@Sendable (String) -> Void)?) throws -> String {
        let common = ["build", "--package-path", runnerFolder, "--scratch-path", scratchPath]
        // The scratch folder is ModelKit's, whose cached build plan has no runner target; SwiftPM may reuse it
        // ("No target named … in build description") unless told to plan afresh.
        _ = try swift(
            common + ["--disable-build-manifest-caching", "--product", "ModelKitCheckRunner"], copies: copies,
            onWait: onWait)
        let bin = try swift(common + ["--show-bin-path"], copies: copies, onWait: onWait)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return "\(bin.split(separator: "\n").last.map(String.init) ?? bin)/ModelKitCheckRunner"
    }

    private func swift(
        _ arguments: [String], copies: [String: String], onWait: (@Sendable (String) -> Void)?
    ) throws -> String {
        let (status, output) = try Self.launch("/usr/bin/env", ["swift"] + arguments) { line in
            // SwiftPM waits without a time limit for the process that holds the build folder's lock.
            if line.contains("Another instance of SwiftPM") { onWait?(line) }
        }
        guard status == 0 else {
            let output = Self.pointingAtModels(output, copies: copies)
            throw Failure(description: "the models in \(modelsFolder) did not build:\n\(output)")
        }
        return output
    }

    private func run(_ executable: String, _ samples: [String]) throws -> String {
        let (status, output) = try Self.launch(executable, samples)
        guard status == 0 else { throw Failure(description: "the check runner failed:\n\(output)") }
        return output
    }

    /// Runs a program and returns its exit status and its standard output and error together; `onLine` hears
    /// each line as it is printed.
    static func launch(
        _ executable: String, _ arguments: [String], onLine: ((String) -> Void)? = nil
    ) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        var data = Data()
        var lineStart = 0
        while true {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            data.append(chunk)
            while let newline = data[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                onLine?(String(decoding: data[lineStart..<newline], as: UTF8.self))
                lineStart = newline + 1
            }
        }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
