import ModelKit

/// One page of any list the shop's server pages through: a generic model.
@DictionaryModel
public struct Page<Item: ModelCodable & Sendable>: Sendable {
    /// The page's items.
    public var items: [Item] = []
    /// Where the next page starts, if there is one.
    public var nextCursor: String?
}
