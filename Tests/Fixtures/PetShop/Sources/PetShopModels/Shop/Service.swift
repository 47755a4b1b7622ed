import ModelKit

/// A service the shop offers (grooming, a check-up).
@DictionaryModel
public struct Service: Equatable, Sendable {
    /// What it is called.
    public var title = ""
    /// How long it takes, in minutes.
    public var minutes = 30
}
