#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a store could not read, write or make sense of its file.
///
/// Every case names the file. A failed save never damages the file that was there before: the new bytes go to
/// a temporary file that replaces the old one only once it is complete and on disk.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file exists but could not be read; `code` is the system's `errno`.
    case readFailed(path: String, operation: String, code: Int32)
    /// A save stopped at `operation` with the system error `code` (`errno`); the previous file is unchanged.
    case writeFailed(path: String, operation: String, code: Int32)
    /// The new file is in place, but its folder could not be flushed to disk, so a power cut could still undo
    /// the save; `code` is the system's `errno`.
    case notDurable(path: String, code: Int32)
    /// The contents could not be turned into bytes; nothing was written.
    case encodingFailed(path: String, detail: String)
    /// Neither the file nor its backup could be used; both are left as they were.
    case damaged(path: String, detail: String, backupDetail: String)
    /// The file was written by a newer version of the app, with a schema version this one does not know;
    /// it is left as it was, so that the newer app still finds it.
    case newerSchemaVersion(path: String, found: Int, supported: Int)
    /// The file has an older schema version and no migration leads from `from` to the next version.
    case missingMigration(path: String, from: Int)
    /// The migration from schema version `from` threw; the file is left as it was.
    case migrationFailed(path: String, from: Int, detail: String)
    /// Another process — or another ``Document`` on the same file — saved the file since this document read or
    /// wrote it, and this document has changes of its own; nothing was written, so the other save stands.
    /// ``Document/reload()`` reads the newest version (dropping this document's unsaved changes) for the change
    /// to be made again; ``Document/updateAndSave(_:)`` makes a change on the newest version in one step.
    case changedOnDisk(path: String)

    /// The message, naming the file and, for system errors, the error's text.
    public var description: String {
        switch self {
        case .readFailed(let path, let operation, let code):
            "could not read \(path): \(operation) failed: \(Self.text(of: code))"
        case .writeFailed(let path, let operation, let code):
            "could not save \(path): \(operation) failed: \(Self.text(of: code)); the previous file is unchanged"
        case .notDurable(let path, let code):
            "saved \(path), but flushing its folder failed: \(Self.text(of: code)); a power cut may undo the save"
        case .encodingFailed(let path, let detail):
            "could not encode the contents of \(path): \(detail); nothing was written"
        case .damaged(let path, let detail, let backupDetail):
            "\(path) cannot be used (\(detail)) and neither can its backup (\(backupDetail)); "
                + "both files are left unchanged"
        case .newerSchemaVersion(let path, let found, let supported):
            "\(path) has schema version \(found), newer than the \(supported) this app knows; it is left unchanged"
        case .missingMigration(let path, let from):
            "\(path) has schema version \(from) and no migration leads from it to version \(from + 1)"
        case .migrationFailed(let path, let from, let detail):
            "\(path): the migration from schema version \(from) failed: \(detail); the file is left unchanged"
        case .changedOnDisk(let path):
            "\(path) changed on disk since it was read: another process saved it; nothing was written over it "
                + "(reload and make the change again)"
        }
    }

    /// Whether this is ``notDurable(path:code:)``: the new file is in place.
    var isNotDurable: Bool {
        if case .notDurable = self { true } else { false }
    }

    /// The system's text for an `errno` value, with the number, as in `File too large (errno 27)`.
    static func text(of code: Int32) -> String {
        guard let message = strerror(code) else { return "errno \(code)" }
        return "\(String(cString: message)) (errno \(code))"
    }
}
