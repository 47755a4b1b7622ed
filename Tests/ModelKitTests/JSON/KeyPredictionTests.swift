import Foundation
import ModelKit
import PropertyBased
import Testing

@DictionaryModel
struct PredictedPart: Equatable {
    var name = ""
    var size = 0
}

/// Keys of every length the reader compares differently (up to 8 bytes, up to 16, longer), a nested model and
/// an array of them, so that predictions are interrupted and taken up again.
@DictionaryModel
struct PredictedItem: Equatable {
    var id = 0
    var title = ""
    var tags: [String] = []
    var part: PredictedPart?
    var parts: [PredictedPart] = []
    var flagIsSet = false
    @Key("a_key_longer_than_sixteen_bytes") var long = ""
}

/// A part whose properties have no defaults, so that a bad one fails the whole part.
@DictionaryModel
struct PredictedStrictPart: Equatable {
    var name: String
    var size: Int
}

@DictionaryModel
struct RecoveredItem: Equatable {
    var id = 0
    var title = ""
    var part: PredictedStrictPart?
}

/// One dictionary of the data: each key with its value, in the order written.
private struct WrittenItem {
    var entries: [(key: String, json: String)]
    var expected: PredictedItem
}

private let word = Gen.letterOrNumber.string(of: 0...12)

private let part = zip(word, Gen.int(in: -99...99)).map { PredictedPart(name: $0, size: $1) }

private func json(_ part: PredictedPart, order: Bool) -> String {
    let entries = ["\"name\": \"\(part.name)\"", "\"size\": \(part.size)"]
    return "{" + (order ? entries : entries.reversed()).joined(separator: ", ") + "}"
}

/// An item with a random subset of its keys in a random order, and keys no property reads among them.
private let item = zip(
    zip(Gen.int(in: 0...1000), word, word.array(of: 0...3), part.optional, part.array(of: 0...3)),
    zip(Gen.bool, word, Gen.int(in: 0...127), Gen.shuffled(Array(0..<9)), Gen.bool)
).map { values, layout -> WrittenItem in
    let (id, title, tags, nested, parts) = values
    let (flag, long, omitted, order, partOrder) = layout
    let all: [(String, String)] = [
        ("id", "\(id)"),
        ("title", "\"\(title)\""),
        ("tags", "[" + tags.map { "\"\($0)\"" }.joined(separator: ",") + "]"),
        ("part", nested.map { json($0, order: partOrder) } ?? "null"),
        ("parts", "[" + parts.map { json($0, order: !partOrder) }.joined(separator: ", ") + "]"),
        ("flagIsSet", "\(flag)"),
        ("a_key_longer_than_sixteen_bytes", "\"\(long)\""),
        ("unread", "{\"id\": 1, \"title\": [\"x\"]}"),
        ("a_key_longer_than_sixteen_bytez", "2"),
    ]
    // Bit i of `omitted` leaves out the i-th property's key; the two unknown keys are always written.
    let entries = order.filter { $0 >= 7 || omitted & (1 << $0) == 0 }.map { all[$0] }
    let present = { (index: Int) in omitted & (1 << index) == 0 }
    let expected = PredictedItem(
        id: present(0) ? id : 0, title: present(1) ? title : "", tags: present(2) ? tags : [],
        part: present(3) ? nested : nil, parts: present(4) ? parts : [], flagIsSet: present(5) ? flag : false,
        long: present(6) ? long : "")
    return WrittenItem(entries: entries, expected: expected)
}

@Suite("Key prediction")
struct KeyPredictionTests {
    @Test("Property: dictionaries with keys in any order, some missing or unknown, decode as their tree does")
    func anyOrder() async {
        await propertyCheck(count: 300, input: item.array(of: 1...12), Gen.bool) { items, pretty in
            let separator = pretty ? ",\n    " : ","
            let text =
                "["
                + items.map { "{" + $0.entries.map { "\"\($0.key)\": \($0.json)" }.joined(separator: separator) + "}" }
                .joined(separator: separator) + "]"
            let data = Data(text.utf8)
            let decoded = try [PredictedItem](data: data)
            #expect(decoded == items.map(\.expected), "\(text)")
            #expect(try [PredictedItem](value: JSONFormat.value(from: data)) == decoded)
        }
    }

    @Test("Keys of a table of 33,000 are found in any order, dictionary after dictionary")
    func largeTable() throws {
        let keys = (0..<33_000).map { "k\($0)" }
        let table = KeyTable(keys)
        // Pairs out of declared order on both sides of 16-bit indexes (which the learned order once held), so
        // that each dictionary after the first expects what the first taught, and the last key expects a place
        // past the table's keys.
        let order = [32_999, 5, 32_770, 32_765, 32_766, 32_767, 0, 32_768, 1]
        let dictionary = "{" + order.map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}"
        let data = Data(("[" + Array(repeating: dictionary, count: 3).joined(separator: ", ") + "]").utf8)
        var found: [[Int]] = []
        try data.withUnsafeBytes { bytes in
            var reader = JSONReader(bytes: bytes)
            #expect(try reader.beginArray())
            while try reader.nextElement() {
                #expect(try reader.beginDictionary())
                var indexes: [Int] = []
                while case .known(let index) = try reader.nextKey(in: table) {
                    #expect(try reader.readScalar() == .integer(Int64(index)))
                    indexes.append(index)
                }
                found.append(indexes)
            }
            try reader.finish()
        }
        #expect(found == Array(repeating: order, count: 3))
    }

    @Test("Dictionaries left by recovery, not by their closing brace, leave the items after them whole")
    func recoveredDictionaries() throws {
        // Every second item's part fails at its second key (a dictionary for a number): lenient decoding drops
        // the part, skips the rest of it, and goes on with the item's next key.
        var items: [String] = []
        for index in 0..<200 {
            let size = index.isMultiple(of: 2) ? "\(index)" : "{\"deep\": {\"deeper\": [1, 2, {\"x\": 3}]}}"
            items.append(
                "{\"title\": \"t\(index)\", \"part\": {\"name\": \"p\", \"size\": \(size), \"more\": {\"id\": 5}}, "
                    + "\"id\": \(index)}")
        }
        let decoded = try [RecoveredItem](data: Data(("[" + items.joined(separator: ",") + "]").utf8))
        #expect(decoded.count == 200)
        for (index, item) in decoded.enumerated() {
            #expect(item.id == index && item.title == "t\(index)", "\(index)")
            #expect(
                item.part == (index.isMultiple(of: 2) ? PredictedStrictPart(name: "p", size: index) : nil), "\(index)")
        }
    }
}
