import Foundation
import Testing

@testable import ModelKit

/// The known keys of one dictionary, in the order `table` finds them in `text`, read by a new reader.
private func keysFound(in text: String, table: KeyTable) throws -> [Int] {
    try Data(text.utf8).withUnsafeBytes { bytes in
        var reader = JSONReader(bytes: bytes)
        #expect(try reader.beginDictionary())
        var found: [Int] = []
        reading: while true {
            switch try reader.nextKey(in: table) {
            case .known(let index): found.append(index)
            case .unknown: break
            case .end: break reading
            }
            try reader.skipValue()
        }
        try reader.finish()
        return found
    }
}

/// What the table expects at each place: the start of a dictionary, then after each key.
private func expectations(of table: KeyTable) -> [Int] {
    (-1..<table.keys.count).map { table.learnedOrder.key(after: $0) }
}

@DictionaryModel
struct OrderedRecord: Equatable {
    var id = 0
    var name = ""
    var score = 0.0
    var tags: [String] = []
    var note: String?
}

@Suite("Learned key order")
struct LearnedKeyOrderTests {
    @Test("A new table expects the declared order; past its last key it expects nothing it has")
    func declaredOrder() {
        let table = KeyTable(["a", "b", "c"])
        #expect(expectations(of: table) == [0, 1, 2, 3])
        #expect(table.learnedOrder.key(after: -2) == -1)
        #expect(table.learnedOrder.key(after: 3) == -1)
        #expect(table.learnedOrder.key(after: .max) == -1)
    }

    @Test("What one reader finds out of declared order, the table expects in the next reader")
    func learnedAcrossReaders() throws {
        let table = KeyTable(["a", "b", "c", "d"])
        let text = #"{"c": 1, "a": 2, "b": 3, "x": 0, "d": 4}"#
        #expect(try keysFound(in: text, table: table) == [2, 0, 1, 3])
        // "c" at the start and "a" after "c" were looked up and learned; "b" after "a" was declared there; the
        // unknown "x" teaches nothing, so "d" is learned after "b".
        #expect(expectations(of: table) == [2, 1, 3, 0, 4])
        #expect(try keysFound(in: text, table: table) == [2, 0, 1, 3])
        // Data in the declared order: each key is found where it is expected or declared, which teaches nothing;
        // data in another order teaches it.
        #expect(try keysFound(in: #"{"a": 1, "b": 2, "c": 3, "d": 4}"#, table: table) == [0, 1, 2, 3])
        #expect(try keysFound(in: #"{"d": 1, "c": 2, "b": 3, "a": 4}"#, table: table) == [3, 2, 1, 0])
        #expect(expectations(of: table) == [3, 1, 0, 1, 2])
    }

    @Test("Entries past the table's keys or for keys it lacks are not learned")
    func learningBounds() {
        let table = KeyTable(["a", "b"])
        table.learnedOrder.learn(5, after: 0)
        table.learnedOrder.learn(2, after: 0)
        table.learnedOrder.learn(-1, after: 0)
        table.learnedOrder.learn(0, after: 7)
        table.learnedOrder.learn(0, after: -2)
        #expect(expectations(of: table) == [0, 1, 2])
        table.learnedOrder.learn(0, after: 1)
        #expect(expectations(of: table) == [0, 1, 0])
    }

    @Test("Readers on several threads that teach one table different orders all decode their own data exactly")
    func concurrentReaders() async throws {
        let entries = [
            #""id": 7"#, #""name": "n""#, #""score": 2.5"#, #""tags": ["x", "y"]"#, #""note": "m""#,
            #""extra": {"id": 1}"#,
        ]
        let orders = [[0, 1, 2, 3, 4, 5], [4, 3, 2, 1, 0], [2, 0, 5, 4, 1, 3], [1, 3], [5, 3, 0]]
        let expected = OrderedRecord(id: 7, name: "n", score: 2.5, tags: ["x", "y"], note: "m")
        let texts = orders.map { order in
            let record = "{" + order.map { entries[$0] }.joined(separator: ", ") + "}"
            return Data(("[" + Array(repeating: record, count: 50).joined(separator: ",") + "]").utf8)
        }
        let wrong = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    let order = orders[task % orders.count]
                    let one = OrderedRecord(
                        id: order.contains(0) ? expected.id : 0, name: order.contains(1) ? expected.name : "",
                        score: order.contains(2) ? expected.score : 0, tags: order.contains(3) ? expected.tags : [],
                        note: order.contains(4) ? expected.note : nil)
                    var wrong = 0
                    for _ in 0..<200 {
                        let decoded = try? [OrderedRecord](data: texts[task % texts.count])
                        if decoded != Array(repeating: one, count: 50) { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }
}
