import Foundation

/// The repository's `Data/` folder: the benchmark files and the JSON and property-list conformance corpora
/// (`Data/README.md` names their sources and licences).
///
/// The folder is found from this file's own path, so tests find it wherever the repository is cloned. A file
/// or folder that is not there throws ``MissingRepositoryData`` naming the path, which fails the calling test
/// instead of letting it pass on nothing.
public enum RepositoryData {
    /// `Data/` at the repository's root: Tests/ModelKitTestSupport → Tests → the repository.
    public static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Data", isDirectory: true)

    /// The benchmark files, `Data/bench`.
    public static let benchmarkFolder = folder.appendingPathComponent("bench", isDirectory: true)

    /// The file at `path` below `Data/`, which must exist.
    public static func file(_ path: String) throws -> URL {
        let url = folder.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw MissingRepositoryData(path: url.path, detail: "no such file")
        }
        return url
    }

    /// The bytes of the file at `path` below `Data/`.
    public static func contents(of path: String) throws -> Data {
        try Data(contentsOf: file(path))
    }

    /// The names of the files directly in `path` (below `Data/`) that pass `include`, sorted; at least one.
    public static func names(in path: String, where include: (String) -> Bool = { _ in true }) throws -> [String] {
        let url = folder.appendingPathComponent(path, isDirectory: true)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else {
            throw MissingRepositoryData(path: url.path, detail: "no such folder")
        }
        let matching = names.filter(include).sorted()
        guard !matching.isEmpty else {
            throw MissingRepositoryData(path: url.path, detail: "no matching file in the folder")
        }
        return matching
    }

    /// The files directly in `path` (below `Data/`) whose names pass `include`, sorted by name; at least one.
    public static func files(in path: String, where include: (String) -> Bool = { _ in true }) throws -> [URL] {
        let url = folder.appendingPathComponent(path, isDirectory: true)
        return try names(in: path, where: include).map { url.appendingPathComponent($0) }
    }

    /// The JSONTestSuite files whose names start with `prefix`: `y_` (must be accepted), `n_` (must be
    /// rejected), `i_` (either, without a crash), or a longer prefix naming one file.
    public static func jsonConformanceFiles(prefix: String) throws -> [URL] {
        try files(in: "conformance/json", where: { $0.hasPrefix(prefix) && $0.hasSuffix(".json") })
    }

    /// The JSON benchmark documents, `Data/bench/*.json`.
    public static func benchmarkFiles() throws -> [URL] {
        try files(in: "bench", where: { $0.hasSuffix(".json") })
    }
}

/// A file or folder of the repository's `Data/` that is not there.
public struct MissingRepositoryData: Error, CustomStringConvertible {
    /// The path that was looked for.
    public var path: String
    /// What is wrong with it.
    public var detail: String

    /// The sentence a failing test prints.
    public var description: String {
        "the repository's test data is missing: \(detail) at \(path) (Data/README.md lists what belongs there)"
    }
}
