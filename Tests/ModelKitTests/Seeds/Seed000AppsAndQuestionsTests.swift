import Foundation
import ModelKit
import ModelKitSeedData
import Testing

// Seed 000: apps and questions from plists, `initWithDict:` / `appInfoWithDict:`, KVC, a lazily derived image.

@DictionaryModel
final class AppInfo {
    var name = ""
    var icon = ""
    @Ignored private(set) var imageLoads = 0
    /// The seed's `image` getter: made from `icon` on first use, then kept.
    lazy var image: String = loadImage()

    init(name: String, icon: String) {
        self.name = name
        self.icon = icon
    }

    /// The seed's factory method `appInfoWithDict:`.
    static func appInfo(with dictionary: [String: Any]) throws -> AppInfo {
        try AppInfo(dictionary: dictionary)
    }

    private func loadImage() -> String {
        imageLoads += 1
        return "\(icon).png"
    }
}

@DictionaryModel
struct Question: Equatable {
    var answer = ""
    var title = ""
    var icon = ""
    var options: [String] = []

    /// The seed's `+questions`: the model loads its own plist.
    static func questions() throws -> [Question] {
        try [Question](resource: "SeedData/questions.plist", in: SeedData.bundle)
    }
}

@Suite("Seed 000: apps and questions from plists")
struct Seed000AppsAndQuestionsTests {
    @Test("Seed 000: app.plist loads into AppInfo models by name and icon")
    func appList() throws {
        let apps = try [AppInfo](resource: "SeedData/app.plist", in: SeedData.bundle)
        #expect(apps.count == 12)
        #expect(apps.first?.name == "Weather")
        #expect(apps.first?.icon == "icon_00")
        #expect(apps.last?.name == "Podcasts")
    }

    @Test("Seed 000: the derived image is computed lazily, once")
    func lazyImage() throws {
        let app = try AppInfo.appInfo(with: ["name": "Maps", "icon": "icon_04"])
        #expect(app.imageLoads == 0)
        #expect(app.image == "icon_04.png")
        #expect(app.image == "icon_04.png")
        #expect(app.imageLoads == 1)
    }

    @Test("Seed 000: questions.plist loads answer, title, icon and options")
    func questions() throws {
        let questions = try Question.questions()
        #expect(questions.count == 4)
        #expect(
            questions[0]
                == Question(
                    answer: "Panda", title: "Which animal eats bamboo?", icon: "question_panda",
                    options: ["Panda", "Tiger", "Eagle", "Shark"]))
        #expect(
            questions.map(\.title) == [
                "Which animal eats bamboo?", "Which city has the Eiffel Tower?",
                "Which language is this library written in?", "How many cells has a nine-cell grid?",
            ])
        #expect(questions.map(\.icon) == ["question_panda", "question_paris", "question_swift", "question_grid"])
        #expect(questions.allSatisfy { $0.options.contains($0.answer) })
    }

    @Test("Seed 000: a mistyped key is not silent — it is reported with its path")
    func mistypedKeyIsReported() throws {
        let decoded = try AppInfo.decode(object: ["nmae": "Maps", "icon": "icon_04"])
        #expect(decoded.model.name == "")
        let notes = decoded.diagnostics.map(\.description)
        #expect(notes.contains("nmae: no property reads this key"))
        #expect(notes.contains("name: missing, default used"))
        #expect(throws: MappingError(.unknownKey, at: "nmae")) {
            try AppInfo(dictionary: ["nmae": "Maps"], options: .strict)
        }
    }

    @Test("Seed 000: the same plist as binary and as JSON gives the same apps")
    func formatsAgree() throws {
        let url = try #require(SeedData.bundle.url(forResource: "SeedData/app", withExtension: "plist"))
        let object = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let json = try JSONSerialization.data(withJSONObject: object)
        let fromXML = try [AppInfo](contentsOf: url).map(\.name)
        #expect(try [AppInfo](data: binary).map(\.name) == fromXML)
        #expect(try [AppInfo](data: json).map(\.name) == fromXML)
    }
}
