import Testing

@testable import ModelKitGenerator

/// The key rules: snake_case majority, keys that are not identifiers, keywords and collisions.
@Suite struct KeyNamingGoldenTests {
    @Test func mostlySnakeCaseKeysTakeTheStrategyAndTheRestTakeKeys() throws {
        let source = try body(
            #"""
            {"user_id": 1, "screen_name": "a", "followers_count": 1, "friends_count": 2, "profile_image_url": "x",
             "id": 2, "createdAt": 3, "_id": "x", "a_b_c": 4, "image_2x": 5, "class": 6, "pic_ids": [],
             "url_s": 7, "url_https": 8}
            """#)
        #expect(
            source == """
                import ModelKit

                @DictionaryModel(keyStrategy: .snakeCase)
                struct Root: Sendable {
                    var userID: Int
                    var screenName: String
                    var followersCount: Int
                    var friendsCount: Int
                    var profileImageURL: String
                    var id: Int
                    @Key("createdAt") var createdAt: Int
                    @Key("_id") var id2: String
                    @Key("a_b_c") var aBC: Int
                    @Key("image_2x") var image2x: Int
                    @Key("class") var classValue: Int
                    var picIDs: [Value]
                    var urlS: Int
                    var urlHTTPS: Int
                }

                """)
    }

    @Test func camelCaseKeysAreKeptAsTheyAre() throws {
        #expect(
            try body(#"{"userName": "a", "userId": "2"}"#) == """
                import ModelKit

                @DictionaryModel
                struct Root: Sendable {
                    var userName: String
                    var userId: String
                }

                """)
    }

    @Test func keysThatAreNoIdentifierKeywordsOrCollisionsGetKeyAttributes() throws {
        let source = try body(
            #"{"class": 1, "default": 2, "first name": "a", "first-name": "b", "1x": 3, "Ünïcode": 4, "": 5, "q\"uote": 6}"#
        )
        #expect(
            source == """
                import ModelKit

                @DictionaryModel
                struct Root: Sendable {
                    @Key("class") var classValue: Int
                    @Key("default") var defaultValue: Int
                    @Key("first name") var firstName: String
                    @Key("first-name") var firstName2: String
                    @Key("1x") var _1x: Int
                    @Key("Ünïcode") var nCode: Int
                    // The key "" cannot be named with @Key, so no property reads it.
                    @Key(#"q"uote"#) var qUote: Int
                }

                """)
    }

    @Test func aKeyThatReadsAsAKeyPathIsMarked() throws {
        #expect(
            try body(#"{"a.b": 1}"#) == """
                import ModelKit

                @DictionaryModel
                struct Root: Sendable {
                    // @Key reads a dot or brackets as a key path; ModelKit has no escape, so this key is not found.
                    @Key("a.b") var aB: Int
                }

                """)
    }

    @Test func pluralsBecomeSingularTypeNames() {
        #expect(TypeNaming.singular("statuses") == "status")
        #expect(TypeNaming.singular("categories") == "category")
        #expect(TypeNaming.singular("hashtags") == "hashtag")
        #expect(TypeNaming.singular("addresses") == "address")
        #expect(TypeNaming.singular("people") == "person")
        #expect(TypeNaming.singular("media") == "media")
        #expect(TypeNaming.name(forKey: "user_mentions", element: true) == "UserMention")
    }

    @Test func typeNamesNeverHideSwiftOrFoundationTypes() throws {
        let source = try body(#"{"data": {"x": 1}, "url": {"y": 2}}"#)
        #expect(source.contains("var data: RootData"))
        #expect(source.contains("var url: RootURL"))
    }
}
