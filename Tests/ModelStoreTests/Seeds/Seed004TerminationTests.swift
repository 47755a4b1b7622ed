import Foundation
import ModelKit
import ModelKitTestSupport
import ModelStore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Seed 004 end to end: a real SIGTERM ends the first run, a new process restores it", .timeLimit(.minutes(1)))
struct Seed004TerminationTests {
    /// Exit statuses of the first run that name what went wrong before the signal.
    enum FirstRunFailure: Int32 {
        case notFirstLaunch = 10
        case noDefaultList = 11
        case defaultListNotSelected = 12
        case signalNotHandled = 13
    }

    @Test("First launch, toggles, SIGTERM saves; the relaunch restores lists, checks and the open list")
    func sigtermAndRelaunch() async throws {
        let folder = try TemporaryFolder()

        // The first run, in a child process: the seed's first launch, the user's changes, then SIGTERM. Nothing
        // is saved by hand: the document is written only by the TerminationSaver's signal handling.
        await #expect(processExitsWith: .signal(SIGTERM)) { [path = folder.url.path as String] in
            let app = try ChecklistsDataModel(folder: URL(fileURLWithPath: path), signals: [SIGTERM])
            guard app.preferences.isFirstLaunch else { exit(FirstRunFailure.notFirstLaunch.rawValue) }
            guard app.lists.map(\.name) == ["List"] else { exit(FirstRunFailure.noDefaultList.rawValue) }
            guard app.checklistToReopen?.name == "List" else { exit(FirstRunFailure.defaultListNotSelected.rawValue) }
            app.document.update { lists in
                lists[0].items = [
                    ChecklistItem(text: "Walk the dog"), ChecklistItem(text: "Brush my teeth"),
                    ChecklistItem(text: "Learn iOS development"),
                ]
                lists[0].items[1].toggleChecked()
                lists[0].items[2].toggleChecked()
                lists.append(Checklist(name: "Groceries", items: [ChecklistItem(text: "Milk")]))
                lists[1].items[0].toggleChecked()
            }
            app.indexOfSelectedChecklist = 1
            kill(getpid(), SIGTERM)
            // The saver's queue saves and ends the process by SIGTERM; this thread only waits for that.
            withExtendedLifetime(app) {
                sleep(10)
                exit(FirstRunFailure.signalNotHandled.rawValue)
            }
        }

        // The relaunch: this process opens the same folder, as the app's next launch would.
        let app = try ChecklistsDataModel(folder: folder.url)
        #expect(!app.preferences.isFirstLaunch)
        #expect(app.preferences[.firstTime] == false)
        #expect(app.lists.map(\.name) == ["List", "Groceries"])
        #expect(app.lists[0].items.map(\.text) == ["Walk the dog", "Brush my teeth", "Learn iOS development"])
        #expect(app.lists[0].items.map(\.checked) == [false, true, true])
        #expect(app.lists[1].items.map(\.checked) == [true])
        #expect(app.indexOfSelectedChecklist == 1)
        #expect(app.checklistToReopen?.name == "Groceries")
        #expect(!app.document.hasUnsavedChanges)

        // Back to the lists: ChecklistIndex is -1, stored, and the next launch reopens nothing.
        app.indexOfSelectedChecklist = -1
        #expect(app.checklistToReopen == nil)
        let afterBack = try ChecklistsDataModel(folder: folder.url)
        #expect(afterBack.indexOfSelectedChecklist == -1)
        #expect(afterBack.checklistToReopen == nil)

        // An index out of range — a list deleted, a stale or hand-edited file — is ignored, not a crash.
        for stale in [2, 99, -7] {
            app.indexOfSelectedChecklist = stale
            let relaunched = try ChecklistsDataModel(folder: folder.url)
            #expect(relaunched.indexOfSelectedChecklist == stale)
            #expect(relaunched.checklistToReopen == nil, "index \(stale)")
            #expect(relaunched.lists.map(\.name) == ["List", "Groceries"])
        }
    }
}
