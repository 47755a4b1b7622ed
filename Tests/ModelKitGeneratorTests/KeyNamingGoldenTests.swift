import Foundation
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

    @Test func camelCaseKeysKeepTheirWordsWithAcronymsInCapitals() throws {
        #expect(
            try body(#"{"userName": "a", "userId": "2"}"#) == """
                import ModelKit

                @DictionaryModel
                struct Root: Sendable {
                    var userName: String
                    @Key("userId") var userID: String
                }

                """)
    }

    /// One rule for acronyms, whatever the key's spelling (issue 30, item 4): `imageUrl` from `image-url` and
    /// `profileImageUrlHTTPS` from `profile_image_url_https` were written before.
    @Test func acronymsAreCapitalsWhateverTheKeysSpelling() throws {
        let source = try body(
            #"{"image_url": "a", "avatar_url": "b", "profile_image_url_https": "c", "image-url": "d", "imageUrl": "e"}"#
        )
        #expect(
            source == """
                import ModelKit

                @DictionaryModel(keyStrategy: .snakeCase)
                struct Root: Sendable {
                    var imageURL: String
                    var avatarURL: String
                    @Key("profile_image_url_https") var profileImageURLHTTPS: String
                    @Key("image-url") var imageURL2: String
                    @Key("imageUrl") var imageURL3: String
                }

                """)
        #expect(SwiftIdentifier.lowerCamelCase("image-url", fallback: "value") == "imageURL")
        #expect(SwiftIdentifier.lowerCamelCase("URLString", fallback: "value") == "urlString")
        #expect(SwiftIdentifier.lowerCamelCase("picIDs", fallback: "value") == "picIDs")
        #expect(TypeNaming.name(forKey: "image_urls", element: true, parentName: "Root") == "ImageURL")
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
        #expect(TypeNaming.name(forKey: "user_mentions", element: true, parentName: "Root") == "UserMention")
    }

    @Test func typeNamesNeverHideSwiftOrFoundationTypes() throws {
        let source = try body(
            #"{"data": {"x": 1}, "url": {"y": 2}, "result": {"z": 3}, "error": {"w": 4}, "type": {"v": 5}, "value": {"u": 6}}"#
        )
        #expect(source.contains("var data: RootData"))
        #expect(source.contains("var url: RootURL"))
        #expect(source.contains("var result: RootResult"))
        #expect(source.contains("var error: RootError"))
        #expect(source.contains("var type: RootType"))
        #expect(source.contains("var value: RootValue"))
    }

    /// `--name class` wrote `struct class`, and `--name Date` a `struct Date` whose date properties were itself.
    @Test func rootNamesThatAreKeywordsOrHideTypesAreRefused() {
        #expect(
            options { $0.rootName = "class" }.rootNameProblem
                == "class is a Swift keyword; choose another name, such as Class")
        #expect(
            options { $0.rootName = "Date" }.rootNameProblem
                == "Date would hide the type of that name that the generated code uses; choose another name, such as DateModel"
        )
        #expect(options { $0.rootName = "Value" }.rootNameProblem != nil)
        #expect(options { $0.rootName = "Result" }.rootNameProblem != nil)
        #expect(options { $0.rootName = "1x" }.rootNameProblem == "1x is not a Swift type name")
        #expect(options { $0.rootName = "Timeline" }.rootNameProblem == nil)
    }

    /// Generic names (`Model138586341`) came from keys that give no type name; they come from the parent now.
    @Test func keysThatGiveNoTypeNameAreNamedFromTheirParent() throws {
        let source = try body(#"{"2024": {"a": 1}, "---": {"b": 2}}"#, options: options { $0.detectsMaps = false })
        #expect(source.contains("@Key(\"2024\") var _2024: Root2024"))
        #expect(source.contains("@Key(\"---\") var value: RootValue"))
    }

    /// Every public type of ModelKit is a name no generated type takes, so that none hides it.
    @Test func everyPublicModelKitNameIsReserved() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/ModelKit").standardizedFileURL
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        var publicNames: Set<String> = []
        let declaration = /^public (?:final )?(?:struct|enum|class|protocol|typealias|actor|macro) ([A-Za-z_]+)/
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                if let match = line.firstMatch(of: declaration) { publicNames.insert(String(match.1)) }
            }
        }
        #expect(publicNames.count > 40)
        #expect(publicNames.subtracting(TypeNaming.reserved).sorted() == [])
    }
}
