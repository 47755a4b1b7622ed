import Foundation

/// A folder in the temporary directory for the files that cases write, one per run of the executable,
/// removed when the run ends.
enum ScratchFolder {
    /// `ModelKitBenchmarks-<process id>` in the temporary directory.
    static let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "ModelKitBenchmarks-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)

    /// The subfolder `name`, created empty (a leftover of the same name is removed first).
    static func folder(_ name: String) throws -> URL {
        let folder = url.appendingPathComponent(name, isDirectory: true)
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Removes the folder and everything in it.
    static func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
