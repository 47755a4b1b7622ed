import Foundation
import ModelKit

/// Small typed settings that outlive the process — seed 004's `NSUserDefaults`, which remembered the open
/// checklist (`ChecklistIndex`, -1 for none) and whether the app had run before (`FirstTime`).
///
/// ```swift
/// let preferences = Preferences(suite: "Checklists")
/// let index = preferences[.checklistIndex]   // -1 until set
/// preferences[.checklistIndex] = 2           // written to disk at once
/// ```
///
/// Values are any `Codable` type, read by ModelKit's lenient rules. A stored value of the wrong type — a
/// string where a number is expected, say, written by an older version or by hand — reads as the key's default
/// and leaves a note in ``diagnostics``; it never stops the app.
///
/// Each suite is its own property-list file, `<suite>.plist` in ``StoreLocation/preferencesFolder(appName:)``
/// unless told otherwise, written atomically on every change like `synchronize()` did, with the previous
/// version kept as a backup. `UserDefaults` itself can back a suite instead (``init(userDefaultsSuite:decoding:)``).
/// Either way, what a property list cannot hold exactly — a null inside an array or dictionary, a `Decimal` —
/// is stored as a small tagged dictionary and read back as it was, so no value stops the process (Linux's
/// `UserDefaults` calls `fatalError` on `NSNull`) or fails every later save of the suite.
///
/// **Several processes.** An app and its extension may share a suite's file, as they share `UserDefaults` in
/// an app group, and so may two instances in one process. Values merge key by key: each write takes the file's
/// lock (`flock` on `.<name>.lock` beside it), reads the file when another process wrote it since, and writes
/// it back with this instance's changed keys on top — a key one process set and a key another set are both
/// kept, and of two writes to the same key the later wins. A suite sees the values other processes wrote when
/// it writes, and when ``reload()`` is called; it does not watch the file between. <doc:Guarantees> says what
/// holds across processes and power loss.
///
/// The file carries an XXH64 checksum of its bytes under the key ``checksumKey``, a name no preference may
/// take. A file whose bytes do not match it — or that is not a property list of the suite's shape — is damaged:
/// the backup is read instead, or, when it is damaged too, every key reads its registered default; either way
/// ``diagnostics`` names the file and says why, and the damaged file is kept as `<name>.damaged-<time>` when
/// the next write replaces it. A file that cannot be read at all (no permission) is never overwritten: the
/// suite reads its defaults, and writes throw ``StoreError/readFailed(path:operation:code:)``. Files written
/// before the checksum open as they are, and get one at the next write.
public final class Preferences: PersistentStore {
    /// The key of the suite file's checksum; a preference of this name cannot be set.
    public static let checksumKey = "$ModelStore.checksum"

    /// The suite's name.
    public let suite: String
    /// The suite's file, or `nil` when `UserDefaults` backs it.
    public let fileURL: URL?
    /// Whether nothing was stored when the suite was opened: the app runs for the first time.
    public let isFirstLaunch: Bool

    // UserDefaults is documented as thread-safe, but swift-corelibs-foundation does not mark it Sendable.
    private enum Backing: @unchecked Sendable {
        case file(StoreFile, ModelFileFormat)
        case userDefaults(UserDefaults)
    }

    /// What the suite knows of its file: what the last read found, updated by each write.
    private struct DiskState {
        /// Whether the file on disk is a good version, worth keeping as the backup when it is replaced.
        var fileIsGood = false
        /// Whether the file on disk is damaged and must be kept under another name when it is replaced.
        var fileIsDamaged = false
        /// Why the file could not be read; while it is set, nothing is written over it.
        var readFailure: StoreError?
        /// The version of the file this suite last read or wrote; `nil` when there was no file. A write reads
        /// the file again, to merge, unless it is still this version.
        var fingerprint: FileFingerprint?
    }

    /// A key this instance set or removed that no write has saved yet.
    private struct UnsavedValue {
        /// The value in its stored form; `nil` for a removal.
        var value: Value?
        /// When it was set, among this instance's changes: the order in which unsaved keys go on top of the file.
        var generation: UInt64
    }

    /// What reading the suite's file found.
    private struct Loaded {
        var values: OrderedDictionaryOfValues = [:]
        var disk = DiskState()
        var diagnostics: [Diagnostic] = []
        /// Whether there was neither a file nor a backup.
        var isMissing = false
    }

    private struct State {
        /// The file's values as last read or written, with the unsaved changes on top.
        var values: OrderedDictionaryOfValues
        var disk: DiskState
        var unsaved: [String: UnsavedValue] = [:]
        var generation: UInt64 = 0
        var diagnostics: [Diagnostic] = []
        var lastSaveError: StoreError?

        /// Takes the values just read from the file, and puts the unsaved changes on top of them again.
        mutating func adopt(_ loaded: Loaded) {
            values = loaded.values
            for (name, change) in unsaved.sorted(by: { $0.value.generation < $1.value.generation }) {
                values[name] = change.value
            }
            disk = loaded.disk
            for note in loaded.diagnostics where !diagnostics.contains(note) { diagnostics.append(note) }
        }
    }

    private let backing: Backing
    private let state: LockedState<State>
    /// Held for a whole write, so that writes run one at a time. It guards no state, so it is a bare lock:
    /// `LockedState` says why not a `LockedState(())`.
    private let saving = NSLock()
    private let decodingOptions: DecodingOptions

    /// Opens the suite `suite` in `folder`, as the file `<suite>.plist`.
    public convenience init(
        suite: String = "Preferences", folder: URL = StoreLocation.preferencesFolder(),
        format: ModelFileFormat = .binaryPropertyList, decoding: DecodingOptions = DecodingOptions()
    ) {
        self.init(
            location: .file(folder.appendingPathComponent("\(suite).plist")), format: format, decoding: decoding)
    }

    /// Opens the preferences file at `location`.
    ///
    /// A file that cannot be read is replaced by its backup; when neither can be used, the suite starts empty
    /// (every key reads its default) and ``diagnostics`` says why — preferences never stop the app.
    public convenience init(
        location: StoreLocation, format: ModelFileFormat = .binaryPropertyList,
        decoding: DecodingOptions = DecodingOptions()
    ) {
        self.init(location: location, format: format, decoding: decoding, fileSystem: SystemFileSystem())
    }

    /// Opens the preferences file at `location` on `fileSystem`: the real one, or in tests one that simulates
    /// power loss.
    package init(
        location: StoreLocation, format: ModelFileFormat = .binaryPropertyList,
        decoding: DecodingOptions = DecodingOptions(), fileSystem: any StoreFileSystem
    ) {
        let file = StoreFile(url: location.fileURL, fileSystem: fileSystem)
        file.removeLeftoverTemporaryFiles()
        let loaded = Self.load(file, decoding: decoding)
        var state = State(values: [:], disk: DiskState())
        state.adopt(loaded)
        self.suite = location.fileURL.deletingPathExtension().lastPathComponent
        self.fileURL = location.fileURL
        self.isFirstLaunch = loaded.isMissing
        self.backing = .file(file, format)
        self.state = LockedState(state)
        self.decodingOptions = decoding
    }

    /// Reads the suite's file, or its backup. Never throws: what went wrong is in the diagnostics.
    private static func load(_ file: StoreFile, decoding: DecodingOptions) -> Loaded {
        var loaded = Loaded()
        do {
            let reading = try file.load { data -> OrderedDictionaryOfValues in
                let verification = try StoreChecksum.verify(data)
                guard case .dictionary(var values) = try Value(data: data, options: decoding) else {
                    throw MappingError(.typeMismatch(expected: "a dictionary", found: "another kind"), at: ValuePath())
                }
                let stored = values.removeValue(forKey: Self.checksumKey)
                switch verification {
                case .verified(let field) where stored != .string(field):
                    throw StoreChecksum.Mismatch(description: "its checksum is not in its checksum field")
                case .unsealed where stored != nil:
                    throw StoreChecksum.Mismatch(description: "its checksum field has no checksum")
                default:
                    return values
                }
            }
            loaded.disk.fingerprint = reading.fingerprint
            switch reading.contents {
            case nil:
                loaded.isMissing = true
            case (let values, .file)?:
                loaded.values = values
                loaded.disk.fileIsGood = true
            case (let values, .backup(let problem, let fileIsDamaged))?:
                loaded.values = values
                // The next write repairs the file, keeping the damaged one; opening alone writes nothing.
                loaded.disk.fileIsDamaged = fileIsDamaged
                loaded.diagnostics.append(
                    Diagnostic(.recovered(detail: "\(file.name): \(problem); loaded its backup"), at: ValuePath()))
            }
        } catch {
            if let failure = error as? StoreError, case .readFailed = failure {
                loaded.disk.readFailure = failure
            } else {
                // Both files are damaged: they stay as they are, and the next write keeps the file.
                loaded.disk.fileIsDamaged = true
                loaded.disk.fingerprint = try? file.currentFingerprint()
            }
            loaded.diagnostics.append(
                Diagnostic(.recovered(detail: "\(error); starting with the defaults"), at: ValuePath()))
        }
        return loaded
    }

    /// Opens the `UserDefaults` suite `userDefaultsSuite`; `nil` when `UserDefaults` refuses the name.
    public init?(userDefaultsSuite: String, decoding: DecodingOptions = DecodingOptions()) {
        guard let defaults = UserDefaults(suiteName: userDefaultsSuite) else { return nil }
        self.suite = userDefaultsSuite
        self.fileURL = nil
        self.isFirstLaunch = defaults.persistentDomain(forName: userDefaultsSuite)?.isEmpty ?? true
        self.backing = .userDefaults(defaults)
        self.state = LockedState(State(values: [:], disk: DiskState(fileIsGood: true)))
        self.decodingOptions = decoding
    }

    // MARK: Values

    /// The value stored for `key`, or its default when nothing is stored or what is stored does not decode.
    public func value<Stored>(for key: PreferenceKey<Stored>) -> Stored {
        guard let stored = storedValue(named: key.name) else { return key.defaultValue }
        do {
            let decoded = try CodableValues.decode(Stored.self, from: stored, options: decodingOptions)
            note(decoded.diagnostics, under: key.name)
            return decoded.model
        } catch {
            note([Diagnostic(.defaultedInvalid(error: "\(error)"), at: ValuePath())], under: key.name)
            return key.defaultValue
        }
    }

    /// Stores `value` for `key` and writes the suite to disk.
    ///
    /// - Throws: ``StoreError`` when the file cannot be written; the value is kept in memory, and the next
    ///   change or ``save()`` tries again.
    public func set<Stored>(_ value: Stored, for key: PreferenceKey<Stored>) throws {
        let tree: Value
        do {
            tree = try CodableValues.value(of: value)
        } catch {
            throw StoreError.encodingFailed(path: fileURL?.path ?? suite, detail: "\(key.name): \(error)")
        }
        try store(tree, named: key.name)
    }

    /// Removes the stored value, so that `key` reads its default again, and writes the suite to disk.
    public func removeValue<Stored>(for key: PreferenceKey<Stored>) throws {
        try store(nil, named: key.name)
    }

    /// Whether a value is stored for `key` (usable or not), rather than the default being read.
    public func hasStoredValue<Stored>(for key: PreferenceKey<Stored>) -> Bool {
        storedValue(named: key.name) != nil
    }

    /// The value for `key`; setting it stores and writes it, keeping a failure in ``lastSaveError``.
    public subscript<Stored>(key: PreferenceKey<Stored>) -> Stored {
        get { value(for: key) }
        set {
            // A subscript cannot throw: the error is kept in lastSaveError, and set(_:for:) throws it.
            try? set(newValue, for: key)
        }
    }

    /// Runs `body` the first time the app runs — while `flag` (a key whose default is `true`, like the
    /// seed's `FirstTime`) reads `true` — then sets `flag` to `false`.
    ///
    /// - Returns: whether `body` ran.
    @discardableResult
    public func handleFirstLaunch(_ flag: PreferenceKey<Bool>, _ body: () throws -> Void) rethrows -> Bool {
        guard value(for: flag) else { return false }
        try body()
        self[flag] = false
        return true
    }

    /// What reading the suite had to do: a damaged file replaced by its backup or by the defaults, stored
    /// values of the wrong type read as defaults, values converted by the lenient rules. Each note once.
    public var diagnostics: [Diagnostic] {
        state.withLock { $0.diagnostics }
    }

    /// The error of the last write that failed, until one succeeds.
    public var lastSaveError: StoreError? {
        state.withLock { $0.lastSaveError }
    }

    // MARK: Storage

    private func storedValue(named name: String) -> Value? {
        let stored: Value?
        switch backing {
        case .file:
            stored = state.withLock { $0.values[name] }
        case .userDefaults(let defaults):
            guard let object = defaults.object(forKey: name) else { return nil }
            stored = try? Value(object: object, options: decodingOptions)
        }
        return stored.map(PreferenceStorageForm.restored)
    }

    private func store(_ value: Value?, named name: String) throws {
        guard name != Self.checksumKey else {
            throw StoreError.encodingFailed(
                path: fileURL?.path ?? suite, detail: "\(name) is the name of the file's checksum")
        }
        // A nil optional is stored as no value; anything else in the form a property list holds exactly. (Spelled
        // out: `Value` is ExpressibleByNilLiteral, so a `nil` in a closure returning `Value` would be `.null`.)
        var stored: Value?
        if let value, value != .null { stored = PreferenceStorageForm.storable(value) }
        switch backing {
        case .file(_, let format):
            if let stored {
                // Checked before it joins the suite: a value the format refuses would fail every later save.
                do {
                    _ = try Value.dictionary([name: stored]).data(format: format)
                } catch {
                    throw StoreError.encodingFailed(path: fileURL?.path ?? suite, detail: "\(error)")
                }
            }
            state.withLock { state in
                state.values[name] = stored
                state.generation &+= 1
                state.unsaved[name] = UnsavedValue(value: stored, generation: state.generation)
            }
            try save()
        case .userDefaults(let defaults):
            if let stored {
                defaults.set(try stored.foundationObject(), forKey: name)
            } else {
                defaults.removeObject(forKey: name)
            }
        }
    }

    private func note(_ diagnostics: [Diagnostic], under name: String) {
        guard !diagnostics.isEmpty else { return }
        state.withLock { state in
            for diagnostic in diagnostics {
                let located = Diagnostic(diagnostic.kind, at: ValuePath([.key(name)] + diagnostic.path.components))
                if !state.diagnostics.contains(located) { state.diagnostics.append(located) }
            }
        }
    }

    /// Writes the suite's file if it has changes no write has saved; `UserDefaults` writes by itself.
    ///
    /// With the file locked, the file is read again when another process wrote it since this suite last read
    /// or wrote it, and the changed keys go on top of what it holds: the other process's keys are kept, and
    /// this suite sees them from then on.
    public func save() throws {
        guard case .file(let file, let format) = backing else { return }
        try saving.withLock {
            guard state.withLock({ !$0.unsaved.isEmpty }) else { return }
            do {
                try file.withLock {
                    if try !file.isUnchanged(since: state.withLock { $0.disk.fingerprint }) {
                        let loaded = Self.load(file, decoding: decodingOptions)
                        state.withLock { $0.adopt(loaded) }
                    }
                    try writeWithLocksHeld(file, format: format)
                }
            } catch let error as StoreError {
                state.withLock { $0.lastSaveError = error }
                throw error
            }
        }
    }

    /// Writes the values, with the saving lock and the file's lock held and the values merged with the file's.
    private func writeWithLocksHeld(_ file: StoreFile, format: ModelFileFormat) throws {
        let (values, generation, disk) = state.withLock { ($0.values, $0.generation, $0.disk) }
        if let failure = disk.readFailure {
            // A file that could not be read may hold anything: it is not replaced by what this suite knows.
            throw failure
        }
        let data: Data
        do {
            var sealed = values
            let placeholder = StoreChecksum.placeholder()
            sealed[Self.checksumKey] = .string(placeholder)
            data = try StoreChecksum.sealed(Value.dictionary(sealed).data(format: format), placeholder: placeholder)
        } catch {
            throw StoreError.encodingFailed(path: file.path, detail: "\(error)")
        }
        let written: FileFingerprint
        do {
            written = try file.write(data, keepingBackup: disk.fileIsGood, keepingDamaged: disk.fileIsDamaged)
        } catch let error as StoreError {
            // The new file is in place, though not flushed: it is the version this suite knows now.
            if error.isNotDurable {
                state.withLock { state in
                    state.disk.fileIsGood = true
                    state.disk.fingerprint = FileFingerprint(of: data)
                }
            }
            throw error
        }
        state.withLock { state in
            state.disk.fileIsGood = true
            state.disk.fileIsDamaged = false
            state.disk.fingerprint = written
            state.unsaved = state.unsaved.filter { $0.value.generation > generation }
            state.lastSaveError = nil
        }
    }

    /// Reads the suite's file again, so that the values other processes wrote since appear. Changes of this
    /// suite that no write has saved (after a failed write) stay on top of them. Problems reading the file go
    /// to ``diagnostics``, as at opening. A suite backed by `UserDefaults` reads through it and needs no reload.
    public func reload() {
        guard case .file(let file, _) = backing else { return }
        saving.withLock {
            let loaded = Self.load(file, decoding: decodingOptions)
            state.withLock { $0.adopt(loaded) }
        }
    }
}
