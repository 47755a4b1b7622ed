import Foundation
import ModelKit
import ModelKitTestSupport
import ModelStore
import Testing

/// A plain Codable value (no ModelKit conformance), encoded through `PropertyListEncoder`.
struct Account: Codable, Equatable, Sendable {
    var notes: [String]
    var opened: Date
    var seal: Data
}

extension PreferenceKey where Stored == [String?] {
    static let slots = PreferenceKey("Slots", default: [])
}

extension PreferenceKey where Stored == Decimal {
    static let balance = PreferenceKey("Balance", default: 0)
}

extension PreferenceKey where Stored == [String: [String: [Int]]] {
    static let groups = PreferenceKey("Groups", default: [:])
}

extension PreferenceKey where Stored == [String: String?] {
    static let aliases = PreferenceKey("Aliases", default: [:])
}

extension PreferenceKey where Stored == [String: String] {
    static let lookalike = PreferenceKey("Lookalike", default: [:])
}

extension PreferenceKey where Stored == Date {
    static let opened = PreferenceKey("Opened", default: Date(timeIntervalSince1970: 0))
}

extension PreferenceKey where Stored == Data {
    static let seal = PreferenceKey("Seal", default: Data())
}

extension PreferenceKey where Stored == Account {
    static let account = PreferenceKey(
        "Account", default: Account(notes: [], opened: Date(timeIntervalSince1970: 0), seal: Data()))
}

/// Where a suite is kept, for tests that run against each.
enum PreferencesBacking: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case binaryFile
    case xmlFile
    case userDefaults

    var testDescription: String { rawValue }

    /// Opens the suite `name` in `folder` (the folder is ignored by `UserDefaults`).
    func open(_ name: String, in folder: TemporaryFolder) throws -> Preferences {
        switch self {
        case .binaryFile: return Preferences(suite: name, folder: folder.url, format: .binaryPropertyList)
        case .xmlFile: return Preferences(suite: name, folder: folder.url, format: .xmlPropertyList)
        case .userDefaults: return try #require(Preferences(userDefaultsSuite: name))
        }
    }
}

@Suite("Preferences: values a property list cannot hold as they are")
struct PreferenceStorageFormTests {
    static let digits = "12345678901234567890.123456789"

    @Test(
        "null elements, Decimal, nested dictionaries, Date and Data read back equal",
        arguments: PreferencesBacking.allCases)
    func roundTrip(backing: PreferencesBacking) throws {
        let folder = try TemporaryFolder()
        let suite = "StorageForm-\(UUID().uuidString)"
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        let balance = try #require(Decimal(string: Self.digits))
        // An XML property list writes dates to the second, as Apple's do; the other backings keep the fraction.
        let fraction = backing == .xmlFile ? 0 : 0.123_456
        let opened = Date(timeIntervalSinceReferenceDate: 123_456_789 + fraction)
        let seal = Data([0, 1, 0x7F, 0xFF])
        let groups = ["a": ["x": [1, 2]], "b": ["y": [], "z": [3]]]
        let aliases: [String: String?] = ["ann": "Anna", "bob": nil]
        // The app's own dictionary that looks like a tag is still the app's dictionary.
        let lookalike = ["$ModelStore": "null"]
        let account = Account(notes: ["paid"], opened: opened, seal: seal)

        let preferences = try backing.open(suite, in: folder)
        try preferences.set(["a", nil, "c"], for: .slots)
        try preferences.set(balance, for: .balance)
        try preferences.set(groups, for: .groups)
        try preferences.set(aliases, for: .aliases)
        try preferences.set(lookalike, for: .lookalike)
        try preferences.set(opened, for: .opened)
        try preferences.set(seal, for: .seal)
        try preferences.set(account, for: .account)

        let reopened = try backing.open(suite, in: folder)
        #expect(reopened[.slots] == ["a", nil, "c"])
        #expect(reopened[.balance] == balance)
        #expect(reopened[.balance].description == Self.digits)
        #expect(reopened[.groups] == groups)
        #expect(reopened[.aliases] == aliases)
        #expect(reopened[.lookalike] == lookalike)
        #expect(reopened[.opened] == opened)
        #expect(reopened[.seal] == seal)
        #expect(reopened[.account] == account)
        #expect(reopened.diagnostics.isEmpty, "\(reopened.diagnostics)")
    }

    @Test("UserDefaults receives only property-list objects, and plain values stay plain for other readers")
    func userDefaultsSeesPropertyLists() throws {
        let suite = "StorageForm-\(UUID().uuidString)"
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        let preferences = try #require(Preferences(userDefaultsSuite: suite))
        try preferences.set(["a", nil], for: .slots)
        try preferences.set(Decimal(string: "1.5")!, for: .balance)
        try preferences.set(7, for: .checklistIndex)
        let defaults = try #require(UserDefaults(suiteName: suite))
        let slots = try #require(defaults.array(forKey: "Slots"))
        #expect(slots.count == 2)
        #expect(slots[0] as? String == "a")
        #expect(slots[1] is [String: Any], "a null is stored as a tagged dictionary, never NSNull")
        #expect(defaults.dictionary(forKey: "Balance")?["text"] as? String == "1.5")
        #expect(defaults.integer(forKey: "ChecklistIndex") == 7)
    }

    @Test("A value the file's format refuses is thrown by set and leaves the suite saving")
    func refusedValueDoesNotStopLaterSaves() throws {
        let folder = try TemporaryFolder()
        let preferences = Preferences(suite: "App", folder: folder.url, format: .xmlPropertyList)
        // An XML property list writes dates as ISO 8601 text, which a NaN date has none of.
        let error = #expect(throws: StoreError.self) {
            try preferences.set(Date(timeIntervalSince1970: .nan), for: .opened)
        }
        guard case .encodingFailed(let path, let detail)? = error else {
            Issue.record("expected encodingFailed, got \(String(describing: error))")
            return
        }
        #expect(path == folder.file("App.plist").path)
        #expect(detail.hasPrefix("Opened: the date nan seconds from 1970 does not fit in a date text"), "\(detail)")
        #expect(!preferences.hasStoredValue(for: .opened))
        try preferences.set(3, for: .checklistIndex)
        let reopened = Preferences(suite: "App", folder: folder.url, format: .xmlPropertyList)
        #expect(reopened[.checklistIndex] == 3)
        #expect(reopened[.opened] == Date(timeIntervalSince1970: 0))
    }
}
