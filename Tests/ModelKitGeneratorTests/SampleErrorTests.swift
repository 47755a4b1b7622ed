import Foundation
import ModelKitTestSupport
import Testing

@testable import ModelKitGenerator

/// Unreadable input is reported with its file, and JSON with the line and column.
@Suite struct SampleErrorTests {
    @Test func malformedJSONNamesTheFileLineAndColumn() {
        let error = #expect(throws: SampleError.self) {
            try SampleReader().sample(named: "bad.json", data: Data("{\"a\": 1,\n  \"b\": [1, 2,, 3]}".utf8))
        }
        #expect(error?.description == "bad.json: not valid JSON at line 2, column 14: expected a value, found ','")
    }

    @Test func emptyAndMissingFilesAreNamed() throws {
        let empty = #expect(throws: SampleError.self) { try SampleReader().sample(named: "empty.json", data: Data()) }
        #expect(empty?.description == "empty.json: the file is empty")
        let missing = #expect(throws: SampleError.self) { try SampleReader().read(["/no/such/sample.json"]) }
        #expect(missing?.description == "/no/such/sample.json: no such file or folder")
    }

    @Test func aScalarOrMixedRootIsRefused() throws {
        let scalar = #expect(throws: SampleError.self) { try ModelGenerator().source(for: samples("42")) }
        #expect(scalar?.detail == "the root is number, not a dictionary or an array of dictionaries")
        let mixed = #expect(throws: SampleError.self) { try ModelGenerator().source(for: samples("{}", "[]")) }
        #expect(mixed?.detail.hasPrefix("the samples' roots differ (dictionary, array)") == true)
    }

    @Test func aFolderIsEveryVisibleFileInItInNameOrder() throws {
        let folder = try TemporaryFolder()
        for name in ["b.json", "a.json", ".hidden"] {
            try Data(#"{"x": 1}"#.utf8).write(to: folder.file(name))
        }
        let files = try SampleReader().expand([folder.url.path])
        #expect(files.map { ($0 as NSString).lastPathComponent } == ["a.json", "b.json"])
    }

    @Test func progressIsReportedOnlyAboveTheThreshold() throws {
        let folder = try TemporaryFolder()
        try Data(#"{"x": 1}"#.utf8).write(to: folder.file("a.json"))
        let calls = Counter()
        var reader = SampleReader(progress: { _, _ in calls.increment() })
        _ = try reader.read([folder.url.path])
        #expect(calls.value == 0)
        reader.progressThreshold = 0
        _ = try reader.read([folder.url.path])
        #expect(calls.value == 1)
    }
}

/// A count the progress closure can bump from a `@Sendable` context.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
