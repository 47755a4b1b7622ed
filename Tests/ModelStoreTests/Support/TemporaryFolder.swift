import Foundation

/// A fresh folder for one test, removed with everything in it when the test lets go of it.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ModelStoreTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A file in the folder.
    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// The names in the folder, sorted.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// The bytes of a file in the folder, or `nil` when there is none.
    func contents(_ name: String) -> Data? {
        FileManager.default.contents(atPath: file(name).path)
    }
}
