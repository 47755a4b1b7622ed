import Foundation
import ModelKit
import ModelKitSeedData
import ModelKitTestSupport
import Testing

// Seed 004: Checklists with the archive's capitalised keys (Name, Items, Text, Checked).

@DictionaryModel
final class ChecklistItem {
    @Key("Text") var text = ""
    @Key("Checked") var checked = false

    init(text: String, checked: Bool = false) {
        self.text = text
        self.checked = checked
    }

    func toggleChecked() {
        checked.toggle()
    }
}

@DictionaryModel
final class Checklist {
    @Key("Name") var name = ""
    @Key("Items") var items: [ChecklistItem] = []

    init(name: String, items: [ChecklistItem] = []) {
        self.name = name
        self.items = items
    }
}

@Suite("Seed 004: checklists")
struct Seed004ChecklistTests {
    @Test("Seed 004: Checklists.plist loads lists and items by their capitalised keys")
    func load() throws {
        let lists = try [Checklist](resource: "SeedData/Checklists.plist", in: SeedData.bundle)
        #expect(lists.map(\.name) == ["List", "Groceries"])
        #expect(lists[0].items.map(\.text) == ["Walk the dog", "Brush my teeth"])
        #expect(lists[0].items.map(\.checked) == [false, true])
    }

    @Test("Seed 004: toggled items save and load back with the same keys")
    func saveAndReload() throws {
        let lists = try [Checklist](resource: "SeedData/Checklists.plist", in: SeedData.bundle)
        lists[0].items[0].toggleChecked()
        let folder = try TemporaryFolder()
        let file = folder.file("Checklists.plist")
        try lists.write(to: file, format: .binaryPropertyList)
        let raw =
            try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil) as? [[String: Any]]
        #expect(raw?.first?["Name"] as? String == "List")
        let reloaded = try [Checklist](contentsOf: file)
        #expect(reloaded[0].items[0].checked == true)
        #expect(reloaded.map(\.name) == lists.map(\.name))
    }
}
