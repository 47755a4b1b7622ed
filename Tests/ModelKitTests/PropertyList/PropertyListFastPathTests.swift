import Foundation
import ModelKit
import Testing

/// A record whose nested value reads some of the same key names as a different model, so that one key object
/// of a binary list is looked up in two tables.
@DictionaryModel
struct SharedKeyRecord: Equatable {
    var id = 0
    var name = ""
    var inner: SharedKeyInner?
}

@DictionaryModel
struct SharedKeyInner: Equatable {
    var name = 0.0
    var other = ""
}

/// Binary property lists store each distinct key string once and share it between dictionaries; the byte
/// reader must give the same models as the Foundation objects of the same list.
@Suite("Binary property lists with shared key objects")
struct PropertyListFastPathTests {
    @Test("key objects shared by many dictionaries and tables decode as the same tree does")
    func sharedKeyObjects() throws {
        // Foundation stores each distinct key string once; 300 extra keys push lookups past any small cache.
        var records: [[String: Any]] = []
        for number in 0..<40 {
            var record: [String: Any] = [
                "id": number, "name": "n\(number)", "inner": ["name": Double(number), "id": 9],
            ]
            for extra in 0..<(number % 3 == 0 ? 300 : 2) { record["extra\(extra)"] = extra }
            if number % 2 == 0 { record["inner"] = ["other": "o", "name": 1.5, "extra7": 7] }
            records.append(record)
        }
        let data = try PropertyListSerialization.data(fromPropertyList: records, format: .binary, options: 0)
        let fromBinary = try [SharedKeyRecord](data: data)
        let fromObjects = try [SharedKeyRecord](object: records)
        #expect(fromBinary == fromObjects)
        #expect(fromBinary.count == 40)
        #expect(fromBinary[1] == SharedKeyRecord(id: 1, name: "n1", inner: SharedKeyInner(name: 1, other: "")))
        #expect(fromBinary[2] == SharedKeyRecord(id: 2, name: "n2", inner: SharedKeyInner(name: 1.5, other: "o")))
    }
}
