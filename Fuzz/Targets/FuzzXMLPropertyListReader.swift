import Foundation
import ModelKit

/// libFuzzer's entry point: one input, one run of every XML property list reader property.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLPropertyListReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    XMLPropertyListReaderProperties.check(Data(UnsafeBufferPointer(start: start, count: count)))
    return 0
}

/// What must hold for any bytes given to the XML property list reader.
///
/// 1. Reading never crashes, hangs or throws anything but `MappingError`.
/// 2. The reader used directly, `PropertyListKind.value(from:)` and `Value(data:)` (both tell the format
///    from the bytes) agree whenever the bytes are told to be XML.
/// 3. What reads can also be skipped (`skipValue()`, or `finish()` on the unread root).
/// 4. Round trip: `XMLPropertyListWriter`'s output reads back as the same tree and is stable. XML property
///    lists have no null, so every tree read from one can be written.
/// 5. The tree survives JSON and binary property lists where they can hold it, and Foundation objects.
enum XMLPropertyListReaderProperties {
    static func check(_ input: Data) {
        let direct = Outcome("XMLPropertyListReader", input: input) { try read(input) }
        if PropertyListKind.detect(input) == .xml {
            let public1 = Outcome("PropertyListKind.value", input: input) { try PropertyListKind.value(from: input) }
            compare(direct, public1, "PropertyListKind.value", input: input)
        }
        if ModelFileFormat.detect(input) == .xmlPropertyList {
            let public2 = Outcome("Value(data:)", input: input) { try Value(data: input) }
            compare(direct, public2, "Value(data:)", input: input)
        }
        guard let value = direct.value else { return }

        for root in [RootHandling.skip, .leave] {
            let skipped = Outcome("XMLPropertyListReader \(root)", input: input) { try read(input, root: root) }
            if let error = skipped.error, !error.isLimit {
                propertyFailed("a property list that reads fails with the root \(root): \(error)", input: input)
            }
        }
        RoundTrip.check(value, through: .xml, origin: "XML", input: input)
        RoundTrip.checkEveryFormat(value, except: .xml, origin: "XML", input: input)
        RoundTrip.checkFoundationObjects(value, origin: "XML", input: input)
    }

    /// Reads `input` with the XML reader: the root as a tree, or skipped or left for `finish()` (giving
    /// `.null`).
    static func read(_ input: Data, root: RootHandling = .read) throws -> Value {
        try input.withUnsafeBytes { raw in
            var reader = try XMLPropertyListReader(bytes: raw, maximumDepth: 512)
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
