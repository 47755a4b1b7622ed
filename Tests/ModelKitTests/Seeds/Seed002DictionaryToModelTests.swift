import Foundation
import ModelKit
import Testing

// Seed 002: "build your own dictionary-to-model library" — TestModel and UserModel with the seed's data.

@DictionaryModel
struct UserModel: Equatable {
    var userName: String?
    var userId: String?
}

@DictionaryModel
struct TestModel: Equatable {
    @Key("id") var _id: String?
    var name: String?
    var phone: String?
    var address: String?
    var age = 0
    var user: UserModel?
    var arrUsers: [UserModel] = []
}

@Suite("Seed 002: dictionary to model")
struct Seed002DictionaryToModelTests {
    /// The exact dictionary the seed's last step prints.
    let dicTest: [String: Any] = [
        "id": "121",
        "name": "張三",
        "phone": "110",
        "age": "10",
        "user": ["userId": "2"],
        "arrUsers": [["userId": "2"], ["userId": "2"], ["userId": "2"]],
    ]

    @Test("Seed 002: step 1 — name, phone, missing address, age \"10\" → 10")
    func simpleModel() throws {
        let model = try TestModel(dictionary: ["name": "張三", "phone": "110", "age": "10"])
        #expect(model.name == "張三")
        #expect(model.phone == "110")
        #expect(model.address == nil)
        #expect(model.age == 10)
    }

    @Test("Seed 002: the final dictionary gives id 121, 張三, 110, nil address, age 10, userId 2, three arrUsers")
    func fullModel() throws {
        let decoded = try TestModel.decode(object: dicTest)
        let model = decoded.model
        #expect(model._id == "121")
        #expect(model.name == "張三")
        #expect(model.phone == "110")
        #expect(model.address == nil)
        #expect(model.age == 10)
        #expect(model.user?.userId == "2")
        #expect(model.user?.userName == nil)
        #expect(model.arrUsers.count == 3)
        #expect(model.arrUsers.allSatisfy { $0.userId == "2" })
        #expect(decoded.diagnostics.contains { $0.description == "age: converted string \"10\" to Int" })
    }

    @Test("Seed 002: NSDictionary input decodes the same as [String: Any]")
    func nsDictionary() throws {
        let model = try TestModel(object: NSDictionary(dictionary: dicTest))
        #expect(model == (try TestModel(dictionary: dicTest)))
    }

    @Test("Seed 002: model → dictionary writes `id` back and round-trips")
    func backToDictionary() throws {
        let model = try TestModel(dictionary: dicTest)
        let dictionary = try model.dictionary()
        #expect(dictionary["id"] as? String == "121")
        #expect(dictionary["_id"] == nil)
        #expect(dictionary["address"] == nil)
        #expect(dictionary["age"] as? Int == 10)
        #expect(try TestModel(dictionary: dictionary) == model)
    }
}
