import Foundation
import ModelKit
import Testing

// Seed 003: Homepwner's Item — name, valueInDollars, an optional serial number and its creation date.

@DictionaryModel
struct Item: Equatable {
    var name: String
    var valueInDollars: Int
    var serialNumber: String?
    let dateCreated: Date
}

@Suite("Seed 003: Item")
struct Seed003ItemTests {
    @Test("Seed 003: an Item decodes with and without a serial number")
    func item() throws {
        let item = try Item(dictionary: [
            "name": "Rusty Spork", "valueInDollars": 42, "serialNumber": "3F2504E0",
            "dateCreated": "2024-05-01T10:00:00Z",
        ])
        #expect(item.name == "Rusty Spork")
        #expect(item.valueInDollars == 42)
        #expect(item.serialNumber == "3F2504E0")
        #expect(item.dateCreated == Date(timeIntervalSince1970: 1_714_557_600))
        let noSerial = try Item(dictionary: [
            "name": "Shiny Mac", "valueInDollars": "7", "dateCreated": 1_714_557_600,
        ])
        #expect(noSerial.serialNumber == nil)
        #expect(noSerial.valueInDollars == 7)
    }

    @Test("Seed 003: dateCreated is required — a missing one is an error naming the key")
    func missingDate() {
        #expect(throws: MappingError(.missingKey, at: "dateCreated")) {
            try Item(dictionary: ["name": "Fluffy Bear", "valueInDollars": 1])
        }
    }

    @Test("Seed 003: an Item survives model → plist → model")
    func roundTrip() throws {
        let item = Item(
            name: "Fluffy Bear", valueInDollars: 99, serialNumber: nil,
            dateCreated: Date(timeIntervalSince1970: 1_700_000_000.5))
        let data = try item.propertyListData()
        #expect(try Item(data: data) == item)
    }
}
