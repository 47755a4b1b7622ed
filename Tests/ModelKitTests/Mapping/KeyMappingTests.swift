import Foundation
import ModelKit
import Testing

@DictionaryModel
struct Profile: Equatable {
    var name = "anonymous"
    var nickname: String?
    let id: Int
    @Key("ID", "id_str", "uid") var anyID: String?
    @Key("info.city") var city: String?
    @Key("info.zip") var zip: String?
    @Key("user.images[0].url") var firstImage: URL?
}

@DictionaryModel(keyStrategy: .snakeCase)
struct SnakeModel: Equatable {
    var imageURL = ""
    var userID = 0
    var URLString = ""
    var firstName = ""
    @Key("explicitKey") var renamed = ""
}

@DictionaryModel
struct CamelModel: Equatable {
    var imageURL = ""
    var firstName = ""
}

@Suite("Keys: same names, renames, candidates, paths, strategies")
struct KeyMappingTests {
    @Test("Same-name keys need no configuration; initial values are defaults; optionals take nil")
    func zeroConfiguration() throws {
        let profile = try Profile(dictionary: ["id": 7, "nickname": NSNull()])
        #expect(profile.id == 7)
        #expect(profile.name == "anonymous")
        #expect(profile.nickname == nil)
    }

    @Test("A null value for a property with a default takes the default, with a diagnostic")
    func nullTakesDefault() throws {
        let decoded = try Profile.decode(object: ["id": 1, "name": NSNull()])
        #expect(decoded.model.name == "anonymous")
        #expect(decoded.diagnostics.map(\.description).contains("name: null, default used"))
    }

    @Test("A `let` without a value is required: missing → error naming the key")
    func letIsRequired() {
        #expect(throws: MappingError(.missingKey, at: "id")) { try Profile(dictionary: ["name": "x"]) }
    }

    @Test("Several candidate keys: the first one present wins, whatever the order in the data")
    func candidates() throws {
        #expect(try Profile(dictionary: ["id": 1, "uid": "u", "ID": "upper"]).anyID == "upper")
        #expect(try Profile(dictionary: ["id": 1, "uid": "u", "id_str": "s"]).anyID == "s")
        #expect(try Profile(dictionary: ["id": 1, "uid": 42]).anyID == "42")
        #expect(try Profile(dictionary: ["id": 1]).anyID == nil)
    }

    @Test("Key paths read nested dictionaries and array indexes")
    func keyPaths() throws {
        let profile = try Profile(dictionary: [
            "id": 1,
            "info": ["city": "Taipei", "zip": "100"],
            "user": ["images": [["url": "https://example.com/a.png"], ["url": "https://example.com/b.png"]]],
        ])
        #expect(profile.city == "Taipei")
        #expect(profile.zip == "100")
        #expect(profile.firstImage == URL(string: "https://example.com/a.png"))
    }

    @Test("Key paths are rebuilt as nested dictionaries when encoding")
    func keyPathsEncode() throws {
        let profile = try Profile(dictionary: ["id": 1, "info": ["city": "Taipei", "zip": "100"]])
        let value = try profile.value()
        #expect(value["info"] == ["city": "Taipei", "zip": "100"])
        #expect(value["city"] == nil)
        #expect(try Profile(value: value) == profile)
    }

    @Test("A key path into a value of the wrong shape is absent, not a crash")
    func keyPathWrongShape() throws {
        let profile = try Profile(dictionary: ["id": 1, "info": "not a dictionary", "user": ["images": "x"]])
        #expect(profile.city == nil)
        #expect(profile.firstImage == nil)
    }

    @Test("snake_case per type, with acronyms: imageURL ↔ image_url, userID ↔ user_id")
    func snakeCasePerType() throws {
        let model = try SnakeModel(dictionary: [
            "image_url": "a", "user_id": "5", "url_string": "u", "first_name": "Ann", "explicitKey": "kept",
        ])
        #expect(model == SnakeModel(imageURL: "a", userID: 5, URLString: "u", firstName: "Ann", renamed: "kept"))
        let back = try model.dictionary()
        #expect(Set(back.keys) == ["image_url", "user_id", "url_string", "first_name", "explicitKey"])
    }

    @Test("snake_case per call overrides the type's names, both ways")
    func snakeCasePerCall() throws {
        var options = DecodingOptions()
        options.keyStrategy = .snakeCase
        let model = try CamelModel(dictionary: ["image_url": "a", "first_name": "Ann"], options: options)
        #expect(model == CamelModel(imageURL: "a", firstName: "Ann"))
        var encoding = EncodingOptions()
        encoding.keyStrategy = .snakeCase
        #expect(Set(try model.dictionary(options: encoding).keys) == ["image_url", "first_name"])
        #expect(Set(try model.dictionary().keys) == ["imageURL", "firstName"])
    }
}
