import Foundation
import ModelKit

/// Something on the shelves, keyed in snake_case by the shop's server.
@DictionaryModel(keyStrategy: .snakeCase)
public struct ShopItem: Equatable, Sendable {
    /// A price: a nested model type.
    @DictionaryModel
    public struct Price: Equatable, Sendable {
        /// The amount, without a digit lost.
        public var amount: Decimal = 0
        /// The currency's code.
        public var currency = "EUR"
    }

    /// The item's number, sent as `id`.
    @Key("id") public var itemID = 0
    /// What the label says.
    public var title = ""
    /// What it costs.
    public var unitPrice = Price()
    /// Search tags.
    public var tags: [String] = []
    /// Its picture, if any.
    public var imageURL: URL?
}
