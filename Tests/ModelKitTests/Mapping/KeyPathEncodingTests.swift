import Foundation
import ModelKit
import Testing

@DictionaryModel
struct Cover: Equatable {
    var title = ""
    @Key("images[1].url") var secondURL: String?
    @Key("images[1].width") var secondWidth = 0
    @Key("images[3].url") var fourthURL: String?
}

@DictionaryModel
struct Place: Equatable {
    @Key("geo.coordinates[0]") var latitude: Double?
    @Key("geo.coordinates[1]") var longitude: Double?
}

@DictionaryModel
struct FarPage: Equatable {
    var title = ""
    @Key("pages[100000].text") var far: String?
}

@DictionaryModel
struct Shelf: Equatable {
    var covers: [FarPage] = []
}

@Suite("Encoding key paths with array indexes")
struct KeyPathEncodingTests {
    static let cover = Cover(title: "T", secondURL: "b.png", secondWidth: 64, fourthURL: "d.png")

    @Test("Elements before an index are written as empty dictionaries; decoding the output gives the model back")
    func padding() throws {
        let value = try Self.cover.value()
        #expect(value["images"] == [[:], ["url": "b.png", "width": 64], [:], ["url": "d.png"]])
        #expect(try Cover(value: value) == Self.cover)
        #expect(try Cover(dictionary: Self.cover.dictionary()) == Self.cover)
    }

    @Test(
        "Every format writes the padded array and reads it back, property lists included",
        arguments: [ModelFileFormat.json, .xmlPropertyList, .binaryPropertyList])
    func formats(format: ModelFileFormat) throws {
        let data = try Self.cover.data(format: format)
        #expect(try Cover(data: data) == Self.cover)
        #expect(try Value(data: data)["images"]?[0] == [:])
    }

    @Test(
        "A nil value before a set index reads back as nil, in strict mode too: its placeholder counts as absent",
        arguments: [ModelFileFormat.json, .xmlPropertyList, .binaryPropertyList])
    func placeholderForNil(format: ModelFileFormat) throws {
        let place = Place(latitude: nil, longitude: -15769.6)
        let data = try place.data(format: format)
        #expect(try Value(data: data)["geo"]?["coordinates"]?[0] == [:])
        let decoded = try Place.decode(data: data, options: .strict)
        #expect(decoded.model == place)
        #expect(decoded.diagnostics.isEmpty)
        #expect(try Place(dictionary: place.dictionary(), options: .strict) == place)
        // Only an empty dictionary at the index is a placeholder: other values there still count.
        let error = expectMappingError(kind: .typeMismatch) {
            try Place(value: ["geo": ["coordinates": [["x": 1], 2]]], options: .strict)
        }
        #expect(error?.path == "geo.coordinates[0]")
        #expect(try Place(value: ["geo": ["coordinates": [1.5, 2]]]) == Place(latitude: 1.5, longitude: 2))
    }

    @Test(
        "An index past the limit is an error naming the path, not a silent drop",
        arguments: [
            ModelFileFormat.json, .xmlPropertyList, .binaryPropertyList,
        ])
    func indexPastTheLimit(format: ModelFileFormat) throws {
        let page = FarPage(title: "x", far: "far away")
        let expected = MappingError(
            .tooLarge("an array index in a key path must be 0...\(NestedOutput.maximumIndex)"),
            at: "pages[100000].text")
        #expect(throws: expected) { try page.data(format: format) }
        #expect(throws: expected) { try page.value() }
        #expect(throws: expected) { try Shelf(covers: [FarPage(), page]).data(format: format) }
        // A model whose path property is nil writes nothing there, so it encodes.
        #expect(try FarPage(value: FarPage(title: "y").value()) == FarPage(title: "y"))
    }
}
