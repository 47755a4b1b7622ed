import Foundation
import ModelKit

/// What must hold for any bytes given to a property list reader, binary or XML; each reader's target names
/// its reader and format.
///
/// 1. Reading never crashes, hangs or throws anything but `MappingError`.
/// 2. The reader used directly, `PropertyListKind.value(from:)` and `Value(data:)` (both tell the format from
///    the bytes) agree whenever the bytes are told to be of the reader's format.
/// 3. What reads can also be skipped (`skipValue()`, or `finish()` on the unread root).
/// 4. Round trip: where the tree holds no null (neither format can write one back), the format's writer's
///    output reads back as the same tree and is stable.
/// 5. The tree survives the other formats where they can hold it, and Foundation objects.
struct PropertyListReaderProperties<Reader: PropertyListReader>: Sendable {
    var kind: PropertyListKind
    var fileFormat: ModelFileFormat
    var format: RoundTripFormat
    /// The format's name in the round trips' messages.
    var origin: String
    /// Whether skipping may meet a nesting or size limit that reading the tree did not.
    var skippingMayMeetLimit: Bool

    func check(_ input: Data) {
        let direct = Outcome("\(Reader.self)", input: input) { try read(input, root: .read) }
        if PropertyListKind.detect(input) == kind {
            let viaKind = Outcome("PropertyListKind.value", input: input) { try PropertyListKind.value(from: input) }
            ReaderAgreement.check(direct, viaKind, ways: "the reader and PropertyListKind.value", input: input)
        }
        if ModelFileFormat.detect(input) == fileFormat {
            let viaData = Outcome("Value(data:)", input: input) { try Value(data: input) }
            ReaderAgreement.check(direct, viaData, ways: "the reader and Value(data:)", input: input)
        }
        guard let value = direct.value else { return }

        for root in [RootHandling.skip, .leave] {
            let skipped = Outcome("\(Reader.self) \(root)", input: input) { try read(input, root: root) }
            if let error = skipped.error, !(skippingMayMeetLimit && error.isLimit) {
                propertyFailed("a property list that reads fails with the root \(root): \(error)", input: input)
            }
        }
        if !value.containsNull {
            RoundTrip.check(value, through: format, origin: origin, input: input)
        }
        RoundTrip.checkEveryFormat(value, except: format, origin: origin, input: input)
        RoundTrip.checkFoundationObjects(value, origin: origin, input: input)
    }

    /// Reads `input` with the reader: the root as a tree, or skipped or left for `finish()` (giving `.null`).
    func read(_ input: Data, root: RootHandling) throws -> Value {
        try input.withUnsafeBytes { raw in
            var reader = try Reader(bytes: raw, maximumDepth: 512)
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
}

/// A property list reader as the targets drive it: made over the bytes, and checking with `finish()` that
/// nothing follows the root.
protocol PropertyListReader: ModelReader {
    init(bytes: UnsafeRawBufferPointer, maximumDepth: Int) throws
    mutating func finish() throws
}

extension BinaryPropertyListReader: PropertyListReader {}
extension XMLPropertyListReader: PropertyListReader {}
