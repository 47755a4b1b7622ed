import Foundation
import ModelKit
import ModelKitTestSupport
import ModelStore
import Testing

extension PreferenceKey where Stored == Int {
    static let checklistIndex = PreferenceKey("ChecklistIndex", default: -1)
}

extension PreferenceKey where Stored == Bool {
    static let firstTime = PreferenceKey("FirstTime", default: true)
}

/// A Codable preference value with no ModelKit conformance.
struct WindowFrame: Codable, Equatable, Sendable {
    var x: Double
    var y: Double
    var title: String
}

extension PreferenceKey where Stored == WindowFrame {
    static let windowFrame = PreferenceKey("WindowFrame", default: WindowFrame(x: 0, y: 0, title: "untitled"))
}

extension PreferenceKey where Stored == [String] {
    static let recentSearches = PreferenceKey("RecentSearches", default: [])
}

extension PreferenceKey where Stored == Date? {
    static let lastSync = PreferenceKey("LastSync", default: nil)
}

@Suite("Preferences")
struct PreferencesTests {
    @Test("Keys read their registered defaults until something is stored")
    func defaults() throws {
        let folder = try TemporaryFolder()
        let preferences = Preferences(suite: "App", folder: folder.url)
        #expect(preferences[.checklistIndex] == -1)
        #expect(preferences[.firstTime] == true)
        #expect(preferences[.windowFrame] == WindowFrame(x: 0, y: 0, title: "untitled"))
        #expect(preferences[.lastSync] == nil)
        #expect(!preferences.hasStoredValue(for: .checklistIndex))
        #expect(preferences.isFirstLaunch)
        #expect(preferences.diagnostics.isEmpty)
        #expect(try folder.names().isEmpty)
    }

    @Test("Stored values of several Codable types are written at once and read back by a new instance")
    func persistence() throws {
        let folder = try TemporaryFolder()
        let preferences = Preferences(suite: "App", folder: folder.url)
        let frame = WindowFrame(x: 10.5, y: -3, title: "Main")
        let sync = Date(timeIntervalSince1970: 1_700_000_000)
        preferences[.checklistIndex] = 2
        try preferences.set(frame, for: .windowFrame)
        preferences[.recentSearches] = ["milk", "eggs"]
        preferences[.lastSync] = sync
        #expect(try folder.names() == [".App.plist.lock", "App.plist", "App.plist.backup"])

        let reopened = Preferences(suite: "App", folder: folder.url)
        #expect(!reopened.isFirstLaunch)
        #expect(reopened[.checklistIndex] == 2)
        #expect(reopened[.windowFrame] == frame)
        #expect(reopened[.recentSearches] == ["milk", "eggs"])
        #expect(reopened[.lastSync] == sync)
        #expect(reopened.diagnostics.isEmpty)

        try reopened.removeValue(for: .checklistIndex)
        reopened[.lastSync] = nil
        let again = Preferences(suite: "App", folder: folder.url)
        #expect(again[.checklistIndex] == -1)
        #expect(!again.hasStoredValue(for: .checklistIndex))
        #expect(again[.lastSync] == nil)
    }

    @Test("A stored value of the wrong type reads as the default, with a diagnostic naming the key")
    func wrongType() throws {
        let folder = try TemporaryFolder()
        let stored: Value = ["ChecklistIndex": "third", "FirstTime": ["a", "b"], "WindowFrame": 12]
        try stored.data(format: .binaryPropertyList).write(to: folder.file("App.plist"))
        let preferences = Preferences(suite: "App", folder: folder.url)
        #expect(preferences[.checklistIndex] == -1)
        #expect(preferences[.firstTime] == true)
        #expect(preferences[.windowFrame] == PreferenceKey.windowFrame.defaultValue)
        let paths = preferences.diagnostics.map(\.path.description)
        #expect(paths == ["ChecklistIndex", "FirstTime", "WindowFrame"])
        #expect(preferences.diagnostics.allSatisfy { "\($0)".contains("default used") })
        // Each problem is noted once, however often the key is read.
        _ = preferences[.checklistIndex]
        #expect(preferences.diagnostics.count == 3)
        // Storing a good value fixes the key.
        preferences[.checklistIndex] = 1
        #expect(Preferences(suite: "App", folder: folder.url)[.checklistIndex] == 1)
    }

    @Test("A value the lenient rules can convert is converted, with a diagnostic")
    func convertedValue() throws {
        let folder = try TemporaryFolder()
        let stored: Value = ["ChecklistIndex": "3"]
        try stored.data(format: .xmlPropertyList).write(to: folder.file("App.plist"))
        let preferences = Preferences(suite: "App", folder: folder.url)
        #expect(preferences[.checklistIndex] == 3)
        #expect(preferences.diagnostics.map(\.path) == ["ChecklistIndex"])
    }

    @Test("Suites are separate files")
    func suites() throws {
        let folder = try TemporaryFolder()
        let first = Preferences(suite: "First", folder: folder.url)
        let second = Preferences(suite: "Second", folder: folder.url)
        first[.checklistIndex] = 1
        second[.checklistIndex] = 2
        #expect(Preferences(suite: "First", folder: folder.url)[.checklistIndex] == 1)
        #expect(Preferences(suite: "Second", folder: folder.url)[.checklistIndex] == 2)
        #expect(try folder.names() == [".First.plist.lock", ".Second.plist.lock", "First.plist", "Second.plist"])
    }

    @Test("First-launch handling runs once, then the flag is stored as false")
    func firstLaunch() throws {
        let folder = try TemporaryFolder()
        var runs = 0
        let first = Preferences(suite: "App", folder: folder.url)
        #expect(first.handleFirstLaunch(.firstTime) { runs += 1 })
        #expect(!first.handleFirstLaunch(.firstTime) { runs += 1 })
        let relaunched = Preferences(suite: "App", folder: folder.url)
        #expect(!relaunched.isFirstLaunch)
        #expect(!relaunched.handleFirstLaunch(.firstTime) { runs += 1 })
        #expect(runs == 1)
        #expect(relaunched[.firstTime] == false)
    }

    @Test("A damaged file falls back on the backup, or on the defaults, never stopping the app")
    func damagedFile() throws {
        let folder = try TemporaryFolder()
        let preferences = Preferences(suite: "App", folder: folder.url)
        preferences[.checklistIndex] = 4
        preferences[.checklistIndex] = 5
        try Data("garbage".utf8).write(to: folder.file("App.plist"))
        let recovered = Preferences(suite: "App", folder: folder.url)
        #expect(recovered[.checklistIndex] == 4)
        #expect(recovered.diagnostics.count == 1)

        try Data("garbage".utf8).write(to: folder.file("App.plist.backup"))
        let fresh = Preferences(suite: "App", folder: folder.url)
        #expect(fresh[.checklistIndex] == -1)
        #expect(fresh.diagnostics.first.map { "\($0)".contains("starting with the defaults") } == true)
    }

    @Test("A write that fails is thrown by set and kept in lastSaveError by the subscript")
    func failedWrite() throws {
        let folder = try TemporaryFolder()
        try Data("a file".utf8).write(to: folder.file("Blocker"))
        let preferences = Preferences(suite: "App", folder: folder.file("Blocker"))
        // A file stands where the folder should be: the lock file, the first a save makes, cannot be made in it.
        #expect(
            throws: StoreError.writeFailed(
                path: folder.file("Blocker/App.plist").path, operation: "open the lock file", code: ENOTDIR)
        ) { try preferences.set(3, for: .checklistIndex) }
        preferences[.checklistIndex] = 4
        #expect(preferences.lastSaveError != nil)
        // The value is kept in memory for this run.
        #expect(preferences[.checklistIndex] == 4)
    }

    @Test("Values set from many threads at once are all written, one write at a time")
    func concurrentSetters() throws {
        let folder = try TemporaryFolder()
        let preferences = Preferences(suite: "App", folder: folder.url)
        let threads = 4
        let rounds = 10
        // Each setter writes the suite, so the threads' writes overlap.
        onSeparateThreads(threads) { thread in
            for round in 0..<rounds { preferences[PreferenceKey("Thread\(thread)", default: -1)] = round }
        }
        #expect(preferences.lastSaveError == nil)
        let reopened = Preferences(suite: "App", folder: folder.url)
        for thread in 0..<threads {
            #expect(reopened[PreferenceKey("Thread\(thread)", default: -1)] == rounds - 1)
        }
    }

    @Test("UserDefaults can back a suite: values, defaults and wrong types behave the same")
    func userDefaultsBacking() throws {
        let suite = "ModelStoreTests-\(UUID().uuidString)"
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        let preferences = try #require(Preferences(userDefaultsSuite: suite))
        #expect(preferences.isFirstLaunch)
        #expect(preferences[.checklistIndex] == -1)
        preferences[.checklistIndex] = 7
        preferences[.recentSearches] = ["a"]
        try preferences.set(WindowFrame(x: 1, y: 2, title: "T"), for: .windowFrame)
        let defaults = try #require(UserDefaults(suiteName: suite))
        #expect(defaults.integer(forKey: "ChecklistIndex") == 7)
        let other = try #require(Preferences(userDefaultsSuite: suite))
        #expect(other[.checklistIndex] == 7)
        #expect(other[.recentSearches] == ["a"])
        #expect(other[.windowFrame] == WindowFrame(x: 1, y: 2, title: "T"))
        defaults.set("not a number", forKey: "ChecklistIndex")
        #expect(other[.checklistIndex] == -1)
        #expect(other.diagnostics.map(\.path) == ["ChecklistIndex"])
    }
}
