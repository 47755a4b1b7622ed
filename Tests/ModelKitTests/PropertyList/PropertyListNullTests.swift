import Foundation
import ModelKit
import Testing

@DictionaryModel
struct SparseContact: Equatable {
    var name = ""
    var phone: String?
    var address: SparseAddress?
    var tags: [String]?
}

@DictionaryModel
struct SparseAddress: Equatable {
    var street = ""
    var city: String?
}

/// Property lists have no null, and a null is never left out without a word: one rule for dictionary values,
/// array elements and the root, an error at the null's key path.
@Suite("Property lists and null")
struct PropertyListNullTests {
    static let formats: [ModelFileFormat] = [.xmlPropertyList, .binaryPropertyList]

    /// What both property-list writers say of a null.
    static let nullRefused = MappingError.Reason.typeMismatch(
        expected: "a property-list value (property lists cannot hold null)", found: "null")

    static func refusal(_ value: Value, _ format: ModelFileFormat) -> MappingError? {
        expectMappingError(nullRefused, "\(value) as \(format)") { try value.data(format: format) }
    }

    @Test("A null dictionary value is refused at its key path, also nested and with other keys around it")
    func nullDictionaryValue() throws {
        let cases: [(Value, String)] = [
            (["a": nil], "a"), (["x": ["y": nil]], "x.y"), (["kept": 1, "a": nil, "b": 2], "a"),
            (["list": [["z": nil]]], "list[0].z"),
        ]
        for format in Self.formats {
            for (value, path) in cases {
                let error = Self.refusal(value, format)
                #expect(error?.path.description == path, "\(value) as \(format)")
            }
        }
    }

    @Test("A null from Foundation objects (NSNull in a dictionary) is refused at its key path")
    func nullFromFoundationObjects() throws {
        let object: [String: Any] = ["name": "Ann", "x": ["y": NSNull()]]
        let value = try Value(object: object)
        for format in Self.formats {
            #expect(Self.refusal(value, format)?.path.description == "x.y", "\(format)")
        }
    }

    @Test("A model's nil optionals are left out before the writer sees them, and the model reads back")
    func nilOptionalsStillWrite() throws {
        let contact = SparseContact(name: "Ann", phone: nil, address: SparseAddress(street: "Main"), tags: nil)
        for format in Self.formats {
            let data = try contact.data(format: format)
            #expect(try SparseContact(data: data, options: .strict) == contact, "\(format)")
        }
    }

    @Test("nil written as null on request is refused by property lists at its key path")
    func nilAsNullRefused() throws {
        var options = EncodingOptions()
        options.nilEncoding = .writeNull
        let contact = SparseContact(name: "Ann", phone: "110", address: SparseAddress(street: "Main"), tags: [])
        for format in Self.formats {
            let error = expectMappingError(Self.nullRefused, "\(format)") {
                try contact.data(format: format, options: options)
            }
            #expect(error?.path.description == "address.city", "\(format)")
        }
    }
}
