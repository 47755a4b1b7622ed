import Foundation
import ModelKit
import Testing

/// Plain Codable types, no macro.
struct Badge: Codable, Hashable {
    var label: String
    var level: Int
}

struct Member: Codable, Equatable {
    var name: String
    var badges: [Badge]
    var badgeSet: Set<Badge>
    var badgesByKind: [String: Badge]
}

/// Rejects itself in its own `init(from:)`, as plain Codable types do.
struct Percentage: Codable, Equatable {
    var value: Int

    init(value: Int) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Int.self)
        guard (0...100).contains(value) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(value) > 100"))
        }
    }
}

struct SnakeProfile: Codable, Equatable {
    struct Avatar: Codable, Equatable {
        var imageURL: String
        var pixelWidth: Int
    }

    var imageURL: String
    var userID: Int
    var URLString: String
    var firstName: String
    var avatar: Avatar
    var extraFields: [String: Int]
}

/// `SnakeModel`'s plain Codable twin, to check that the run-time snake_case spelling agrees with the macro's.
struct SnakeModelTwin: Codable, Equatable {
    var imageURL: String
    var userID: Int
    var URLString: String
    var firstName: String
}

@Suite("ModelDecoder: plain Codable under the lenient rules and the per-call key strategy")
struct ModelDecoderLenientTests {
    static var member: [String: Any] {
        [
            "name": "Ann",
            "badges": [["label": "a", "level": 1], ["label": "b", "level": "high"], ["label": "c", "level": "3"]],
            "badgeSet": [["label": "x", "level": 1], ["label": "y"]],
            "badgesByKind": ["gold": ["label": "g", "level": 9], "broken": "not a badge"],
        ]
    }

    static let expected = Member(
        name: "Ann", badges: [Badge(label: "a", level: 1), Badge(label: "c", level: 3)],
        badgeSet: [Badge(label: "x", level: 1)], badgesByKind: ["gold": Badge(label: "g", level: 9)])

    static let drops = [
        "badges[1].level: expected Int, found string \"high\"; element dropped",
        "badgeSet[1].level: required key is missing; element dropped",
        "badgesByKind.broken: expected a dictionary, found string \"not a badge\"; element dropped",
    ]

    @Test(
        "A bad element of an array, set or dictionary of plain Codable types is dropped with its path",
        arguments: ["objects", "json", "binary plist", "xml plist"])
    func lossyCollections(source: String) throws {
        let decoded: Decoded<Member>
        switch source {
        case "objects":
            decoded = try ModelDecoder().decodeWithDiagnostics(Member.self, from: Self.member)
        case "json":
            let data = try JSONSerialization.data(withJSONObject: Self.member)
            decoded = try ModelDecoder().decodeWithDiagnostics(Member.self, from: data)
        default:
            let format: PropertyListSerialization.PropertyListFormat = source == "xml plist" ? .xml : .binary
            let data = try PropertyListSerialization.data(fromPropertyList: Self.member, format: format, options: 0)
            decoded = try ModelDecoder().decodeWithDiagnostics(Member.self, from: data)
        }
        #expect(decoded.model == Self.expected)
        let notes = decoded.diagnostics.map(\.description)
        for drop in Self.drops { #expect(notes.contains(drop), "\(notes)") }
        #expect(notes.contains("badges[2].level: converted string \"3\" to Int"), "\(notes)")
    }

    @Test("Strict mode drops nothing: the first bad element is the error, at its full path")
    func strictCollections() {
        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: "string \"high\""), at: "badges[1].level")) {
            try ModelDecoder(options: .strict).decode(Member.self, from: Self.member)
        }
    }

    @Test("A root array is lossy too; a type's own DecodingError drops its element with the reason")
    func rootArrayAndDecodingError() throws {
        let decoded = try ModelDecoder().decodeWithDiagnostics([Percentage].self, from: [10, 250, "30", ["x"]])
        #expect(decoded.model == [Percentage(value: 10), Percentage(value: 30)])
        let notes = decoded.diagnostics.map(\.description)
        #expect(notes.contains("[1]: 250 > 100; element dropped"), "\(notes)")
        #expect(notes.contains("[3]: expected Int, found array of 1; element dropped"), "\(notes)")
        let error = #expect(throws: DecodingError.self) {
            try ModelDecoder(options: .strict).decode([Percentage].self, from: [10, 250])
        }
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("expected the type's own dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.debugDescription == "250 > 100")
        #expect(context.codingPath.map(\.intValue) == [1])
    }

    @Test("Errors that end the whole call are not dropped: too deep inside an element still throws")
    func fatalErrorsAreNotDropped() {
        var options = DecodingOptions()
        options.maximumDepth = 3
        expectMappingError(.tooDeep(limit: 3)) {
            try ModelDecoder(options: options).decode([[[[Badge]]]].self, from: [[[[["label": "a", "level": 1]]]]])
        }
    }

    @Test("The per-call snake_case strategy applies to plain Codable types, acronyms included")
    func snakeCase() throws {
        var options = DecodingOptions()
        options.keyStrategy = .snakeCase
        let input: [String: Any] = [
            "image_url": "a.png", "user_id": "7", "url_string": "u", "first_name": "Ann",
            "avatar": ["image_url": "b.png", "pixel_width": 64],
            "extra_fields": ["keptAsWritten": 1, "snake_key": 2],
        ]
        let decoded = try ModelDecoder(options: options).decodeWithDiagnostics(SnakeProfile.self, from: input)
        #expect(
            decoded.model
                == SnakeProfile(
                    imageURL: "a.png", userID: 7, URLString: "u", firstName: "Ann",
                    avatar: .init(imageURL: "b.png", pixelWidth: 64),
                    extraFields: ["keptAsWritten": 1, "snake_key": 2]))
        #expect(decoded.diagnostics.map(\.description) == ["user_id: converted string \"7\" to Int"])
        // Errors and unread keys name the keys as they are in the data.
        var missing = input
        missing["avatar"] = ["image_url": "b.png"]
        #expect(throws: MappingError(.missingKey, at: "avatar.pixel_width")) {
            try ModelDecoder(options: options).decode(SnakeProfile.self, from: missing)
        }
        // Without the strategy the same data has none of the keys.
        #expect(throws: MappingError(.missingKey, at: "imageURL")) {
            try ModelDecoder().decode(SnakeProfile.self, from: input)
        }
    }

    @Test("The run-time snake_case spelling is the macro's")
    func snakeCaseAgreesWithMacro() throws {
        let model = SnakeModel(imageURL: "i", userID: 3, URLString: "u", firstName: "f", renamed: "r")
        let dictionary = try model.dictionary()
        var options = DecodingOptions()
        options.keyStrategy = .snakeCase
        let twin = try ModelDecoder(options: options).decodeWithDiagnostics(SnakeModelTwin.self, from: dictionary)
        #expect(twin.model == SnakeModelTwin(imageURL: "i", userID: 3, URLString: "u", firstName: "f"))
        // A key given with `@Key` is kept as written; a plain type has no such key, so it is left unread.
        #expect(twin.diagnostics.map(\.description) == ["explicitKey: no property reads this key"])
    }
}
