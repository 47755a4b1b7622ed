import ModelStore

extension PreferenceKey where Stored == Int {
    /// Seed 004's `ChecklistIndex`: the open list, registered as −1 for none.
    static let checklistIndex = PreferenceKey("ChecklistIndex", default: ChecklistsModel.noSelection)
}

extension PreferenceKey where Stored == Bool {
    /// Seed 004's `FirstTime`: registered as `true`, set to `false` once the first launch made its list.
    static let firstTime = PreferenceKey("FirstTime", default: true)
}
