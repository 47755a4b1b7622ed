import Foundation

/// A fresh folder for one test, removed with everything in it when the test lets go of it.
///
/// ```swift
/// let folder = try TemporaryFolder()
/// try data.write(to: folder.file("apps.json"))
/// ```
public final class TemporaryFolder: Sendable {
    /// Where the folder is.
    public let url: URL

    /// Creates an empty folder under the system's temporary directory, or with `inMemory`, on the memory file
    /// system `/dev/shm` where there is one: thousands of saves there flush nothing to a disk, and their locks and
    /// renames work alike.
    public init(inMemory: Bool = false) throws {
        var base = FileManager.default.temporaryDirectory
        if inMemory, FileManager.default.fileExists(atPath: "/dev/shm") {
            base = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        }
        url = base.appendingPathComponent("ModelKitTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A file in the folder (not created).
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// The names in the folder, sorted.
    public func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// The bytes of a file in the folder, or `nil` when there is none.
    public func contents(_ name: String) -> Data? {
        FileManager.default.contents(atPath: file(name).path)
    }
}
