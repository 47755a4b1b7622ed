import Foundation
import ModelKit
import PetShopModels

/// Every way into a model, each used from this file rather than the model's own.
enum DecodingChecks {
    static func run(_ checker: inout Checker) {
        checker.run("the issue's two-file reproduction") { checker in
            checker.expect(try loadPet() == "Rex", "loadPet() decodes Rex")
        }
        checker.run("init(dictionary:) of a public struct with a nested model") { checker in
            let item = try ShopItem(dictionary: [
                "id": "12", "title": "Leash", "unit_price": ["amount": "9.99", "currency": "USD"],
                "image_url": "https://example.com/leash.png",
            ])
            checker.expect(item.itemID == 12, "\"12\" becomes 12")
            checker.expect(item.unitPrice.amount == Decimal(string: "9.99"), "the price keeps its digits")
            checker.expect(item.unitPrice.currency == "USD", "the nested model decodes")
            checker.expect(item.imageURL?.host == "example.com", "the URL decodes")
        }
        checker.run("the public memberwise initializers the macro gives the library's structs") { checker in
            let price = ShopItem.Price(amount: Decimal(string: "2.50")!, currency: "CHF")
            let item = ShopItem(itemID: 5, title: "Brush", unitPrice: price)
            checker.expect(item.tags.isEmpty && item.imageURL == nil, "defaults fill the parameters left out")
            let decoded = try ShopItem(dictionary: [
                "id": 5, "title": "Brush", "unit_price": ["amount": "2.50", "currency": "CHF"],
            ])
            checker.expect(decoded == item, "a made item equals the decoded one")
            checker.expect(Service(title: "Bath").minutes == 30, "the default of an untyped var is kept")
            checker.expect(Page<Service>(items: [Service()]).items.count == 1, "a generic model too")
            checker.expect(Catalog.Entry(sku: "x").listing == nil, "an optional defaults to nil")
        }
        checker.run("init(data:) of a generic page of polymorphic listings") { checker in
            let data = try Data(contentsOf: resource("pets.json"))
            let page = try Page<Listing>(data: data)
            checker.expect(page.items.count == 3, "three listings")
            checker.expect(page.nextCursor == "page-2", "the cursor decodes")
            guard case .item(let tree) = page.items.first, case .offer(let grooming) = page.items[1] else {
                checker.expect(false, "the listings are an item, then a service")
                return
            }
            checker.expect(tree.title == "Cat tree" && tree.tags == ["cat", "furniture"], "the item decodes")
            checker.expect(grooming.title == "Grooming" && grooming.minutes == 45, "the service decodes")
        }
        checker.run("decode(…) returns the notes of the lenient rules") { checker in
            let decoded = try Catalog.Entry.decode(
                data: Data(#"{"sku": 5, "listing": {"kind": "service", "minutes": "x"}, "extra": 1}"#.utf8))
            checker.expect(decoded.model.sku == "5", "a number becomes text")
            let notes = decoded.diagnostics.map(\.description)
            checker.expect(notes.contains { $0.hasPrefix("listing.minutes:") }, "the bad minutes are noted by path")
            checker.expect(notes.contains { $0.hasPrefix("extra:") }, "the unknown key is noted")
            let strict = Result { try Catalog.Entry.decode(data: Data(#"{"sku": 5}"#.utf8), options: .strict) }
            checker.expect((try? strict.get()) == nil, "strict mode rejects a number for a string")
        }
        checker.run("[Model](contentsOf:) and a bundle resource, from a property list") { checker in
            let owners = try [Owner](contentsOf: resource("owners.plist"))
            checker.expect(owners.map(\.name) == ["Ann", "Bo"], "both owners decode")
            checker.expect(owners[0].pets == ["Tom", "Rex"], "their pets decode")
            checker.expect(owners[0].since == Date(timeIntervalSince1970: 1_614_834_367), "the plist date decodes")
            checker.expect(owners[1].email == nil && owners[1].since == nil, "absent optionals stay nil")
            let again = try [Owner](resource: "owners.plist", in: .module)
            checker.expect(again.map(\.email) == owners.map(\.email), "the resource initializer reads the same")
        }
        checker.run("classes: a library subclass and the app's own subclass of an open model class") { checker in
            let cat = try Cat(dictionary: ["name": "Tom", "species": "cat", "lives": "7", "indoor": "no"])
            checker.expect(cat.name == "Tom" && cat.lives == 7 && !cat.indoor, "the library's subclass decodes")
            let houseCat = try HouseCat(dictionary: ["name": "Mia", "species": "lynx", "favouriteSpot": "bed"])
            checker.expect(houseCat.name == "Mia" && houseCat.favouriteSpot == "bed", "the app's subclass decodes")
            checker.expect(houseCat.species == .unknown, "an unknown kind falls back")
        }
        checker.run("an @Observable class") { checker in
            let settings = try ShopSettings(dictionary: ["currency": "CHF", "showsPrices": "false"])
            checker.expect(settings.currency == "CHF" && !settings.showsPrices, "the settings decode")
        }
        checker.run("a package model and the library's internal and private models") { checker in
            let entry = try AuditEntry(dictionary: ["action": "restock", "at": "2024-01-02T03:04:05Z"])
            checker.expect(entry.action == "restock" && entry.at != nil, "the package model decodes")
            // The generated members are as visible as their types: public and package ones reach the app.
            checker.expect(
                ShopItem.modelKeys.snakeCase.keys == ["id", "title", "unit_price", "tags", "image_url"],
                "a public model's key table is public")
            checker.expect(
                AuditEntry.modelKeys.declared.keys == ["action", "at"], "a package model's key table is package")
            let counts = Data(#"[{"sku": "a", "count": 2}, {"sku": "b", "count": "3"}]"#.utf8)
            checker.expect(try StockLedger.totalUnits(in: counts) == 5, "the internal model decodes in its module")
            let lines = Data(#"[{"title": "food", "cents": 250}, {"title": "toy", "cents": 99}]"#.utf8)
            checker.expect(try Receipt.totalCents(of: lines) == 349, "the private model decodes in its file")
        }
        checker.run("ModelDecoder decodes the models through Codable") { checker in
            let decoder = ModelDecoder()
            let service = try decoder.decode(Service.self, from: Data(#"{"title": "Nails", "minutes": "15"}"#.utf8))
            checker.expect(service.minutes == 15, "ModelDecoder converts \"15\"")
            let plain = try JSONDecoder().decode(Service.self, from: Data(#"{"title": "Nails", "minutes": 15}"#.utf8))
            checker.expect(plain == service, "JSONDecoder decodes the same model through its Codable conformance")
        }
    }

    /// A file of the app's bundled data.
    static func resource(_ name: String) throws -> URL {
        let base = (name as NSString).deletingPathExtension
        guard let url = Bundle.module.url(forResource: base, withExtension: (name as NSString).pathExtension) else {
            throw CocoaError(.fileNoSuchFile)
        }
        return url
    }
}
