import Foundation
import ModelKit
import ModelKitTestSupport
import ModelStore
import PropertyBased
import Testing

@Suite("Document: integrity of the file at rest")
struct DocumentIntegrityTests {
    /// Lists of `count` items each, different for each `version`, so that a loaded root shows which one it is.
    static func lists(count: Int, version: Int) -> [Checklist] {
        (0..<count).map { index in
            Checklist(
                name: "List \(index) v\(version)",
                items: (0..<3).map { ChecklistItem(text: "Item \($0) of \(index)", checked: ($0 + index) % 2 == 0) })
        }
    }

    /// A folder with a document saved twice: the backup holds `first`, the file `second`.
    static func savedTwice(
        _ first: [Checklist], _ second: [Checklist], format: ModelFileFormat = .binaryPropertyList
    ) throws -> (TemporaryFolder, StoreLocation) {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("Checklists.plist"))
        let document = try Document(location: location, initial: [Checklist](), format: format, autosave: .disabled)
        document.update { $0 = first }
        try document.save()
        document.update { $0 = second }
        try document.save()
        return (folder, location)
    }

    /// How opening a damaged file ended.
    enum Outcome: Equatable {
        case backup
        case error
    }

    /// Opens the document with `damaged` in place of its file and checks that the result is the backup or an
    /// error, never other data, and that opening changed nothing on disk.
    static func open(
        _ damaged: Data, in folder: TemporaryFolder, location: StoreLocation, backupRoot: [Checklist],
        case name: String
    ) throws -> Outcome? {
        try damaged.write(to: location.fileURL)
        let before = try folder.names()
        let backupBytes = folder.contents("Checklists.plist.backup")
        defer {
            #expect(folder.contents("Checklists.plist") == damaged, "\(name): opening changed the file")
            #expect(folder.contents("Checklists.plist.backup") == backupBytes, "\(name): opening changed the backup")
            #expect((try? folder.names()) == before, "\(name): opening added or removed files")
        }
        do {
            let document = try Document(location: location, initial: [Checklist](), autosave: .disabled)
            guard document.origin == .backup, document.root == backupRoot else {
                Issue.record("\(name): opened as \(document.origin) with \(document.root.count) lists")
                return nil
            }
            let note = document.loadDiagnostics.map(\.description).joined()
            #expect(note.contains("Checklists.plist could not be used"), "\(name)")
            return .backup
        } catch is StoreError {
            return .error
        }
    }

    @Test("Every file is saved with a checksum field, and stays a property list any reader opens")
    func checksumIsSaved() throws {
        let (folder, _) = try Self.savedTwice(Self.lists(count: 1, version: 1), Self.lists(count: 2, version: 2))
        let bytes = try #require(folder.contents("Checklists.plist"))
        let object = try PropertyListSerialization.propertyList(from: bytes, format: nil) as? [String: Any]
        let checksum = try #require(object?["checksum"] as? String)
        #expect(checksum.hasPrefix("ModelStore-XXH64:"))
        #expect(checksum.count == "ModelStore-XXH64:".count + 16)
        #expect((object?["root"] as? [Any])?.count == 2)
    }

    @Test(
        "Every truncation point of a small document ends in the backup or an error", arguments: ModelFileFormat.allCases
    )
    func everyTruncation(format: ModelFileFormat) throws {
        let first = Self.lists(count: 1, version: 1)
        let (folder, location) = try Self.savedTwice(first, Self.lists(count: 2, version: 2), format: format)
        let bytes = try #require(folder.contents("Checklists.plist"))
        var outcomes: [Outcome: Int] = [:]
        for length in 0..<bytes.count {
            let outcome = try Self.open(
                bytes.prefix(length), in: folder, location: location, backupRoot: first, case: "cut at \(length)")
            if let outcome { outcomes[outcome, default: 0] += 1 }
        }
        print(
            "\(format): \(bytes.count) truncations of a \(bytes.count)-byte file: \(outcomes[.backup] ?? 0) "
                + "loaded the backup, \(outcomes[.error] ?? 0) threw, none loaded altered data")
        #expect(outcomes.values.reduce(0, +) == bytes.count)
    }

    @Test("3,000 random bit flips (1–8 bits each, seeded) of a larger document end in the backup or an error")
    func randomBitFlips() throws {
        for (format, cases) in [(ModelFileFormat.binaryPropertyList, 2_000), (.json, 500), (.xmlPropertyList, 500)] {
            let first = Self.lists(count: 40, version: 1)
            let (folder, location) = try Self.savedTwice(first, Self.lists(count: 50, version: 2), format: format)
            let bytes = try #require(folder.contents("Checklists.plist"))
            var generator = Xoshiro(seed: (15, 0x9E37_79B9_7F4A_7C15, 0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB))
            var outcomes: [Outcome: Int] = [:]
            for index in 0..<cases {
                let (damaged, flipped) = bytes.flippingRandomBits(using: &generator)
                if damaged == bytes { continue }  // Two flips of one bit undo each other.
                let outcome = try Self.open(
                    damaged, in: folder, location: location, backupRoot: first,
                    case: "\(format) case \(index), bits \(flipped)")
                if let outcome { outcomes[outcome, default: 0] += 1 }
            }
            print(
                "\(format): \(cases) bit-flip cases of a \(bytes.count)-byte file: \(outcomes[.backup] ?? 0) "
                    + "loaded the backup, \(outcomes[.error] ?? 0) threw, none loaded altered data")
        }
    }

    @Test("Damaged file and damaged backup: an error naming both files, nothing changed on disk")
    func bothDamaged() throws {
        let (folder, location) = try Self.savedTwice(Self.lists(count: 3, version: 1), Self.lists(count: 3, version: 2))
        var file = try #require(folder.contents("Checklists.plist"))
        var backup = try #require(folder.contents("Checklists.plist.backup"))
        file[file.count / 2] ^= 0x04
        backup[backup.count / 3] ^= 0x10
        try file.write(to: folder.file("Checklists.plist"))
        try backup.write(to: folder.file("Checklists.plist.backup"))
        #expect {
            try Document(location: location, initial: [Checklist](), autosave: .disabled)
        } throws: { error in
            let message = "\(error)"
            return message.contains("Checklists.plist cannot be used") && message.contains("checksum does not match")
                && message.contains("neither can its backup")
        }
        #expect(try folder.names() == [".Checklists.plist.lock", "Checklists.plist", "Checklists.plist.backup"])
        #expect(folder.contents("Checklists.plist") == file)
        #expect(folder.contents("Checklists.plist.backup") == backup)
    }

    @Test("A damaged file is kept beside the repaired one, under a name that says so")
    func damagedFileIsKept() throws {
        let first = Self.lists(count: 2, version: 1)
        let (folder, location) = try Self.savedTwice(first, Self.lists(count: 2, version: 2))
        var damaged = try #require(folder.contents("Checklists.plist"))
        damaged[40] ^= 0x01
        try damaged.write(to: folder.file("Checklists.plist"))
        let document = try Document(location: location, initial: [Checklist](), autosave: .disabled)
        #expect(document.origin == .backup)
        let note = try #require(document.loadDiagnostics.last?.description)
        #expect(note.contains("Checklists.plist could not be used") && note.contains("checksum does not match"))
        try document.save()
        let names = try folder.names()
        let kept = try #require(names.first { $0.hasPrefix("Checklists.plist.damaged-") })
        #expect(names.count == 4)  // the file, its backup, the damaged one kept, and the lock file
        #expect(folder.contents(kept) == damaged)
        let reopened = try Document(location: location, initial: [Checklist](), autosave: .disabled)
        #expect(reopened.origin == .file)
        #expect(reopened.root == first)
        #expect(!reopened.hasUnsavedChanges)
    }

    @Test(
        "A file written before files carried a checksum opens as it is; the next save adds one",
        arguments: [ModelFileFormat.binaryPropertyList, .json])
    func legacyFileOpens(format: ModelFileFormat) throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("Checklists.plist"))
        let legacy = format == .json ? LegacyFiles.jsonDocument : LegacyFiles.binaryDocument
        try legacy.write(to: location.fileURL)
        let document = try Document(location: location, initial: [Checklist](), format: format, autosave: .disabled)
        #expect(document.origin == .file)
        #expect(document.root == LegacyFiles.lists)
        #expect(document.loadDiagnostics.isEmpty)
        #expect(folder.contents("Checklists.plist") == legacy)
        // Good as it is: not an unsaved change, but an asked-for save adds the checksum.
        #expect(!document.hasUnsavedChanges)
        try document.save()
        let saved = try Value(data: #require(folder.contents("Checklists.plist")))
        guard case .string(let checksum)? = saved["checksum"] else {
            Issue.record("no checksum field")
            return
        }
        #expect(checksum.hasPrefix("ModelStore-XXH64:"))
        // The file before it was good: it is the backup now.
        #expect(folder.contents("Checklists.plist.backup") == legacy)
        let reopened = try Document(location: location, initial: [Checklist](), autosave: .disabled)
        #expect(reopened.origin == .file && reopened.root == LegacyFiles.lists && !reopened.hasUnsavedChanges)
    }
}
