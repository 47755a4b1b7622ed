import Foundation
import ModelKit
import ModelStore
import PropertyBased
import Testing

// Each test saves a store several times on a RecordingFileSystem, then cuts the power after every one of the
// changes the saves made — and before the first — and opens every disk state the cut may leave (for the
// 100,000-item roots, states drawn at random with a fixed seed). Each must open as the last save that returned
// before the cut, or as the save under way: never an older one (a save that returned would be lost), never
// anything else. The store's folder does not exist before the first save, so the saves also make it.

@Suite("Power loss: every state a power cut leaves opens as the last save or the one under way")
struct PowerLossTests {
    static let formats: [ModelFileFormat] = [.binaryPropertyList, .json, .xmlPropertyList]
    /// The folder that exists, durable, before the first save; the store's own folder is made inside it.
    static let volume = "/volume"
    static let fileURL = URL(fileURLWithPath: "\(volume)/App/State.plist")

    /// Lines for a small root of about 4 KB — eight sectors — in each format: XML takes about twice the bytes a
    /// line takes in JSON or a binary property list.
    static func smallLines(_ format: ModelFileFormat) -> Int {
        format == .xmlPropertyList ? 90 : 180
    }
    static let largeLines = 100_000
    /// The states drawn, in all, after the counts of changes that leave too many states to try them all (those
    /// in the middle of writing a large root's file); at least 16 after each.
    static let samplesPerRun = 2_000
    /// The most states one cut may leave for the small roots to be tried exhaustively.
    static let exhaustiveLimit = 20_000

    /// The two stores, whose saves write their files alike but by different code.
    enum Store: String, CaseIterable, Sendable {
        case document
        case preferences
    }

    @Test("A small root: every state after every change", arguments: Store.allCases, formats)
    func smallRoot(store: Store, format: ModelFileFormat) throws {
        let report = try check(store, format: format, lines: Self.smallLines(format), saves: 3, sampling: nil)
        #expect(report.states > 1_000)
    }

    @Test(
        "A root of 100,000 items: every state, or states drawn with a fixed seed, after every change",
        arguments: Store.allCases, formats)
    func largeRoot(store: Store, format: ModelFileFormat) throws {
        let report = try check(store, format: format, lines: Self.largeLines, saves: 2, sampling: Self.samplesPerRun)
        #expect(report.states > 1_000)
    }

    private func check(
        _ store: Store, format: ModelFileFormat, lines: Int, saves: Int, sampling: Int?
    ) throws -> PowerLossReport {
        let report =
            switch store {
            case .document: try checkDocument(format: format, lines: lines, saves: saves, sampling: sampling)
            case .preferences: try checkPreferences(format: format, lines: lines, saves: saves, sampling: sampling)
            }
        report.print()
        return report
    }

    private func checkDocument(
        format: ModelFileFormat, lines: Int, saves: Int, sampling: Int?
    ) throws -> PowerLossReport {
        let expected = (0...saves).map { CounterState.make($0, lines: lines) }
        let disk = RecordingFileSystem(.folders([Self.volume]))
        let document = try Document(
            location: .file(Self.fileURL), initial: expected[0], format: format, autosave: .disabled,
            coding: .model(), fileSystem: disk)
        var run = SaveRun(recording: disk)
        for state in expected.dropFirst() {
            try run.save {
                document.update { $0 = state }
                try document.save()
            }
        }
        let report = try run.checkEveryCut(
            name: "document, \(lines) lines, \(format)", paths: [Self.fileURL.path, Self.fileURL.path + ".backup"],
            sampling: sampling, exhaustiveLimit: Self.exhaustiveLimit
        ) { disk in
            let reopened = try Document(
                location: .file(Self.fileURL), initial: expected[0], format: format, autosave: .disabled,
                coding: .model(), fileSystem: disk)
            let root = reopened.root
            guard let index = expected.firstIndex(of: root) else { return .unexpected("counter \(root.counter)") }
            // After the cut the store works on: a small root is saved once more and read back.
            if sampling == nil {
                let next = CounterState.make(99, lines: lines)
                reopened.update { $0 = next }
                try reopened.save()
                let again = try Document(
                    location: .file(Self.fileURL), initial: expected[0], format: format, autosave: .disabled,
                    coding: .model(), fileSystem: disk)
                guard again.root == next, again.origin == .file else {
                    return .unexpected("the save after the cut read back as counter \(again.root.counter)")
                }
            }
            return .save(index, fromBackup: reopened.origin == .backup)
        }
        return report
    }

    static let stateKey = PreferenceKey("State", default: PreferencePayload(counter: 0, lines: []))

    private func checkPreferences(
        format: ModelFileFormat, lines: Int, saves: Int, sampling: Int?
    ) throws -> PowerLossReport {
        let expected = [Self.stateKey.defaultValue] + (1...saves).map { PreferencePayload.make($0, lines: lines) }
        let disk = RecordingFileSystem(.folders([Self.volume]))
        let preferences = Preferences(location: .file(Self.fileURL), format: format, fileSystem: disk)
        var run = SaveRun(recording: disk)
        for state in expected.dropFirst() {
            try run.save { try preferences.set(state, for: Self.stateKey) }
        }
        let report = try run.checkEveryCut(
            name: "preferences, \(lines) lines, \(format)",
            paths: [Self.fileURL.path, Self.fileURL.path + ".backup"], sampling: sampling,
            exhaustiveLimit: Self.exhaustiveLimit
        ) { disk in
            let reopened = Preferences(location: .file(Self.fileURL), format: format, fileSystem: disk)
            let value = reopened.value(for: Self.stateKey)
            guard let index = expected.firstIndex(of: value) else { return .unexpected("counter \(value.counter)") }
            let fromBackup = reopened.diagnostics.contains { note in
                if case .recovered = note.kind { true } else { false }
            }
            if sampling == nil {
                let next = PreferencePayload.make(99, lines: lines)
                try reopened.set(next, for: Self.stateKey)
                let again = Preferences(location: .file(Self.fileURL), format: format, fileSystem: disk)
                guard again.value(for: Self.stateKey) == next, again.diagnostics.isEmpty else {
                    return .unexpected("the save after the cut did not read back: \(again.diagnostics)")
                }
            }
            return .save(index, fromBackup: fromBackup)
        }
        return report
    }
}

/// A preference whose value is made from its counter alone, like ``CounterState``.
struct PreferencePayload: Codable, Equatable, Sendable {
    var counter: Int
    var lines: [String]

    static func make(_ counter: Int, lines count: Int) -> PreferencePayload {
        PreferencePayload(counter: counter, lines: (0..<count).map { "line \($0) of state \(counter)" })
    }
}

/// What a disk state opened as.
enum OpenedState: Hashable {
    /// The state after save `index` (0: before the first); `fromBackup` when the file could not be used.
    case save(Int, fromBackup: Bool)
    /// Something that is no save at all.
    case unexpected(String)
}

/// Saves on a recording disk, and the check of what every cut during them may leave.
struct SaveRun {
    let recording: RecordingFileSystem
    /// The changes of each save: from the count before it began to the count when it returned.
    private(set) var saves: [Range<Int>] = []

    init(recording: RecordingFileSystem) {
        self.recording = recording
    }

    /// Runs one save, noting its changes.
    mutating func save(_ body: () throws -> Void) throws {
        let start = recording.changes.count
        try body()
        saves.append(start..<recording.changes.count)
    }

    /// The saves a state after the first `count` changes may hold: the last that returned, and the one under way.
    func allowed(after count: Int) -> Set<Int> {
        let returned = saves.filter { $0.upperBound <= count }.count
        let underWay = saves.contains { $0.lowerBound < count && count < $0.upperBound }
        return underWay ? [returned, returned + 1] : [returned]
    }

    /// Cuts the power after every count of changes from 0 to all of them, opens each state the cut may leave —
    /// all of them, or where there are more than `exhaustiveLimit`, `sampling` in all drawn with a fixed seed —
    /// and checks it holds a save it may hold.
    ///
    /// States whose files at `paths` are the same open once: the store reads nothing else.
    func checkEveryCut(
        name: String, paths: [String], sampling: Int?, exhaustiveLimit: Int,
        open: (RecordingFileSystem) throws -> OpenedState
    ) throws -> PowerLossReport {
        var report = PowerLossReport(name: name, changes: recording.changes.count)
        var opened: [[FileVersion?]: OpenedState] = [:]
        var distinct = Set<Int>()
        var generator = Xoshiro(seed: (0x5EED, 32, 512, 100_000))
        let cuts = (0...recording.changes.count).map { count in
            let cut = CrashStates(recording, after: count)
            return (cut, cut.all(limit: exhaustiveLimit).map(Array.init))
        }
        report.sampledCuts = cuts.filter { $0.1 == nil }.count
        for (cut, all) in cuts {
            let count = cut.count
            let states: [CrashState]
            if let all {
                states = all
            } else {
                let sampling = try #require(
                    sampling, "\(name): more than \(exhaustiveLimit) states after \(count) changes")
                // Distinct states: the same one drawn twice would count twice. A cut with few distinct states
                // gives up after four draws per state asked for.
                let draws = max(sampling / report.sampledCuts, 16)
                var drawn = Set<CrashState>()
                for _ in 0..<(4 * draws) where drawn.count < draws { drawn.insert(cut.random(using: &generator)) }
                states = Array(drawn)
            }
            let allowed = allowed(after: count)
            for state in states {
                report.states += 1
                distinct.insert(state.hashValue)
                let key = paths.map { path -> FileVersion? in
                    guard case .file(let inode)? = state.names[path] else { return nil }
                    return state.files[inode]
                }
                let result: OpenedState
                if let known = opened[key] {
                    result = known
                } else {
                    do {
                        result = try open(RecordingFileSystem(cut.disk(state)))
                    } catch {
                        result = .unexpected("opening threw \(error)")
                    }
                    opened[key] = result
                }
                switch result {
                case .save(let index, let fromBackup) where allowed.contains(index):
                    if fromBackup { report.fromBackup += 1 }
                case .save(let index, _):
                    report.fail("after \(count) changes: save \(index), not one of \(allowed.sorted())", state)
                case .unexpected(let what):
                    report.fail("after \(count) changes: \(what)", state)
                }
            }
        }
        report.distinctStates = distinct.count
        report.distinctFiles = opened.count
        #expect(report.failures.isEmpty, "\(name): \(report.failureCount) states failed; first: \(report.failures)")
        return report
    }
}

/// What a run of cuts tried and found.
struct PowerLossReport {
    var name: String
    var changes: Int
    var states = 0
    var distinctStates = 0
    var distinctFiles = 0
    var fromBackup = 0
    /// The cuts whose states were drawn at random, being too many to try all; every state of the others was tried.
    var sampledCuts = 0
    var failureCount = 0
    /// The first few failures, described.
    var failures: [String] = []

    mutating func fail(_ what: String, _ state: CrashState) {
        failureCount += 1
        guard failures.count < 3 else { return }
        let names = state.names.keys.sorted().joined(separator: ", ")
        failures.append("\(what) (names: \(names))")
    }

    func print() {
        Swift.print(
            "power loss, \(name): \(states) crash states tried (\(distinctStates) distinct) over \(changes + 1) "
                + "cuts (\(sampledCuts) sampled, the others exhaustive); \(distinctFiles) distinct file and backup "
                + "pairs opened, \(fromBackup) states from the backup; \(failureCount) failed")
    }
}
