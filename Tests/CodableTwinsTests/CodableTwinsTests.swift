import Testing

@testable import CodableTwins

@Suite("CodableTwins: the benchmark models' Codable twins")
struct CodableTwinsTests {
    @Test("A snake_case model's twin spells every key in CodingKeys: the strategy's, @Key's, the name where it is one")
    func snakeCaseKeys() throws {
        let source = """
            import ModelKit

            /// A user.
            @DictionaryModel(keyStrategy: .snakeCase)
            struct User {
                /// The login.
                var login: String
                @Key("id") var userID: Int64
                var avatarURL: String?
                var picIDs: [String]
            }
            """
        #expect(
            try onlyTwin(in: source) == """
                    /// The `Codable` twin of ``User``.
                    struct User: Codable {
                        var login: String
                        var userID: Int64
                        var avatarURL: String?
                        var picIDs: [String]

                        enum CodingKeys: String, CodingKey {
                            case login
                            case userID = "id"
                            case avatarURL = "avatar_url"
                            case picIDs = "pic_ids"
                        }
                    }

                """)
    }

    @Test("A model whose keys are its names gets synthesized CodingKeys, and its dates are read by FeedDate")
    func plainKeysAndDates() throws {
        let source = """
            @DictionaryModel
            struct Event {
                var name: String
                var createdAt: Date
                var dates: [Date]?
            }
            """
        #expect(
            try onlyTwin(in: source) == """
                    /// The `Codable` twin of ``Event``.
                    struct Event: Codable {
                        var name: String
                        var createdAt: FeedDate
                        var dates: [FeedDate]?
                    }

                """)
    }

    @Test("A model whose twin is written by hand is skipped, whatever its layout")
    func handWrittenTwinsAreSkipped() throws {
        let source = """
            @DictionaryModel
            struct Item: Equatable {
                var name = ""
            }

            @DictionaryModel
            struct Size {
                var width: Int
            }
            """
        let models = try ModelDeclaration.models(in: source, file: "Item.swift", skipping: ["Item"])
        #expect(models.map(\.name) == ["Size"])
    }

    @Test("A property the twin could not match (no type, a default) is an error naming the file and line")
    func unknownLayoutIsAnError() throws {
        let source = """
            @DictionaryModel
            struct Item {
                var name: String
                var count = 0
            }
            """
        let error = try #require(throws: ModelDeclaration.LayoutError.self) {
            try ModelDeclaration.models(in: source, file: "Item.swift", skipping: [])
        }
        #expect(error.file == "Item.swift")
        #expect(error.line == 4)
        #expect(error.text == "    var count = 0")
    }

    /// The twin of the one model `source` declares.
    private func onlyTwin(in source: String) throws -> String {
        let models = try ModelDeclaration.models(in: source, file: "Model.swift", skipping: [])
        try #require(models.count == 1)
        return CodableTwins.twin(of: models[0])
    }
}
