import Foundation
import ModelKit
import Testing

@Suite("ModelFileFormat: telling the format from the bytes")
struct ModelFileFormatTests {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Bytes and the format they are taken for.
    static let samples: [([UInt8], ModelFileFormat)] = [
        (Array(#"{"a": 1}"#.utf8), .json),
        (byteOrderMark + Array(#"{"a": 1}"#.utf8), .json),
        (Array(" \n\t\r[1]".utf8), .json),
        (Array("<?xml version=\"1.0\"?><plist><true/></plist>".utf8), .xmlPropertyList),
        (byteOrderMark + Array(" \n\t<plist><true/></plist>".utf8), .xmlPropertyList),
        (Array("bplist00".utf8) + [0x09], .binaryPropertyList),
        ([], .json),
        (Array("hello".utf8), .json),
        (Array("bplist".utf8), .json),
        (Array("bplist1".utf8), .json),
        (Array("bplust0".utf8), .json),
    ]

    @Test(
        "The first bytes decide: bplist0 is binary, < after a byte order mark and white space is XML, the rest JSON",
        arguments: samples)
    func detect(bytes: [UInt8], format: ModelFileFormat) {
        #expect(ModelFileFormat.detect(Data(bytes)) == format)
    }

    @Test("Model(data:) tells each format and decodes it", arguments: ModelFileFormat.allCases)
    func decodesEveryFormatItTells(format: ModelFileFormat) throws {
        let pet = Pet(name: "Rex", age: 3)
        let data = try pet.data(format: format)
        #expect(ModelFileFormat.detect(data) == format)
        #expect(try Pet(data: data) == pet)
        #expect(try Pet.decode(data: data).model == pet)
    }

    @Test("JSON with a byte order mark or leading white space decodes like plain JSON")
    func jsonWithByteOrderMarkAndSpace() throws {
        let plain = try Pet(data: Data(#"{"name": "Rex", "age": 3}"#.utf8))
        #expect(plain == Pet(name: "Rex", age: 3))
        #expect(try Pet(data: Data([0xEF, 0xBB, 0xBF] + Array(#"{"name": "Rex", "age": 3}"#.utf8))) == plain)
        #expect(try Pet(data: Data(" \n\t\r{\"name\": \"Rex\", \"age\": 3}".utf8)) == plain)
    }

    @Test("Content in no format is read as JSON and fails as JSON, with the place and the reason")
    func unknownContent() {
        // Documented: anything that is not a property list is taken as JSON, so the error is a JSON one.
        let cases: [([UInt8], String)] = [
            (Array("hello".utf8), "expected a value, found 'h'"), ([], "expected a value, found the end of the data"),
            (Array("bplist".utf8), "expected a value, found 'b'"),
        ]
        for (bytes, detail) in cases {
            let error = #expect(throws: MappingError.self, "\(bytes)") { try Pet(data: Data(bytes)) }
            guard case .malformedData(let format, let location, let found)? = error?.reason else {
                Issue.record("expected malformed data for \(bytes), got \(String(describing: error))")
                continue
            }
            #expect(format == "JSON")
            #expect(location == "line 1, column 1")
            #expect(found == detail)
        }
    }
}
