import Foundation
import ModelStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file system in memory that records every change a store makes to it, and lists the disk states a power
/// cut after any number of those changes may leave behind.
///
/// The disk follows the pessimistic rules of SQLite's crash tests and of ALICE (Pillai et al., OSDI 2014):
/// - a file's bytes are durable once the file is synchronized. Until then a power cut may leave any of the
///   lengths the file has had since, and each 512-byte sector in any of the versions it has had since: writes
///   are dropped, or torn at sector boundaries, and the size may cover sectors whose data never arrived
///   (they read as zeros);
/// - a change to a folder's names — making a file, a hard link or a folder, renaming, removing — is durable
///   once that folder is synchronized. Until then each such change may survive the cut or not, independently
///   of the others; the survivors apply in their order, and one that cannot apply to what survived (the
///   rename of a name whose making was lost) is lost too.
///
/// Locks are granted at once: one process uses the disk.
final class RecordingFileSystem: StoreFileSystem, @unchecked Sendable {
    /// What a name stands for.
    enum Node: Hashable {
        case folder
        case file(inode: Int)
    }

    /// One change, in the order the store made it.
    enum Change {
        case makeFile(path: String, inode: Int)
        case makeFolder(path: String)
        case write(inode: Int, offset: Int, bytes: [UInt8])
        case synchronizeFile(inode: Int)
        case synchronizeFolder(path: String)
        case rename(source: String, destination: String)
        case link(existing: String, newName: String)
        case unlink(path: String)

        /// The folder whose names the change alters; `nil` for a change to a file's bytes or a flush.
        var folder: String? {
            switch self {
            case .makeFile(let path, _), .makeFolder(let path), .unlink(let path): parent(of: path)
            case .rename(_, let destination): parent(of: destination)
            case .link(_, let newName): parent(of: newName)
            case .write, .synchronizeFile, .synchronizeFolder: nil
            }
        }
    }

    /// A disk whose every byte and name is durable: where a recording starts, and what a power cut leaves.
    struct Disk: Sendable {
        var names: [String: Node]
        var contents: [Int: [UInt8]]

        /// A disk with only the folders `folders` (and `/`).
        static func folders(_ folders: [String]) -> Disk {
            var names: [String: Node] = ["/": .folder]
            for folder in folders { names[folder] = .folder }
            return Disk(names: names, contents: [:])
        }

        /// The bytes of the file at `path`, or `nil` when there is none.
        func bytes(at path: String) -> [UInt8]? {
            guard case .file(let inode)? = names[path] else { return nil }
            return contents[inode]
        }
    }

    private struct Descriptor {
        var node: Node
        var path: String
        var position = 0
    }

    private struct State {
        var names: [String: Node]
        var contents: [Int: [UInt8]]
        var descriptors: [Int32: Descriptor] = [:]
        var nextDescriptor: Int32 = 3
        var nextInode: Int
        var changes: [Change] = []
    }

    /// Where the recording started; every later state is this disk and some of the changes.
    let start: Disk
    private let lock = NSLock()
    private var state: State

    init(_ disk: Disk) {
        start = disk
        state = State(
            names: disk.names, contents: disk.contents, nextInode: (disk.contents.keys.max() ?? 0) + 1)
    }

    /// The changes so far.
    var changes: [Change] {
        locked { $0.changes }
    }

    /// The disk as the store sees it now, as if every change had been flushed.
    var current: Disk {
        locked { Disk(names: $0.names, contents: $0.contents) }
    }

    private func locked<Result>(
        _ body: (inout State) throws(SystemCallError) -> Result
    ) throws(SystemCallError)
        -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    private func locked<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    // MARK: StoreFileSystem

    func open(_ path: String, flags: Int32, permissions: mode_t) throws(SystemCallError) -> Int32 {
        try locked { (state) throws(SystemCallError) in
            let node: Node
            switch state.names[path] {
            case .folder?:
                node = .folder
            case .file?:
                if flags & O_DIRECTORY != 0 { throw SystemCallError(ENOTDIR) }
                if flags & O_CREAT != 0 && flags & O_EXCL != 0 { throw SystemCallError(EEXIST) }
                node = state.names[path]!
            case nil:
                guard flags & O_CREAT != 0 else { throw SystemCallError(ENOENT) }
                try Self.checkParent(of: path, in: state)
                let inode = state.nextInode
                state.nextInode += 1
                state.contents[inode] = []
                state.names[path] = .file(inode: inode)
                state.changes.append(.makeFile(path: path, inode: inode))
                node = .file(inode: inode)
            }
            let descriptor = state.nextDescriptor
            state.nextDescriptor += 1
            state.descriptors[descriptor] = Descriptor(node: node, path: path)
            return descriptor
        }
    }

    func close(_ descriptor: Int32) throws(SystemCallError) {
        try locked { (state) throws(SystemCallError) in
            guard state.descriptors.removeValue(forKey: descriptor) != nil else { throw SystemCallError(EBADF) }
        }
    }

    func size(of descriptor: Int32) throws(SystemCallError) -> Int {
        try locked { (state) throws(SystemCallError) in
            let inode = try Self.inode(of: descriptor, in: state)
            return state.contents[inode]!.count
        }
    }

    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int {
        try locked { (state) throws(SystemCallError) in
            let position = state.descriptors[descriptor]?.position ?? 0
            let count = try Self.read(descriptor, into: buffer, at: position, in: state)
            state.descriptors[descriptor]!.position += count
            return count
        }
    }

    func read(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int
    ) throws(SystemCallError) -> Int {
        try locked { (state) throws(SystemCallError) in try Self.read(descriptor, into: buffer, at: offset, in: state) }
    }

    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        try locked { (state) throws(SystemCallError) in
            let position = state.descriptors[descriptor]?.position ?? 0
            let count = try Self.write(descriptor, bytes, at: position, in: &state)
            state.descriptors[descriptor]!.position += count
            return count
        }
    }

    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) throws(SystemCallError) -> Int {
        try locked { (state) throws(SystemCallError) in try Self.write(descriptor, bytes, at: offset, in: &state) }
    }

    func synchronize(_ descriptor: Int32) throws(SystemCallError) {
        try locked { (state) throws(SystemCallError) in
            guard let open = state.descriptors[descriptor] else { throw SystemCallError(EBADF) }
            switch open.node {
            case .folder: state.changes.append(.synchronizeFolder(path: open.path))
            case .file(let inode): state.changes.append(.synchronizeFile(inode: inode))
            }
        }
    }

    func lock(_ descriptor: Int32) throws(SystemCallError) {
        try locked { (state) throws(SystemCallError) in
            guard state.descriptors[descriptor] != nil else { throw SystemCallError(EBADF) }
        }
    }

    func rename(_ source: String, to destination: String) throws(SystemCallError) {
        try locked { (state) throws(SystemCallError) in
            guard case .file(let inode)? = state.names[source] else {
                throw SystemCallError(state.names[source] == nil ? ENOENT : EISDIR)
            }
            try Self.checkParent(of: destination, in: state)
            if state.names[destination] == .folder { throw SystemCallError(EISDIR) }
            state.names[source] = nil
            state.names[destination] = .file(inode: inode)
            state.changes.append(.rename(source: source, destination: destination))
        }
    }

    func link(_ existing: String, as newName: String) throws(SystemCallError) {
        try locked { (state) throws(SystemCallError) in
            guard case .file(let inode)? = state.names[existing] else {
                throw SystemCallError(state.names[existing] == nil ? ENOENT : EPERM)
            }
            try Self.checkParent(of: newName, in: state)
            guard state.names[newName] == nil else { throw SystemCallError(EEXIST) }
            state.names[newName] = .file(inode: inode)
            state.changes.append(.link(existing: existing, newName: newName))
        }
    }

    func unlink(_ path: String) throws(SystemCallError) {
        try locked { (state) throws(SystemCallError) in
            guard case .file? = state.names[path] else {
                throw SystemCallError(state.names[path] == nil ? ENOENT : EISDIR)
            }
            state.names[path] = nil
            state.changes.append(.unlink(path: path))
        }
    }

    func makeFolder(_ path: String, permissions: mode_t) throws(SystemCallError) {
        try locked { (state) throws(SystemCallError) in
            guard state.names[path] == nil else { throw SystemCallError(EEXIST) }
            try Self.checkParent(of: path, in: state)
            state.names[path] = .folder
            state.changes.append(.makeFolder(path: path))
        }
    }

    func exists(_ path: String) -> Bool {
        locked { $0.names[path] != nil }
    }

    func names(inFolder path: String) -> [String] {
        locked { state in
            state.names.keys.filter { $0 != "/" && parent(of: $0) == path }.map { ($0 as NSString).lastPathComponent }
        }
    }

    // MARK: Helpers

    private static func checkParent(of path: String, in state: State) throws(SystemCallError) {
        switch state.names[parent(of: path)] {
        case .folder?: return
        case .file?: throw SystemCallError(ENOTDIR)
        case nil: throw SystemCallError(ENOENT)
        }
    }

    private static func inode(of descriptor: Int32, in state: State) throws(SystemCallError) -> Int {
        switch state.descriptors[descriptor]?.node {
        case .file(let inode)?: inode
        case .folder?: throw SystemCallError(EISDIR)
        case nil: throw SystemCallError(EBADF)
        }
    }

    private static func read(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int, in state: State
    ) throws(SystemCallError) -> Int {
        let inode = try inode(of: descriptor, in: state)
        let bytes = state.contents[inode]!
        guard offset < bytes.count else { return 0 }
        let count = min(buffer.count, bytes.count - offset)
        bytes.withUnsafeBytes { source in
            buffer.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: count)
        }
        return count
    }

    private static func write(
        _ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int, in state: inout State
    ) throws(SystemCallError) -> Int {
        let inode = try inode(of: descriptor, in: state)
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        let written = [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            buffer.baseAddress!.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            count = bytes.count
        }
        apply(written[...], at: offset, to: &state.contents[inode]!)
        state.changes.append(.write(inode: inode, offset: offset, bytes: written))
        return written.count
    }
}

/// Writes `bytes` over `contents` at `offset`, extending it with zeros when it is shorter.
///
/// Copies memory rather than elements: the tests run unoptimized, and the large roots' files are megabytes.
func apply(_ bytes: ArraySlice<UInt8>, at offset: Int, to contents: inout [UInt8]) {
    resize(&contents, to: max(contents.count, offset + bytes.count))
    contents.withUnsafeMutableBytes { target in
        bytes.withUnsafeBytes { source in
            guard let from = source.baseAddress else { return }
            (target.baseAddress! + offset).copyMemory(from: from, byteCount: source.count)
        }
    }
}

/// Makes `contents` `count` bytes long, adding zeros or cutting the end.
func resize(_ contents: inout [UInt8], to count: Int) {
    guard count != contents.count else { return }
    contents = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        let kept = min(count, contents.count)
        contents.withUnsafeBufferPointer { old in
            if kept > 0 { buffer.baseAddress!.update(from: old.baseAddress!, count: kept) }
        }
        (buffer.baseAddress! + kept).initialize(repeating: 0, count: count - kept)
        initialized = count
    }
}

/// The folder that holds `path`.
func parent(of path: String) -> String {
    (path as NSString).deletingLastPathComponent
}
