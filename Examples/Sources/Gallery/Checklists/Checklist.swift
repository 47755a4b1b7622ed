import ModelKit

/// Seed 004's `Checklist`: a named list of items, under the seed's keys (`Name`, `Items`).
@DictionaryModel
struct Checklist: Sendable, Hashable {
    /// The list's name.
    @Key("Name") var name = ""
    /// The items, in the order they were added.
    @Key("Items") var items: [ChecklistItem] = []

    /// How many items are not done yet, shown beside the list's name.
    var uncheckedCount: Int { items.count { !$0.checked } }
}
