import Foundation
import ModelKit
import PetShopModels

/// The app's own model: a basket of the library's items, saved as the app's document.
@DictionaryModel
struct Basket: Equatable, Sendable {
    var items: [ShopItem] = []
    var services: [Service] = []
    var audit: [AuditEntry] = []
    var updated: Date?
}
