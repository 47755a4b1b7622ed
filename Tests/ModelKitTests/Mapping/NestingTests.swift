import Foundation
import ModelKit
import Testing

@DictionaryModel
struct Pet: Hashable {
    var name = ""
    var age = 0
}

@DictionaryModel
struct Household: Equatable {
    var owner: Pet?
    var pets: [Pet] = []
    var petSet: Set<Pet> = []
    var petsByName: [String: Pet] = [:]
    var scores: [Int] = []
    var tags: Set<String> = []
    var grid: [[Int]] = []
    var counts: [String: Int] = [:]
    var nestedPets: [[Pet]] = []
}

@Suite("Nested models and collections")
struct NestingTests {
    @Test("Arrays, sets and dictionaries of models and scalars, and arrays of arrays")
    func collections() throws {
        let model = try Household(dictionary: [
            "owner": ["name": "Ann", "age": "40"],
            "pets": [["name": "Rex", "age": 3], ["name": "Tom", "age": "2"]],
            "petSet": [["name": "Rex"], ["name": "Rex"]],
            "petsByName": ["rex": ["name": "Rex", "age": 3]],
            "scores": [1, "2", 3.0],
            "tags": ["a", "b", "a"],
            "grid": [[1, 2], [3]],
            "counts": ["x": "1", "y": 2],
            "nestedPets": [[["name": "A"]], []],
        ])
        #expect(model.owner == Pet(name: "Ann", age: 40))
        #expect(model.pets == [Pet(name: "Rex", age: 3), Pet(name: "Tom", age: 2)])
        #expect(model.petSet == [Pet(name: "Rex", age: 0)])
        #expect(model.petsByName["rex"] == Pet(name: "Rex", age: 3))
        #expect(model.scores == [1, 2, 3])
        #expect(model.tags == ["a", "b"])
        #expect(model.grid == [[1, 2], [3]])
        #expect(model.counts == ["x": 1, "y": 2])
        #expect(model.nestedPets == [[Pet(name: "A", age: 0)], []])
    }

    @Test("Lossy arrays: a bad element is dropped with a diagnostic, not the whole array")
    func lossyArray() throws {
        let decoded = try Household.decode(object: ["scores": [1, "two", 3, NSNull()]])
        #expect(decoded.model.scores == [1, 3])
        let notes = decoded.diagnostics.map(\.description)
        #expect(notes.contains { $0.hasPrefix("scores[1]: expected Int, found string \"two\"") })
        #expect(notes.contains { $0.hasPrefix("scores[3]: expected Int, found null") })
    }

    @Test(
        "Lossy sets and dictionaries of models: a bad element is dropped with a note at its path; strict throws there")
    func lossyModelCollections() throws {
        let input: [String: Any] = [
            "petSet": [["name": "A", "age": 1], "x"],
            "petsByName": ["a": ["name": "A", "age": 2], "b": 5, "c": NSNull()],
        ]
        let decoded = try Household.decode(object: input)
        #expect(decoded.model.petSet == [Pet(name: "A", age: 1)])
        #expect(decoded.model.petsByName == ["a": Pet(name: "A", age: 2)])
        // The properties left out of the input are noted too; only the two collections matter here.
        let notes = decoded.diagnostics.filter {
            [.key("petSet"), .key("petsByName")].contains($0.path.components.first)
        }
        // A model of the wrong kind is described by the kind alone, as at the root, unlike a wrong scalar.
        #expect(
            notes.map(\.description).sorted() == [
                "petSet[1]: expected Pet (a dictionary), found string; element dropped",
                "petsByName.b: expected Pet (a dictionary), found number; element dropped",
                "petsByName.c: expected Pet (a dictionary), found null; element dropped",
            ])
        #expect(
            throws: MappingError(.typeMismatch(expected: "Pet (a dictionary)", found: "string"), at: "petSet[1]")
        ) {
            try Household(dictionary: ["petSet": input["petSet"]!], options: .strict)
        }
        #expect(
            throws: MappingError(.typeMismatch(expected: "Pet (a dictionary)", found: "number"), at: "petsByName.b")
        ) {
            try Household(dictionary: ["petsByName": ["a": ["name": "A", "age": 2], "b": 5]], options: .strict)
        }
    }

    @Test("Strict mode: a bad element fails the whole decode, with its path")
    func strictArray() {
        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: "string \"two\""), at: "scores[1]")) {
            try Household(dictionary: ["scores": [1, "two"]], options: .strict)
        }
    }

    @Test("A nested model of the wrong kind takes the default in lenient mode, fails in strict mode")
    func nestedWrongKind() throws {
        let decoded = try Household.decode(object: ["owner": "Ann", "pets": ["name": "Rex"]])
        #expect(decoded.model.owner == nil)
        #expect(decoded.model.pets == [])
        let invalid = decoded.diagnostics.filter {
            if case .defaultedInvalid = $0.kind { return true }
            return false
        }
        #expect(Set(invalid.map(\.path.description)) == ["owner", "pets"])
        let error = expectMappingError(kind: .typeMismatch) {
            try Household(dictionary: ["owner": "Ann"], options: .strict)
        }
        #expect(error?.path == "owner")
    }
}
