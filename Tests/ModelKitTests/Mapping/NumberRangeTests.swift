import Foundation
import ModelKit
import Testing

@DictionaryModel
struct RangedCounter: Equatable {
    var count: Int = -1
    var ratio: Double = 0
    var next = ""
}

/// A number that its property's type cannot hold is the same out-of-range value from every source: a default
/// and a note in lenient mode, `numberOutOfRange` at the property's path in strict mode, and never a rounded
/// value or a malformed document.
@Suite("Numbers out of range")
struct NumberRangeTests {
    static let integerLiterals = ["-9223372036854775809", "-9223372036854775999", "18446744073709551616"]

    /// One source of `{key: number, "next": "after"}`.
    struct Source: CustomStringConvertible {
        var description: String
        var decode: (DecodingOptions) throws -> Decoded<RangedCounter>
    }

    static func json(_ key: String, _ literal: String) -> Source {
        let data = Data(#"{"\#(key)": \#(literal), "next": "after"}"#.utf8)
        return Source(description: "JSON \(key): \(literal)") { try RangedCounter.decode(data: data, options: $0) }
    }

    static func xml(_ key: String, _ literal: String) -> Source {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>\(key)</key><integer>\(literal)</integer>\
            <key>next</key><string>after</string></dict></plist>
            """
        let data = Data(text.utf8)
        return Source(description: "XML \(key): \(literal)") { try RangedCounter.decode(data: data, options: $0) }
    }

    /// A binary list whose value under `key` is the 16-byte integer `high`:`low`.
    static func binary(_ key: String, high: UInt64, low: UInt64) -> Source {
        func bigEndian(_ number: UInt64) -> [UInt8] {
            (0..<8).reversed().map { UInt8(truncatingIfNeeded: number >> (UInt64($0) * 8)) }
        }
        func ascii(_ text: String) -> [UInt8] { [0x50 | UInt8(text.utf8.count)] + Array(text.utf8) }
        let bytes = PropertyListFixtures.binaryList([
            [0xD2, 1, 2, 3, 4], ascii(key), ascii("next"), [0x14] + bigEndian(high) + bigEndian(low), ascii("after"),
        ])
        return Source(description: "binary \(key): 0x\(String(high, radix: 16))_\(String(low, radix: 16))") {
            try RangedCounter.decode(data: Data(bytes), options: $0)
        }
    }

    static func object(_ key: String, _ number: Any) -> Source {
        Source(description: "[String: Any] \(key): \(number) (\(type(of: number)))") {
            try RangedCounter.decode(object: [key: number, "next": "after"] as [String: Any], options: $0)
        }
    }

    /// Every source of a value that does not fit in `count: Int`.
    static var countSources: [Source] {
        var sources: [Source] = []
        for literal in integerLiterals + ["1e400", "-1e400"] { sources.append(json("count", literal)) }
        for literal in integerLiterals { sources.append(xml("count", literal)) }
        sources += [
            // -2^63 - 1, -2^63 - 191 and 2^64 in 128 bits; a binary list cannot hold 1e400.
            binary("count", high: .max, low: UInt64(Int64.max)),
            binary("count", high: .max, low: UInt64(Int64.max) - 190),
            binary("count", high: 1, low: 0),
        ]
        for literal in integerLiterals {
            // `JSONSerialization` hands huge integers over as `NSDecimalNumber`; `Decimal` cannot hold 1e400.
            sources.append(object("count", NSDecimalNumber(string: literal)))
            sources.append(object("count", Decimal(string: literal)!))
        }
        return sources
    }

    /// Every source of a value that does not fit in `ratio: Double`.
    static var ratioSources: [Source] { [json("ratio", "1e400"), json("ratio", "-1e400")] }

    static func check(_ source: Source, key: String) throws {
        let decoded = try source.decode(DecodingOptions())
        #expect(decoded.model.count == -1, "\(source)")
        #expect(decoded.model.ratio == 0, "\(source)")
        #expect(decoded.model.next == "after", "\(source): the key after the bad value is read")
        let notes = decoded.diagnostics.map(\.description).filter { $0.hasPrefix("\(key):") }
        #expect(notes.count == 1, "\(source): \(notes)")
        #expect(notes.allSatisfy { $0.contains("does not fit") && $0.hasSuffix("default used") }, "\(source): \(notes)")

        let error = #expect(throws: MappingError.self, "\(source)") { try source.decode(.strict) }
        guard case .numberOutOfRange = error?.reason else {
            Issue.record("\(source): strict mode threw \(String(describing: error))")
            return
        }
        #expect(error?.path.description == key, "\(source)")
    }

    @Test("An integer property: the default and a note, or an out-of-range error at its path")
    func integerOutOfRange() throws {
        for source in Self.countSources { try Self.check(source, key: "count") }
    }

    @Test("A Double property: 1e400 is out of range, not a malformed document")
    func doubleOutOfRange() throws {
        for source in Self.ratioSources { try Self.check(source, key: "ratio") }
    }

    @Test("Huge integers are ordinary values for a Double property")
    func hugeIntegersIntoDouble() throws {
        for literal in Self.integerLiterals {
            let decoded = try Self.json("ratio", literal).decode(.strict)
            #expect(decoded.model.ratio == Double(literal), "\(literal)")
            #expect(decoded.model.next == "after")
        }
    }

    @Test("A tree of JSON with 1e400 fails with an out-of-range error at the number's path")
    func treeOutOfRange() throws {
        let error = #expect(throws: MappingError.self) {
            try JSONFormat.value(from: Data(#"{"a": [1, 1e400]}"#.utf8))
        }
        #expect(error?.reason == .numberOutOfRange(expected: "Double", found: "1e400"))
        #expect(error?.path.description == "a[1]")
    }

    @Test("A 16-byte integer is signed 128 bits: those that fit read, the others are out of range")
    func binaryIntegerWidths() throws {
        func read(high: UInt64, low: UInt64) throws -> Value {
            let bytes =
                [UInt8](repeating: 0, count: 0)
                + (0..<8).reversed().map { UInt8(truncatingIfNeeded: high >> (UInt64($0) * 8)) }
                + (0..<8).reversed().map { UInt8(truncatingIfNeeded: low >> (UInt64($0) * 8)) }
            return try PropertyListFixtures.readBinary(PropertyListFixtures.binaryList([[0x14] + bytes]))
        }
        #expect(try read(high: .max, low: UInt64(bitPattern: Int64.min)) == .integer(.min))
        #expect(try read(high: .max, low: .max) == -1)
        #expect(try read(high: 0, low: .max) == .unsignedInteger(.max))
        for (high, low, text) in [
            (UInt64(1), UInt64(0), "18446744073709551616"), (.max, UInt64(Int64.max), "-9223372036854775809"),
            (1 << 63, 0, "-170141183460469231731687303715884105728"),
        ] {
            let error = #expect(throws: MappingError.self) { try read(high: high, low: low) }
            #expect(error?.reason == .numberOutOfRange(expected: "a 64-bit integer", found: text))
        }
    }
}
