import Foundation
import ModelKit
import ModelKitTestSupport
import Testing

/// The leaves a bridged object can land in.
@DictionaryModel
struct BridgedLeaves: Equatable {
    var text = ""
    var int = 0
    var link: URL?
    var note: String?
    var date = Date(timeIntervalSince1970: 0)
    var data = Data()
}

/// A small nested model.
@DictionaryModel
struct BridgedChild: Equatable {
    var name = ""
    var count = 0
}

/// Containers of models and scalars at every level.
@DictionaryModel
struct BridgedTree: Equatable {
    var title = ""
    var child: BridgedChild?
    var children: [BridgedChild] = []
    var tags: [String] = []
    var scores: [String: Int] = [:]
    var matrix: [[Int]] = []
}

/// A plain `Codable` type, decoded by ``ModelDecoder`` without the macro.
struct BridgedCodable: Codable, Equatable {
    var name: String
    var count: Int
    var flag: Bool
}

/// Foundation's class-cluster objects, built explicitly: on Apple platforms they are what every `[String: Any]`
/// from `JSONSerialization`, `PropertyListSerialization` or `NSDictionary` holds (`__NSCFString`,
/// `NSTaggedPointerString`, `__NSArrayI`, `__NSDictionaryI`, `__NSCFDate`…), where Linux mostly hands over
/// Swift values. Each must read as the Swift value it bridges to.
@Suite("NSString, NSArray, NSDictionary, NSNull, NSDate and NSData read as their Swift values")
struct BridgedObjectTests {
    /// The tree every test below builds from Foundation objects, as Swift values.
    static let expectedTree = BridgedTree(
        title: "木", child: BridgedChild(name: "a", count: 1),
        children: [BridgedChild(name: "b", count: 2), BridgedChild(name: "c", count: 3)], tags: ["x", "y"],
        scores: ["p": 1, "q": 2], matrix: [[1, 2], [3]])

    @Test("NSString and NSMutableString into String, URL and Int, in both modes")
    func strings() throws {
        let strict = try BridgedLeaves(
            dictionary: [
                "text": NSString(string: "張三"), "link": NSMutableString(string: "https://example.com/a?b=1"),
                "note": NSMutableString(string: "mutable"),
            ],
            options: .strict)
        #expect(strict.text == "張三")
        #expect(strict.link == URL(string: "https://example.com/a?b=1"))
        #expect(strict.note == "mutable")

        let lenient = try BridgedLeaves.decode(object: ["int": NSString(string: " 42 ")])
        #expect(lenient.model.int == 42)
        #expect(lenient.diagnostics.map(\.description).contains(#"int: converted string " 42 " to Int"#))
        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: #"string "42""#), at: ValuePath("int"))) {
            try BridgedLeaves(dictionary: ["int": NSString(string: "42")], options: .strict)
        }
        // A string that is a valid NSString but no URL stays an error, as with a Swift String.
        #expect(throws: MappingError(.typeMismatch(expected: "URL", found: #"string """#), at: ValuePath("link"))) {
            try BridgedLeaves(dictionary: ["link": NSString(string: "")], options: .strict)
        }
    }

    @Test("NSString keys of an NSDictionary match property names")
    func stringKeys() throws {
        let dictionary = NSMutableDictionary()
        dictionary[NSString(string: "text")] = NSString(string: "value")
        dictionary[NSMutableString(string: "int")] = NSNumber(value: 7)
        let model = try BridgedLeaves(object: dictionary, options: .strict)
        #expect(model.text == "value" && model.int == 7)
    }

    /// The expected tree built from `NSDictionary`/`NSMutableDictionary`/`NSArray`/`NSMutableArray`, strings as
    /// `NSString` and numbers as `NSNumber`, nested at every level.
    static func foundationTree() -> NSDictionary {
        let child = NSMutableDictionary()
        child["name"] = NSString(string: "a")
        child["count"] = NSNumber(value: 1)
        let children = NSMutableArray()
        children.add(NSDictionary(dictionary: ["name": NSString(string: "b"), "count": NSNumber(value: 2)]))
        children.add(
            NSMutableDictionary(dictionary: ["name": NSMutableString(string: "c"), "count": NSNumber(value: 3)]))
        let matrix = NSArray(array: [
            NSArray(array: [NSNumber(value: 1), NSNumber(value: 2)]), NSMutableArray(array: [3]),
        ])
        return NSDictionary(dictionary: [
            "title": NSString(string: "木"), "child": child, "children": children,
            "tags": NSArray(array: [NSString(string: "x"), NSMutableString(string: "y")]),
            "scores": NSMutableDictionary(dictionary: ["p": NSNumber(value: 1), "q": NSNumber(value: 2)]),
            "matrix": matrix,
        ])
    }

    @Test("NSDictionary as the root and nested NSDictionary, NSMutableDictionary, NSArray and NSMutableArray")
    func nestedContainers() throws {
        let root = Self.foundationTree()
        #expect(try BridgedTree(object: root, options: .strict) == Self.expectedTree)
        // The same objects under a Swift dictionary root.
        var swiftRoot: [String: Any] = [:]
        for (key, value) in root { swiftRoot[key as! String] = value }
        #expect(try BridgedTree(dictionary: swiftRoot, options: .strict) == Self.expectedTree)
        // A changed leaf deep inside must show, so the comparison above is not vacuous.
        let changed = root.mutableCopy() as! NSMutableDictionary
        changed["matrix"] = NSArray(array: [NSArray(array: [NSNumber(value: 9)])])
        #expect(try BridgedTree(object: changed).matrix == [[9]])
    }

    @Test("NSArray and NSMutableArray as the root of an array of models")
    func arrayRoot() throws {
        let elements = [
            NSDictionary(dictionary: ["name": NSString(string: "b"), "count": NSNumber(value: 2)]),
            NSMutableDictionary(dictionary: ["name": "c", "count": 3]),
        ]
        let expected = [BridgedChild(name: "b", count: 2), BridgedChild(name: "c", count: 3)]
        #expect(try [BridgedChild](object: NSArray(array: elements), options: .strict) == expected)
        #expect(try [BridgedChild](object: NSMutableArray(array: elements), options: .strict) == expected)
        #expect(try [BridgedChild](object: NSArray(), options: .strict) == [])
    }

    @Test("NSNull: nil for an optional, the default with a note in lenient mode, an error in strict mode")
    func null() throws {
        let dictionary = NSDictionary(dictionary: ["note": NSNull(), "text": NSNull(), "int": NSNumber(value: 3)])
        let lenient = try BridgedLeaves.decode(object: dictionary)
        #expect(lenient.model.note == nil && lenient.model.text == "" && lenient.model.int == 3)
        #expect(lenient.diagnostics.map(\.description).contains("text: null, default used"))
        #expect(throws: MappingError(.typeMismatch(expected: "String", found: "null"), at: ValuePath("text"))) {
            try BridgedLeaves(object: NSDictionary(dictionary: ["text": NSNull()]), options: .strict)
        }
        #expect(try BridgedLeaves(object: NSDictionary(dictionary: ["note": NSNull()]), options: .strict).note == nil)
        let withNulls = try [BridgedChild].decode(object: NSArray(array: [NSNull(), ["name": "a"]]))
        #expect(withNulls.model == [BridgedChild(name: "a")])
    }

    @Test("NSDate and NSData into Date and Data")
    func dateAndData() throws {
        let model = try BridgedLeaves(
            object: NSDictionary(dictionary: [
                "date": NSDate(timeIntervalSince1970: 1_234_567_890.5),
                "data": NSData(bytes: [0, 1, 0xFF] as [UInt8], length: 3),
            ]),
            options: .strict)
        #expect(model.date == Date(timeIntervalSince1970: 1_234_567_890.5))
        #expect(model.data == Data([0, 1, 0xFF]))
        let mutable = NSMutableData()
        mutable.append(Data([7, 8]))
        #expect(try BridgedLeaves(dictionary: ["data": mutable], options: .strict).data == Data([7, 8]))
    }

    @Test("ModelDecoder reads a plain Codable type from an NSDictionary, and from NSData holding JSON")
    func codableFromBridgedObjects() throws {
        let dictionary = NSDictionary(dictionary: [
            "name": NSString(string: "n"), "count": NSNumber(value: Int16(5)), "flag": NSNumber(value: true),
        ])
        let expected = BridgedCodable(name: "n", count: 5, flag: true)
        #expect(try ModelDecoder().decode(BridgedCodable.self, from: dictionary as Any) == expected)
        #expect(throws: MappingError(.typeMismatch(expected: "Bool", found: "number 1"), at: ValuePath("flag"))) {
            try ModelDecoder(options: .strict).decode(
                BridgedCodable.self,
                from: NSDictionary(dictionary: ["name": "n", "count": 5, "flag": NSNumber(value: 1)]) as Any)
        }
        let json = NSData(data: Data(#"{"name": "n", "count": 5, "flag": true}"#.utf8))
        #expect(try ModelDecoder().decode(BridgedCodable.self, from: json as Any) == expected)
    }

    @Test("A file's size, an NSNumber in FileManager's attributes, is read as an Int for the input limit")
    func fileSizeAttribute() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("bridged-size.json")
        let bytes = Data(#"{"name": "a long enough name", "count": 1}"#.utf8)
        try bytes.write(to: url)
        #expect(try BridgedChild(contentsOf: url).count == 1)
        var options = DecodingOptions()
        options.maximumInputBytes = 10
        let error = try #require(throws: MappingError.self) { try BridgedChild(contentsOf: url, options: options) }
        #expect(error.reason == .file(path: url.path, detail: "\(bytes.count) bytes is over the limit of 10"))
    }
}
