import Foundation
import ModelKit
import Testing

// This target is compiled with MODELKIT_GENERIC_MODELS (Package.swift): the entry points of every model here call
// ModelKit's generic code (ModelEntryPoints.decodeGenerically and encodeGenerically) instead of code compiled in
// this module for the JSON reader and writer and for Foundation objects. What the models do must not change.

/// A public model, whose entry points are written under both branches of the condition.
@DictionaryModel
public struct Shelf: Equatable, Sendable {
    /// The shelf's title.
    public var title = ""
    /// How many books it holds, under a key of another name.
    @Key("book_count") public var bookCount = 0
    /// Its books.
    public var books: [Book] = []
    /// One book shown first, when there is one.
    public var featured: Book?
    /// Whether it is open.
    public var open = false
}

/// A public model nested in ``Shelf``.
@DictionaryModel
public struct Book: Equatable, Sendable {
    /// The book's name.
    public var name = ""
    /// Its price.
    public var price = 0.0
}

@DictionaryModel
struct Note: Equatable {
    var text = ""
    var pinned = false
}

@DictionaryModel(discriminator: "type")
enum Entry: Equatable {
    case book(Book)
    case note(Note)
}

/// A public class that is not final, whose entry points return `Self`.
@DictionaryModel
public class Room {
    /// The room's name.
    public var name = ""
    /// Creates a room.
    public init(name: String) { self.name = name }
}

@DictionaryModel
final class Visitor {
    var name = ""
    var notes: [Note] = []
    init(name: String) { self.name = name }
}

@Suite("Models compiled with MODELKIT_GENERIC_MODELS")
struct GenericModelsTests {
    static let shelfJSON = Data(
        #"{"title":"Swift","book_count":"2","open":"yes","books":[{"name":"A","price":"10"},{"name":"B","price":2.5}],"featured":{"name":"C"}}"#
            .utf8)
    static let shelf = Shelf(
        title: "Swift", bookCount: 2, books: [Book(name: "A", price: 10), Book(name: "B", price: 2.5)],
        featured: Book(name: "C", price: 0), open: true)

    @Test("The target is compiled with the condition, so the tests below exercise the generic entry points")
    func conditionIsSet() {
        #if MODELKIT_GENERIC_MODELS
            let isSet = true
        #else
            let isSet = false
        #endif
        #expect(isSet)
    }

    @Test("JSON decodes with conversions, renamed keys, nested models and arrays of them, and encodes back")
    func json() throws {
        let shelf = try Shelf(json: Self.shelfJSON)
        #expect(shelf == Self.shelf)
        #expect(try Shelf(json: shelf.jsonData()) == shelf)
        #expect(try [Shelf](json: Data("[\(String(decoding: shelf.jsonData(), as: UTF8.self))]".utf8)) == [shelf])
    }

    @Test("Foundation objects decode and encode through the generic code too")
    func foundationObjects() throws {
        let dictionary: [String: Any] = [
            "title": "Swift", "book_count": 2, "open": true, "featured": ["name": "C"],
            "books": [["name": "A", "price": 10], ["name": "B", "price": "2.5"]],
        ]
        let shelf = try Shelf(dictionary: dictionary)
        #expect(shelf == Self.shelf)
        let back = try shelf.dictionary()
        #expect(back["book_count"] as? Int == 2)
        #expect((back["books"] as? [[String: Any]])?.last?["price"] as? Double == 2.5)
        #expect(try Shelf(dictionary: back) == shelf)
    }

    @Test("A value that does not fit names its key path, from JSON and from objects, strictly; leniently a note")
    func errors() throws {
        let json = Data(#"{"books":[{"name":"A"},{"name":"B","price":"cheap"}]}"#.utf8)
        let fromJSON = #expect(throws: MappingError.self) { try Shelf(json: json, options: .strict) }
        #expect(fromJSON?.path == "books[1].price")
        #expect(fromJSON?.reason == .typeMismatch(expected: "Double", found: #"string "cheap""#))
        let fromObjects = #expect(throws: MappingError.self) {
            try Shelf(dictionary: ["books": [["name": "A"], ["name": "B", "price": "cheap"]]], options: .strict)
        }
        #expect(fromObjects?.path == "books[1].price")
        let lenient = try Shelf.decode(json: json)
        #expect(lenient.model.books.map(\.price) == [0, 0])
        let note = lenient.diagnostics.first { $0.path == "books[1].price" }
        #expect(note?.description.contains(#"string "cheap""#) == true, "\(lenient.diagnostics)")
    }

    @Test("An internal model, an enum of models and classes, public and not, decode and encode")
    func otherModels() throws {
        let entries = try [Entry](
            json: Data(#"[{"type":"note","text":"hi","pinned":"true"},{"type":"book","name":"A"}]"#.utf8))
        #expect(entries == [.note(Note(text: "hi", pinned: true)), .book(Book(name: "A", price: 0))])
        #expect(try [Entry](json: entries.jsonData()) == entries)

        let visitor = try Visitor(dictionary: ["name": "Ann", "notes": [["text": "x"]]])
        #expect(visitor.name == "Ann")
        #expect(visitor.notes == [Note(text: "x", pinned: false)])
        let again = try Visitor(json: visitor.jsonData())
        #expect(again.name == "Ann" && again.notes == visitor.notes)

        let room = try Room(json: Data(#"{"name":"Hall"}"#.utf8))
        #expect(room.name == "Hall")
        #expect(try Room(dictionary: room.dictionary()).name == "Hall")
    }

    @Test("A model of 101 properties, written in parts, decodes and encodes; its last property's error names it")
    func wideModel() throws {
        let json = "{" + (0...100).map { "\"p\($0)\":\($0)" }.joined(separator: ",") + "}"
        let record = try WideRecord(json: Data(json.utf8), options: .strict)
        #expect(record.p0 == 0 && record.p57 == 57 && record.p100 == 100)
        #expect(try WideRecord(json: record.jsonData(), options: .strict) == record)
        #expect(try WideRecord(dictionary: record.dictionary(), options: .strict) == record)
        let bad = #expect(throws: MappingError.self) {
            try WideRecord(json: Data(#"{"p100":"many"}"#.utf8), options: .strict)
        }
        #expect(bad?.path == "p100")
    }

    @Test("Property lists, which always took the generic code, round-trip as before")
    func propertyLists() throws {
        let data = try Self.shelf.data(format: .binaryPropertyList)
        #expect(try Shelf(data: data) == Self.shelf)
    }
}
