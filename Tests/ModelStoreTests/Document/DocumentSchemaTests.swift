import Foundation
import ModelKit
import ModelKitTestSupport
import ModelStore
import Testing

/// Version 3 of a checklists file: the lists inside a dictionary, so that more can go next to them.
@DictionaryModel
struct ChecklistLibrary: Equatable, Sendable {
    var lists: [Checklist] = []
    var origin = ""
}

@Suite("Document: schema versions and migrations")
struct DocumentSchemaTests {
    // Version 1: [{"title": "List", "entries": ["Walk the dog"]}] — items were plain strings, none checked.
    // Version 2: seed 004's shape, [{"Name": "List", "Items": [{"Text": "Walk the dog", "Checked": false}]}].
    // Version 3: {"lists": [...version 2...], "origin": "..."}.

    private static let oneToTwo = DocumentMigration(from: 1) { root in
        guard case .array(let lists) = root else { throw ValidationError("version 1 holds an array") }
        return .array(
            lists.map { list in
                let entries: [Value] =
                    if case .array(let entries)? = list["entries"] { entries } else { [] }
                return [
                    "Name": list["title"] ?? "",
                    "Items": .array(entries.map { ["Text": $0, "Checked": false] }),
                ]
            })
    }

    private static let twoToThree = DocumentMigration(from: 2) { root in
        ["lists": root, "origin": "migrated"]
    }

    private static let schema = DocumentSchema(version: 3, migrations: [oneToTwo, twoToThree])

    private static let expected = ChecklistLibrary(
        lists: [Checklist(name: "List", items: [ChecklistItem(text: "Walk the dog", checked: false)])],
        origin: "migrated")

    private func file(version: Int, root: Value) throws -> (TemporaryFolder, StoreLocation) {
        let folder = try TemporaryFolder()
        let file = folder.file("Checklists.plist")
        try (["schemaVersion": .integer(Int64(version)), "root": root] as Value).data(format: .binaryPropertyList)
            .write(to: file)
        return (folder, .file(file))
    }

    @Test("A version 1 file is migrated 1 → 2 → 3 and saved back at version 3")
    func fromVersionOne() throws {
        let (folder, location) = try file(version: 1, root: [["title": "List", "entries": ["Walk the dog"]]])
        let document = try Document(
            location: location, initial: ChecklistLibrary(), schema: Self.schema, autosave: .disabled)
        #expect(document.root == Self.expected)
        #expect(document.loadedSchemaVersion == 1)
        #expect(document.hasUnsavedChanges)
        try document.save()
        let stored = try Value(data: #require(folder.contents("Checklists.plist")))
        #expect(stored["schemaVersion"] == 3)
        let reopened = try Document(
            location: location, initial: ChecklistLibrary(), schema: Self.schema, autosave: .disabled)
        #expect(reopened.root == Self.expected)
        #expect(reopened.loadedSchemaVersion == 3)
        #expect(!reopened.hasUnsavedChanges)
    }

    @Test("A version 2 file takes only the migration 2 → 3")
    func fromVersionTwo() throws {
        let (folder, location) = try file(
            version: 2, root: [["Name": "List", "Items": [["Text": "Walk the dog", "Checked": false]]]])
        let document = try Document(
            location: location, initial: ChecklistLibrary(), schema: Self.schema, autosave: .disabled)
        #expect(document.root == Self.expected)
        #expect(document.loadedSchemaVersion == 2)
        #expect(try folder.names() == ["Checklists.plist"])
    }

    @Test("A version 3 file needs no migration")
    func currentVersion() throws {
        let (folder, location) = try file(
            version: 3,
            root: [
                "lists": [["Name": "List", "Items": [["Text": "Walk the dog", "Checked": false]]]],
                "origin": "migrated",
            ])
        let document = try Document(
            location: location, initial: ChecklistLibrary(), schema: Self.schema, autosave: .disabled)
        #expect(document.root == Self.expected)
        #expect(!document.hasUnsavedChanges)
        #expect(try folder.names() == ["Checklists.plist"])
    }

    @Test("A missing migration is an error naming the version; the file is left as it was")
    func missingMigration() throws {
        let (folder, location) = try file(version: 1, root: [["title": "List", "entries": []]])
        let before = folder.contents("Checklists.plist")
        let schema = DocumentSchema(version: 3, migrations: [Self.twoToThree])
        #expect(throws: StoreError.missingMigration(path: location.fileURL.path, from: 1)) {
            try Document(location: location, initial: ChecklistLibrary(), schema: schema, autosave: .disabled)
        }
        #expect(folder.contents("Checklists.plist") == before)
    }

    @Test("A migration that throws is an error; the file is left as it was")
    func failingMigration() throws {
        let (folder, location) = try file(version: 1, root: "not an array")
        let before = folder.contents("Checklists.plist")
        #expect {
            try Document(location: location, initial: ChecklistLibrary(), schema: Self.schema, autosave: .disabled)
        } throws: { error in
            guard case StoreError.migrationFailed(_, from: 1, let detail) = error else { return false }
            return detail.contains("version 1 holds an array")
        }
        #expect(folder.contents("Checklists.plist") == before)
    }
}

/// A plain `Codable` type with no ModelKit conformance.
struct ReaderSettings: Codable, Equatable, Sendable {
    var theme: String
    var fontSize: Double
    var tags: [String]
    var updated: Date
    var cover: Data?
}

@Suite("Document: plain Codable roots")
struct CodableDocumentTests {
    private static let settings = ReaderSettings(
        theme: "sepia", fontSize: 14.5, tags: ["a", "b"], updated: Date(timeIntervalSince1970: 1_700_000_000),
        cover: Data([1, 2, 3]))

    @Test("A Codable root saves and loads back equal", arguments: ModelFileFormat.allCases)
    func roundTrip(format: ModelFileFormat) throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("Settings"))
        let initial = ReaderSettings(theme: "light", fontSize: 12, tags: [], updated: .distantPast)
        let document = try Document(
            location: location, initial: initial, format: format, autosave: .disabled, coding: .codable())
        document.update { $0 = Self.settings }
        try document.save()
        let reopened = try Document(
            location: location, initial: initial, format: format, autosave: .disabled, coding: .codable())
        #expect(reopened.root == Self.settings)
        #expect(reopened.origin == .file)
    }

    @Test("A Codable root is migrated like a model")
    func migration() throws {
        let folder = try TemporaryFolder()
        let file = folder.file("Settings.json")
        let old: Value = [
            "schemaVersion": 1, "root": ["theme": "dark", "size": 11, "updated": "2023-11-14T22:13:20Z"],
        ]
        try old.data(format: .json).write(to: file)
        let schema = DocumentSchema(
            version: 2,
            migrations: [
                DocumentMigration(from: 1) { root in
                    guard case .dictionary(var fields) = root else { return root }
                    fields["fontSize"] = fields.removeValue(forKey: "size")
                    fields["tags"] = []
                    return .dictionary(fields)
                }
            ])
        let document = try Document(
            location: .file(file), initial: Self.settings, schema: schema, autosave: .disabled, coding: .codable())
        #expect(
            document.root
                == ReaderSettings(
                    theme: "dark", fontSize: 11, tags: [], updated: Date(timeIntervalSince1970: 1_700_000_000)))
    }
}
