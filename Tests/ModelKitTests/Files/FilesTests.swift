import Foundation
import ModelKit
import ModelKitSeedData
import ModelKitTestSupport
import Testing

@Suite("Files: single models, atomic writes, bundle resources")
struct FilesTests {
    /// Seed 002's model with every property set, so that a property dropped by any format shows.
    static var dictionary: [String: Any] {
        [
            "id": "121", "name": "張三", "phone": "110", "address": "Taipei", "age": 10,
            "user": ["userName": "Ann", "userId": "2"],
            "arrUsers": [["userId": "3"], ["userName": "Bob"]],
        ]
    }
    static let model = TestModel(
        _id: "121", name: "張三", phone: "110", address: "Taipei", age: 10,
        user: UserModel(userName: "Ann", userId: "2"),
        arrUsers: [UserModel(userName: nil, userId: "3"), UserModel(userName: "Bob", userId: nil)])

    @Test("One model decodes from a JSON, XML or binary file, told by content even under a misleading name")
    func singleModelFromFile() throws {
        let folder = try TemporaryFolder()
        // Foundation writes the bytes, so that the reader is not only tested against ModelKit's own writers.
        let files: [(name: String, bytes: Data)] = [
            ("model.plist", try JSONSerialization.data(withJSONObject: Self.dictionary)),
            (
                "model.json",
                try PropertyListSerialization.data(fromPropertyList: Self.dictionary, format: .xml, options: 0)
            ),
            (
                "model",
                try PropertyListSerialization.data(fromPropertyList: Self.dictionary, format: .binary, options: 0)
            ),
        ]
        for file in files {
            let url = folder.file(file.name)
            try file.bytes.write(to: url)
            #expect(try TestModel(contentsOf: url) == Self.model, "\(file.name)")
            let decoded = try TestModel.decode(contentsOf: url)
            #expect(decoded.model == Self.model, "\(file.name)")
            #expect(decoded.diagnostics.isEmpty, "\(file.name): \(decoded.diagnostics)")
        }
    }

    @Test("A file that holds the wrong kind of root, or no file at all, is an error naming the file")
    func singleModelFileErrors() throws {
        let folder = try TemporaryFolder()
        let list = folder.file("list.json")
        try Data(#"[{"id": "1"}]"#.utf8).write(to: list)
        #expect(
            throws: MappingError(
                .file(path: "list.json", detail: "(root): expected TestModel (a dictionary), found array"),
                at: ValuePath())
        ) {
            try TestModel(contentsOf: list)
        }
        let missing = folder.file("missing.json")
        #expect(
            throws: MappingError(
                .file(path: missing.path, detail: "cannot be read: no such file or no permission"), at: ValuePath())
        ) {
            try TestModel(contentsOf: missing)
        }
    }

    @Test("Writing replaces the file by a rename: the new bytes, no temporary file left, the old inode untouched")
    func writeIsAtomic() throws {
        let folder = try TemporaryFolder()
        let file = folder.file("model.json")
        let first = TestModel(_id: "A", age: 1)
        let second = TestModel(_id: "B", age: 2)
        try first.write(to: file, format: .json)
        // A hard link keeps the first version's inode: a write in place would change what it reads, a rename
        // of a new file over the name does not.
        let link = folder.file("first.json")
        try FileManager.default.linkItem(at: file, to: link)
        try second.write(to: file, format: .json)
        #expect(try TestModel(contentsOf: file) == second)
        #expect(try TestModel(contentsOf: link) == first)
        #expect(try Data(contentsOf: file) == second.jsonData())
        #expect(try folder.names() == ["first.json", "model.json"])
    }

    @Test("A write that fails leaves the old file as it was and nothing else in the folder")
    func failedWriteKeepsTheOldFile() throws {
        let folder = try TemporaryFolder()
        let file = folder.file("page.plist")
        let page = FarPage(title: "kept")
        try page.write(to: file, format: .binaryPropertyList)
        let before = try Data(contentsOf: file)
        // A key path index past the limit cannot be encoded: the error comes before any byte is written.
        let unencodable = FarPage(title: "lost", far: "far away")
        #expect(
            throws: MappingError(
                .tooLarge("an array index in a key path must be 0...\(NestedOutput.maximumIndex)"),
                at: "pages[100000].text")
        ) {
            try unencodable.write(to: file, format: .binaryPropertyList)
        }
        #expect(try Data(contentsOf: file) == before)
        #expect(try FarPage(contentsOf: file) == page)
        // The file system refuses the write: the folder does not exist. The error names the path and carries
        // Foundation's reason.
        let nowhere = folder.file("no folder/page.plist")
        let error = #expect(throws: MappingError.self) { try page.write(to: nowhere, format: .json) }
        guard case .file(let path, let detail)? = error?.reason else {
            Issue.record("expected a file error, got \(String(describing: error))")
            return
        }
        #expect(path == nowhere.path)
        #expect(!detail.isEmpty)
        #expect(error?.path == ValuePath())
        #expect(try folder.names() == ["page.plist"])
    }

    @Test("A bundle resource that does not exist is a file error naming the resource and the bundle")
    func missingResource() {
        let bundlePath = SeedData.bundle.bundlePath
        #expect(
            throws: MappingError(
                .file(path: "nope.plist", detail: "no such resource in \(bundlePath)"), at: ValuePath())
        ) {
            try [Book](resource: "nope.plist", in: SeedData.bundle)
        }
        #expect(
            throws: MappingError(
                .file(path: "SeedData/nope", detail: "no such resource in \(bundlePath)"), at: ValuePath())
        ) {
            try Book(resource: "SeedData/nope", in: SeedData.bundle)
        }
        do {
            _ = try [Book](resource: "nope.plist", in: SeedData.bundle)
        } catch {
            #expect("\(error)" == "(root): file nope.plist: no such resource in \(bundlePath)")
        }
    }
}
