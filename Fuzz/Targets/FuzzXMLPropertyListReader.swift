import Foundation
import ModelKit

/// libFuzzer's entry point: one input, one run of every XML property list reader property.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLPropertyListReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    xmlPropertyListReaderProperties.check(Data(UnsafeBufferPointer(start: start, count: count)))
    return 0
}

/// What must hold for any bytes given to the XML property list reader: the properties of
/// ``PropertyListReaderProperties``. XML property lists have no null, so every tree read from one is written
/// back; skipping may meet a nesting limit that reading the tree did not.
let xmlPropertyListReaderProperties = PropertyListReaderProperties<XMLPropertyListReader>(
    kind: .xml, fileFormat: .xmlPropertyList, format: .xml, origin: "XML", skippingMayMeetLimit: true)
