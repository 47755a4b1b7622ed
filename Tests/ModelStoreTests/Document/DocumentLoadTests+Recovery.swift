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

// Issue 18, items 7–10: a foreign, damaged or unreadable file never becomes data, and opening never writes.
extension DocumentLoadTests {
    @Test("A document of another model type is not opened as an empty one: the backup loads, with a note")
    func anotherModelType() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("Checklists.plist"))
        let lists = try Document(location: location, initial: [Checklist](), autosave: .disabled)
        lists.update { $0 = [Checklist(name: "Kept", items: [])] }
        try lists.save()
        lists.update { $0.append(Checklist(name: "Lost if the foreign file were taken for this one", items: [])) }
        try lists.save()
        // Another app's document, of inventory items, copied over it.
        let elsewhere = try TemporaryFolder()
        let items = try Document(
            location: .file(elsewhere.file("Items.plist")), initial: [InventoryItem](), autosave: .disabled)
        items.update { $0 = [InventoryItem(name: "Lamp", valueInDollars: 30)] }
        try items.save()
        let foreign = try #require(elsewhere.contents("Items.plist"))
        try foreign.write(to: location.fileURL)
        let reopened = try Document(location: location, initial: [Checklist](), autosave: .disabled)
        #expect(reopened.origin == .backup)
        #expect(reopened.root == [Checklist(name: "Kept", items: [])])
        let note = reopened.loadDiagnostics.map(\.description).joined()
        #expect(note.contains("not a document of Array<Checklist>"), "\(note)")
        #expect(folder.contents("Checklists.plist") == foreign)
    }

    @Test("A single-model document of another type, with no backup, is an error; the file is left as it was")
    func anotherModelTypeWithoutBackup() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("State.plist"))
        let ledger = try Document(location: location, initial: Ledger(), autosave: .disabled)
        ledger.update { $0.entries = ["a", "b"] }
        try ledger.save()
        let bytes = folder.contents("State.plist")
        let error = #expect(throws: StoreError.self) {
            try Document(location: location, initial: CounterState(), autosave: .disabled)
        }
        guard case .damaged(let path, let detail, let backupDetail)? = error else {
            Issue.record("expected damaged, got \(String(describing: error))")
            return
        }
        #expect(path == location.fileURL.path)
        #expect(detail.contains("not a document of CounterState"), "\(detail)")
        #expect(backupDetail == "there is no backup")
        #expect(folder.contents("State.plist") == bytes)
        #expect(try folder.names() == [".State.plist.lock", "State.plist"])
    }

    @Test("Opening and releasing a recovered document writes nothing: the damaged file stays as it was")
    func releasingRecoveredDocumentWritesNothing() async throws {
        let (folder, location) = try savedTwice()
        let damaged = Data("not a document".utf8)
        try damaged.write(to: folder.file("Checklists.plist"))
        let backup = folder.contents("Checklists.plist.backup")
        do {
            let document = try Document(location: location, initial: [Checklist](), autosave: .disabled)
            #expect(document.origin == .backup)
        }
        do {
            // With autosave on too: a recovered root is not a change.
            let document = try Document(location: location, initial: [Checklist](), autosave: .debounced(.zero))
            #expect(document.origin == .backup)
        }
        try await Task.sleep(for: .milliseconds(50))
        #expect(folder.contents("Checklists.plist") == damaged)
        #expect(folder.contents("Checklists.plist.backup") == backup)
        #expect(try folder.names() == [".Checklists.plist.lock", "Checklists.plist", "Checklists.plist.backup"])
    }

    @Test(
        "A file that cannot be read (a folder in its place) throws readFailed; the backup is not used, nothing changes")
    func unreadableFile() throws {
        let (folder, location) = try savedTwice()
        let backup = folder.contents("Checklists.plist.backup")
        // Tests run as root, whom permissions do not stop: a folder under the file's name fails the read itself
        // (EISDIR), the path a file without read permission takes (EACCES at open) as well.
        try FileManager.default.removeItem(at: location.fileURL)
        try FileManager.default.createDirectory(at: location.fileURL, withIntermediateDirectories: false)
        #expect {
            try Document(location: location, initial: [Checklist](), autosave: .disabled)
        } throws: { error in
            guard case StoreError.readFailed(let path, _, let code) = error else { return false }
            return path == location.fileURL.path && code == EISDIR
        }
        #expect(folder.contents("Checklists.plist.backup") == backup)
        #expect(try folder.names() == [".Checklists.plist.lock", "Checklists.plist", "Checklists.plist.backup"])
    }

    @Test(
        "A file without read permission throws readFailed (run as a user other than root)",
        .enabled(if: geteuid() != 0, "root reads files whatever their permissions"))
    func fileWithoutPermission() throws {
        let (folder, location) = try savedTwice()
        let bytes = folder.contents("Checklists.plist")
        chmod(location.fileURL.path, 0)
        defer { chmod(location.fileURL.path, 0o644) }
        #expect {
            try Document(location: location, initial: [Checklist](), autosave: .disabled)
        } throws: { error in
            guard case StoreError.readFailed(_, _, let code) = error else { return false }
            return code == EACCES
        }
        chmod(location.fileURL.path, 0o644)
        #expect(folder.contents("Checklists.plist") == bytes)
    }

    @Test("A stored value lenient decoding would default or drop counts as damage: the backup loads first")
    func lenientDecodingDoesNotHideDamage() throws {
        let (folder, location) = try savedTwice()
        // A file from before checksums, so that only decoding can tell: one list's items are not a list, and
        // one item's Checked is not a Boolean.
        let damaged: Value = [
            "schemaVersion": 1,
            "root": [
                ["Name": "List", "Items": "not a list"],
                ["Name": "Groceries", "Items": [["Text": "Milk", "Checked": ["a dictionary"]]]],
            ],
        ]
        try damaged.data(format: .json).write(to: folder.file("Checklists.plist"))
        let document = try Document(location: location, initial: [Checklist](), autosave: .disabled)
        #expect(document.origin == .backup)
        #expect(document.root == [Self.lists[0]])
        let note = document.loadDiagnostics.map(\.description).joined()
        #expect(note.contains("could not be read as"), "\(note)")
    }

    @Test("A property added since the file was written (a missing key) is not damage")
    func missingKeyIsNotDamage() throws {
        let folder = try TemporaryFolder()
        let file = folder.file("Checklists.plist")
        try (["schemaVersion": 1, "root": [["Name": "Only a name"]]] as Value).data(format: .json).write(to: file)
        let document = try Document(location: .file(file), initial: [Checklist](), autosave: .disabled)
        #expect(document.origin == .file)
        #expect(document.root == [Checklist(name: "Only a name", items: [])])
    }
}
