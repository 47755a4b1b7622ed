import ModelKit

/// The schema version a ``Document`` writes into its file, and the migrations that bring older files up to it.
///
/// A file records its version next to the root, `{"schemaVersion": 3, "root": …}`. A file with an older
/// version is migrated one step at a time, 1 → 2 → 3, as a `Value` tree, before the root type decodes it; a
/// file with a newer version (from a newer app) is an error, and is left as it is.
///
/// ```swift
/// let schema = DocumentSchema(version: 3, migrations: [
///     DocumentMigration(from: 1) { root in … },   // 1 → 2
///     DocumentMigration(from: 2) { root in … },   // 2 → 3
/// ])
/// ```
public struct DocumentSchema: Sendable {
    /// The version this app writes; versions count up from 1.
    public let version: Int
    /// The migrations, by the version each starts from.
    private let migrations: [Int: DocumentMigration]

    /// Creates a schema at `version` with the migrations from older versions.
    ///
    /// - Precondition: `version` is at least 1, and each migration starts below `version` and from a version
    ///   no other migration starts from.
    public init(version: Int = 1, migrations: [DocumentMigration] = []) {
        precondition(version >= 1, "schema versions start at 1")
        var table: [Int: DocumentMigration] = [:]
        for migration in migrations {
            precondition(migration.fromVersion < version, "a migration from \(migration.fromVersion) is not older")
            precondition(table[migration.fromVersion] == nil, "two migrations from \(migration.fromVersion)")
            table[migration.fromVersion] = migration
        }
        self.version = version
        self.migrations = table
    }

    /// Brings `root`, stored at `storedVersion`, up to ``version``, one migration at a time.
    func migrate(_ root: Value, from storedVersion: Int, path: String) throws -> Value {
        var root = root
        for step in storedVersion..<version {
            guard let migration = migrations[step] else {
                throw StoreError.missingMigration(path: path, from: step)
            }
            do {
                root = try migration.body(root)
            } catch {
                throw StoreError.migrationFailed(path: path, from: step, detail: "\(error)")
            }
        }
        return root
    }
}

/// One step of a schema's history: turns a root stored at ``fromVersion`` into the root of the next version.
///
/// The migration sees the stored root as a `Value` tree — not as a Swift type, which may no longer exist in
/// its old shape — and returns the new tree.
public struct DocumentMigration: Sendable {
    /// The version the migration starts from; it produces `fromVersion + 1`.
    public let fromVersion: Int
    let body: @Sendable (Value) throws -> Value

    /// Creates the step from `fromVersion` to `fromVersion + 1`.
    public init(from fromVersion: Int, _ body: @escaping @Sendable (_ root: Value) throws -> Value) {
        self.fromVersion = fromVersion
        self.body = body
    }
}
