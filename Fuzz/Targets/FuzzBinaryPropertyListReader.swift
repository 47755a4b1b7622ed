import Foundation
import ModelKit

/// libFuzzer's entry point: one input, one run of every binary property list reader property.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBinaryPropertyListReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    binaryPropertyListReaderProperties.check(Data(UnsafeBufferPointer(start: start, count: count)))
    return 0
}

/// What must hold for any bytes given to the binary property list reader: the properties of
/// ``PropertyListReaderProperties``, where reading also never reads out of bounds (ASan) and shared references
/// cannot expand a small file into a huge tree, and round trips keep doubles and dates to the bit. A tree that
/// holds a null (the format's null object) is not written back.
let binaryPropertyListReaderProperties = PropertyListReaderProperties<BinaryPropertyListReader>(
    kind: .binary, fileFormat: .binaryPropertyList, format: .binary, origin: "binary", skippingMayMeetLimit: false)
