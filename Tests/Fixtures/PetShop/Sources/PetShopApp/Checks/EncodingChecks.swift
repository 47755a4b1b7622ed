import Foundation
import ModelKit
import PetShopModels

/// Every way out of a model, from another file than the model's.
enum EncodingChecks {
    static func run(_ checker: inout Checker) {
        checker.run("dictionary() writes the keys the model reads, snake_case and nested") { checker in
            let item = try ShopItem(dictionary: ["id": 3, "title": "Bowl", "unit_price": ["amount": "4.20"]])
            let dictionary = try item.dictionary()
            checker.expect(dictionary["id"] as? Int == 3, "the renamed key is written")
            checker.expect((dictionary["unit_price"] as? [String: Any])?["currency"] as? String == "EUR", "nested")
            checker.expect(try ShopItem(dictionary: dictionary) == item, "the dictionary decodes to the same item")
        }
        checker.run("the public memberwise initializer takes each default, a nested model's too") { checker in
            let item = ShopItem(title: "Lead")
            checker.expect(item.itemID == 0 && item.title == "Lead" && item.tags.isEmpty, "the literal defaults")
            checker.expect(item.unitPrice == ShopItem.Price(), "a nested model's default, made in the model's module")
            let priced = ShopItem(itemID: 7, unitPrice: ShopItem.Price(amount: 2, currency: "USD"))
            checker.expect(priced.unitPrice.currency == "USD" && priced.itemID == 7, "arguments replace defaults")
        }
        checker.run("jsonData() round-trips a polymorphic enum, a generic model and a subclass") { checker in
            let data = try Data(contentsOf: DecodingChecks.resource("pets.json"))
            let page = try Page<Listing>(data: data)
            let again = try Page<Listing>(data: try page.jsonData())
            checker.expect(again.items == page.items && again.nextCursor == page.nextCursor, "the page round-trips")
            let json = try JSONSerialization.jsonObject(with: try page.jsonData()) as? [String: Any]
            let kinds = (json?["items"] as? [[String: Any]])?.compactMap { $0["kind"] as? String }
            checker.expect(kinds == ["item", "service", "item"], "each listing is written with its kind")
            let cat = try HouseCat(dictionary: ["name": "Mia", "lives": 3, "favouriteSpot": "bed"])
            let written = try JSONSerialization.jsonObject(with: try cat.jsonData()) as? [String: Any]
            checker.expect(written?["name"] as? String == "Mia", "the superclass's properties are written")
            checker.expect(written?["favouriteSpot"] as? String == "bed", "the subclass's properties are written")
        }
        checker.run("JSONEncoder writes the same keys through the generated Codable conformance") { checker in
            let settings = try ShopSettings(dictionary: ["currency": "GBP"])
            let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(settings)) as? [String: Any]
            checker.expect(Set(object?.keys.map { $0 } ?? []) == ["currency", "showsPrices"], "no underscored keys")
            let entry = try Catalog.Entry(dictionary: ["sku": "x1"])
            let decoded = try JSONDecoder().decode(Catalog.Entry.self, from: try JSONEncoder().encode(entry))
            checker.expect(decoded == entry, "a nested namespaced model round-trips through Codable")
        }
        checker.run("an internal model's JSON, through the library's public function") { checker in
            let json = try StockLedger.normalized(Data(#"[{"sku": "a", "count": "2"}]"#.utf8))
            checker.expect(String(decoding: json, as: UTF8.self) == #"[{"sku":"a","count":2}]"#, "normalized")
        }
    }
}
