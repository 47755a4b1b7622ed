import Foundation
import ModelKit
import ModelStore
import PetShopModels

/// The app's document: saved, then opened again as the next launch would.
enum StoreChecks {
    static func run(_ checker: inout Checker) {
        checker.run("a Document of the app's model saves and opens again") { checker in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("PetShop-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let location = StoreLocation.file(folder.appendingPathComponent("basket.plist"))
            let item = try ShopItem(dictionary: ["id": 1, "title": "Ball"])
            let entry = try AuditEntry(dictionary: ["action": "add"])
            do {
                let document = try Document(location: location, initial: Basket(), autosave: .disabled)
                checker.expect(document.origin == .initialValue, "a new document starts empty")
                document.update { basket in
                    basket.items.append(item)
                    basket.audit.append(entry)
                }
                try document.save()
            }
            let reopened = try Document(location: location, initial: Basket(), autosave: .disabled)
            checker.expect(reopened.origin == .file, "the second launch reads the file")
            checker.expect(reopened.root.items == [item] && reopened.root.audit == [entry], "the basket is kept")
            checker.expect(reopened.loadDiagnostics.isEmpty, "with nothing to note")
        }
    }
}
