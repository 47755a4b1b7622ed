import Foundation
import ModelKit

/// Seed 003's `Item` — a name, a value in dollars, an optional serial number and the date it was recorded — as
/// the ModelKit model that a `Document` saves and loads in the `store.items-100k` cases.
@DictionaryModel
struct HomepwnerItem: Equatable, Sendable {
    var name = ""
    var valueInDollars = 0
    var serialNumber: String?
    var dateCreated = Date(timeIntervalSinceReferenceDate: 0)
}
