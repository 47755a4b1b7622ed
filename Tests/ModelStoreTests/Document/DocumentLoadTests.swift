import Foundation
import ModelKit
import ModelKitTestSupport
import ModelStore
import Testing

@Suite("Document: loading")
struct DocumentLoadTests {
    static let lists = [
        Checklist(name: "List", items: [ChecklistItem(text: "Walk the dog", checked: false)]),
        Checklist(name: "Groceries", items: [ChecklistItem(text: "Milk", checked: true)]),
    ]

    /// A folder holding a saved document and, after a second save, its backup.
    func savedTwice() throws -> (TemporaryFolder, StoreLocation) {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("Checklists.plist"))
        let document = try Document(location: location, initial: [Checklist](), autosave: .disabled)
        document.update { $0 = [Self.lists[0]] }
        try document.save()
        document.update { $0 = Self.lists }
        try document.save()
        return (folder, location)
    }

    @Test("No file: the document starts with the initial value and no diagnostics")
    func noFile() throws {
        let folder = try TemporaryFolder()
        let document = try Document(
            location: .file(folder.file("Checklists.plist")), initial: Self.lists, autosave: .disabled)
        #expect(document.root == Self.lists)
        #expect(document.origin == .initialValue)
        #expect(document.loadDiagnostics.isEmpty)
        #expect(!document.hasUnsavedChanges)
        #expect(try folder.names().isEmpty)
    }

    @Test("A saved root loads back equal, in each format", arguments: ModelFileFormat.allCases)
    func roundTrip(format: ModelFileFormat) throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("Checklists.data"))
        let document = try Document(location: location, initial: [Checklist](), format: format, autosave: .disabled)
        document.update { $0 = Self.lists }
        try document.save()
        let bytes = try #require(folder.contents("Checklists.data"))
        #expect(ModelFileFormat.detect(bytes) == format)
        let reopened = try Document(location: location, initial: [Checklist](), format: format, autosave: .disabled)
        #expect(reopened.root == Self.lists)
        #expect(reopened.origin == .file)
        #expect(reopened.loadedSchemaVersion == 1)
        #expect(reopened.loadDiagnostics.isEmpty)
    }

    @Test("A file whose size is not known up front (a named pipe) is read to its end")
    func fileOfUnknownSize() throws {
        let (folder, _) = try savedTwice()
        let bytes = try #require(folder.contents("Checklists.plist"))
        let pipeURL = folder.file("Piped.plist")
        #expect(mkfifo(pipeURL.path, 0o600) == 0)
        // The writer blocks in open until the document opens the pipe to read it.
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: pipeURL.path) else { return }
            handle.write(bytes)
            try? handle.close()
        }
        writer.start()
        let piped = try Document(location: .file(pipeURL), initial: [Checklist](), autosave: .disabled)
        #expect(piped.root == Self.lists)
        #expect(piped.origin == .file)
    }

    @Test("A large document round-trips: 30,000 lists saved in pieces and read back whole")
    func largeDocument() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("Large.plist"))
        let lists = (0..<30_000).map { index in
            Checklist(
                name: "List \(index)", items: [ChecklistItem(text: "Item \(index % 97)", checked: index % 2 == 0)])
        }
        let document = try Document(location: location, initial: [Checklist](), autosave: .disabled)
        document.update { $0 = lists }
        try document.save()
        let bytes = try #require(folder.contents("Large.plist"))
        #expect(bytes.count > 1 << 20)
        // Foundation reads the streamed file as a property list too.
        let object = try PropertyListSerialization.propertyList(from: bytes, format: nil) as? [String: Any]
        #expect((object?["root"] as? [Any])?.count == 30_000)
        let reopened = try Document(location: location, initial: [Checklist](), autosave: .disabled)
        #expect(reopened.root == lists)
    }

    @Test("The file holds the schema version next to the root")
    func envelope() throws {
        let (folder, _) = try savedTwice()
        let stored = try Value(data: #require(folder.contents("Checklists.plist")))
        #expect(stored["schemaVersion"] == 1)
        #expect(stored["root"]?[1]?["Name"] == "Groceries")
    }

    @Test("The second save keeps the first version as the backup")
    func backupIsPreviousVersion() throws {
        let (folder, _) = try savedTwice()
        #expect(try folder.names() == [".Checklists.plist.lock", "Checklists.plist", "Checklists.plist.backup"])
        let backup = try Value(data: #require(folder.contents("Checklists.plist.backup")))
        #expect(try [Checklist](value: #require(backup["root"])) == [Self.lists[0]])
    }

    /// The damage done to a file in the tests below.
    enum Damage: String, CaseIterable, Sendable {
        case truncated, empty, garbage, notAnEnvelope, wrongRootType, versionNotANumber

        func apply(to data: Data) -> Data {
            switch self {
            case .truncated: data.prefix(data.count / 2)
            case .empty: Data()
            case .garbage: Data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
            case .notAnEnvelope: try! Value.array(["List"]).data(format: .binaryPropertyList)
            case .wrongRootType: try! (["schemaVersion": 1, "root": "not a list"] as Value).data(format: .json)
            case .versionNotANumber: try! (["schemaVersion": "one", "root": []] as Value).data(format: .json)
            }
        }
    }

    @Test("A damaged file loads the backup, with a diagnostic saying why", arguments: Damage.allCases)
    func damagedFileLoadsBackup(damage: Damage) throws {
        let (folder, location) = try savedTwice()
        let file = folder.file("Checklists.plist")
        try damage.apply(to: #require(folder.contents("Checklists.plist"))).write(to: file)
        let document = try Document(location: location, initial: [Checklist](), autosave: .disabled)
        #expect(document.root == [Self.lists[0]])
        #expect(document.origin == .backup)
        let notes = document.loadDiagnostics.map(\.description)
        #expect(notes.contains { $0.contains("Checklists.plist could not be used") && $0.contains("backup") })
        // The recovered root counts as unsaved, so that the next save repairs the file.
        #expect(document.hasUnsavedChanges)
        try document.save()
        let repaired = try Document(location: location, initial: [Checklist](), autosave: .disabled)
        #expect(repaired.origin == .file)
        #expect(repaired.root == [Self.lists[0]])
        // The damaged file did not become the backup: the good version is still there.
        let backup = try Value(data: #require(folder.contents("Checklists.plist.backup")))
        #expect(try [Checklist](value: #require(backup["root"])) == [Self.lists[0]])
    }

    @Test("A missing file with a backup loads the backup")
    func missingFileLoadsBackup() throws {
        let (folder, location) = try savedTwice()
        try FileManager.default.removeItem(at: folder.file("Checklists.plist"))
        let document = try Document(location: location, initial: [Checklist](), autosave: .disabled)
        #expect(document.origin == .backup)
        #expect(document.root == [Self.lists[0]])
    }

    @Test("A damaged file without a backup is an error that leaves the file as it was", arguments: Damage.allCases)
    func damagedWithoutBackup(damage: Damage) throws {
        let folder = try TemporaryFolder()
        let file = folder.file("Checklists.plist")
        let bytes = damage.apply(to: try (["schemaVersion": 1, "root": []] as Value).data(format: .binaryPropertyList))
        try bytes.write(to: file)
        #expect {
            try Document(location: .file(file), initial: [Checklist](), autosave: .disabled)
        } throws: { error in
            guard case StoreError.damaged(_, _, let backupDetail) = error else { return false }
            return backupDetail == "there is no backup"
        }
        #expect(folder.contents("Checklists.plist") == bytes)
        #expect(try folder.names() == ["Checklists.plist"])
    }

    @Test("A damaged file and a damaged backup are a clear error; neither file changes")
    func bothDamaged() throws {
        let (folder, location) = try savedTwice()
        let garbage = Data("not a document".utf8)
        let truncated = try #require(folder.contents("Checklists.plist.backup")).prefix(20)
        try garbage.write(to: folder.file("Checklists.plist"))
        try truncated.write(to: folder.file("Checklists.plist.backup"))
        let error = #expect(throws: StoreError.self) {
            try Document(location: location, initial: [Checklist](), autosave: .disabled)
        }
        guard case .damaged(let path, _, _)? = error else {
            Issue.record("expected damaged, got \(String(describing: error))")
            return
        }
        #expect(path == location.fileURL.path)
        let message = "\(error.map { "\($0)" } ?? "")"
        #expect(message.contains("Checklists.plist cannot be used"))
        #expect(message.contains("neither can its backup"))
        #expect(message.contains("both files are left unchanged"))
        #expect(folder.contents("Checklists.plist") == garbage)
        #expect(folder.contents("Checklists.plist.backup") == truncated)
    }

    @Test("A file from a newer schema version is an error, not damage: the backup is not used and nothing changes")
    func newerVersion() throws {
        let (folder, location) = try savedTwice()
        let newer = try (["schemaVersion": 7, "root": [["Name": "From the future"]]] as Value).data(format: .json)
        try newer.write(to: folder.file("Checklists.plist"))
        let backup = folder.contents("Checklists.plist.backup")
        #expect(throws: StoreError.newerSchemaVersion(path: location.fileURL.path, found: 7, supported: 1)) {
            try Document(location: location, initial: [Checklist](), autosave: .disabled)
        }
        #expect(folder.contents("Checklists.plist") == newer)
        #expect(folder.contents("Checklists.plist.backup") == backup)
    }

    @Test("Values the lenient rules converted are reported as load diagnostics")
    func conversionDiagnostics() throws {
        let folder = try TemporaryFolder()
        let file = folder.file("Checklists.json")
        let stored: Value = [
            "schemaVersion": 1, "root": [["Name": "List", "Items": [["Text": "A", "Checked": "yes"]]]],
        ]
        try stored.data(format: .json).write(to: file)
        let document = try Document(location: .file(file), initial: [Checklist](), autosave: .disabled)
        #expect(document.root[0].items[0].checked)
        #expect(document.loadDiagnostics.contains { $0.path == "root[0].Items[0].Checked" })
    }

    @Test("Temporary files left by a killed save are removed; a live process's are kept")
    func leftoverTemporaryFiles() throws {
        let (folder, location) = try savedTwice()
        // No process has id 2^22 + 1 (above Linux's pid_max default); ours is alive.
        try Data("partial".utf8).write(to: folder.file(".Checklists.plist.4194305-77.tmp"))
        try Data("partial".utf8).write(to: folder.file(".Checklists.plist.backup.4194305-78.tmp"))
        try Data("ours".utf8).write(to: folder.file(".Checklists.plist.\(getpid())-79.tmp"))
        _ = try Document(location: location, initial: [Checklist](), autosave: .disabled)
        #expect(
            try folder.names() == [
                ".Checklists.plist.\(getpid())-79.tmp", ".Checklists.plist.lock", "Checklists.plist",
                "Checklists.plist.backup",
            ])
    }

    @Test("The application-support location follows XDG_DATA_HOME on Linux")
    func applicationSupportLocation() {
        let location = StoreLocation.applicationSupport("Checklists.plist", appName: "Checklists")
        #expect(location.fileURL.lastPathComponent == "Checklists.plist")
        #expect(location.fileURL.deletingLastPathComponent().lastPathComponent == "Checklists")
        #if os(Linux)
            let environment = ProcessInfo.processInfo.environment
            let base =
                environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share").path
            #expect(
                location.fileURL.path
                    == URL(fileURLWithPath: base).appendingPathComponent("Checklists/Checklists.plist").path)
        #endif
    }
}
