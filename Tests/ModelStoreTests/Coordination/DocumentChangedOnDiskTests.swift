import Foundation
import ModelKit
import ModelKitTestSupport
import ModelStore
import Testing

// Two documents on one file in one process stand for two processes: their saves take the same file lock (a
// lock of the open lock file, not of the process) and check the same fingerprints. MultiProcessTests does the
// same with real processes.

@Suite("Document: a save never writes over a file another process changed")
struct DocumentChangedOnDiskTests {
    private func open(_ folder: TemporaryFolder) throws -> Document<Ledger> {
        try Document(location: .file(folder.file("Ledger.plist")), initial: Ledger(), autosave: .disabled)
    }

    @Test("The second of two saves from the same version throws changedOnDisk naming the file; the first stands")
    func secondSaveThrows() throws {
        let folder = try TemporaryFolder()
        let first = try open(folder)
        let second = try open(folder)
        first.update { $0.entries.append("first") }
        second.update { $0.entries.append("second") }
        try first.save()
        #expect(throws: StoreError.changedOnDisk(path: folder.file("Ledger.plist").path)) { try second.save() }
        #expect(second.lastSaveError == .changedOnDisk(path: folder.file("Ledger.plist").path))
        #expect(second.hasUnsavedChanges)
        #expect(try open(folder).root.entries == ["first"])
        #expect("\(StoreError.changedOnDisk(path: "/x/Ledger.plist"))".hasPrefix("/x/Ledger.plist changed on disk"))
    }

    @Test("After the error, reload gives the newest root and drops the unsaved change; made again, it saves")
    func reloadAndApplyAgain() async throws {
        let folder = try TemporaryFolder()
        let first = try open(folder)
        let second = try open(folder)
        let changes = second.changes(bufferingPolicy: .unbounded)
        first.update { $0.entries.append("first") }
        try first.save()
        second.update { $0.entries.append("second") }
        #expect(throws: StoreError.self) { try second.save() }

        try second.reload()
        #expect(second.root.entries == ["first"])
        #expect(!second.hasUnsavedChanges)
        #expect(second.lastSaveError == nil)
        #expect(second.origin == .file)
        second.update { $0.entries.append("second") }
        try second.save()
        #expect(try open(folder).root.entries == ["first", "second"])
        // The observers saw the change, the reload and the change made again.
        var seen: [[String]] = []
        for await root in changes {
            seen.append(root.entries)
            if seen.count == 3 { break }
        }
        #expect(seen == [["second"], ["first"], ["first", "second"]])
    }

    @Test("updateAndSave applies the change to the newest root, so changes from every instance add up")
    func updateAndSaveAddsUp() throws {
        let folder = try TemporaryFolder()
        let documents = try (0..<3).map { _ in try open(folder) }
        for round in 0..<4 {
            for (index, document) in documents.enumerated() {
                let count = try document.updateAndSave { ledger -> Int in
                    ledger.entries.append("\(index)-\(round)")
                    return ledger.entries.count
                }
                #expect(count == round * documents.count + index + 1)
                #expect(!document.hasUnsavedChanges)
            }
        }
        #expect(try open(folder).root.entries.count == 12)
        #expect(Set(try open(folder).root.entries).count == 12)
    }

    @Test("updateAndSave over a changed file with unsaved changes of its own throws, and changes nothing")
    func updateAndSaveRefusesToDropChanges() throws {
        let folder = try TemporaryFolder()
        let first = try open(folder)
        let second = try open(folder)
        try first.updateAndSave { $0.entries.append("first") }
        second.update { $0.entries.append("unsaved") }
        #expect(throws: StoreError.changedOnDisk(path: folder.file("Ledger.plist").path)) {
            try second.updateAndSave { $0.entries.append("more") }
        }
        #expect(second.root.entries == ["unsaved"])
        #expect(try open(folder).root.entries == ["first"])
    }

    @Test("A body that throws leaves the root as it was and saves nothing")
    func throwingBody() throws {
        struct Refused: Error {}
        let folder = try TemporaryFolder()
        let document = try open(folder)
        try document.updateAndSave { $0.entries.append("kept") }
        #expect(throws: Refused.self) {
            try document.updateAndSave { ledger in
                ledger.entries.append("dropped")
                throw Refused()
            }
        }
        #expect(document.root.entries == ["kept"])
        #expect(!document.hasUnsavedChanges)
        #expect(try open(folder).root.entries == ["kept"])
    }

    @Test("A file created, or replaced by hand, since the document read it is a change too")
    func createdOrReplaced() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("Ledger.plist")
        // Created by another process after this document found no file.
        let late = try open(folder)
        try open(folder).updateAndSave { $0.entries = ["other"] }
        late.update { $0.entries = ["late"] }
        #expect(throws: StoreError.changedOnDisk(path: url.path)) { try late.save() }

        // Replaced by a file no store wrote, without a checksum, of the same size.
        let document = try open(folder)
        let size = try #require(folder.contents("Ledger.plist")).count
        try Data(repeating: UInt8(ascii: " "), count: size).write(to: url)
        document.update { $0.entries.append("mine") }
        #expect(throws: StoreError.changedOnDisk(path: url.path)) { try document.save() }
    }

    @Test("A file removed since the document read it is a change; reloading then reads the backup")
    func removed() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("Ledger.plist")
        try open(folder).updateAndSave { $0.entries = ["one"] }
        try open(folder).updateAndSave { $0.entries = ["two"] }
        let reader = try open(folder)
        try FileManager.default.removeItem(at: url)
        reader.update { $0.entries.append("mine") }
        #expect(throws: StoreError.changedOnDisk(path: url.path)) { try reader.save() }
        try reader.reload()
        #expect(reader.origin == .backup)
        #expect(reader.root.entries == ["one"])
    }

    @Test("A file from before checksums is told apart by the hash of all its bytes")
    func fileWithoutChecksum() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("Checklists.json")
        let location = StoreLocation.file(url)
        func open() throws -> Document<[Checklist]> {
            try Document(location: location, initial: [], format: .json, autosave: .disabled)
        }
        // Unchanged, the old file is saved over as before (the save gives it a checksum).
        try LegacyFiles.jsonDocument.write(to: url)
        let unchanged = try open()
        try unchanged.updateAndSave { $0.append(Checklist(name: "Added")) }
        #expect(try open().root.map(\.name) == ["List", "Groceries", "Added"])

        // Changed by one byte, the same size: the save refuses.
        try LegacyFiles.jsonDocument.write(to: url)
        let reader = try open()
        let edited = String(decoding: LegacyFiles.jsonDocument, as: UTF8.self).replacingOccurrences(
            of: "Milk", with: "Mild")
        try Data(edited.utf8).write(to: url)
        reader.update { $0.append(Checklist(name: "Mine")) }
        #expect(throws: StoreError.changedOnDisk(path: url.path)) { try reader.save() }
        #expect(try open().root[1].items[0].text == "Mild")
    }

    @Test("The lock file appears with the first save, beside the file; opening alone makes none")
    func lockFile() throws {
        let folder = try TemporaryFolder()
        let document = try open(folder)
        #expect(try folder.names().isEmpty)
        try document.updateAndSave { $0.entries = ["one"] }
        #expect(try folder.names() == [".Ledger.plist.lock", "Ledger.plist"])
        #expect(folder.contents(".Ledger.plist.lock") == Data())
    }
}
