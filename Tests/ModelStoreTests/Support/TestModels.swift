import Foundation
import ModelKit

// Seed 004's models as today's value types, with the archive's capitalised keys.

@DictionaryModel
struct ChecklistItem: Equatable, Sendable {
    @Key("Text") var text = ""
    @Key("Checked") var checked = false

    mutating func toggleChecked() {
        checked.toggle()
    }
}

@DictionaryModel
struct Checklist: Equatable, Sendable {
    @Key("Name") var name = ""
    @Key("Items") var items: [ChecklistItem] = []
}

/// A state of the crash test's writer, made from its counter alone, so that a loaded state can be checked to
/// be exactly one of the states the writer saved.
@DictionaryModel
struct CounterState: Equatable, Sendable {
    var counter = 0
    var lines: [String] = []

    /// The state number `counter`; a few kilobytes, so that a kill often lands in the middle of a write.
    static func make(_ counter: Int, lines count: Int = 200) -> CounterState {
        CounterState(counter: counter, lines: (0..<count).map { "line \($0) of state \(counter)" })
    }
}

/// A record of many writers' changes, to show that none is lost.
@DictionaryModel
struct Ledger: Equatable, Sendable {
    var entries: [String] = []
}

/// Seed 003's Homepwner item, for the speed measurement.
@DictionaryModel
struct InventoryItem: Equatable, Sendable {
    var name = ""
    var valueInDollars = 0
    var serialNumber: String?
    var dateCreated = Date(timeIntervalSince1970: 0)
}
