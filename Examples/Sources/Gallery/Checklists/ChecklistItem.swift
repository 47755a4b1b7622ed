import ModelKit

/// Seed 004's `ChecklistItem`: a to-do and whether it is done, under the keys the seed's
/// `NSCoding` used (`Text`, `Checked`).
@DictionaryModel
struct ChecklistItem: Sendable, Hashable {
    /// What to do.
    @Key("Text") var text = ""
    /// Whether it is done: the checkmark.
    @Key("Checked") var checked = false

    /// The seed's `toggleChecked()`.
    mutating func toggleChecked() {
        checked.toggle()
    }
}
