import Foundation
import ModelKit
import Testing

/// A binary property list made by hand, with 4-byte object references and offsets, so that it can hold more
/// objects than the 2-byte lists of `PropertyListFixtures` and nest deeper than any real writer would.
struct WideBinaryPropertyList {
    private(set) var objects: [[UInt8]] = []

    /// Adds an object's bytes and returns its reference.
    @discardableResult
    mutating func add(_ bytes: [UInt8]) -> Int {
        objects.append(bytes)
        return objects.count - 1
    }

    /// An ASCII string object's bytes (shorter than 15 characters).
    static func string(_ text: String) -> [UInt8] {
        [0x50 | UInt8(text.utf8.count)] + Array(text.utf8)
    }

    /// A reference as the 4 big-endian bytes this list uses.
    static func reference(_ index: Int) -> [UInt8] {
        (0..<4).reversed().map { UInt8(truncatingIfNeeded: index >> ($0 * 8)) }
    }

    /// The whole file, `top` its root object.
    func bytes(top: Int) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += Self.reference(offset) }
        bytes += [0, 0, 0, 0, 0, 0, 4, 4]
        for field in [UInt64(objects.count), UInt64(top), UInt64(table)] {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: field >> (UInt64($0) * 8)) }
        }
        return Data(bytes)
    }
}

/// Builds and tears down Foundation object chains without recursion.
///
/// Releasing a 100,000-deep `[String: Any]` the ordinary way frees each level from inside the release of the
/// level above — one nested release per level, which overflows the stack long before the decoder is reached.
/// The chain is therefore released from the top, one level at a time, while the next level is held.
enum DeepObjects {
    /// `{"name": "n", "children": [ … ]}`, `depth` levels, the innermost a leaf.
    static func nodeChain(depth: Int) -> [String: Any] {
        var node: [String: Any] = ["name": "leaf"]
        for _ in 0..<depth { node = ["name": "n", "children": [node] as [Any]] }
        return node
    }

    /// `[[[ … ]]]`, `depth` levels.
    static func arrayChain(depth: Int) -> [Any] {
        var node: [Any] = []
        for _ in 0..<depth { node = [node] }
        return node
    }

    /// Releases a chain that `nodeChain` or `arrayChain` built, level by level.
    static func release(_ root: inout Any?) {
        var next = root
        root = nil
        while let current = next {
            if let dictionary = current as? [String: Any] {
                next = (dictionary["children"] as? [Any])?.first
            } else {
                next = (current as? [Any])?.first
            }
        }
    }
}

@Suite("Hostile input per source: a million elements, 100,000-deep nesting", .timeLimit(.minutes(1)))
struct HostileInputPerSourceTests {
    static let million = 1_000_000

    @Test("A 1,000,000-element array in an XML property list decodes into a model's array")
    func millionXML() throws {
        var text = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>values</key><array>"#
        text.reserveCapacity(Self.million * 24)
        for index in 0..<Self.million {
            text += "<integer>"
            text += String(index)
            text += "</integer>"
        }
        text += "</array></dict></plist>"
        let data = Data(text.utf8)
        let numbers = try Numbers(data: data)
        #expect(numbers.values.count == Self.million)
        #expect(numbers.values[123_456] == 123_456)
        #expect(numbers.values.last == Self.million - 1)
    }

    @Test("A 1,000,000-element array in a binary property list decodes into a model's array")
    func millionBinary() throws {
        // One object per integer, 4-byte references and offsets: the root dictionary is object 0, its key 1,
        // the array 2, and the integers follow.
        var bytes = Array("bplist00".utf8)
        bytes.reserveCapacity(Self.million * 13 + 64)
        var offsets: [Int] = []
        offsets.reserveCapacity(Self.million + 3)
        offsets.append(bytes.count)
        bytes.append(0xD1)
        Self.appendReference(1, to: &bytes)
        Self.appendReference(2, to: &bytes)
        offsets.append(bytes.count)
        bytes.append(0x56)
        bytes.append(contentsOf: "values".utf8)
        offsets.append(bytes.count)
        // 0xAF, then the count as a 4-byte integer (0x12).
        bytes.append(0xAF)
        bytes.append(0x12)
        Self.appendReference(Self.million, to: &bytes)
        for index in 0..<Self.million { Self.appendReference(3 + index, to: &bytes) }
        for index in 0..<Self.million {
            offsets.append(bytes.count)
            bytes.append(0x12)
            Self.appendReference(index, to: &bytes)
        }
        let table = bytes.count
        for offset in offsets { Self.appendReference(offset, to: &bytes) }
        bytes += [0, 0, 0, 0, 0, 0, 4, 4]
        for field in [offsets.count, 0, table] {
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: field >> shift))
            }
        }
        let data = Data(bytes)
        let numbers = try Numbers(data: data)
        #expect(numbers.values.count == Self.million)
        #expect(numbers.values[654_321] == 654_321)
        #expect(numbers.values.last == Self.million - 1)
    }

    @Test("A 1,000,000-element [String: Any] array decodes into a model's array")
    func millionObjects() throws {
        let values: [Any] = Array(0..<Self.million)
        let numbers = try Numbers(dictionary: ["values": values])
        #expect(numbers.values.count == Self.million)
        #expect(numbers.values[500_000] == 500_000)
        #expect(numbers.values.last == Self.million - 1)
    }

    /// Appends `value` as 4 big-endian bytes.
    static func appendReference(_ value: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    @Test("100,000-deep binary property lists are tooDeep at the path where the limit was reached")
    func deepBinary() throws {
        let depth = 100_000
        var list = WideBinaryPropertyList()
        let name = list.add(WideBinaryPropertyList.string("name"))
        let children = list.add(WideBinaryPropertyList.string("children"))
        let text = list.add(WideBinaryPropertyList.string("n"))
        // Level i is the dictionary 3 + 2i holding the array 4 + 2i, which holds level i + 1.
        for level in 0..<depth {
            let array = 4 + 2 * level
            list.add([0xD2] + [name, children, text, array].flatMap(WideBinaryPropertyList.reference))
            list.add(level == depth - 1 ? [0xA0] : [0xA1] + WideBinaryPropertyList.reference(array + 1))
        }
        let nodes = list.bytes(top: 3)
        let error = #expect(throws: MappingError.self) { try Node(data: nodes) }
        #expect(error?.reason == .tooDeep(limit: 512))
        #expect(error?.path == Self.nodePath(levels: 256), "\(String(describing: error))")

        var arrays = WideBinaryPropertyList()
        for level in 0..<depth {
            arrays.add(level == depth - 1 ? [0x09] : [0xA1] + WideBinaryPropertyList.reference(level + 1))
        }
        let arrayError = #expect(throws: MappingError.self) { try Value(data: arrays.bytes(top: 0)) }
        #expect(arrayError?.reason == .tooDeep(limit: 512))
        #expect(arrayError?.path == ValuePath(Array(repeating: .index(0), count: 512)))
    }

    @Test("100,000-deep [String: Any] and [Any] are tooDeep at the path where the limit was reached")
    func deepObjects() throws {
        var nodes: Any? = DeepObjects.nodeChain(depth: 100_000)
        var arrays: Any? = DeepObjects.arrayChain(depth: 100_000)
        defer {
            DeepObjects.release(&nodes)
            DeepObjects.release(&arrays)
        }
        let error = #expect(throws: MappingError.self) { try Node(object: nodes!) }
        #expect(error?.reason == .tooDeep(limit: 512))
        #expect(error?.path == Self.nodePath(levels: 256), "\(String(describing: error))")
        #expect("\(error!)".hasPrefix("children[0].children[0].children[0]"))

        let arrayError = #expect(throws: MappingError.self) { try Value(object: arrays!) }
        #expect(arrayError?.reason == .tooDeep(limit: 512))
        #expect(arrayError?.path == ValuePath(Array(repeating: .index(0), count: 512)))

        // A limit raised past what the stack holds ends in the same error, from the stack guard.
        var unlimited = DecodingOptions()
        unlimited.maximumDepth = 1_000_000
        let guarded = #expect(throws: MappingError.self) { try Node(object: nodes!, options: unlimited) }
        guard case .tooDeep? = guarded?.reason else {
            Issue.record("expected tooDeep, got \(String(describing: guarded))")
            return
        }
        #expect(guarded.map { $0.path.components.count > 512 } == true)
    }

    /// `children[0]` repeated `levels` times.
    static func nodePath(levels: Int) -> ValuePath {
        ValuePath((0..<levels).flatMap { _ in [PathComponent.key("children"), .index(0)] })
    }
}
