#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file system calls a store makes, all of them.
///
/// Every read, write, flush, rename and lock of a store's files goes through this protocol, so that a test can
/// put a simulated disk in place of the real one: `PowerLossTests` records each call and opens every state a
/// power cut could leave behind. ``SystemFileSystem`` makes the real system calls. A failure throws the
/// system's `errno`, as ``SystemCallError``; the calls retry `EINTR` themselves.
package protocol StoreFileSystem: Sendable {
    /// `open(2)`: a descriptor for `path`.
    func open(_ path: String, flags: Int32, permissions: mode_t) throws(SystemCallError) -> Int32
    /// `close(2)`; some file systems (NFS) report write-back errors here.
    func close(_ descriptor: Int32) throws(SystemCallError)
    /// The size of the open file, from `fstat(2)`.
    func size(of descriptor: Int32) throws(SystemCallError) -> Int
    /// `read(2)`: fills the start of `buffer` from the file's position; 0 at the end of the file.
    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> Int
    /// `pread(2)`: fills the start of `buffer` from `offset`; 0 at the end of the file.
    func read(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int
    ) throws(SystemCallError) -> Int
    /// `write(2)` at the file's position; returns how many bytes were written, which may be fewer than asked.
    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError) -> Int
    /// `pwrite(2)` at `offset`; returns how many bytes were written, which may be fewer than asked.
    func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) throws(SystemCallError) -> Int
    /// Flushes the open file or folder to the disk itself (`fsync(2)`; `F_FULLFSYNC` on Apple platforms).
    func synchronize(_ descriptor: Int32) throws(SystemCallError)
    /// `flock(2)` with `LOCK_EX`: waits until this descriptor holds the file's exclusive lock, which lasts until
    /// the descriptor is closed or its process ends.
    func lock(_ descriptor: Int32) throws(SystemCallError)
    /// `rename(2)`: atomically gives the file at `source` the name `destination`, replacing what had it.
    func rename(_ source: String, to destination: String) throws(SystemCallError)
    /// `link(2)`: a second name for the file at `existing`.
    func link(_ existing: String, as newName: String) throws(SystemCallError)
    /// `unlink(2)`.
    func unlink(_ path: String) throws(SystemCallError)
    /// `mkdir(2)`.
    func makeFolder(_ path: String, permissions: mode_t) throws(SystemCallError)
    /// Whether anything has the name `path` (`access(2)` with `F_OK`).
    func exists(_ path: String) -> Bool
    /// The names in the folder, without `.` and `..`; empty when it cannot be listed.
    func names(inFolder path: String) -> [String]
}

/// A system call's failure: the system's `errno`.
package struct SystemCallError: Error, Sendable, Equatable {
    /// The `errno` value.
    package var code: Int32

    package init(_ code: Int32) {
        self.code = code
    }

    /// The current `errno`.
    static var current: SystemCallError { SystemCallError(errno) }
}
