import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Saves from several processes — an app and its extension in one app-group container, an app and its
// command-line tool — take turns through an advisory lock, and each checks, with the lock held, that the file
// is still the version it read before it writes over it.

extension StoreFile {
    /// The lock file, `.<name>.lock` beside the file: empty, made by the first save and never removed, since a
    /// process waiting on a removed lock file would hold a lock nobody else sees.
    var lockPath: String { "\(folderPath)/.\(name).lock" }

    /// Runs `body` holding the file's exclusive lock, which every save of every process that uses ModelStore on
    /// this file takes: `flock(2)` on the lock file, which Linux and Apple platforms both have.
    ///
    /// The lock belongs to the open lock file, not to the process, so two stores on one file in one process
    /// take turns too; the kernel drops it when the process ends, even by SIGKILL, so a killed process never
    /// blocks the others. On a file system without locks (some network shares answer `ENOLCK`) `body` runs
    /// without one: the check of the file's version still catches a change made before it.
    func withLock<Result>(_ body: () throws -> Result) throws -> Result {
        try makeFolder(folderPath)
        let descriptor: Int32
        do throws(SystemCallError) {
            descriptor = try fileSystem.open(lockPath, flags: O_RDONLY | O_CREAT | O_CLOEXEC, permissions: 0o644)
        } catch {
            throw StoreError.writeFailed(path: path, operation: "open the lock file", code: error.code)
        }
        // Closing the descriptor releases the lock.
        defer { try? fileSystem.close(descriptor) }
        do throws(SystemCallError) {
            try fileSystem.lock(descriptor)
        } catch {
            guard [ENOLCK, ENOTSUP, EOPNOTSUPP, ENOSYS].contains(error.code) else {
                throw StoreError.writeFailed(path: path, operation: "lock", code: error.code)
            }
        }
        return try body()
    }

    /// Whether the file is still the version `expected` fingerprints (`nil`: there is no file).
    ///
    /// Reads the file's size and its checksum field, not the whole file, unless the file has no checksum.
    ///
    /// - Throws: ``StoreError/readFailed(path:operation:code:)`` when the file exists but cannot be read.
    func isUnchanged(since expected: FileFingerprint?) throws -> Bool {
        let descriptor: Int32
        do throws(SystemCallError) {
            descriptor = try fileSystem.open(path, flags: O_RDONLY | O_CLOEXEC, permissions: 0)
        } catch {
            if error.code == ENOENT || error.code == ENOTDIR { return expected == nil }
            throw StoreError.readFailed(path: path, operation: "open", code: error.code)
        }
        defer { try? fileSystem.close(descriptor) }
        guard let expected else { return false }
        let size: Int
        do throws(SystemCallError) {
            size = try fileSystem.size(of: descriptor)
        } catch {
            throw StoreError.readFailed(path: path, operation: "stat", code: error.code)
        }
        guard size == expected.size else { return false }
        guard let digitsOffset = expected.checksumOffset else { return try currentFingerprint() == expected }
        let field = expected.checksumField
        let found = UnsafeMutableRawBufferPointer.allocate(byteCount: field.count, alignment: 1)
        defer { found.deallocate() }
        let start = digitsOffset - StoreChecksum.marker.count
        var filled = 0
        while filled < found.count {
            let count: Int
            do throws(SystemCallError) {
                count = try fileSystem.read(
                    descriptor, into: UnsafeMutableRawBufferPointer(rebasing: found[filled...]), at: start + filled)
            } catch {
                throw StoreError.readFailed(path: path, operation: "read", code: error.code)
            }
            if count == 0 { return false }
            filled += count
        }
        return found.elementsEqual(field)
    }

    /// The fingerprint of the file as it is now; `nil` when there is none.
    func currentFingerprint() throws -> FileFingerprint? {
        try read(path).map(FileFingerprint.init(of:))
    }
}
