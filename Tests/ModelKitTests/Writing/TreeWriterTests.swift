import Foundation
import ModelKit
import Testing

/// The tree writers build dictionaries from shared empty ones and move values into place; what they build
/// must not depend on either.
@Suite("Tree writers")
struct TreeWriterTests {
    @Test(
        "Dictionaries of every size around the standard library's capacities hold exactly what was written",
        arguments: [0, 1, 2, 3, 4, 6, 7, 12, 13, 24, 25, 48, 49, 96, 97, 300])
    func dictionarySizes(size: Int) throws {
        let entries = (0..<size).map { ("key \($0)", Value.string("value \($0)")) }
        let value = Value.dictionary(.init(uniqueKeysWithValues: entries))
        for _ in 0..<2 {
            let object = try #require(try value.foundationObject() as? [String: Any])
            #expect(object.count == size)
            for (key, expected) in entries {
                #expect(object[key] as? String == expected.stringValue, "\(key)")
            }
        }
    }

    @Test("The empty dictionaries the writer starts from stay empty after the dictionaries made from them fill up")
    func sharedEmptyDictionaries() {
        for capacity in [1, 5, 40, 96, 500] {
            var first = FoundationObjectBuilder.makeDictionary(capacity: capacity)
            #expect(first.isEmpty)
            #expect(first.capacity >= capacity)
            for index in 0..<capacity { FoundationObjectBuilder.insert(index, for: "k\(index)", into: &first) }
            #expect(first.count == capacity)
            let second = FoundationObjectBuilder.makeDictionary(capacity: capacity)
            #expect(second.isEmpty, "capacity \(capacity)")
        }
    }

    @Test("Nested containers come out whole when the writer moves them into their parents")
    func nestedContainers() throws {
        let value: Value = [
            "a": [["x": 1, "y": [true, false]], [:], []], "b": ["c": ["d": ["e": "deep"]]], "f": "last",
        ]
        let object = try value.foundationObject()
        // A Swift dictionary keeps no order: compare with the keys sorted on both sides.
        #expect(
            PropertyListFixtures.sortedKeys(try Value(object: object)) == PropertyListFixtures.sortedKeys(value))
        var writer = ValueWriter()
        try value.encode(to: &writer, context: EncodingContext())
        #expect(writer.result == value)
    }
}

extension Value {
    /// The text of a string value.
    fileprivate var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
