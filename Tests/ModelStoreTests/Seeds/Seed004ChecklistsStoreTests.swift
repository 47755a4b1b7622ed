import Foundation
import ModelKit
import ModelKitTestSupport
import ModelStore
import Testing

/// Seed 004's `DataModel`, rebuilt on ModelStore: the lists in a `Document`, the open list and the
/// first-launch flag in `Preferences`, saved by a `TerminationSaver` when the app ends.
///
/// It stays in the tests: it is the app's own glue — its file name, keys and first-launch list — and each app
/// writes its own from the module's parts.
final class ChecklistsDataModel: Sendable {
    let document: Document<[Checklist]>
    let preferences: Preferences
    let saver: TerminationSaver

    /// Opens the app's data in `folder`; `signals` are handled by saving and ending the process.
    ///
    /// No signal handlers inside the test runner by default: a test there calls saveAll(), as the handler
    /// would. A child process of an exit test handles SIGTERM for real.
    init(folder: URL, signals: [Int32] = []) throws {
        document = try Document(
            location: .file(folder.appendingPathComponent("Checklists.plist")), initial: [], autosave: .disabled)
        preferences = Preferences(suite: "Preferences", folder: folder)
        saver = TerminationSaver(saving: [document, preferences], signals: signals)
        handleFirstTime()
    }

    var lists: [Checklist] { document.root }

    /// The open list, -1 when the lists themselves are shown.
    var indexOfSelectedChecklist: Int {
        get { preferences[.checklistIndex] }
        set { preferences[.checklistIndex] = newValue }
    }

    /// The first launch gets one list, "List", and opens it.
    private func handleFirstTime() {
        preferences.handleFirstLaunch(.firstTime) {
            document.update { $0.append(Checklist(name: "List")) }
            indexOfSelectedChecklist = 0
        }
    }

    /// The list to open at launch — only when the stored index is in range (the seed's defensive check).
    var checklistToReopen: Checklist? {
        let index = indexOfSelectedChecklist
        guard index >= 0 && index < lists.count else { return nil }
        return lists[index]
    }

    /// The seed's `applicationWillTerminate` / `applicationDidEnterBackground`.
    func applicationWillTerminate() -> [any Error] {
        saver.saveAll()
    }
}

@Suite("Seed 004: checklists in a document, the open list in preferences")
struct Seed004ChecklistsStoreTests {
    @Test("Seed 004: first launch, toggles, save on termination, relaunch, back to the lists, bad index")
    func endToEnd() throws {
        let folder = try TemporaryFolder()

        // First launch: "List" is created and selected.
        var model: ChecklistsDataModel? = try ChecklistsDataModel(folder: folder.url)
        var app = try #require(model)
        #expect(app.preferences.isFirstLaunch)
        #expect(app.lists.map(\.name) == ["List"])
        #expect(app.indexOfSelectedChecklist == 0)
        #expect(app.preferences[.firstTime] == false)
        #expect(app.checklistToReopen?.name == "List")

        // The user adds items, toggles one, and adds a second list.
        app.document.update { lists in
            lists[0].items = [ChecklistItem(text: "Walk the dog"), ChecklistItem(text: "Brush my teeth")]
            lists[0].items[1].toggleChecked()
            lists.append(Checklist(name: "Groceries", items: [ChecklistItem(text: "Milk")]))
        }
        app.indexOfSelectedChecklist = 1
        #expect(app.document.hasUnsavedChanges)

        // The app ends: the termination path saves everything.
        #expect(app.applicationWillTerminate().isEmpty)
        #expect(!app.document.hasUnsavedChanges)
        let saved = app.lists
        model = nil

        // Relaunch: new instances on the same folder restore the lists and the open list; no second "List".
        app = try ChecklistsDataModel(folder: folder.url)
        #expect(!app.preferences.isFirstLaunch)
        #expect(app.lists == saved)
        #expect(app.lists[0].items.map(\.checked) == [false, true])
        #expect(app.checklistToReopen?.name == "Groceries")

        // Back to the lists: the index is -1 and nothing is reopened.
        app.indexOfSelectedChecklist = -1
        #expect(app.checklistToReopen == nil)
        #expect(try ChecklistsDataModel(folder: folder.url).checklistToReopen == nil)

        // An index out of range (a list deleted elsewhere, a stale file) is ignored, not a crash.
        app.indexOfSelectedChecklist = 5
        let relaunched = try ChecklistsDataModel(folder: folder.url)
        #expect(relaunched.indexOfSelectedChecklist == 5)
        #expect(relaunched.checklistToReopen == nil)
        #expect(relaunched.lists == saved)
    }
}
