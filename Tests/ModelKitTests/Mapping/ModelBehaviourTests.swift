import Foundation
import ModelKit
import Observation
import Testing

struct CommaList: ValueTransform {
    func decode(_ value: Value, context: DecodingContext) throws -> [String] {
        guard case .string(let text) = value else { throw context.mismatch(expected: "comma list", found: value) }
        return text.split(separator: ",").map(String.init)
    }

    func encode(_ output: [String]) throws -> Value {
        .string(output.joined(separator: ","))
    }
}

@DictionaryModel
struct Account: Equatable {
    var email = ""
    var balance = 0
    @Ignored var cache = "untouched"
    @Transform(CommaList()) var roles: [String] = []
    @Transform(DateFormatTransform("dd/MM/yyyy")) var birthday = Date(timeIntervalSince1970: 0)
    var normalizedEmail = ""

    mutating func modelDidDecode(context: DecodingContext) throws {
        normalizedEmail = email.lowercased()
    }

    func validateModel() throws {
        if !email.isEmpty && !email.contains("@") { throw ValidationError("email has no @") }
    }
}

/// A struct whose hook neither throws: the generated code calls it without a warning.
@DictionaryModel
struct Tag: Equatable {
    var label = ""
    mutating func modelDidDecode(context: DecodingContext) { label = label.uppercased() }
}

/// A class whose hook neither throws nor, as a class's cannot be, is `mutating`.
@DictionaryModel
final class Medal {
    var label = ""
    init() {}
    func modelDidDecode(context: DecodingContext) { label = label.uppercased() }
}

@DictionaryModel
struct Circle: Equatable {
    var radius = 0.0
}

@DictionaryModel
struct Square: Equatable {
    var side = 0.0
}

@DictionaryModel(discriminator: "type")
enum Shape: Equatable {
    case circle(Circle)
    @Key("sq") case square(Square)
}

@DictionaryModel
class Person {
    var name = ""
    init(name: String) { self.name = name }
}

@DictionaryModel(inheritsFromModel: true)
final class Student: Person {
    var grade = 0
    init(name: String, grade: Int) {
        self.grade = grade
        super.init(name: name)
    }
}

@Observable
@DictionaryModel
final class Settings {
    var theme = "light"
    var fontSize = 12
    init() {}
}

@Suite("Model behaviour: ignored, transforms, hooks, validation, update, polymorphism, classes")
struct ModelBehaviourTests {
    @Test("Ignored properties are neither read nor written")
    func ignored() throws {
        let account = try Account(dictionary: ["cache": "from data", "email": "a@b"])
        #expect(account.cache == "untouched")
        #expect(try account.dictionary()["cache"] == nil)
    }

    @Test("Per-property transforms decode and encode")
    func transforms() throws {
        let account = try Account(dictionary: ["roles": "admin,editor", "birthday": "24/12/1990", "email": "a@b"])
        #expect(account.roles == ["admin", "editor"])
        #expect(account.birthday == Date(timeIntervalSince1970: 661_996_800))
        let back = try account.dictionary()
        #expect(back["roles"] as? String == "admin,editor")
        #expect(back["birthday"] as? String == "24/12/1990")
    }

    @Test("The hook after decoding runs; validation rejects a model with its reason")
    func hooks() throws {
        #expect(try Account(dictionary: ["email": "Ann@Example.com"]).normalizedEmail == "ann@example.com")
        #expect(throws: MappingError(.validationFailed("email has no @"), at: ValuePath())) {
            try Account(dictionary: ["email": "nope"])
        }
        #expect(throws: MappingError(.validationFailed("email has no @"), at: "accounts[1]")) {
            try [String: [Account]](dictionary: ["accounts": [["email": "a@b"], ["email": "bad"]]], options: .strict)
        }
    }

    @Test("A hook that does not throw runs, in a struct and in a class, from every entry point")
    func nonThrowingHooks() throws {
        #expect(try Tag(dictionary: ["label": "new"]).label == "NEW")
        #expect(try Tag(json: Data(#"{"label":"new"}"#.utf8)).label == "NEW")
        #expect(try Medal(dictionary: ["label": "gold"]).label == "GOLD")
        #expect(try Medal(json: Data(#"{"label":"gold"}"#.utf8)).label == "GOLD")
    }

    @Test("Update an existing model from a partial dictionary")
    func update() throws {
        var household = try Household(dictionary: ["owner": ["name": "Ann", "age": 40], "scores": [1]])
        try household.update(from: ["owner": ["age": 41]])
        #expect(household.owner == Pet(name: "Ann", age: 41))
        #expect(household.scores == [1])
    }

    @Test("Polymorphic decoding by a discriminator key, and back")
    func polymorphic() throws {
        let shapes = try [Shape](object: [["type": "circle", "radius": 2], ["type": "sq", "side": "3"]])
        #expect(shapes == [.circle(Circle(radius: 2)), .square(Square(side: 3))])
        let back = try shapes.value()
        #expect(back[1] == ["type": "sq", "side": 3.0])
        let decoded = try [Shape].decode(object: [["type": "triangle"], ["type": "circle", "radius": 1]])
        #expect(decoded.model == [.circle(Circle(radius: 1))])
        #expect(decoded.diagnostics.first?.description.contains("type triangle names no known model") == true)
        #expect(try Shape.decode(object: ["type": "circle", "radius": 1]).diagnostics.isEmpty)
    }

    @Test("Classes, and a subclass of a model class, decode and encode all their properties")
    func classes() throws {
        let decoded = try Student.decode(object: ["name": "Ann", "grade": 3], options: .strict)
        #expect(decoded.model.name == "Ann")
        #expect(decoded.model.grade == 3)
        let back = try decoded.model.dictionary()
        #expect(back["name"] as? String == "Ann")
        #expect(back["grade"] as? Int == 3)
        let unknown = try Student.decode(object: ["name": "Ann", "grade": 1, "extra": true])
        #expect(unknown.diagnostics.map(\.description) == ["extra: no property reads this key"])
        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: "string \"3\""), at: "grade")) {
            try Student(dictionary: ["name": "Ann", "grade": "3"], options: .strict)
        }
    }

    @Test("@Observable classes decode under the declared names, not underscored ones")
    func observable() throws {
        let settings = try Settings(dictionary: ["theme": "dark", "fontSize": "14"])
        #expect(settings.theme == "dark")
        #expect(settings.fontSize == 14)
        let json = try JSONEncoder().encode(settings)
        let keys = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        #expect(Set(keys?.keys.map { $0 } ?? []) == ["theme", "fontSize"])
    }
}
