import Foundation
import ModelKit

/// A customer who owns pets: a final class.
@DictionaryModel
public final class Owner: Sendable {
    /// The owner's name.
    public let name: String
    /// How to reach them.
    public let email: String?
    /// The names of their pets.
    public let pets: [String]
    /// When they first came to the shop.
    public let since: Date?
}
