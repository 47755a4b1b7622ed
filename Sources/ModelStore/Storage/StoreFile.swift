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

    init(url: URL) {
        self.url = url
        self.backupURL = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".backup")
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

    /// Reads and decodes the file, or the backup when the file is missing or cannot be used.
    ///
    /// `decode` throws a ``StoreError`` for a file that is readable but must not be replaced by its backup (a
    /// newer schema version, a failed migration): such errors end the load at once, as does a file that exists
    /// but cannot be read (no permission, a folder in its place) — an unreadable file is not a damaged one, and
    /// falling back on an older backup would hide the newer file. Any other error marks the file as damaged.
    ///
    /// - Returns: `nil` when neither file exists.
    /// - Throws: ``StoreError/damaged(path:detail:backupDetail:)`` when neither can be used; no file is changed.
    func load<Loaded>(_ decode: (Data) throws -> Loaded) throws -> (value: Loaded, source: Source)? {
        var problem: String?
        switch attempt(path, decode) {
        case .loaded(let value): return (value, .file)
        case .missing: break
        case .unusable(let why): problem = why
        case .fatal(let error): throw error
        }
        switch attempt(backupURL.path, decode) {
        case .loaded(let value):
            return (value, .backup(problem: problem ?? "the file is missing", fileIsDamaged: problem != nil))
        case .missing:
            guard let problem else { return nil }
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

    private func attempt<Loaded>(_ path: String, _ decode: (Data) throws -> Loaded) -> Attempt<Loaded> {
        let data: Data
        do {
            guard let read = try Self.read(path) else { return .missing }
            data = read
        } catch let error as StoreError {
            return .fatal(error)
        } catch {
            return .fatal(StoreError.readFailed(path: path, operation: "read", code: EIO))
        }
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
    static func read(_ path: String) throws -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            // ENOTDIR: a folder on the way is a file, so this file cannot exist; the save will say so.
            if code == ENOENT || code == ENOTDIR { return nil }
            throw StoreError.readFailed(path: path, operation: "open", code: code)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw StoreError.readFailed(path: path, operation: "stat", code: errno)
        }
        // Read straight into memory the returned Data then owns: building an array and copying it held the file
        // twice, the peak of a document's load, and `Data(count:)` reserves a quarter more than it is asked for.
        let size = max(Int(status.st_size), 0)
        guard let buffer = malloc(max(size, 1)) else {
            throw StoreError.readFailed(path: path, operation: "allocate \(size) bytes for", code: ENOMEM)
        }
        var filled = 0
        var grown = [UInt8]()
        var chunk = [UInt8]()
        do {
            while true {
                // Past the size fstat gave (a file that grew), the rest goes through a small buffer.
                let atEnd = filled == size
                if atEnd && chunk.isEmpty { chunk = [UInt8](repeating: 0, count: 1 << 16) }
                let count =
                    atEnd
                    ? chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
                    : systemRead(descriptor, buffer + filled, size - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw StoreError.readFailed(path: path, operation: "read", code: errno)
                }
                if count == 0 { break }
                if atEnd { grown.append(contentsOf: chunk[..<count]) } else { filled += count }
            }
        } catch {
            free(buffer)
            throw error
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
    func write(_ data: Data, keepingBackup: Bool, keepingDamaged: Bool = false) throws {
        try write(keepingBackup: keepingBackup, keepingDamaged: keepingDamaged) { sink in
            try data.withUnsafeBytes(sink)
        }
    }

    /// Replaces the file with the bytes `produce` hands to its sink, in order, atomically and durably; see
    /// ``write(_:keepingBackup:keepingDamaged:)``. An error `produce` throws leaves the file as it was.
    ///
    /// - Parameters:
    ///   - keepingDamaged: whether the current file is damaged and must be kept, as `<name>.damaged-<time>`,
    ///     rather than replaced: a damaged file may still hold what a person can rescue by hand.
    ///   - checksumPlaceholder: the ``StoreChecksum/placeholder()`` that `produce` writes into the file's
    ///     checksum field, to be replaced with the file's checksum before the file is flushed.
    func write(
        keepingBackup: Bool, keepingDamaged: Bool = false, checksumPlaceholder: String? = nil,
        produce: (_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        try Self.makeFolder(folderPath, for: path)
        let temporary = try writeTemporary(prefix: ".\(name).", checksumPlaceholder: checksumPlaceholder, produce)
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        if keepingDamaged {
            try keepDamagedFile()
        } else if keepingBackup {
            try replaceBackup()
        }
        guard rename(temporary, path) == 0 else {
            throw StoreError.writeFailed(path: path, operation: "rename", code: errno)
        }
        renamed = true
        try syncFolder()
    }

    /// Writes what `produce` hands over to a new file in the folder and flushes it; returns the file's path.
    private func writeTemporary(
        prefix: String, checksumPlaceholder: String? = nil,
        _ produce: (_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws -> String {
        // The process id in the name lets a later launch tell a leftover from a crash from a save under way.
        let temporary = "\(folderPath)/\(prefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        // Readable too, so that the checksum can be computed from the bytes as they are in the file.
        let descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw StoreError.writeFailed(path: path, operation: "create a temporary file", code: errno)
        }
        var closed = false
        var complete = false
        defer {
            if !closed { close(descriptor) }
            if !complete { unlink(temporary) }
        }
        var finder = checksumPlaceholder.map(StoreChecksum.PlaceholderFinder.init)
        var size = 0
        try produce { raw in
            guard let base = raw.baseAddress else { return }
            finder?.scan(raw)
            size += raw.count
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw StoreError.writeFailed(path: path, operation: "write", code: errno)
                }
                offset += written
            }
        }
        if let finder {
            guard let digitsOffset = finder.digitsOffset else {
                throw StoreError.encodingFailed(path: path, detail: "the checksum field was not written")
            }
            try StoreChecksum.seal(descriptor: descriptor, size: size, digitsOffset: digitsOffset, path: path)
        }
        try Self.flush(descriptor, path: path)
        closed = true
        // close reports write-back errors on some file systems (NFS), so its result counts too.
        guard close(descriptor) == 0 else {
            throw StoreError.writeFailed(path: path, operation: "close", code: errno)
        }
        complete = true
        return temporary
    }

    /// Makes the current file the backup, without a moment in which the file's name is missing.
    private func replaceBackup() throws {
        let staging =
            "\(folderPath)/.\(backupURL.lastPathComponent).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        if link(path, staging) == 0 {
            guard rename(staging, backupURL.path) == 0 else {
                let code = errno
                unlink(staging)
                throw StoreError.writeFailed(path: path, operation: "replace the backup", code: code)
            }
            return
        }
        let code = errno
        if code == ENOENT { return }  // The first save: there is no previous version yet.
        guard [EPERM, ENOTSUP, EOPNOTSUPP, EMLINK, EXDEV].contains(code) else {
            throw StoreError.writeFailed(path: path, operation: "link the backup", code: code)
        }
        // File systems without hard links (FAT, some network shares) get a copy instead.
        guard let previous = try Self.read(path) else { return }
        let copy = try writeTemporary(prefix: ".\(backupURL.lastPathComponent).") { sink in
            try previous.withUnsafeBytes(sink)
        }
        guard rename(copy, backupURL.path) == 0 else {
            let code = errno
            unlink(copy)
            throw StoreError.writeFailed(path: path, operation: "replace the backup", code: code)
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
            if link(path, target) == 0 { return }
            switch errno {
            case EEXIST: continue
            case ENOENT: return  // Nothing to keep: the file is gone.
            case EPERM, ENOTSUP, EOPNOTSUPP, EMLINK, EXDEV:
                // No hard links here: the damaged file moves aside, and the new one takes its name next.
                if access(target, F_OK) == 0 { continue }
                guard rename(path, target) == 0 else {
                    throw StoreError.writeFailed(path: path, operation: "keep the damaged file", code: errno)
                }
                return
            case let code:
                throw StoreError.writeFailed(path: path, operation: "keep the damaged file", code: code)
            }
        }
        throw StoreError.writeFailed(path: path, operation: "keep the damaged file", code: EEXIST)
    }

    /// Flushes the folder, so that the renames survive a power cut.
    private func syncFolder() throws {
        let descriptor = open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw StoreError.notDurable(path: path, code: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            // Some file systems cannot flush a folder at all; their renames are as durable as they get.
            if errno == EINVAL { return }
            throw StoreError.notDurable(path: path, code: errno)
        }
    }

    /// Flushes a file's bytes to the disk itself.
    private static func flush(_ descriptor: Int32, path: String) throws {
        #if canImport(Darwin)
            // On Apple platforms fsync only reaches the drive's cache; F_FULLFSYNC reaches the medium.
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        while fsync(descriptor) != 0 {
            if errno == EINTR { continue }
            throw StoreError.writeFailed(path: path, operation: "fsync", code: errno)
        }
    }

    /// Creates the folder and its parents when they are missing.
    private static func makeFolder(_ folder: String, for path: String) throws {
        if mkdir(folder, 0o755) == 0 { return }
        switch errno {
        case EEXIST:
            return
        case ENOENT:
            let parent = (folder as NSString).deletingLastPathComponent
            guard parent != folder, !parent.isEmpty else {
                throw StoreError.writeFailed(path: path, operation: "create the folder", code: ENOENT)
            }
            try makeFolder(parent, for: path)
            guard mkdir(folder, 0o755) == 0 || errno == EEXIST else {
                throw StoreError.writeFailed(path: path, operation: "create the folder", code: errno)
            }
        case let code:
            throw StoreError.writeFailed(path: path, operation: "create the folder", code: code)
        }
    }

    // MARK: Leftovers

    /// Removes temporary files that saves of this file left behind when their process was killed.
    ///
    /// A temporary file whose process is still running belongs to a save under way and is kept.
    func removeLeftoverTemporaryFiles() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folderPath) else { return }
        let prefixes = [".\(backupURL.lastPathComponent).", ".\(name)."]
        for entry in names where entry.hasSuffix(".tmp") {
            guard let prefix = prefixes.first(where: { entry.hasPrefix($0) }) else { continue }
            let rest = entry.dropFirst(prefix.count).dropLast(".tmp".count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]) else { continue }
            guard pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink("\(folderPath)/\(entry)")
        }
    }
}

// The system calls under names of their own: inside `StoreFile`, `read` and `write` mean its own methods.

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
