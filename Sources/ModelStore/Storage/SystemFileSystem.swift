import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real file system: each call is the system call of the same name.
package struct SystemFileSystem: StoreFileSystem {
    package init() {}

    package func open(_ path: String, flags: Int32, permissions: mode_t) throws(SystemCallError) -> Int32 {
        Int32(try retryingInterrupted { Int(systemOpen(path, flags, permissions)) })
    }

    package func close(_ descriptor: Int32) throws(SystemCallError) {
        // Not retried on EINTR: the descriptor is released either way, and a retry could close another one.
        guard systemClose(descriptor) == 0 else { throw .current }
    }

    package func size(of descriptor: Int32) throws(SystemCallError) -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .current }
        return max(Int(status.st_size), 0)
    }

    package func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int {
        try retryingInterrupted { systemRead(descriptor, buffer.baseAddress, buffer.count) }
    }

    package func read(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int
    ) throws(SystemCallError) -> Int {
        try retryingInterrupted { pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    package func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int {
        try retryingInterrupted { systemWrite(descriptor, bytes.baseAddress, bytes.count) }
    }

    package func write(
        _ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int
    ) throws(SystemCallError) -> Int {
        try retryingInterrupted { pwrite(descriptor, bytes.baseAddress, bytes.count, off_t(offset)) }
    }

    package func synchronize(_ descriptor: Int32) throws(SystemCallError) {
        #if canImport(Darwin)
            // On Apple platforms fsync only reaches the drive's cache; F_FULLFSYNC reaches the medium.
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        _ = try retryingInterrupted { Int(fsync(descriptor)) }
    }

    package func lock(_ descriptor: Int32) throws(SystemCallError) {
        _ = try retryingInterrupted { Int(flock(descriptor, LOCK_EX)) }
    }

    package func rename(_ source: String, to destination: String) throws(SystemCallError) {
        guard systemRename(source, destination) == 0 else { throw .current }
    }

    package func link(_ existing: String, as newName: String) throws(SystemCallError) {
        guard systemLink(existing, newName) == 0 else { throw .current }
    }

    package func unlink(_ path: String) throws(SystemCallError) {
        guard systemUnlink(path) == 0 else { throw .current }
    }

    package func makeFolder(_ path: String, permissions: mode_t) throws(SystemCallError) {
        guard mkdir(path, permissions) == 0 else { throw .current }
    }

    package func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    package func names(inFolder path: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    }
}

/// Makes a system call that answers -1 and sets `errno` when it fails, again while a signal interrupts it
/// (`EINTR`); returns its answer.
private func retryingInterrupted(_ call: () -> Int) throws(SystemCallError) -> Int {
    while true {
        let result = call()
        if result >= 0 { return result }
        if errno != EINTR { throw .current }
    }
}

// The system calls under names of their own: inside `SystemFileSystem`, `open`, `read` and the rest are its own
// methods.

private func systemOpen(_ path: String, _ flags: Int32, _ permissions: mode_t) -> Int32 {
    open(path, flags, permissions)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

private func systemRename(_ source: String, _ destination: String) -> Int32 {
    rename(source, destination)
}

private func systemLink(_ existing: String, _ newName: String) -> Int32 {
    link(existing, newName)
}

private func systemUnlink(_ path: String) -> Int32 {
    unlink(path)
}
