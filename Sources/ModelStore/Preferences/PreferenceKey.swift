/// A typed preference: its name in the store and the default it takes until something is stored.
///
/// The default is the key's registered default — what `NSUserDefaults.registerDefaults` held in seed 004:
///
/// ```swift
/// extension PreferenceKey where Stored == Int {
///     static let checklistIndex = PreferenceKey("ChecklistIndex", default: -1)
/// }
/// extension PreferenceKey where Stored == Bool {
///     static let firstTime = PreferenceKey("FirstTime", default: true)
/// }
/// ```
public struct PreferenceKey<Stored: Codable & Sendable>: Sendable {
    /// The name the value is stored under.
    public let name: String
    /// The value read while nothing usable is stored.
    public let defaultValue: Stored

    /// Creates a key named `name` with its default.
    public init(_ name: String, default defaultValue: Stored) {
        self.name = name
        self.defaultValue = defaultValue
    }
}
