import Foundation
import ModelKit
import ModelStore
import Testing

@Suite("KeyedArchive: reading NSKeyedArchiver archives without the old classes")
struct KeyedArchiveTests {
    /// Seed 004's lists, with one item shared by both lists.
    private static func seedLists() -> [ArchivedChecklist] {
        let shared = ArchivedChecklistItem(text: "Brush my teeth", checked: true)
        return [
            ArchivedChecklist(
                name: "List", items: [ArchivedChecklistItem(text: "Walk the dog", checked: false), shared]),
            ArchivedChecklist(name: "Groceries", items: [shared]),
        ]
    }

    private static let expectedLists = [
        Checklist(
            name: "List",
            items: [
                ChecklistItem(text: "Walk the dog", checked: false),
                ChecklistItem(text: "Brush my teeth", checked: true),
            ]),
        Checklist(name: "Groceries", items: [ChecklistItem(text: "Brush my teeth", checked: true)]),
    ]

    @Test(
        "Seed 004's Checklists.plist, written as the seed did (encode(_:forKey: \"Checklists\")), loads into today's models"
    )
    func seedArchive() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.encode(Self.seedLists(), forKey: "Checklists")
        archiver.finishEncoding()
        let archive = try KeyedArchive(data: archiver.encodedData)
        #expect(archive.archiver == "NSKeyedArchiver")
        #expect(archive.topLevelKeys == ["Checklists"])
        #expect(try archive.decode([Checklist].self, forKey: "Checklists") == Self.expectedLists)
        // With one top-level key, it is found without its name.
        #expect(try archive.decode([Checklist].self) == Self.expectedLists)
    }

    @Test("archivedData(withRootObject:) archives read from the root key, into Value and into models")
    func rootObject() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: Self.seedLists(), requiringSecureCoding: false)
        let archive = try KeyedArchive(data: data)
        let value = try archive.value()
        #expect(value[0]?["Name"] == "List")
        #expect(value[0]?["Items"]?[0]?["Text"] == "Walk the dog")
        #expect(value[0]?["Items"]?[0]?["Checked"] == false)
        #expect(try [Checklist](value: value) == Self.expectedLists)
    }

    @Test("A shared object decodes to equal values wherever it is referred to")
    func sharedReferences() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: Self.seedLists(), requiringSecureCoding: false)
        // The archive holds the shared item once…
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let objects = try #require(plist["$objects"] as? [Any])
        #expect(objects.filter { ($0 as? String) == "Brush my teeth" }.count == 1)
        // …and both lists get it.
        let value = try KeyedArchive(data: data).value()
        #expect(value[0]?["Items"]?[1] == value[1]?["Items"]?[0])
        #expect(value[1]?["Items"]?[0]?["Text"] == "Brush my teeth")
    }

    @Test("Strings, numbers, Booleans, dates, data, nested arrays and dictionaries, mutable kinds, UUID, URL, NSNull")
    func everyKind() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: ArchivedEverything(), requiringSecureCoding: false)
        let value = try KeyedArchive(data: data).value()
        #expect(value["String"] == "Zürich ✓")
        #expect(value["Int"] == 42)
        #expect(value["Double"] == 2.5)
        #expect(value["Bool"] == true)
        #expect(value["Number"] == 7)
        #expect(value["Date"] == .date(ArchivedEverything.date))
        #expect(value["Data"] == .data(Data([0, 1, 2, 255])))
        #expect(value["Nested"] == ["a", ["b", 1]])
        #expect(value["Dictionary"]?["k"] == ["x": 1.5])
        #expect(value["Dictionary"]?["n"] == [1, 2])
        #expect(value["MutableArray"] == ["m"])
        #expect(value["MutableDictionary"] == ["m": 1])
        #expect(value["MutableString"] == "mutable")
        #expect(value["MutableData"] == .data(Data([9, 9])))
        #expect(value["UUID"] == .string(ArchivedEverything.uuid.uuidString))
        #expect(value["URL"] == "https://example.com/a?b=1")
        #expect(value["Null"] == .null)
        #expect(value["Set"] == ["only"])
        // NSKeyedArchiver stores "$weird" as "$$weird"; it reads back under its own name.
        #expect(value["$weird"] == "dollar")
        #expect(value["$class"] == nil)
    }

    @Test("The class name can be kept under a key of your choice")
    func classNames() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: Self.seedLists(), requiringSecureCoding: false)
        var options = KeyedArchive.Options()
        options.classNameKey = "class"
        let value = try KeyedArchive(data: data).value(options: options)
        guard case .string(let name)? = value[0]?["class"] else {
            Issue.record("no class name in \(value)")
            return
        }
        #expect(name.hasSuffix("ArchivedChecklist"))
        // The models ignore the extra key.
        #expect(try [Checklist](value: value) == Self.expectedLists)
    }

    @Test("An object that contains itself is a clear error by default, or a marker when asked")
    func cycle() throws {
        let first = ArchivedNode(name: "first")
        let second = ArchivedNode(name: "second")
        first.next = second
        second.next = first
        defer { first.next = nil }
        let data = try NSKeyedArchiver.archivedData(withRootObject: first, requiringSecureCoding: false)
        let archive = try KeyedArchive(data: data)
        #expect {
            try archive.value()
        } throws: { error in
            guard let error = error as? KeyedArchiveError, case .cycle(let className) = error.reason else {
                return false
            }
            return className.hasSuffix("ArchivedNode") && error.path == "Next.Next"
        }
        var options = KeyedArchive.Options()
        options.cycles = .replace(with: ["cycle": true])
        let value = try archive.value(options: options)
        #expect(value["Name"] == "first")
        #expect(value["Next"]?["Name"] == "second")
        #expect(value["Next"]?["Next"] == ["cycle": true])
    }

    // Malformed archives, written as property lists with the references spelled {"CF$UID": n}, as XML does.

    private static func archive(objects: [Value], root: Value = ["CF$UID": 1]) throws -> Data {
        let plist: Value = [
            "$archiver": "NSKeyedArchiver", "$version": 100_000, "$top": ["root": root], "$objects": .array(objects),
        ]
        return try plist.data(format: .xmlPropertyList)
    }

    private static let arrayClass: Value = ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]]
    private static let dictionaryClass: Value = [
        "$classname": "NSDictionary", "$classes": ["NSDictionary", "NSObject"],
    ]

    static let malformed: [(String, Data, KeyedArchiveError.Reason)] = {
        var cases: [(String, Data, KeyedArchiveError.Reason)] = []
        func add(_ name: String, _ data: Data, _ reason: KeyedArchiveError.Reason) {
            cases.append((name, data, reason))
        }
        add("garbage", Data("definitely not a plist".utf8), .notPropertyList(""))
        add("an array", try! (["$archiver"] as Value).data(format: .binaryPropertyList), .notKeyedArchive(""))
        add(
            "another archiver",
            try! (["$archiver": "NSArchiver", "$objects": [], "$top": [:]] as Value).data(format: .binaryPropertyList),
            .notKeyedArchive(""))
        add(
            "no $objects",
            try! (["$archiver": "NSKeyedArchiver", "$top": [:]] as Value).data(format: .binaryPropertyList),
            .notKeyedArchive(""))
        add("a reference past the end", try! archive(objects: ["$null"], root: ["CF$UID": 99]), .invalidReference(""))
        add("an object without $class", try! archive(objects: ["$null", ["Name": "x"]]), .malformedObject(""))
        add(
            "$class that is no class",
            try! archive(objects: ["$null", ["$class": ["CF$UID": 2]], "text"]), .malformedObject(""))
        add(
            "NS.keys and NS.objects of different lengths",
            try! archive(objects: [
                "$null", ["$class": ["CF$UID": 2], "NS.keys": [["CF$UID": 3]], "NS.objects": []], dictionaryClass, "k",
            ]),
            .malformedObject(""))
        add(
            "an array that contains itself",
            try! archive(objects: ["$null", ["$class": ["CF$UID": 2], "NS.objects": [["CF$UID": 1]]], arrayClass]),
            .cycle(className: "NSArray"))
        // 600 arrays, each inside the next.
        var deep: [Value] = ["$null", arrayClass]
        for index in 0..<600 {
            let inner: Value = index == 599 ? [] : [["CF$UID": .integer(Int64(deep.count + 1))]]
            deep.append(["$class": ["CF$UID": 1], "NS.objects": inner])
        }
        add("nesting 600 deep", try! archive(objects: deep, root: ["CF$UID": 2]), .tooDeep(limit: 512))
        // 40 arrays, each holding the next twice: 2^40 values once expanded.
        var wide: [Value] = ["$null", arrayClass]
        for index in 0..<40 {
            let next: Value = ["CF$UID": .integer(Int64(wide.count + 1))]
            wide.append(["$class": ["CF$UID": 1], "NS.objects": index == 39 ? [] : [next, next]])
        }
        add(
            "shared objects that expand to 2^40 values", try! archive(objects: wide, root: ["CF$UID": 2]),
            .tooLarge(limit: 10_000_000))
        return cases
    }()

    @Test("Malformed archives are clear errors", arguments: malformed.indices)
    func malformedArchive(index: Int) {
        let (name, data, expected) = Self.malformed[index]
        let error = #expect(throws: KeyedArchiveError.self, "\(name)") { try KeyedArchive(data: data).value() }
        #expect(error.map { Self.sameKind($0.reason, expected) } == true, "\(name): \(String(describing: error))")
    }

    private static func sameKind(_ found: KeyedArchiveError.Reason, _ expected: KeyedArchiveError.Reason) -> Bool {
        switch (found, expected) {
        case (.notPropertyList, .notPropertyList), (.notKeyedArchive, .notKeyedArchive),
            (.invalidReference, .invalidReference), (.malformedObject, .malformedObject):
            return true
        case (.tooDeep(let limit), .tooDeep(let maximum)):
            // The stack guard stops first where a thread's stack is smaller, or its frames larger (sanitizers).
            return limit == maximum || (limit >= StackGuard.checkedDepth && limit < maximum)
        default:
            return found == expected
        }
    }

    @Test("A truncated real archive and a missing top-level key are clear errors")
    func truncatedAndMissingKey() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: Self.seedLists(), requiringSecureCoding: false)
        #expect {
            try KeyedArchive(data: data.prefix(data.count / 2))
        } throws: { error in
            guard let error = error as? KeyedArchiveError, case .notPropertyList = error.reason else { return false }
            return true
        }
        let archive = try KeyedArchive(data: data)
        #expect(throws: KeyedArchiveError(.missingTopLevelKey("Checklists", available: ["root"]))) {
            try archive.value(forKey: "Checklists")
        }
    }

    @Test("Archive values that do not fit the model are ModelKit errors with their path")
    func modelMismatch() throws {
        let data = try NSKeyedArchiver.archivedData(
            withRootObject: NSArray(array: [NSDictionary(dictionary: ["Name": "L", "Items": "oops"])]),
            requiringSecureCoding: false)
        #expect(
            throws: MappingError(.typeMismatch(expected: "array of ChecklistItem", found: "string"), at: "[0].Items")
        ) {
            try KeyedArchive(data: data).decode([Checklist].self, decoding: .strict)
        }
    }
}
