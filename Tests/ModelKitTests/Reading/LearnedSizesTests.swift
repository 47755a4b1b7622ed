import Foundation
import Testing

@testable import ModelKit

@DictionaryModel
struct SizedRecord: Equatable {
    var values: [Int] = []
    var rows: [[Int]] = []
    var counts: [String: Int] = [:]
    var optionalValues: [Int]?
}

/// JSON for a record with `count` values, rows of `rowLength` and `count` entries.
private func sizedRecord(count: Int, rows: Int, rowLength: Int) -> Data {
    let values = (0..<count).map(String.init).joined(separator: ",")
    let row = "[" + (0..<rowLength).map(String.init).joined(separator: ",") + "]"
    let entries = (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
    let json =
        "{\"values\": [\(values)], \"rows\": [" + Array(repeating: row, count: rows).joined(separator: ",")
        + "], \"counts\": {\(entries)}, \"optionalValues\": [\(values)]}"
    return Data(json.utf8)
}

// Serialized: the tests teach one table, and check what it learned.
@Suite("Learned collection sizes", .serialized)
struct LearnedSizesTests {
    @Test("A field's collection reserves the size the last one under its key had")
    func fieldSizes() throws {
        let table = SizedRecord.modelKeys.table(for: .typeDefault)
        let first = try SizedRecord(data: sizedRecord(count: 300, rows: 0, rowLength: 0))
        #expect(first.values == Array(0..<300) && first.optionalValues == Array(0..<300))
        // Grown from four, the first array has more room than it needs.
        #expect(first.values.capacity > 310)
        #expect(table.learnedSizes.size(ofKeyAt: 0) == 300)
        #expect(table.learnedSizes.size(ofKeyAt: 2) == 300)
        #expect(table.learnedSizes.size(ofKeyAt: 3) == 300)
        let second = try SizedRecord(data: sizedRecord(count: 300, rows: 0, rowLength: 0))
        #expect(second == first)
        #expect(second.values.capacity >= 300 && second.values.capacity <= 310)
        #expect(second.optionalValues!.capacity <= 310)
        // A smaller one is learned in turn, and decodes the same.
        let third = try SizedRecord(data: sizedRecord(count: 3, rows: 0, rowLength: 0))
        #expect(third.values == [0, 1, 2] && third.counts == ["k0": 0, "k1": 1, "k2": 2])
        #expect(table.learnedSizes.size(ofKeyAt: 0) == 3)
    }

    @Test("In an array of arrays, each inner array reserves the size of the one before")
    func siblingSizes() throws {
        let record = try SizedRecord(data: sizedRecord(count: 0, rows: 4, rowLength: 50))
        #expect(record.rows == Array(repeating: Array(0..<50), count: 4))
        // The first grew from four to more than it needs; the others reserved 50.
        #expect(record.rows[0].capacity > 55)
        #expect(record.rows[1...].allSatisfy { $0.capacity >= 50 && $0.capacity <= 55 })
    }

    @Test("Sizes that change from one value to the next never change what is decoded")
    func changingSizes() throws {
        for (count, rows, rowLength) in [(0, 0, 0), (1000, 3, 200), (1, 7, 0), (64, 1, 1), (0, 2, 3), (5, 0, 9)] {
            let data = sizedRecord(count: count, rows: rows, rowLength: rowLength)
            let decoded = try SizedRecord(data: data)
            #expect(decoded == (try SizedRecord(value: JSONFormat.value(from: data))))
            #expect(decoded.values.count == count && decoded.counts.count == count)
            #expect(decoded.rows.count == rows && decoded.rows.allSatisfy { $0.count == rowLength })
        }
    }

    @Test("Room reserved for an expected size is capped by a mebibyte and the options' maximum")
    func reservationCap() {
        let context = DecodingContext()
        #expect(context.reservation(forExpected: 10, of: Int.self) == 10)
        #expect(context.reservation(forExpected: 10_000_000, of: Int.self) == (1 << 20) / 8)
        #expect(context.reservation(forExpected: 10_000_000, of: (String, Int).self) == (1 << 20) / 24)
        var options = DecodingOptions()
        options.maximumCollectionCount = 7
        #expect(DecodingContext(options: options).reservation(forExpected: 100, of: UInt8.self) == 7)
    }

    @Test("A size expected is taken once: the collections inside the one that takes it expect nothing")
    func takenOnce() {
        let context = DecodingContext()
        context.collectionSize = 40
        #expect(context.takeExpectedCollectionSize() == 40)
        #expect(context.takeExpectedCollectionSize() == 0)
    }
}
