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
/// ``Diagnostic/Kind/recovered(detail:)`` note in ``loadDiagnostics`` naming the file and what is wrong with
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
/// Observers follow the changes through ``changes(bufferingPolicy:)``. Open one document per file: two
/// instances — in one process or two — each write their own root, and the last save wins.
public final class Document<Root: Sendable>: PersistentStore {
    /// Where the file is.
    public let location: StoreLocation
    /// The file's format for saves; loads accept any of ModelKit's formats, told from the bytes.
    public let format: ModelFileFormat
    /// The schema version saves write, and the migrations loads apply.
    public let schema: DocumentSchema
    /// When the document saves by itself.
    public let autosave: AutosavePolicy
    /// What the load had to do: values converted or defaulted by ModelKit's rules, and — when the file was
    /// damaged — that the backup was used instead, and why.
    public let loadDiagnostics: [Diagnostic]
    /// Where the root came from when the document was made.
    public let origin: DocumentOrigin
    /// The schema version of the file that was loaded, before any migration; `nil` when no file was loaded.
    public let loadedSchemaVersion: Int?

    private let file: StoreFile
    private let coding: DocumentCoding<Root>
    private let state: LockedState<State>
    /// Held for a whole save, so that saves run one at a time and in order. It guards no state, so it is a bare
    /// lock: `LockedState` says why not a `LockedState(())`.
    private let saving = NSLock()

    private struct State {
        var root: Root
        /// Counts changes; the document is unsaved while it differs from `savedGeneration`.
        var generation: UInt64 = 0
        var savedGeneration: UInt64 = 0
        /// Whether the file on disk is a good version, worth keeping as the backup when it is replaced.
        var fileIsGood: Bool
        /// Whether the file on disk is damaged and must be kept under another name when it is replaced.
        var fileIsDamaged = false
        /// Whether the file must be written again although nothing changed: it was recovered or migrated.
        /// ``save()`` writes it; a release does not.
        var repairPending = false
        /// Whether the file was written before files carried a checksum: ``save()`` writes it, to add one,
        /// but it is a good file, and does not count as unsaved.
        var lacksChecksum = false
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
    public init(
        location: StoreLocation,
        initial: Root,
        format: ModelFileFormat = .binaryPropertyList,
        schema: DocumentSchema = DocumentSchema(),
        autosave: AutosavePolicy = .default,
        coding: DocumentCoding<Root>
    ) throws {
        let file = StoreFile(url: location.fileURL)
        file.removeLeftoverTemporaryFiles()
        let path = file.path
        let loaded = try file.load { data in
            try Self.decode(data, schema: schema, coding: coding, path: path)
        }
        var state = State(root: initial, fileIsGood: false)
        var diagnostics: [Diagnostic] = []
        switch loaded {
        case nil:
            origin = .initialValue
            loadedSchemaVersion = nil
        case (let contents, .file)?:
            state.root = contents.root
            state.fileIsGood = true
            state.lacksChecksum = !contents.isSealed
            diagnostics = contents.diagnostics
            origin = .file
            loadedSchemaVersion = contents.schemaVersion
        case (let contents, .backup(let problem, let fileIsDamaged))?:
            state.root = contents.root
            state.fileIsDamaged = fileIsDamaged
            diagnostics = contents.diagnostics
            diagnostics.append(
                Diagnostic(
                    .recovered(
                        detail: "\(file.name) could not be used (\(problem)); loaded its backup "
                            + file.backupURL.lastPathComponent),
                    at: ValuePath()))
            origin = .backup
            loadedSchemaVersion = contents.schemaVersion
        }
        if origin != .initialValue && loadedSchemaVersion != schema.version || origin == .backup {
            // A recovered or migrated root waits for a save to repair or upgrade the file — an asked-for save or
            // one after a change, never one at release, which would replace a damaged file nobody has seen.
            state.repairPending = true
        }
        self.location = location
        self.format = format
        self.schema = schema
        self.autosave = autosave
        self.loadDiagnostics = diagnostics
        self.file = file
        self.coding = coding
        self.state = LockedState(state)
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
    private func changed(_ state: inout State) -> Bool {
        let now = ContinuousClock.now
        state.generation &+= 1
        state.lastChange = now
        if state.firstUnsavedChange == nil { state.firstUnsavedChange = now }
        // Yielding under the lock keeps the observers' order the order of the changes.
        for observer in state.observers.values { observer.yield(state.root) }
        guard autosave.isEnabled, !state.autosaveScheduled else { return false }
        state.autosaveScheduled = true
        return true
    }

    /// Whether there are changes that no save has written yet, or a file to repair: one recovered from the
    /// backup or migrated from an older schema version. (A file from before checksums is good as it is, and
    /// does not count, though ``save()`` rewrites it to add one.)
    public var hasUnsavedChanges: Bool {
        state.withLock { $0.generation != $0.savedGeneration || $0.repairPending }
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
    /// so the last save to finish has written every change made before it began.
    ///
    /// - Throws: ``StoreError``; the file that was there before is unchanged, except after
    ///   ``StoreError/notDurable(path:code:)``.
    public func save() throws {
        try saving.withLock {
            let snapshot = state.withLock { state -> (Root, UInt64, Bool, Bool)? in
                guard state.generation != state.savedGeneration || state.repairPending || state.lacksChecksum else {
                    return nil
                }
                return (state.root, state.generation, state.fileIsGood, state.fileIsDamaged)
            }
            guard let (root, generation, fileIsGood, fileIsDamaged) = snapshot else { return }
            let placeholder = StoreChecksum.placeholder()
            do {
                // The bytes go to the temporary file as they are made, so that a large document is never held
                // whole in memory; a failure to encode leaves the file as it was, like a failure to write.
                try file.write(
                    keepingBackup: fileIsGood, keepingDamaged: fileIsDamaged, checksumPlaceholder: placeholder
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
                state.withLock { state in
                    state.lastSaveError = error
                    if case .notDurable = error { state.fileIsGood = true }
                }
                throw error
            }
            state.withLock { state in
                state.savedGeneration = generation
                state.fileIsGood = true
                state.fileIsDamaged = false
                state.repairPending = false
                state.lacksChecksum = false
                state.lastSaveError = nil
                state.firstUnsavedChange = state.generation == generation ? nil : state.lastChange
            }
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
