import Foundation
import ModelKit
import ModelKitSeedData
import Testing

// Seed 001: the book cart's books come from bookData.plist (icon, name).

@DictionaryModel
struct Book: Equatable, Sendable {
    var icon = ""
    var name = ""
}

@Suite("Seed 001: books from a plist")
struct Seed001BookCartTests {
    @Test("Seed 001: bookData.plist gives the seed's four books in order")
    func books() throws {
        let books = try [Book](resource: "SeedData/bookData.plist", in: SeedData.bundle)
        #expect(
            books == [
                Book(icon: "0", name: "book1"), Book(icon: "1", name: "book2"),
                Book(icon: "2", name: "book3"), Book(icon: "3", name: "book4"),
            ])
    }

    @Test("Seed 001: the seed's inline array literal decodes the same as the plist")
    func inlineLiteral() throws {
        let literal: [[String: Any]] = [
            ["icon": "0", "name": "book1"], ["icon": "1", "name": "book2"],
            ["icon": "2", "name": "book3"], ["icon": "3", "name": "book4"],
        ]
        let fromLiteral = try [Book](object: literal)
        #expect(fromLiteral == (try [Book](resource: "SeedData/bookData.plist", in: SeedData.bundle)))
    }
}
