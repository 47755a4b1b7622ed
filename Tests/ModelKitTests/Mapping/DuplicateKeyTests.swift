import Foundation
import ModelKit
import Testing

@DictionaryModel
struct RepeatedOwner: Equatable {
    var name = ""
    let age: Int
}

@DictionaryModel
struct RepeatedKeys: Equatable {
    var version = 1
    @Key("id", "user_id", "uid") var id: Int64 = 0
    var counts: [String: Int] = [:]
    @Key("geo.lat") var latitude: Double?
    var owner: RepeatedOwner?
    @Transform(CommaList()) var tags: [String] = []
    var level: Int?
}

/// Regression tests for the fuzzer's `duplicate-key-first-wins` (Fuzz/Corpus/FuzzModelDecoding/
/// crash_duplicate_key_first_wins.json): generated code reading bytes kept a repeated key's first value while
/// every tree kept the last.
@Suite("A key repeated in one dictionary: the last value counts on every path")
struct DuplicateKeyTests {
    /// The model from the bytes (generated code on the pull reader) and from their tree, which must agree:
    /// both succeed with the same model, or both fail.
    static func decode(_ data: Data, strict: Bool) throws -> RepeatedKeys? {
        let options = strict ? DecodingOptions.strict : DecodingOptions()
        let pulled = Result { try RepeatedKeys(data: data, options: options) }
        let tree = try Value(data: data)
        let fromTree = Result { try RepeatedKeys(value: tree, options: options) }
        switch (pulled, fromTree) {
        case (.success(let a), .success(let b)):
            #expect(a == b, "bytes and their tree give different models")
            return a
        case (.failure, .failure):
            return nil
        case (.success, .failure(let error)), (.failure(let error), .success):
            Issue.record("only one of bytes and their tree decodes: \(error)")
            return nil
        }
    }

    static func json(_ text: String, strict: Bool = false) throws -> RepeatedKeys? {
        let data = Data(text.utf8)
        let model = try decode(data, strict: strict)
        // Foundation keeps the last value too. (Its dictionaries have no order, which strict mode can tell: a
        // later key of a property is not read once an earlier one set it.)
        if !strict {
            let object = try JSONSerialization.jsonObject(with: data)
            #expect((try? RepeatedKeys(object: object)) == model, "Foundation objects: \(text)")
        }
        return model
    }

    @Test("the last value of a repeated key wins, in lenient and strict mode")
    func lastWins() throws {
        #expect(try Self.json(#"{"version":1,"version":2}"#)?.version == 2)
        #expect(try Self.json(#"{"version":1,"version":2}"#, strict: true)?.version == 2)
        #expect(try Self.json(#"{"version":1,"level":5,"version":3,"level":null}"#)?.level == nil)
        #expect(try Self.json(#"{"tags":"a,b","tags":"c"}"#)?.tags == ["c"])
        #expect(try Self.json(#"{"owner":{"name":"a","age":1},"owner":{"age":2}}"#)?.owner == RepeatedOwner(age: 2))
        #expect(try Self.json(#"{"counts":{"a":1,"b":2,"a":3}}"#)?.counts == ["a": 3, "b": 2])
        #expect(try Self.json(#"{"geo":{"lat":1.5},"geo":{"lon":2}}"#)?.latitude == nil)
    }

    @Test("repeated keys of nested models and of the model around them are kept apart, model after model")
    func nestedRepeatsInAnArray() throws {
        // The outer model's `version` is recorded while its owner records `age` and `name`; the second element
        // reuses what the first gave back, and the third's owner fails where the outer model's record is open.
        let text = """
            [{"version":1,"owner":{"age":1,"age":2,"name":"x","name":"y"},"version":3},
             {"version":4,"uid":7,"owner":{"age":"bad","age":6},"id":8,"version":5},
             {"version":6,"owner":{"age":"bad"},"version":9}]
            """
        let models = try [RepeatedKeys](data: Data(text.utf8))
        #expect(models.map(\.version) == [3, 5, 9])
        #expect(models.map(\.owner) == [RepeatedOwner(name: "y", age: 2), RepeatedOwner(age: 6), nil])
        #expect(models.map(\.id) == [0, 8, 0])
        let tree = try [RepeatedKeys](value: try Value(data: Data(text.utf8)))
        #expect(tree == models)
    }

    @Test("an earlier value that fails does not count once a later one replaces it, even in strict mode")
    func replacedFailures() throws {
        #expect(try Self.json(#"{"version":"x","version":2}"#, strict: true)?.version == 2)
        #expect(try Self.json(#"{"tags":7,"tags":"a"}"#, strict: true)?.tags == ["a"])
        #expect(try Self.json(#"{"owner":{"age":"x"},"owner":{"age":3}}"#, strict: true)?.owner?.age == 3)
        #expect(try Self.json(#"{"owner":{"age":1,"extra":0},"owner":{"age":3}}"#, strict: true)?.owner?.age == 3)
        #expect(try Self.json(#"{"counts":{"a":"x","a":2}}"#, strict: true)?.counts == ["a": 2])
        #expect(try Self.json(#"{"owner":{"name":"a"},"owner":{"age":4}}"#)?.owner?.age == 4)
    }

    @Test("a later value that fails replaces a good one: the default in lenient mode, an error in strict mode")
    func failingLastValue() throws {
        #expect(try Self.json(#"{"version":2,"version":"x"}"#)?.version == 1)
        #expect(try Self.json(#"{"version":2,"version":"x"}"#, strict: true) == nil)
        #expect(try Self.json(#"{"tags":"a","tags":7}"#)?.tags == [])
        #expect(try Self.json(#"{"counts":{"a":1,"a":"x"}}"#)?.counts == [:])
        #expect(try Self.json(#"{"counts":{"a":1,"a":"x"}}"#, strict: true) == nil)
        #expect(try Self.json(#"{"owner":{"age":3},"owner":{"name":"a"}}"#)?.owner == nil)
    }

    @Test("among a property's keys the first listed wins wherever it is, also when keys repeat")
    func candidatesKeepTheirOrder() throws {
        #expect(try Self.json(#"{"id":1,"uid":5}"#)?.id == 1)
        #expect(try Self.json(#"{"uid":5,"id":1}"#)?.id == 1)
        #expect(try Self.json(#"{"uid":5,"user_id":7,"id":"x"}"#)?.id == 7)
        #expect(try Self.json(#"{"uid":5,"id":1,"id":"x"}"#)?.id == 5)
        #expect(try Self.json(#"{"id":1,"uid":5,"id":"x"}"#)?.id == 5)
        #expect(try Self.json(#"{"id":1,"uid":5,"id":"x","uid":"y"}"#)?.id == 0)
        #expect(try Self.json(#"{"uid":"x","id":1,"uid":3}"#, strict: true)?.id == 1)
        #expect(try Self.json(#"{"id":1,"uid":"x"}"#, strict: true)?.id == 1)
        #expect(try Self.json(#"{"uid":"x","id":1}"#, strict: true) == nil)
        #expect(try Self.json(#"{"id":"x","uid":2,"id":3}"#, strict: true)?.id == 3)
    }

    // (Foundation's own readers differ here: PropertyListSerialization keeps the first value of a binary
    // property list and the last of an XML one, JSONDecoder the first, JSONSerialization the last.)
    @Test("property lists with a repeated key, XML and binary, keep the last value too")
    func propertyLists() throws {
        let xml = """
            <plist><dict><key>version</key><integer>1</integer><key>id</key><string>x</string>\
            <key>version</key><integer>2</integer><key>id</key><integer>9</integer></dict></plist>
            """
        #expect(try Self.decode(Data(xml.utf8), strict: true)?.version == 2)
        #expect(try Self.decode(Data(xml.utf8), strict: true)?.id == 9)
        var writer = BinaryPropertyListWriter()
        try writer.beginDictionary(count: 2)
        try writer.writeKey("version")
        try writer.write(Int64(1))
        try writer.writeKey("version")
        try writer.write(Int64(2))
        try writer.endDictionary()
        let binary = try writer.makeData()
        #expect(try Self.decode(binary, strict: true)?.version == 2)
    }
}
