import Foundation
import ModelKit

/// libFuzzer's entry point: one input, one run of every JSON reader property.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    JSONReaderProperties.check(Data(UnsafeBufferPointer(start: start, count: count)))
    return 0
}

/// What must hold for any bytes given to the JSON reader.
///
/// 1. Reading never crashes, hangs or throws anything but `MappingError`.
/// 2. The tree reader (`JSONFormat.value`) and the pull reader driven by `Value`'s generic decoding
///    (`Value(data:)`, which also tells the format from the bytes) agree: the same tree, or both fail (a depth
///    limit may be met by one path only).
/// 3. What reads as a tree can also be skipped: `skipValue()` and `finish()` on the unread root succeed.
/// 4. Round trip: the tree written by `JSONWriter` (compact, pretty, sorted) reads back as the same tree,
///    doubles to the bit, and writing it again gives the same bytes.
/// 5. A root number reads as the number Swift's own parsers make of the same text.
/// 6. The tree survives the other formats where they can hold it, and Foundation objects.
/// 7. `ModelDecoder`'s flat document of the bytes (its one-pass walk, or the reader where the walk gives up)
///    holds the same tree, or both fail (a limit may be met by one path only).
enum JSONReaderProperties {
    static func check(_ input: Data) {
        let tree = Outcome("JSONFormat.value", input: input) { try JSONFormat.value(from: input) }
        let pulled = Outcome("JSONReader + Value(from:)", input: input) {
            if ModelFileFormat.detect(input) == .json { return try Value(data: input) }
            return try JSONFormat.read(input) { reader in try Value(from: &reader, context: DecodingContext()) }
        }
        ReaderAgreement.check(tree, pulled, ways: "the tree and pull readers", input: input)
        if ModelFileFormat.detect(input) == .json { checkFlatDocument(tree, input: input) }
        guard let value = tree.value else { return }

        checkSkipping(input)
        checkRootNumber(value, input: input)
        for options in [
            JSONWriter.Options(), JSONWriter.Options(prettyPrinted: true),
            JSONWriter.Options(prettyPrinted: true, sortedKeys: true),
        ] {
            checkWriter(value, options: options, input: input)
        }
        RoundTrip.checkEveryFormat(value, except: .json, origin: "JSON", input: input)
        RoundTrip.checkFoundationObjects(value, origin: "JSON", input: input)
    }

    /// The flat document that `ModelDecoder` reads for `Codable` types agrees with the tree reader.
    static func checkFlatDocument(_ tree: Outcome<Value>, input: Data) {
        let flat = Outcome("ModelDecoder (flat document)", input: input) {
            try ModelDecoder().decode(Value.self, from: input)
        }
        ReaderAgreement.check(tree, flat, ways: "the tree reader and the flat document", input: input)
    }

    /// A document that reads must also skip: the skipping scan accepts a superset of the full grammar.
    static func checkSkipping(_ input: Data) {
        let skipped = Outcome("JSONReader.skipValue", input: input) {
            try JSONFormat.read(input) { reader in try reader.skipValue() }
        }
        let unread = Outcome("JSONReader.finish", input: input) { try JSONFormat.read(input) { _ in () } }
        for case .failure(let error) in [skipped, unread] where !error.isLimit {
            propertyFailed("a document that reads cannot be skipped: \(error)", input: input)
        }
    }

    /// The compact, pretty and sorted outputs read back as the tree, and are stable.
    static func checkWriter(_ value: Value, options: JSONWriter.Options, input: Data) {
        let written: Data
        do {
            written = try JSONFormat.data(from: value, options: options)
        } catch {
            propertyFailed("JSONWriter \(options) rejects a tree the reader made: \(error)", input: input)
        }
        let back: Value
        do {
            back = try JSONFormat.value(from: written)
        } catch {
            propertyFailed(
                "JSONWriter \(options) wrote what the reader rejects (\(error)): "
                    + written.prefix(512).base64EncodedString(),
                input: input)
        }
        var rules = ValueComparison.Rules()
        rules.keyOrder = !options.sortedKeys
        if let difference = ValueComparison.firstDifference(value, back, rules: rules) {
            propertyFailed("JSON \(options) round trip differs at \(difference)", input: input)
        }
        if options.sortedKeys && !back.hasSortedKeys {
            propertyFailed("JSONWriter with sortedKeys wrote keys out of UTF-8 order", input: input)
        }
        let again = try? JSONFormat.data(from: back, options: options)
        if again != written {
            propertyFailed("JSON \(options) output is not stable when written again", input: input)
        }
    }

    /// A document that is one number must read as Swift's parsers read the same text: a differential test
    /// of the fast integer and Clinger paths against the standard library.
    static func checkRootNumber(_ value: Value, input: Data) {
        var bytes = Array(input)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        while let last = bytes.last, whitespace.contains(last) { bytes.removeLast() }
        while let first = bytes.first, whitespace.contains(first) { bytes.removeFirst() }
        let text = String(decoding: bytes, as: UTF8.self)
        switch value {
        case .integer(let number):
            if Int64(text) != number {
                let swift = String(describing: Int64(text))
                propertyFailed("\(text) read as the integer \(number), Swift reads \(swift)", input: input)
            }
        case .unsignedInteger(let number):
            if number <= UInt64(Int64.max) || UInt64(text) != number {
                propertyFailed("\(text) read as the unsigned integer \(number)", input: input)
            }
        case .double(let number):
            guard let expected = Double(text) else {
                propertyFailed("\(text) read as \(number), which Swift does not parse", input: input)
            }
            if !ValueComparison.sameBits(number, expected) {
                let got = ValueComparison.describe(number)
                propertyFailed("\(text) read as \(got), nearest is \(ValueComparison.describe(expected))", input: input)
            }
        default:
            break
        }
    }
}
