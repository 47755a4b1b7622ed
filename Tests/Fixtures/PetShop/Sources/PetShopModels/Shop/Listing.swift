import ModelKit

/// One row of the shop's listing: an item or a service, told apart by the `kind` key.
@DictionaryModel(discriminator: "kind")
public enum Listing: Equatable, Sendable {
    /// Something on the shelves.
    case item(ShopItem)
    /// A service, sent with `kind: "service"`.
    @Key("service") case offer(Service)
}
