import Foundation
import ModelKit
import Testing

@DictionaryModel
struct Offer: Equatable {
    @Transform(NumberOrText<Decimal>()) var price: Decimal = 0
    @Transform(NumberOrText<String>()) var code: String = ""
    @Transform(NumberOrText<Int>().optional) var stock: Int?
    @Transform(NumberOrText<Double>()) var ratio: Double = 0
}

@Suite("NumberOrText: a value that is a number in one document and text in another")
struct NumberOrTextTests {
    @Test("Numbers and text both decode strictly, with no note, and keep their digits")
    func bothKindsDecodeStrictly() throws {
        let asNumbers = try Offer.decode(
            data: Data(#"{"price": 19.99, "code": 12, "stock": 3, "ratio": 0.5}"#.utf8), options: .strict)
        let asText = try Offer.decode(
            data: Data(#"{"price": "19.99", "code": "A-12", "stock": " 3 ", "ratio": "0.5"}"#.utf8), options: .strict)
        #expect(asNumbers.diagnostics.isEmpty && asText.diagnostics.isEmpty)
        #expect(asNumbers.model == Offer(price: Decimal(string: "19.99")!, code: "12", stock: 3, ratio: 0.5))
        #expect(asText.model == Offer(price: Decimal(string: "19.99")!, code: "A-12", stock: 3, ratio: 0.5))
        let missing = try Offer.decode(
            data: Data(#"{"price": 1, "code": "x", "stock": null, "ratio": 1}"#.utf8), options: .strict)
        #expect(missing.model.stock == nil)
    }

    @Test("Text that is no number, and values of other kinds, are errors naming the key")
    func otherValuesAreErrors() {
        #expect(
            throws: MappingError(
                .typeMismatch(expected: "Decimal as a number or text", found: #"string "free""#), at: "price")
        ) {
            try Offer(dictionary: ["price": "free", "code": "", "ratio": 0], options: .strict)
        }
        #expect(
            throws: MappingError(.typeMismatch(expected: "String as a number or text", found: "bool true"), at: "code")
        ) {
            try Offer(dictionary: ["price": 1, "code": true, "ratio": 0], options: .strict)
        }
        #expect(
            throws: MappingError(.typeMismatch(expected: "Int as a number or text", found: "number 2.5"), at: "stock")
        ) {
            try Offer(dictionary: ["price": 1, "code": "", "stock": 2.5, "ratio": 0], options: .strict)
        }
    }

    @Test("Numbers are written as numbers and text as text")
    func writesTheOutputsKind() throws {
        let offer = Offer(price: Decimal(string: "19.99")!, code: "A-12", stock: 3, ratio: 0.5)
        let json = String(decoding: try offer.data(format: .json), as: UTF8.self)
        #expect(json.contains(#""price":19.99"#) && json.contains(#""code":"A-12""#) && json.contains(#""stock":3"#))
        #expect(try Offer(data: try offer.data(format: .json), options: .strict) == offer)
    }

    @Test("A key strategy spells a property's key as the macro does")
    func keyStrategySpellsKeys() {
        #expect(ModelKeyStrategy.snakeCase.key(forPropertyNamed: "profileImageURL") == "profile_image_url")
        #expect(ModelKeyStrategy.snakeCase.key(forPropertyNamed: "picIDs") == "pic_ids")
        #expect(ModelKeyStrategy.snakeCase.key(forPropertyNamed: "urlHTTPS") == "url_https")
        #expect(ModelKeyStrategy.snakeCase.key(forPropertyNamed: "aBC") == "a_bc")
        #expect(ModelKeyStrategy.propertyNames.key(forPropertyNamed: "aBC") == "aBC")
    }
}
