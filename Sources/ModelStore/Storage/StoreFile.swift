import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One store's file and its backup, read with a fallback and written atomically.
///
/// A save writes a temporary file in the same folder, flushes it to disk, turns the current file into the
/// backup (a hard link, so the current file never disappears), renames the temporary file over the current
/// one and flushes the folder. A crash at any moment leaves the old file or the new one under the file's
/// name — never a half-written one — and a good previous version under the backup's name.
struct StoreFile: Sendable {
    /// The file.
    let url: URL
    /// The previous good version, `<name>.backup` in the same folder.
    let backupURL: URL
    /// Where every call goes: the real file system but in the power-loss tests.
    let fileSystem: any StoreFileSystem

    init(url: URL, fileSystem: any StoreFileSystem = SystemFileSystem()) {
        self.url = url
        self.backupURL = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".backup")
        self.fileSystem = fileSystem
    }

    var path: String { url.path }
    var folderPath: String { url.deletingLastPathComponent().path }
    var name: String { url.lastPathComponent }

    // MARK: Reading

    /// Where a loaded value came from.
    enum Source: Sendable, Equatable {
        case file
        /// The backup, because the file is missing (`fileIsDamaged` false) or cannot be used.
        case backup(problem: String, fileIsDamaged: Bool)
    }

    /// What ``load(_:)`` found.
    struct Reading<Loaded> {
        /// The decoded value and which file it came from; `nil` when neither file exists.
        var contents: (value: Loaded, source: Source)?
        /// The version of the file (not the backup) that was read, usable or not; `nil` when there was none.
        var fingerprint: FileFingerprint?
    }

    /// Reads and decodes the file, or the backup when the file is missing or cannot be used.
    ///
    /// `decode` throws a ``StoreError`` for a file that is readable but must not be replaced by its backup (a
    /// newer schema version, a failed migration): such errors end the load at once, as does a file that exists
    /// but cannot be read (no permission, a folder in its place) — an unreadable file is not a damaged one, and
    /// falling back on an older backup would hide the newer file. Any other error marks the file as damaged.
    ///
    /// Reading takes no lock: a save replaces the file by renaming a complete one over it, so a reader sees the
    /// old file or the new one, never a mix.
    ///
    /// - Throws: ``StoreError/damaged(path:detail:backupDetail:)`` when neither can be used; no file is changed.
    func load<Loaded>(_ decode: (Data) throws -> Loaded) throws -> Reading<Loaded> {
        var problem: String?
        var fingerprint: FileFingerprint?
        switch attempt(path, decode, fingerprint: &fingerprint) {
        case .loaded(let value): return Reading(contents: (value, .file), fingerprint: fingerprint)
        case .missing: break
        case .unusable(let why): problem = why
        case .fatal(let error): throw error
        }
        var backupFingerprint: FileFingerprint?
        switch attempt(backupURL.path, decode, fingerprint: &backupFingerprint) {
        case .loaded(let value):
            let source = Source.backup(problem: problem ?? "the file is missing", fileIsDamaged: problem != nil)
            return Reading(contents: (value, source), fingerprint: fingerprint)
        case .missing:
            guard let problem else { return Reading(contents: nil, fingerprint: nil) }
            throw StoreError.damaged(path: path, detail: problem, backupDetail: "there is no backup")
        case .unusable(let why):
            throw StoreError.damaged(path: path, detail: problem ?? "the file is missing", backupDetail: why)
        case .fatal(let error):
            throw error
        }
    }

    private enum Attempt<Loaded> {
        case loaded(Loaded)
        case missing
        case unusable(String)
        case fatal(StoreError)
    }

    private func attempt<Loaded>(
        _ path: String, _ decode: (Data) throws -> Loaded, fingerprint: inout FileFingerprint?
    ) -> Attempt<Loaded> {
        let data: Data
        do {
            guard let read = try self.read(path) else { return .missing }
            data = read
        } catch let error as StoreError {
            return .fatal(error)
        } catch {
            return .fatal(StoreError.readFailed(path: path, operation: "read", code: EIO))
        }
        fingerprint = FileFingerprint(of: data)
        if data.isEmpty { return .unusable("the file is empty") }
        do {
            return .loaded(try decode(data))
        } catch let error as StoreError {
            return .fatal(error)
        } catch {
            return .unusable("\(error)")
        }
    }

    /// The file's bytes, or `nil` when there is no such file.
    func read(_ path: String) throws -> Data? {
        let descriptor: Int32
        do throws(SystemCallError) {
            descriptor = try fileSystem.open(path, flags: O_RDONLY | O_CLOEXEC, permissions: 0)
        } catch {
            // ENOTDIR: a folder on the way is a file, so this file cannot exist; the save will say so.
            if error.code == ENOENT || error.code == ENOTDIR { return nil }
            throw StoreError.readFailed(path: path, operation: "open", code: error.code)
        }
        defer { try? fileSystem.close(descriptor) }
        let size: Int
        do throws(SystemCallError) {
            size = try fileSystem.size(of: descriptor)
        } catch {
            throw StoreError.readFailed(path: path, operation: "stat", code: error.code)
        }
        // Read straight into memory the returned Data then owns: building an array and copying it held the file
        // twice, the peak of a document's load, and `Data(count:)` reserves a quarter more than it is asked for.
        guard let buffer = malloc(max(size, 1)) else {
            throw StoreError.readFailed(path: path, operation: "allocate \(size) bytes for", code: ENOMEM)
        }
        var filled = 0
        var grown = [UInt8]()
        // Past the size fstat gave (a file that grew), the rest goes through a small buffer.
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        do throws(SystemCallError) {
            while true {
                let atEnd = filled == size
                let count = try fileSystem.read(
                    descriptor,
                    into: atEnd ? chunk : UnsafeMutableRawBufferPointer(start: buffer + filled, count: size - filled))
                if count == 0 { break }
                if atEnd { grown.append(contentsOf: chunk[..<count]) } else { filled += count }
            }
        } catch {
            free(buffer)
            throw StoreError.readFailed(path: path, operation: "read", code: error.code)
        }
        var data = Data(bytesNoCopy: buffer, count: filled, deallocator: .free)
        if !grown.isEmpty { data.append(contentsOf: grown) }
        return data
    }

    // MARK: Writing

    /// Replaces the file with `data`, atomically and durably.
    ///
    /// - Parameter keepingBackup: whether the current file is a good version that should become the backup.
    ///   After a load that had to fall back on the backup, the current file is damaged and must not replace
    ///   the good backup.
    /// - Throws: ``StoreError/writeFailed(path:operation:code:)`` with the file unchanged, or
    ///   ``StoreError/notDurable(path:code:)`` once the new file is in place.
    /// - Returns: the new file's fingerprint.
    @discardableResult
    func write(_ data: Data, keepingBackup: Bool, keepingDamaged: Bool = false) throws -> FileFingerprint {
        try write(keepingBackup: keepingBackup, keepingDamaged: keepingDamaged) { sink in
            try data.withUnsafeBytes(sink)
        }
        return FileFingerprint(of: data)
    }

    /// Replaces the file with the bytes `produce` hands to its sink, in order, atomically and durably; see
    /// ``write(_:keepingBackup:keepingDamaged:)``. An error `produce` throws leaves the file as it was.
    ///
    /// - Parameters:
    ///   - keepingDamaged: whether the current file is damaged and must be kept, as `<name>.damaged-<time>`,
    ///     rather than replaced: a damaged file may still hold what a person can rescue by hand.
    ///   - checksumPlaceholder: the ``StoreChecksum/placeholder()`` that `produce` writes into the file's
    ///     checksum field, to be replaced with the file's checksum before the file is flushed.
    /// - Returns: the new file's fingerprint when it has a checksum field.
    @discardableResult
    func write(
        keepingBackup: Bool, keepingDamaged: Bool = false, checksumPlaceholder: String? = nil,
        produce: (_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws -> FileFingerprint? {
        try makeFolder(folderPath)
        let (temporary, fingerprint) = try writeTemporary(
            prefix: ".\(name).", checksumPlaceholder: checksumPlaceholder, produce)
        var renamed = false
        defer { if !renamed { try? fileSystem.unlink(temporary) } }
        if keepingDamaged {
            try keepDamagedFile()
        } else if keepingBackup {
            try replaceBackup()
        }
        do throws(SystemCallError) {
            try fileSystem.rename(temporary, to: path)
        } catch {
            throw StoreError.writeFailed(path: path, operation: "rename", code: error.code)
        }
        renamed = true
        try syncFolder()
        return fingerprint
    }

    /// Writes what `produce` hands over to a new file in the folder and flushes it; returns the file's path, and
    /// its fingerprint when it has a checksum field.
    private func writeTemporary(
        prefix: String, checksumPlaceholder: String? = nil,
        _ produce: (_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws -> (path: String, fingerprint: FileFingerprint?) {
        // The process id in the name lets a later launch tell a leftover from a crash from a save under way.
        let temporary = "\(folderPath)/\(prefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        // Readable too, so that the checksum can be computed from the bytes as they are in the file.
        let descriptor: Int32
        do throws(SystemCallError) {
            descriptor = try fileSystem.open(
                temporary, flags: O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, permissions: 0o644)
        } catch {
            throw StoreError.writeFailed(path: path, operation: "create a temporary file", code: error.code)
        }
        var closed = false
        var complete = false
        defer {
            if !closed { try? fileSystem.close(descriptor) }
            if !complete { try? fileSystem.unlink(temporary) }
        }
        var finder = checksumPlaceholder.map(StoreChecksum.PlaceholderFinder.init)
        var size = 0
        try produce { raw in
            guard raw.baseAddress != nil else { return }
            finder?.scan(raw)
            size += raw.count
            var offset = 0
            while offset < raw.count {
                do throws(SystemCallError) {
                    offset += try fileSystem.write(descriptor, UnsafeRawBufferPointer(rebasing: raw[offset...]))
                } catch {
                    throw StoreError.writeFailed(path: path, operation: "write", code: error.code)
                }
            }
        }
        var fingerprint: FileFingerprint?
        if let finder {
            guard let digitsOffset = finder.digitsOffset else {
                throw StoreError.encodingFailed(path: path, detail: "the checksum field was not written")
            }
            let checksum = try StoreChecksum.seal(
                descriptor: descriptor, size: size, digitsOffset: digitsOffset, path: path, fileSystem: fileSystem)
            fingerprint = FileFingerprint(size: size, checksumOffset: digitsOffset, value: checksum)
        }
        do throws(SystemCallError) {
            try fileSystem.synchronize(descriptor)
        } catch {
            throw StoreError.writeFailed(path: path, operation: "fsync", code: error.code)
        }
        closed = true
        // close reports write-back errors on some file systems (NFS), so its result counts too.
        do throws(SystemCallError) {
            try fileSystem.close(descriptor)
        } catch {
            throw StoreError.writeFailed(path: path, operation: "close", code: error.code)
        }
        complete = true
        return (temporary, fingerprint)
    }

    /// Makes the current file the backup, without a moment in which the file's name is missing.
    private func replaceBackup() throws {
        let staging =
            "\(folderPath)/.\(backupURL.lastPathComponent).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        do throws(SystemCallError) {
            try fileSystem.link(path, as: staging)
        } catch {
            if error.code == ENOENT { return }  // The first save: there is no previous version yet.
            guard [EPERM, ENOTSUP, EOPNOTSUPP, EMLINK, EXDEV].contains(error.code) else {
                throw StoreError.writeFailed(path: path, operation: "link the backup", code: error.code)
            }
            try copyToBackup()
            return
        }
        do throws(SystemCallError) {
            try fileSystem.rename(staging, to: backupURL.path)
        } catch {
            try? fileSystem.unlink(staging)
            throw StoreError.writeFailed(path: path, operation: "replace the backup", code: error.code)
        }
    }

    /// Copies the current file to the backup, on file systems without hard links (FAT, some network shares).
    private func copyToBackup() throws {
        guard let previous = try read(path) else { return }
        let copy = try writeTemporary(prefix: ".\(backupURL.lastPathComponent).") { sink in
            try previous.withUnsafeBytes(sink)
        }.path
        do throws(SystemCallError) {
            try fileSystem.rename(copy, to: backupURL.path)
        } catch {
            try? fileSystem.unlink(copy)
            throw StoreError.writeFailed(path: path, operation: "replace the backup", code: error.code)
        }
    }

    /// Keeps the damaged file under a name of its own, `<name>.damaged-<yyyyMMdd-HHmmss>`, before a save
    /// replaces it; a hard link, so that the file's name is never missing.
    private func keepDamagedFile() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stem = "\(path).damaged-\(formatter.string(from: Date()))"
        for attempt in 0..<1000 {
            let target = attempt == 0 ? stem : "\(stem)-\(attempt)"
            do throws(SystemCallError) {
                try fileSystem.link(path, as: target)
                return
            } catch {
                switch error.code {
                case EEXIST: continue
                case ENOENT: return  // Nothing to keep: the file is gone.
                case EPERM, ENOTSUP, EOPNOTSUPP, EMLINK, EXDEV:
                    // No hard links here: the damaged file moves aside, and the new one takes its name next.
                    if fileSystem.exists(target) { continue }
                    do throws(SystemCallError) {
                        try fileSystem.rename(path, to: target)
                    } catch {
                        throw StoreError.writeFailed(path: path, operation: "keep the damaged file", code: error.code)
                    }
                    return
                case let code:
                    throw StoreError.writeFailed(path: path, operation: "keep the damaged file", code: code)
                }
            }
        }
        throw StoreError.writeFailed(path: path, operation: "keep the damaged file", code: EEXIST)
    }

    /// Flushes the folder, so that the renames survive a power cut.
    private func syncFolder() throws {
        do throws(SystemCallError) {
            try synchronizeFolder(folderPath)
        } catch {
            throw StoreError.notDurable(path: path, code: error.code)
        }
    }

    /// Flushes a folder's names to the disk itself.
    private func synchronizeFolder(_ folder: String) throws(SystemCallError) {
        let descriptor = try fileSystem.open(folder, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC, permissions: 0)
        defer { try? fileSystem.close(descriptor) }
        do {
            try fileSystem.synchronize(descriptor)
        } catch  where error.code == EINVAL {
            // Some file systems cannot flush a folder at all; their renames are as durable as they get.
        }
    }

    /// Creates the folder and its parents when they are missing.
    ///
    /// Each new folder's name is flushed in the folder that holds it before anything is saved inside: until
    /// then a power cut may lose the new folder, and every file in it, however well those were flushed.
    func makeFolder(_ folder: String) throws {
        do throws(SystemCallError) {
            try fileSystem.makeFolder(folder, permissions: 0o755)
        } catch {
            switch error.code {
            case EEXIST:
                return
            case ENOENT:
                let parent = (folder as NSString).deletingLastPathComponent
                guard parent != folder, !parent.isEmpty else {
                    throw StoreError.writeFailed(path: path, operation: "create the folder", code: ENOENT)
                }
                try makeFolder(parent)
                do throws(SystemCallError) {
                    try fileSystem.makeFolder(folder, permissions: 0o755)
                } catch  where error.code == EEXIST {
                    return
                } catch {
                    throw StoreError.writeFailed(path: path, operation: "create the folder", code: error.code)
                }
            case let code:
                throw StoreError.writeFailed(path: path, operation: "create the folder", code: code)
            }
        }
        do throws(SystemCallError) {
            try synchronizeFolder((folder as NSString).deletingLastPathComponent)
        } catch {
            throw StoreError.writeFailed(path: path, operation: "flush the new folder's parent", code: error.code)
        }
    }

    // MARK: Leftovers

    /// Removes temporary files that saves of this file left behind when their process was killed.
    ///
    /// A temporary file whose process is still running belongs to a save under way and is kept.
    func removeLeftoverTemporaryFiles() {
        let prefixes = [".\(backupURL.lastPathComponent).", ".\(name)."]
        for entry in fileSystem.names(inFolder: folderPath) where entry.hasSuffix(".tmp") {
            guard let prefix = prefixes.first(where: { entry.hasPrefix($0) }) else { continue }
            let rest = entry.dropFirst(prefix.count).dropLast(".tmp".count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]) else { continue }
            guard pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? fileSystem.unlink("\(folderPath)/\(entry)")
        }
    }
}
