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
