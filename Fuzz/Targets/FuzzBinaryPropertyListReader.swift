import Foundation
import ModelKit

/// libFuzzer's entry point: one input, one run of every binary property list reader property.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBinaryPropertyListReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    BinaryPropertyListReaderProperties.check(Data(UnsafeBufferPointer(start: start, count: count)))
    return 0
}

/// What must hold for any bytes given to the binary property list reader.
///
/// 1. Reading never crashes, hangs, reads out of bounds (ASan) or throws anything but `MappingError`, and
///    shared references cannot expand a small file into a huge tree.
/// 2. The reader used directly, `PropertyListKind.value(from:)` and `Value(data:)` agree whenever the bytes
///    are told to be binary.
/// 3. What reads can also be skipped (`skipValue()`, or `finish()` on the unread root).
/// 4. Round trip: where the tree holds no null (the format's null object cannot be written back),
///    `BinaryPropertyListWriter`'s output reads back as the same tree, doubles and dates to the bit, and is
///    stable.
/// 5. The tree survives JSON and XML where they can hold it, and Foundation objects.
enum BinaryPropertyListReaderProperties {
    static func check(_ input: Data) {
        let direct = Outcome("BinaryPropertyListReader", input: input) { try read(input) }
        if PropertyListKind.detect(input) == .binary {
            let viaKind = Outcome("PropertyListKind.value", input: input) { try PropertyListKind.value(from: input) }
            compare(direct, viaKind, "PropertyListKind.value", input: input)
        }
        if ModelFileFormat.detect(input) == .binaryPropertyList {
            let viaData = Outcome("Value(data:)", input: input) { try Value(data: input) }
            compare(direct, viaData, "Value(data:)", input: input)
        }
        guard let value = direct.value else { return }

        for root in [RootHandling.skip, .leave] {
            let skipped = Outcome("BinaryPropertyListReader \(root)", input: input) { try read(input, root: root) }
            if let error = skipped.error {
                propertyFailed("a property list that reads fails with the root \(root): \(error)", input: input)
            }
        }
        if !value.containsNull {
            RoundTrip.check(value, through: .binary, origin: "binary", input: input)
        }
        RoundTrip.checkEveryFormat(value, except: .binary, origin: "binary", input: input)
        RoundTrip.checkFoundationObjects(value, origin: "binary", input: input)
    }

    /// Reads `input` with the binary reader: the root as a tree, or skipped or left for `finish()` (giving
    /// `.null`).
    static func read(_ input: Data, root: RootHandling = .read) throws -> Value {
        try input.withUnsafeBytes { raw in
            var reader = try BinaryPropertyListReader(bytes: raw, maximumDepth: 512)
            var value = Value.null
            switch root {
            case .read: value = try Value(from: &reader, context: DecodingContext())
            case .skip: try reader.skipValue()
            case .leave: break
            }
            try reader.finish()
            return value
        }
    }

    static func compare(_ direct: Outcome<Value>, _ other: Outcome<Value>, _ name: String, input: Data) {
        switch (direct, other) {
        case (.success(let a), .success(let b)):
            if let difference = ValueComparison.firstDifference(a, b) {
                propertyFailed("the reader and \(name) disagree at \(difference)", input: input)
            }
        case (.success, .failure(let error)), (.failure(let error), .success):
            if !error.isLimit { propertyFailed("only one of the reader and \(name) fails: \(error)", input: input) }
        case (.failure, .failure):
            break
        }
    }
}
