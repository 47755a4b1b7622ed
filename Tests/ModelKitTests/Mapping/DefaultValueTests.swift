import Foundation
import ModelKit
import Testing

/// Counts how often each property's default expression runs.
private final class DefaultEvaluations: @unchecked Sendable {
    static let shared = DefaultEvaluations()

    // Guarded by `lock`; the suite is serialized, but the decoding could run anywhere.
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func value<T>(_ name: String, _ value: T) -> T {
        lock.withLock { counts[name, default: 0] += 1 }
        return value
    }

    func count(_ name: String) -> Int {
        lock.withLock { counts[name, default: 0] }
    }

    func reset() {
        lock.withLock { counts = [:] }
    }
}

/// Defaults of every shape the macro writes: untyped with a value of its own type, typed, optional, and one
/// handed to the memberwise initializer.
@DictionaryModel
private struct StockedShelf {
    var label = DefaultEvaluations.shared.value("label", "unnamed")
    var capacity: Int = DefaultEvaluations.shared.value("capacity", 9)
    var tags: [String] = DefaultEvaluations.shared.value("tags", ["new"])
    var note: String?
    var books: Int
}

/// A class sets each property itself instead of calling a memberwise initializer.
@DictionaryModel
private final class GuestCart {
    var owner = DefaultEvaluations.shared.value("owner", "guest")
    var items: [String] = []
}

@Suite("Defaults are evaluated only for properties no key set", .serialized)
struct DefaultValueTests {
    init() {
        DefaultEvaluations.shared.reset()
    }

    @Test("Keys present: no default expression runs")
    func presentKeys() throws {
        let data = Data(#"{"label": "A", "capacity": 3, "tags": ["x"], "note": "n", "books": 2}"#.utf8)
        let shelf = try StockedShelf(data: data)
        #expect(shelf.label == "A" && shelf.capacity == 3 && shelf.tags == ["x"] && shelf.note == "n")
        for name in ["label", "capacity", "tags"] { #expect(DefaultEvaluations.shared.count(name) == 0) }
    }

    @Test("Keys missing: each default runs once per model decoded")
    func missingKeys() throws {
        let shelves = try [StockedShelf](data: Data(#"[{"books": 1}, {"books": 2, "label": "B"}]"#.utf8))
        #expect(shelves.map(\.label) == ["unnamed", "B"])
        #expect(shelves.map(\.capacity) == [9, 9])
        #expect(shelves.map(\.tags) == [["new"], ["new"]])
        #expect(shelves.map(\.note) == [nil, nil])
        #expect(DefaultEvaluations.shared.count("label") == 1)
        #expect(DefaultEvaluations.shared.count("capacity") == 2)
        #expect(DefaultEvaluations.shared.count("tags") == 2)
    }

    @Test("A value that fails in lenient mode takes the default, noted at its key; strict mode throws there")
    func failedValue() throws {
        let data = Data(#"{"capacity": "many", "books": 1}"#.utf8)
        let decoded = try StockedShelf.decode(data: data)
        #expect(decoded.model.capacity == 9)
        // The missing label and tags are noted too.
        #expect(decoded.diagnostics.map(\.path.description).sorted() == ["capacity", "label", "tags"])
        #expect(DefaultEvaluations.shared.count("capacity") == 1)
        #expect {
            try StockedShelf(data: data, options: .strict)
        } throws: { error in
            (error as? MappingError)?.path.description == "capacity"
        }
    }

    @Test("A required key is still required: its error names the key, and no default runs for it")
    func requiredKey() {
        #expect {
            try StockedShelf(data: Data(#"{"label": "A"}"#.utf8))
        } throws: { error in
            (error as? MappingError)?.path.description == "books"
        }
    }

    @Test("A repeated key counts with its last value, and the default runs only when no value stands")
    func repeatedKey() throws {
        let data = Data(#"{"capacity": 1, "capacity": "many", "books": 1}"#.utf8)
        #expect(try StockedShelf(data: data).capacity == 9)
        #expect(DefaultEvaluations.shared.count("capacity") == 1)
        #expect(try StockedShelf(data: Data(#"{"capacity": "many", "capacity": 4, "books": 1}"#.utf8)).capacity == 4)
        #expect(DefaultEvaluations.shared.count("capacity") == 1)
    }

    @Test("A class: Swift sets the initial value first; the decoder runs the default again only for a missing key")
    func classModel() throws {
        #expect(try GuestCart(data: Data(#"{"owner": "ann"}"#.utf8)).owner == "ann")
        #expect(DefaultEvaluations.shared.count("owner") == 1)
        let cart = try GuestCart(data: Data(#"{"items": ["pen"]}"#.utf8))
        #expect(cart.owner == "guest" && cart.items == ["pen"])
        #expect(DefaultEvaluations.shared.count("owner") == 3)
    }
}
