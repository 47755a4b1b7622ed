import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// Values through our writers and Foundation's, read back by our readers and Foundation's.
@Suite("Property list round trips")
struct PropertyListRoundTripTests {
    @Test(
        "generated values → our writers → Foundation and our readers read them back unchanged",
        arguments: [PropertyListKind.xml, .binary])
    func ourWritersRoundTrip(format: PropertyListKind) throws {
        var generator = SplitMix64(seed: format == .xml ? 1 : 2)
        for round in 0..<150 {
            let value = PropertyListFixtures.randomValue(&generator)
            let data = try PropertyListKind.data(from: value, format: format)
            #expect(PropertyListKind.detect(data) == format)
            let ours = try PropertyListKind.value(from: data)
            #expect(
                PropertyListFixtures.firstDifference(ours, value) == nil, "round \(round): we read back \(ours)")
            switch PropertyListFixtures.foundationValue(data) {
            case .success(let foundation):
                #expect(
                    PropertyListFixtures.firstDifference(foundation, PropertyListFixtures.sortedKeys(value)) == nil,
                    "round \(round): Foundation reads \(foundation)")
            case .failure(let error):
                Issue.record("round \(round): Foundation rejects our \(format) output: \(error)")
            }
        }
    }

    @Test(
        "Foundation-written XML and binary lists → our readers read the same values",
        arguments: [PropertyListKind.xml, .binary])
    func foundationWritersRoundTrip(format: PropertyListKind) throws {
        var generator = SplitMix64(seed: format == .xml ? 3 : 4)
        for round in 0..<150 {
            // Foundation's root must be a container for it to write every kind.
            let value = Value.array([PropertyListFixtures.randomValue(&generator)])
            let object = try #require(PropertyListFixtures.foundationObject(value))
            let data = try PropertyListSerialization.data(
                fromPropertyList: object, format: format == .xml ? .xml : .binary, options: 0)
            let ours = PropertyListFixtures.sortedKeys(try PropertyListKind.value(from: data))
            // Foundation's own reading is the reference: its XML writer loses the sign of -0.0 ("0.0").
            guard case .success(let foundation) = PropertyListFixtures.foundationValue(data) else {
                Issue.record("round \(round): Foundation cannot read its own output")
                continue
            }
            #expect(
                PropertyListFixtures.firstDifference(ours, foundation) == nil,
                "round \(round): Foundation's \(format) list of \(value)")
            if format == .binary {
                #expect(PropertyListFixtures.firstDifference(ours, PropertyListFixtures.sortedKeys(value)) == nil)
            }
        }
    }

    @Test("binary lists keep what XML cannot: fractions of a second, NaN's bits, Float widening")
    func binaryKeepsExactBits() throws {
        let value: Value = [
            "date": .date(Date(timeIntervalSinceReferenceDate: 12.345_678_9)),
            "nan": .double(-.nan),
            "negativeZero": .double(-0.0),
            "tiny": .double(.leastNonzeroMagnitude),
        ]
        let data = try PropertyListKind.data(from: value, format: .binary)
        #expect(PropertyListFixtures.identical(try PropertyListKind.value(from: data), value))
        guard case .success(let foundation) = PropertyListFixtures.foundationValue(data) else {
            Issue.record("Foundation rejects the list")
            return
        }
        #expect(foundation["date"] == value["date"])
        #expect(foundation["negativeZero"].map { PropertyListFixtures.identical($0, .double(-0.0)) } == true)
    }

    @Test("XML keeps whole seconds of a date, as Foundation's XML does")
    func xmlDatesAreWholeSeconds() throws {
        let date = Date(timeIntervalSinceReferenceDate: 86_400.75)
        let data = try PropertyListKind.data(from: .date(date), format: .xml)
        #expect(String(decoding: data, as: UTF8.self).contains("<date>2001-01-02T00:00:00Z</date>"))
        #expect(try PropertyListKind.value(from: data) == .date(Date(timeIntervalSinceReferenceDate: 86_400)))
    }

    @Test("a Decimal is written as a real with its own digits in XML and read back exactly by readDecimal")
    func decimalsKeepTheirDigits() throws {
        let decimal = try #require(Decimal(string: "0.1"))
        var writer = XMLPropertyListWriter()
        try writer.write(decimal)
        let data = try writer.makeData()
        #expect(String(decoding: data, as: UTF8.self).contains("<real>0.1</real>"))
        try data.withUnsafeBytes { bytes in
            var reader = try XMLPropertyListReader(bytes: bytes)
            #expect(try reader.readDecimal() == decimal)
            try reader.finish()
        }
        let binary = try PropertyListKind.data(from: .decimal(decimal), format: .binary)
        #expect(try PropertyListKind.value(from: binary) == .double(0.1))
    }
}
