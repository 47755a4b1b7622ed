import Foundation
import ModelKit
import ModelKitTestSupport
import ModelStore
import Testing

// Two suites on one file in one process stand for two processes, as in DocumentChangedOnDiskTests.

@Suite("Preferences: values from several processes merge key by key")
struct PreferencesMergeTests {
    static let theme = PreferenceKey("Theme", default: "light")
    static let index = PreferenceKey("ChecklistIndex", default: -1)
    static let launches = PreferenceKey("Launches", default: 0)

    private func open(_ folder: TemporaryFolder) -> Preferences {
        Preferences(location: .file(folder.file("Shared.plist")))
    }

    /// Two suites of one new file, as an app and its widget open it.
    private func appAndWidget() throws -> (folder: TemporaryFolder, app: Preferences, widget: Preferences) {
        let folder = try TemporaryFolder()
        return (folder, open(folder), open(folder))
    }

    @Test("A key set by one suite and a key set by another are both kept")
    func differentKeys() throws {
        let (folder, app, widget) = try appAndWidget()
        try app.set("dark", for: Self.theme)
        try widget.set(3, for: Self.index)
        let reopened = open(folder)
        #expect(reopened[Self.theme] == "dark")
        #expect(reopened[Self.index] == 3)
        // The widget's write read the app's value first, so the widget sees it now; the app does not yet.
        #expect(widget[Self.theme] == "dark")
        #expect(app[Self.index] == -1)
        app.reload()
        #expect(app[Self.index] == 3)
    }

    @Test("Of two writes to the same key, the later wins; the other keys stay")
    func sameKey() throws {
        let (folder, app, widget) = try appAndWidget()
        try app.set(1, for: Self.launches)
        try app.set("dark", for: Self.theme)
        try widget.set(7, for: Self.launches)
        var reopened = open(folder)
        #expect(reopened[Self.launches] == 7)
        #expect(reopened[Self.theme] == "dark")
        try app.set(8, for: Self.launches)
        reopened = open(folder)
        #expect(reopened[Self.launches] == 8)
        #expect(reopened[Self.theme] == "dark")
    }

    @Test("A removal merges too: the removed key reads its default, other processes' keys stay")
    func removal() throws {
        let (folder, app, widget) = try appAndWidget()
        try app.set("dark", for: Self.theme)
        try widget.set(2, for: Self.index)
        try app.removeValue(for: Self.theme)
        let reopened = open(folder)
        #expect(!reopened.hasStoredValue(for: Self.theme))
        #expect(reopened[Self.index] == 2)
    }

    @Test("A suite that wrote nothing keeps reading what it read until it reloads")
    func readsAreStable() throws {
        let folder = try TemporaryFolder()
        let reader = open(folder)
        try open(folder).set("dark", for: Self.theme)
        #expect(reader[Self.theme] == "light")
        reader.reload()
        #expect(reader[Self.theme] == "dark")
        #expect(reader.diagnostics.isEmpty)
    }

    @Test("Writes from many threads and two suites: every key is kept")
    func manyThreads() throws {
        let folder = try TemporaryFolder()
        let suites = [open(folder), open(folder)]
        let failures = LockedCounter()
        onSeparateThreads(4) { thread in
            for update in 0..<25 {
                do {
                    try suites[thread % 2].set(update, for: PreferenceKey("t\(thread)-\(update)", default: -1))
                } catch {
                    failures.increment()
                }
            }
        }
        #expect(failures.value == 0)
        let reopened = open(folder)
        for thread in 0..<4 {
            for update in 0..<25 {
                #expect(reopened[PreferenceKey("t\(thread)-\(update)", default: -1)] == update)
            }
        }
    }
}
