import Dispatch
import Foundation
import ModelKit

/// A store of one root model in one file — seed 004's `DataModel`, which loads its checklists at launch and
/// saves them when the app goes to the background or ends.
///
/// ```swift
/// let document = try Document(location: .applicationSupport("Checklists.plist"), initial: [Checklist]())
/// document.update { lists in lists.append(Checklist(name: "Groceries")) }   // saved a second later
/// try document.save()                                                       // or now
/// ```
///
/// **Loading.** The file is read when the document is made, and opening it never writes. No file gives
/// `initial`. A damaged file gives the last good version, kept as `<name>.backup`, with a
/// `Diagnostic.Kind.recovered(detail:)` note in ``loadDiagnostics`` naming the file and what is wrong with
/// it: never an empty store or altered values in silence. Damaged means: its bytes do not match the checksum
/// it carries (any flipped bit or cut), it is empty or not the expected format, it does not decode as `Root`,
/// it is a document of another type (none of its root's keys is one `Root` reads), or lenient decoding had to
/// replace a stored value by its default, drop an element or fall back on an enum case — values that a
/// document of this type never writes. When the backup cannot be used either, the initializer throws
/// ``StoreError/damaged(path:detail:backupDetail:)`` and changes neither file. A file that exists but cannot
/// be read (no permission) throws ``StoreError/readFailed(path:operation:code:)``: it is not damaged, and its
/// older backup is not used.
///
/// **Saving.** A save is atomic and durable: the bytes go to a temporary file in the same folder, which is
/// flushed to disk and renamed over the file; then the folder is flushed. The version that was replaced
/// becomes the backup. A save that fails throws ``StoreError`` and leaves the previous file as it was. Every
/// file carries an XXH64 checksum of its bytes in its last field. After a load from the backup, the damaged
/// file is never overwritten or deleted: the save that repairs the file first keeps the damaged one as
/// `<name>.damaged-<yyyyMMdd-HHmmss>` beside it. A recovered document is saved when it changes or when
/// ``save()`` is called, never merely because it was opened and released.
///
/// **Versions.** The file holds the ``DocumentSchema``'s version next to the root; older files are migrated
/// on load and written back at the current version by the next save.
///
/// **Concurrency.** The root lives behind a lock, so a document may be shared between threads and tasks;
/// saves are serialized, and each writes the latest root, so no change is lost and no file is torn.
/// Observers follow the changes through ``changes(bufferingPolicy:)``.
///
/// **Several processes.** An app and its extension, or an app and its command-line tool, may open the same
/// file. Saves take turns through an advisory lock (`flock`) on `.<name>.lock` beside the file, and a save
/// checks, with the lock held, that the file is still the version this document read or last wrote. When
/// another process (or another `Document` on the same file) saved in between, ``save()`` writes nothing and
/// throws ``StoreError/changedOnDisk(path:)``: the other save stands, and this document keeps its changes
/// unsaved. ``reload()`` then reads the newest version, for the change to be made again; or make changes with
/// ``updateAndSave(_:)``, which applies them to the newest version and saves in one step, so that changes from
/// every process add up:
///
/// ```swift
/// try document.updateAndSave { $0.launchCount += 1 }   // never loses another process's increment
/// ```
///
/// A document does not watch the file: it sees another process's saves when it reloads or saves.
/// <doc:Guarantees> says what holds across processes and power loss.
public final class Document<Root: Sendable>: PersistentStore {
    /// Where the file is.
    public let location: StoreLocation
    /// The file's format for saves; loads accept any of ModelKit's formats, told from the bytes.
    public let format: ModelFileFormat
    /// The schema version saves write, and the migrations loads apply.
    public let schema: DocumentSchema
    /// When the document saves by itself.
    public let autosave: AutosavePolicy
    /// What the last load — at opening or by ``reload()`` — had to do: values converted or defaulted by
    /// ModelKit's rules, and — when the file was damaged — that the backup was used instead, and why.
    public var loadDiagnostics: [Diagnostic] {
        state.withLock { $0.disk.diagnostics }
    }
    /// Where the root came from at the last load: when the document was made, or at ``reload()``.
    public var origin: DocumentOrigin {
        state.withLock { $0.disk.origin }
    }
    /// The schema version of the file that was last loaded, before any migration; `nil` when no file was.
    public var loadedSchemaVersion: Int? {
        state.withLock { $0.disk.loadedSchemaVersion }
    }

    private let file: StoreFile
    private let coding: DocumentCoding<Root>
    /// The root when there is no file, at opening and at a reload.
    private let initial: Root
    private let state: LockedState<State>
    /// Held for a whole save, so that saves run one at a time and in order. It guards no state, so it is a bare
    /// lock: `LockedState` says why not a `LockedState(())`.
    private let saving = NSLock()

    /// What the document knows of its file: what the last load found, updated by each save.
    private struct DiskState {
        /// Whether the file on disk is a good version, worth keeping as the backup when it is replaced.
        var fileIsGood = false
        /// Whether the file on disk is damaged and must be kept under another name when it is replaced.
        var fileIsDamaged = false
        /// Whether the file must be written again although nothing changed: it was recovered or migrated.
        /// ``save()`` writes it; a release does not.
        var repairPending = false
        /// Whether the file was written before files carried a checksum: ``save()`` writes it, to add one,
        /// but it is a good file, and does not count as unsaved.
        var lacksChecksum = false
        /// The version of the file this document last read or wrote; `nil` when there was no file. A save
        /// writes over the file only while it is still this version.
        var fingerprint: FileFingerprint?
        var diagnostics: [Diagnostic] = []
        var origin = DocumentOrigin.initialValue
        var loadedSchemaVersion: Int?

        /// Whether ``save()`` writes the file although the root did not change: to repair or upgrade it, or to
        /// give it a checksum.
        var needsWriting: Bool { repairPending || lacksChecksum }
    }

    private struct State {
        var root: Root
        var disk: DiskState
        /// Counts changes; the document is unsaved while it differs from `savedGeneration`.
        var generation: UInt64 = 0
        var savedGeneration: UInt64 = 0
        var observers: [UInt64: AsyncStream<Root>.Continuation] = [:]
        var nextObserver: UInt64 = 0
        var autosaveScheduled = false
        var firstUnsavedChange: ContinuousClock.Instant?
        var lastChange: ContinuousClock.Instant?
        var lastSaveError: StoreError?
    }

    /// Opens the document at `location`, loading its file.
    ///
    /// - Parameters:
    ///   - location: the file; ``StoreLocation/applicationSupport(_:appName:)`` for the platform's folder.
    ///   - initial: the root when there is no file yet.
    ///   - format: the format saves write: binary property list unless told otherwise.
    ///   - schema: the schema version and migrations.
    ///   - autosave: when to save after changes; ``AutosavePolicy/default`` saves a second after the last.
    ///   - coding: how the root becomes bytes; ``DocumentCoding/model(decoding:encoding:)`` for models,
    ///     ``DocumentCoding/codable(decoding:encoding:)`` for plain `Codable` types.
    /// - Throws: ``StoreError`` when neither the file nor its backup can be used, when the file comes from a
    ///   newer schema version, or when a migration is missing or fails. No file is changed.
    public convenience init(
        location: StoreLocation,
        initial: Root,
        format: ModelFileFormat = .binaryPropertyList,
        schema: DocumentSchema = DocumentSchema(),
        autosave: AutosavePolicy = .default,
        coding: DocumentCoding<Root>
    ) throws {
        try self.init(
            location: location, initial: initial, format: format, schema: schema, autosave: autosave, coding: coding,
            fileSystem: SystemFileSystem())
    }

    /// Opens the document at `location` on `fileSystem`: the real one, or in tests one that simulates power loss.
    package init(
        location: StoreLocation,
        initial: Root,
        format: ModelFileFormat = .binaryPropertyList,
        schema: DocumentSchema = DocumentSchema(),
        autosave: AutosavePolicy = .default,
        coding: DocumentCoding<Root>,
        fileSystem: any StoreFileSystem
    ) throws {
        let file = StoreFile(url: location.fileURL, fileSystem: fileSystem)
        file.removeLeftoverTemporaryFiles()
        let (root, disk) = try Self.load(file, schema: schema, coding: coding)
        self.location = location
        self.format = format
        self.schema = schema
        self.autosave = autosave
        self.file = file
        self.coding = coding
        self.initial = initial
        self.state = LockedState(State(root: root ?? initial, disk: disk))
    }

    /// Reads the file, or its backup: the root (`nil` when there is neither) and what the document must know of
    /// the file.
    private static func load(
        _ file: StoreFile, schema: DocumentSchema, coding: DocumentCoding<Root>
    ) throws -> (Root?, DiskState) {
        let path = file.path
        let reading = try file.load { data in
            try Self.decode(data, schema: schema, coding: coding, path: path)
        }
        var disk = DiskState(fingerprint: reading.fingerprint)
        guard let (contents, source) = reading.contents else { return (nil, disk) }
        disk.diagnostics = contents.diagnostics
        disk.loadedSchemaVersion = contents.schemaVersion
        switch source {
        case .file:
            disk.fileIsGood = true
            disk.lacksChecksum = !contents.isSealed
            disk.origin = .file
        case .backup(let problem, let fileIsDamaged):
            disk.fileIsDamaged = fileIsDamaged
            disk.diagnostics.append(
                Diagnostic(
                    .recovered(
                        detail: "\(file.name) could not be used (\(problem)); loaded its backup "
                            + file.backupURL.lastPathComponent),
                    at: ValuePath()))
            disk.origin = .backup
        }
        // A recovered or migrated root waits for a save to repair or upgrade the file — an asked-for save or one
        // after a change, never one at release, which would replace a damaged file nobody has seen.
        disk.repairPending = contents.schemaVersion != schema.version || disk.origin == .backup
        return (contents.root, disk)
    }

    /// Saves the changes made since the last save (errors are lost here: call ``save()`` to see them) and ends
    /// the change streams. A document that was only opened — recovered or migrated, but not changed — is not
    /// written.
    deinit {
        if state.withLock({ $0.generation != $0.savedGeneration }) { try? save() }
        let observers = state.withLock { state in
            defer { state.observers = [:] }
            return Array(state.observers.values)
        }
        for observer in observers { observer.finish() }
    }

    // MARK: Reading and changing the root

    /// The root as it is now.
    public var root: Root {
        state.withLock { $0.root }
    }

    /// Changes the root, then tells the observers and schedules an autosave.
    ///
    /// `body` runs with the document locked, so concurrent updates apply one after another and none is lost;
    /// it must not call back into the document. If `body` throws, what it changed so far stays changed.
    @discardableResult
    public func update<Result>(_ body: (inout Root) throws -> Result) rethrows -> Result {
        var schedule = false
        let result = try state.withLock { state in
            defer { schedule = changed(&state) }
            return try body(&state.root)
        }
        if schedule, let delay = autosave.delay { scheduleAutosave(after: delay) }
        return result
    }

    /// Notes a change, tells the observers, and says whether an autosave must be scheduled.
    private func changed(_ state: inout State, schedulingAutosave: Bool = true) -> Bool {
        let now = ContinuousClock.now
        state.generation &+= 1
        state.lastChange = now
        if state.firstUnsavedChange == nil { state.firstUnsavedChange = now }
        // Yielding under the lock keeps the observers' order the order of the changes.
        for observer in state.observers.values { observer.yield(state.root) }
        guard schedulingAutosave, autosave.isEnabled, !state.autosaveScheduled else { return false }
        state.autosaveScheduled = true
        return true
    }

    /// Whether there are changes that no save has written yet, or a file to repair: one recovered from the
    /// backup or migrated from an older schema version. (A file from before checksums is good as it is, and
    /// does not count, though ``save()`` rewrites it to add one.)
    public var hasUnsavedChanges: Bool {
        state.withLock { $0.generation != $0.savedGeneration || $0.disk.repairPending }
    }

    /// The error of the last save that failed — an autosave's, which has no caller to throw to — until a save
    /// succeeds.
    public var lastSaveError: StoreError? {
        state.withLock { $0.lastSaveError }
    }

    /// The root after each change, for as long as the stream is iterated.
    ///
    /// The stream does not start with the current root; read ``root`` for that. By default it keeps only the
    /// newest root for a slow observer, which is what a view that shows the document needs.
    public func changes(
        bufferingPolicy: AsyncStream<Root>.Continuation.BufferingPolicy = .bufferingNewest(1)
    ) -> AsyncStream<Root> {
        let (stream, continuation) = AsyncStream.makeStream(of: Root.self, bufferingPolicy: bufferingPolicy)
        let id = state.withLock { state in
            state.nextObserver += 1
            state.observers[state.nextObserver] = continuation
            return state.nextObserver
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.observers.removeValue(forKey: id) }
        }
        return stream
    }

    // MARK: Saving

    /// Writes the root to the file now, if it has unsaved changes, its file needs repair (see
    /// ``hasUnsavedChanges``) or has no checksum yet. A damaged file is kept as `<name>.damaged-<time>` rather
    /// than replaced.
    ///
    /// Saves from several threads run one at a time, and each writes the root as it is when its turn comes,
    /// so the last save to finish has written every change made before it began. Saves from several processes
    /// take turns too, and none writes over a file this document has not seen.
    ///
    /// - Throws: ``StoreError/changedOnDisk(path:)`` when another process saved the file since this document
    ///   read or wrote it — see ``reload()`` and ``updateAndSave(_:)``; any other ``StoreError`` when the save
    ///   failed. The file that was there before is unchanged, except after ``StoreError/notDurable(path:code:)``.
    public func save() throws {
        try saving.withLock {
            guard state.withLock({ $0.generation != $0.savedGeneration || $0.disk.needsWriting }) else { return }
            try keepingSaveError {
                try file.withLock {
                    guard try file.isUnchanged(since: state.withLock { $0.disk.fingerprint }) else {
                        throw StoreError.changedOnDisk(path: file.path)
                    }
                    try writeWithLocksHeld()
                }
            }
        }
    }

    /// Runs a part of a save, keeping a ``StoreError`` it throws in ``lastSaveError``.
    private func keepingSaveError<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as StoreError {
            state.withLock { $0.lastSaveError = error }
            throw error
        }
    }

    /// Applies `body` to the newest saved root and saves the result at once, with the file locked: when another
    /// process saved since this document last read or wrote the file, its version is loaded first, as
    /// ``reload()`` does. Use it for changes that several processes make to one file — a counter, a list both
    /// append to — so that every process's change counts.
    ///
    /// `body` runs with the document and the file locked: it must not call back into the document, nor save
    /// another store of the same file. If it throws, the root is left as it was and nothing is saved. If the
    /// save fails, the change stays in the root, unsaved, as after ``update(_:)``.
    ///
    /// - Throws: what `body` throws; ``StoreError/changedOnDisk(path:)`` when the file changed and this document
    ///   has unsaved changes of its own, which loading the newest version would drop (save them, or drop them
    ///   with ``reload()``, first); any other ``StoreError`` when loading or saving fails.
    @discardableResult
    public func updateAndSave<Result>(_ body: (inout Root) throws -> Result) throws -> Result {
        try saving.withLock {
            // What `body` throws is not a failed save: the lock, the reload and the write are.
            var bodyThrew = false
            do {
                return try file.withLock {
                    let (fingerprint, hasChanges) = state.withLock {
                        ($0.disk.fingerprint, $0.generation != $0.savedGeneration)
                    }
                    if try !file.isUnchanged(since: fingerprint) {
                        guard !hasChanges else { throw StoreError.changedOnDisk(path: file.path) }
                        try reloadWithLocksHeld()
                    }
                    let result = try state.withLock { state in
                        var root = state.root
                        let result: Result
                        do {
                            result = try body(&root)
                        } catch {
                            bodyThrew = true
                            throw error
                        }
                        state.root = root
                        // The save below writes the change, so no autosave is scheduled for it.
                        _ = changed(&state, schedulingAutosave: false)
                        return result
                    }
                    try writeWithLocksHeld()
                    return result
                }
            } catch let error as StoreError where !bodyThrew {
                state.withLock { $0.lastSaveError = error }
                throw error
            }
        }
    }

    /// Writes the root, with the document's saving lock and the file's lock held and the file checked to be the
    /// version this document knows.
    private func writeWithLocksHeld() throws {
        let (root, generation, disk) = state.withLock { ($0.root, $0.generation, $0.disk) }
        let placeholder = StoreChecksum.placeholder()
        let written: FileFingerprint?
        do {
            // The bytes go to the temporary file as they are made, so that a large document is never held whole
            // in memory; a failure to encode leaves the file as it was, like a failure to write.
            written = try file.write(
                keepingBackup: disk.fileIsGood, keepingDamaged: disk.fileIsDamaged, checksumPlaceholder: placeholder
            ) { sink in
                do {
                    try coding.encode(root, schema.version, format, placeholder, sink)
                } catch let error as StoreError {
                    throw error
                } catch {
                    throw StoreError.encodingFailed(path: file.path, detail: "\(error)")
                }
            }
        } catch let error as StoreError {
            // The new file is in place, though not flushed: it is the version this document knows now.
            if error.isNotDurable, let replaced = try? file.currentFingerprint() {
                state.withLock { state in
                    state.disk.fileIsGood = true
                    state.disk.fingerprint = replaced
                }
            }
            throw error
        }
        state.withLock { state in
            state.savedGeneration = generation
            state.disk.fileIsGood = true
            state.disk.fileIsDamaged = false
            state.disk.repairPending = false
            state.disk.lacksChecksum = false
            state.disk.fingerprint = written
            state.lastSaveError = nil
            state.firstUnsavedChange = state.generation == generation ? nil : state.lastChange
        }
    }

    // MARK: Reloading

    /// Reads the file again and makes its root this document's: the newest version any process saved.
    ///
    /// Changes not yet saved are dropped: call it after ``save()`` threw ``StoreError/changedOnDisk(path:)``,
    /// then make the change again. The observers receive the new root. A file that is gone reloads as the
    /// initial root; a damaged one loads its backup, as opening does, and ``loadDiagnostics`` and ``origin``
    /// describe this load.
    ///
    /// - Throws: ``StoreError`` as the initializer does; the document is then left as it was.
    public func reload() throws {
        try saving.withLock { try reloadWithLocksHeld() }
    }

    /// Loads the file into the document, with the saving lock held.
    private func reloadWithLocksHeld() throws {
        let (root, disk) = try Self.load(file, schema: schema, coding: coding)
        state.withLock { state in
            state.root = root ?? initial
            state.disk = disk
            state.generation &+= 1
            state.savedGeneration = state.generation
            state.firstUnsavedChange = nil
            state.lastSaveError = nil
            for observer in state.observers.values { observer.yield(state.root) }
        }
    }

    private func scheduleAutosave(after delay: Duration) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + delay.dispatchInterval) { [weak self] in
            self?.autosaveTimerFired()
        }
    }

    /// Saves once the changes have settled, or waits again while they keep coming.
    private func autosaveTimerFired() {
        guard let delay = autosave.delay else { return }
        let wait = state.withLock { state -> Duration? in
            guard state.generation != state.savedGeneration, let last = state.lastChange else {
                state.autosaveScheduled = false
                return nil
            }
            let due = min(last + delay, (state.firstUnsavedChange ?? last) + autosave.maximumDelay)
            let now = ContinuousClock.now
            if now < due { return due - now }
            state.autosaveScheduled = false
            return .zero
        }
        guard let wait else { return }
        if wait > .zero {
            scheduleAutosave(after: wait)
        } else {
            // A failure is kept in lastSaveError, and the next change schedules another attempt.
            try? save()
        }
    }

    // MARK: Decoding

    private struct Contents {
        var root: Root
        var diagnostics: [Diagnostic]
        var schemaVersion: Int
        /// Whether the file carried a checksum; one from before checksums gets one at its next save.
        var isSealed: Bool
    }

    /// Why a readable file is not this document; the load turns to the backup.
    private struct Damage: Error, CustomStringConvertible {
        var description: String
    }

    /// Decodes a file: the checksum first, then the version, then the root — directly at the current version,
    /// through the migrations from an older one.
    private static func decode(
        _ data: Data, schema: DocumentSchema, coding: DocumentCoding<Root>, path: String
    ) throws -> Contents {
        let verification: StoreChecksum.Verification
        do {
            verification = try StoreChecksum.verify(data)
        } catch {
            throw Damage(description: "\(error)")
        }
        let format = ModelFileFormat.detect(data)
        let header = try DocumentHeader.decode(data: data, format: format).model
        guard header.foreignKeys.isEmpty else {
            throw Damage(description: "its envelope has keys no document has: \(header.foreignKeys)")
        }
        switch verification {
        case .verified(let field) where header.checksum != field:
            throw Damage(description: "its checksum is not in its checksum field")
        case .unsealed where header.checksum != nil:
            throw Damage(description: "its checksum field has no checksum")
        default:
            break
        }
        let version = header.schemaVersion
        let decoded: DecodedRoot<Root>
        if version == schema.version {
            decoded = try coding.decodeContents(data, format)
        } else if version > schema.version {
            throw StoreError.newerSchemaVersion(path: path, found: version, supported: schema.version)
        } else {
            let stored = try DocumentContents<Value>.decode(data: data, format: format)
            let migrated = try schema.migrate(stored.model.root, from: version, path: path)
            let fromValue = try coding.decodeValue(migrated)
            decoded = DecodedRoot(root: fromValue.root, diagnostics: stored.diagnostics + fromValue.diagnostics)
        }
        try checkIsThisDocument(decoded.diagnostics, rootKeys: header.rootKeys)
        return Contents(
            root: decoded.root, diagnostics: decoded.diagnostics, schemaVersion: version,
            isSealed: verification != .unsealed)
    }

    /// Throws when what lenient decoding had to do shows the file is not a good copy of this document.
    ///
    /// A document writes its own root, so reading it back never needs a default for a value of the wrong kind,
    /// a dropped element or an enum's fallback: such notes mean damage (or a change of type without a schema
    /// migration), and the backup is tried first. A missing key (a property added since) or an unknown one (a
    /// property removed) is how a model grows, and stays a note. A root none of whose keys `Root` reads is a
    /// document of another type, whose data the next save would destroy.
    private static func checkIsThisDocument(_ diagnostics: [Diagnostic], rootKeys: [String]) throws {
        let damage = diagnostics.filter { note in
            switch note.kind {
            case .defaultedInvalid, .defaultedNull, .droppedElement, .enumFallback: true
            default: false
            }
        }
        if let first = damage.first {
            throw Damage(
                description: "\(damage.count) stored value(s) could not be read as \(Root.self) writes them "
                    + "(first: \(first))")
        }
        guard !rootKeys.isEmpty else { return }
        var unknown = Set<String>()
        for note in diagnostics where note.kind == .unknownKey {
            var components = note.path.components[...]
            if components.first == .key("root") { components = components.dropFirst() }
            if components.first == .index(0) { components = components.dropFirst() }
            if components.count == 1, case .key(let key) = components.first { unknown.insert(key) }
        }
        if rootKeys.allSatisfy(unknown.contains) {
            throw Damage(
                description: "it is not a document of \(Root.self): \(Root.self) reads none of its keys "
                    + rootKeys.prefix(5).map { "\"\($0)\"" }.joined(separator: ", "))
        }
    }
}

extension Document where Root: ModelCodable {
    /// Opens the document of a ModelKit model at `location`, loading its file; see
    /// ``init(location:initial:format:schema:autosave:coding:)``.
    @inlinable
    public convenience init(
        location: StoreLocation,
        initial: Root,
        format: ModelFileFormat = .binaryPropertyList,
        schema: DocumentSchema = DocumentSchema(),
        autosave: AutosavePolicy = .default
    ) throws {
        try self.init(
            location: location, initial: initial, format: format, schema: schema, autosave: autosave,
            coding: .model())
    }
}

/// Where a ``Document``'s root came from when it was opened.
public enum DocumentOrigin: Sendable, Hashable {
    /// There was no file: the root is the initial value.
    case initialValue
    /// The file.
    case file
    /// The backup, because the file was missing or damaged; ``Document/loadDiagnostics`` says why.
    case backup
}
