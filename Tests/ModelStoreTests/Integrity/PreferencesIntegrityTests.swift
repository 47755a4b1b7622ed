import Foundation
import ModelKit
import ModelKitTestSupport
import ModelStore
import PropertyBased
import Testing

extension PreferenceKey where Stored == String {
    static func numbered(_ index: Int) -> PreferenceKey {
        PreferenceKey("Setting\(index)", default: "default \(index)")
    }
}

@Suite("Preferences: integrity of the file at rest")
struct PreferencesIntegrityTests {
    /// A suite written twice: the backup holds version 1 of `count` settings, the file version 2.
    static func writtenTwice(count: Int) throws -> (TemporaryFolder, StoreLocation) {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("App.plist"))
        let preferences = Preferences(location: location)
        for index in 0..<count { try preferences.set("v1 \(index)", for: .numbered(index)) }
        try preferences.set(1, for: .checklistIndex)
        // Each set writes the file; only the last write's predecessor is the backup, so the second version is
        // written in one go by a fresh instance.
        let second = Preferences(location: location)
        for index in 0..<count { try second.set("v2 \(index)", for: .numbered(index)) }
        return (folder, location)
    }

    /// Opens the suite with `damaged` in place of its file: every value must be the backup's, with a note, and
    /// opening must change nothing.
    static func open(
        _ damaged: Data, in folder: TemporaryFolder, location: StoreLocation, backup: [String: String], count: Int,
        case name: String
    ) throws {
        try damaged.write(to: location.fileURL)
        let before = try folder.names()
        let preferences = Preferences(location: location)
        let values = Dictionary(uniqueKeysWithValues: (0..<count).map { ("Setting\($0)", preferences[.numbered($0)]) })
        #expect(values == backup, "\(name): values other than the backup's")
        #expect(preferences[.checklistIndex] == 1, "\(name)")
        #expect(preferences.diagnostics.contains { "\($0)".contains("App.plist") }, "\(name): no note")
        #expect(folder.contents("App.plist") == damaged, "\(name): opening changed the file")
        #expect(try folder.names() == before, "\(name)")
    }

    /// The settings as the backup holds them, read from the backup file itself.
    static func backupValues(in folder: TemporaryFolder, count: Int) throws -> [String: String] {
        let stored = try Value(data: #require(folder.contents("App.plist.backup")))
        var values: [String: String] = [:]
        for index in 0..<count {
            guard case .string(let text)? = stored["Setting\(index)"] else { continue }
            values["Setting\(index)"] = text
        }
        return values
    }

    @Test("Every truncation point of a small preferences file ends in the backup's values, with a note")
    func everyTruncation() throws {
        let (folder, location) = try Self.writtenTwice(count: 2)
        let bytes = try #require(folder.contents("App.plist"))
        let backup = try Self.backupValues(in: folder, count: 2)
        for length in 0..<bytes.count {
            try Self.open(
                bytes.prefix(length), in: folder, location: location, backup: backup, count: 2,
                case: "cut at \(length)")
        }
        print("preferences: \(bytes.count) truncations of a \(bytes.count)-byte file, each read the backup's values")
    }

    @Test("2,000 random bit flips (1–8 bits each, seeded) of a larger preferences file end in the backup's values")
    func randomBitFlips() throws {
        let (folder, location) = try Self.writtenTwice(count: 60)
        let bytes = try #require(folder.contents("App.plist"))
        let backup = try Self.backupValues(in: folder, count: 60)
        var generator = Xoshiro(seed: (18, 0x9E37_79B9_7F4A_7C15, 0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB))
        var cases = 0
        for index in 0..<2_000 {
            let (damaged, flipped) = bytes.flippingRandomBits(using: &generator)
            if damaged == bytes { continue }
            try Self.open(
                damaged, in: folder, location: location, backup: backup, count: 60,
                case: "case \(index), bits \(flipped)")
            cases += 1
        }
        print("preferences: \(cases) bit-flip cases of a \(bytes.count)-byte file, each read the backup's values")
    }

    @Test("Damaged file and backup: the registered defaults with a note; the next write keeps the damaged file")
    func bothDamaged() throws {
        let (folder, location) = try Self.writtenTwice(count: 3)
        var file = try #require(folder.contents("App.plist"))
        file[file.count / 2] ^= 0x08
        try file.write(to: location.fileURL)
        try Data("garbage".utf8).write(to: folder.file("App.plist.backup"))
        let preferences = Preferences(location: location)
        #expect(preferences[.numbered(0)] == "default 0")
        #expect(preferences[.checklistIndex] == -1)
        #expect(preferences.diagnostics.contains { "\($0)".contains("starting with the defaults") })
        #expect(folder.contents("App.plist") == file)
        try preferences.set(5, for: .checklistIndex)
        let kept = try #require(try folder.names().first { $0.hasPrefix("App.plist.damaged-") })
        #expect(folder.contents(kept) == file)
        #expect(Preferences(location: location)[.checklistIndex] == 5)
    }

    @Test("A preferences file from before checksums opens as it is; the next write adds one")
    func legacyFile() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("App.plist"))
        try LegacyFiles.preferences.write(to: location.fileURL)
        let preferences = Preferences(location: location)
        #expect(preferences[.checklistIndex] == 2)
        #expect(preferences[.firstTime] == false)
        #expect(preferences.diagnostics.isEmpty)
        try preferences.set(3, for: .checklistIndex)
        let stored = try Value(data: #require(folder.contents("App.plist")))
        guard case .string(let checksum)? = stored[Preferences.checksumKey] else {
            Issue.record("no checksum")
            return
        }
        #expect(checksum.hasPrefix("ModelStore-XXH64:"))
        let reopened = Preferences(location: location)
        #expect(reopened[.checklistIndex] == 3 && reopened[.firstTime] == false && reopened.diagnostics.isEmpty)
    }

    @Test("An unreadable preferences file (a folder in its place) is never written over")
    func unreadableFile() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation.file(folder.file("App.plist"))
        try FileManager.default.createDirectory(at: location.fileURL, withIntermediateDirectories: false)
        let preferences = Preferences(location: location)
        #expect(preferences[.checklistIndex] == -1)
        #expect(preferences.diagnostics.contains { "\($0)".contains("could not read") })
        // The save reads the file first, to keep what it holds: a folder cannot be read.
        #expect(throws: StoreError.readFailed(path: location.fileURL.path, operation: "read", code: EISDIR)) {
            try preferences.set(4, for: .checklistIndex)
        }
        var isFolder: ObjCBool = false
        #expect(
            FileManager.default.fileExists(atPath: location.fileURL.path, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test("The checksum's key cannot be set as a preference")
    func checksumKeyIsReserved() throws {
        let folder = try TemporaryFolder()
        let preferences = Preferences(location: .file(folder.file("App.plist")))
        #expect(
            throws: StoreError.encodingFailed(
                path: folder.file("App.plist").path,
                detail: "\(Preferences.checksumKey) is the name of the file's checksum")
        ) {
            try preferences.set("x", for: PreferenceKey(Preferences.checksumKey, default: ""))
        }
    }
}
