import Foundation
import ModelKit
import PropertyBased
import Testing

@Suite("Encoding and round trips")
struct EncodingTests {
    @Test("nil is omitted by default and written as null on request")
    func nilEncoding() throws {
        let model = TestModel(_id: "1", name: nil, phone: nil, address: nil, age: 3, user: nil, arrUsers: [])
        let omitted = try model.dictionary()
        #expect(omitted["name"] == nil)
        var options = EncodingOptions()
        options.nilEncoding = .writeNull
        let nulls = try model.dictionary(options: options)
        #expect(nulls["name"] is NSNull)
        #expect(try TestModel(dictionary: nulls) == model)
    }

    @Test("nil written as null reaches JSON as null, and that JSON decodes back to the model, strictly too")
    func nullInJSON() throws {
        let model = TestModel(_id: "1", name: nil, phone: "110", address: nil, age: 3, user: nil, arrUsers: [])
        var options = EncodingOptions()
        options.nilEncoding = .writeNull
        let json = try model.jsonData(options: options)
        #expect(
            String(decoding: json, as: UTF8.self)
                == #"{"id":"1","name":null,"phone":"110","address":null,"age":3,"user":null,"arrUsers":[]}"#)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["name"] is NSNull)
        #expect(object["address"] is NSNull)
        #expect(object["user"] is NSNull)
        #expect(try TestModel(data: json) == model)
        #expect(try TestModel(data: json, options: .strict) == model)
        let omitted = try model.jsonData()
        #expect(String(decoding: omitted, as: UTF8.self) == #"{"id":"1","phone":"110","age":3,"arrUsers":[]}"#)
        #expect(try TestModel(data: omitted) == model)
    }

    @Test("model → JSON → model and model → plist → model")
    func dataRoundTrips() throws {
        let household = try Household(dictionary: [
            "owner": ["name": "Ann", "age": 40], "pets": [["name": "Rex", "age": 3]], "grid": [[1], [2, 3]],
        ])
        #expect(try Household(data: household.jsonData()) == household)
        #expect(try Household(data: household.propertyListData()) == household)
        #expect(try Household(data: household.propertyListData(binary: false)) == household)
    }

    @Test("Codable conformance is generated: JSONEncoder/JSONDecoder use the same keys")
    func codable() throws {
        let model = try TestModel(dictionary: ["id": "9", "age": 4, "arrUsers": [["userId": "1"]]])
        let json = try JSONEncoder().encode(model)
        let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        #expect(object?["id"] as? String == "9")
        #expect(try JSONDecoder().decode(TestModel.self, from: json) == model)
        #expect(try PropertyListDecoder().decode(TestModel.self, from: PropertyListEncoder().encode(model)) == model)
    }

    @Test("Property: model → dictionary → model is the identity")
    func roundTripProperty() async {
        let names = Gen.letterOrNumber.string(of: 0...12)
        await propertyCheck(count: 200, input: names, Gen.int(in: -1_000_000...1_000_000), names) { name, age, pet in
            let model = Household(
                owner: Pet(name: name, age: age), pets: [Pet(name: pet, age: age / 2)],
                petSet: [Pet(name: pet, age: 1)],
                petsByName: [name: Pet(name: pet, age: age)], scores: [age, -age], tags: [name, pet],
                grid: [[age], []], counts: [pet: age], nestedPets: [[Pet(name: name, age: 0)]])
            let back = try? Household(dictionary: model.dictionary())
            #expect(back == model)
        }
    }

    @Test("Property: a dictionary is written with its keys sorted, and reads back the same")
    func dictionaryKeysSorted() async {
        let keys = Gen.letterOrNumber.string(of: 0...6).array(of: 0...24)
        await propertyCheck(count: 200, input: keys) { keys in
            let dictionary = Dictionary(keys.map { ($0, $0.count) }, uniquingKeysWith: { first, _ in first })
            guard let json = try? dictionary.jsonData() else {
                Issue.record("the dictionary could not be written")
                return
            }
            // The keys are letters and digits, so each one is the text between a quote and `":`.
            let written = String(decoding: json, as: UTF8.self).matches(of: /"([A-Za-z0-9]*)":/).map { String($0.1) }
            #expect(written == dictionary.keys.sorted())
            #expect((try? [String: Int](data: json)) == dictionary)
        }
    }
}
