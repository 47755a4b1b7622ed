import Foundation
import Testing

/// Finds the data that the project's tests share, in `../shared/data` beside the repository, and fails the
/// calling test with a clear message when it is missing rather than letting it pass on nothing.
enum SharedDataFolder {
    /// `shared/data`, found from this file's own path: Tests/ModelKitTests/Fixtures → repository → its parent.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("shared/data", isDirectory: true)

    /// The files directly in `folder` (relative to `shared/data`) whose names pass `include`, sorted by name.
    static func files(
        in folder: String, where include: (String) -> Bool = { _ in true },
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [URL] {
        let url = root.appendingPathComponent(folder, isDirectory: true)
        let names = try #require(
            try? FileManager.default.contentsOfDirectory(atPath: url.path),
            "shared test data is missing: no folder at \(url.path)", sourceLocation: sourceLocation)
        let files = names.filter(include).sorted().map { url.appendingPathComponent($0) }
        try #require(!files.isEmpty, "no matching files in \(url.path)", sourceLocation: sourceLocation)
        return files
    }

    /// The JSONTestSuite files whose names start with `prefix` (`y_`, `n_` or `i_`).
    static func conformanceFiles(
        prefix: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [URL] {
        try files(
            in: "conformance/json", where: { $0.hasPrefix(prefix) && $0.hasSuffix(".json") },
            sourceLocation: sourceLocation)
    }

    /// The benchmark documents in `bench/`.
    static func benchmarkFiles(sourceLocation: SourceLocation = #_sourceLocation) throws -> [URL] {
        try files(in: "bench", where: { $0.hasSuffix(".json") }, sourceLocation: sourceLocation)
    }
}
