import Foundation
import ModelKit
import ModelKitSeedData

// Decodes the seeds' data (ModelKitSeedData) and prints the models: `swift run ModelKitExample`, as the README says.

@DictionaryModel
struct AppInfo: Sendable {
    var name = ""
    var icon = ""
}

@DictionaryModel
struct Question: Sendable {
    var answer = ""
    var title = ""
    var icon = ""
    var options: [String] = []
}

@DictionaryModel
struct Book: Sendable {
    var icon = ""
    var name = ""
}

@DictionaryModel
struct ChecklistItem: Sendable {
    @Key("Text") var text = ""
    @Key("Checked") var checked = false
}

@DictionaryModel
struct Checklist: Sendable {
    @Key("Name") var name = ""
    @Key("Items") var items: [ChecklistItem] = []
}

@DictionaryModel
struct UserModel: Sendable {
    var userName: String?
    var userId: String?
}

@DictionaryModel
struct TestModel: Sendable {
    @Key("id") var _id: String?
    var name: String?
    var phone: String?
    var address: String?
    var age = 0
    var user: UserModel?
    var arrUsers: [UserModel] = []
}

func section(_ title: String) {
    print("\n== \(title)")
}

do {
    section("Seed 000: app.plist → [AppInfo]")
    for app in try [AppInfo](resource: "SeedData/app.plist", in: SeedData.bundle) {
        print("  \(app.name) (icon \(app.icon))")
    }

    section("Seed 000: questions.plist → [Question]")
    for question in try [Question](resource: "SeedData/questions.plist", in: SeedData.bundle) {
        print("  \(question.title) \(question.options) answer: \(question.answer)")
    }

    section("Seed 001: bookData.plist → [Book]")
    for book in try [Book](resource: "SeedData/bookData.plist", in: SeedData.bundle) {
        print("  \(book.name) (icon \(book.icon))")
    }

    section("Seed 002: the seed's dictionary → TestModel")
    let seed002: [String: Any] = [
        "id": "121", "name": "張三", "phone": "110", "age": "10", "user": ["userId": "2"],
        "arrUsers": [["userId": "2"], ["userId": "2"], ["userId": "2"]],
    ]
    let decoded = try TestModel.decode(object: seed002)
    let model = decoded.model
    print(
        "  model-----id:\(model._id ?? "(null)"), name:\(model.name ?? "(null)"), phone:\(model.phone ?? "(null)"),"
            + " address:\(model.address ?? "(null)"), age:\(model.age), userId:\(model.user?.userId ?? "(null)"),"
            + " userName:\(model.user?.userName ?? "(null)")")
    for user in model.arrUsers { print("  arrUser----userId:\(user.userId ?? "(null)")") }
    for note in decoded.diagnostics { print("  note: \(note)") }

    section("Seed 004: Checklists.plist → [Checklist]")
    for list in try [Checklist](resource: "SeedData/Checklists.plist", in: SeedData.bundle) {
        let items = list.items.map { "\($0.checked ? "✓" : "·") \($0.text)" }.joined(separator: ", ")
        print("  \(list.name): \(items)")
    }

    section("A mistyped key is reported, not silent")
    let typo = try AppInfo.decode(object: ["nmae": "Maps", "icon": "icon_04"])
    for note in typo.diagnostics { print("  note: \(note)") }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
