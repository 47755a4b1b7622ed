import Foundation
import ModelKit
import ModelStore
import Testing

// Issue 18, item 11: a raised depth limit must not let an archive overflow the stack.
extension KeyedArchiveTests {
    /// `depth` arrays, each inside the next, as an XML property list.
    static func nestedArrays(depth: Int) throws -> Data {
        let arrayClass: Value = ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]]
        var objects: [Value] = ["$null", arrayClass]
        for index in 0..<depth {
            let inner: Value = index == depth - 1 ? [] : [["CF$UID": .integer(Int64(objects.count + 1))]]
            objects.append(["$class": ["CF$UID": 1], "NS.objects": inner])
        }
        let plist: Value = [
            "$archiver": "NSKeyedArchiver", "$version": 100_000, "$top": ["root": ["CF$UID": 2]],
            "$objects": .array(objects),
        ]
        return try plist.data(format: .binaryPropertyList)
    }

    @Test("An archive 100,000 deep with maximumDepth raised to 1,000,000 stops with tooDeep, not a crash")
    func raisedDepthLimitDoesNotOverflow() throws {
        let archive = try KeyedArchive(data: Self.nestedArrays(depth: 100_000))
        var options = KeyedArchive.Options()
        options.maximumDepth = 1_000_000
        var thrown: KeyedArchiveError?
        do {
            _ = try archive.value(options: options)
        } catch let error as KeyedArchiveError {
            thrown = error
        }
        let error = try #require(thrown)
        guard case .tooDeep = error.reason else {
            Issue.record("\(error)")
            return
        }
        // The path is thousands of levels long (hundreds under a sanitizer's larger frames); the message shows
        // its ends.
        #expect(error.path.components.count > 300)
        #expect(error.description.count < 200, "\(error.description.count) characters")
        #expect(error.description.contains("levels"))
    }

    @Test("An archive 1,000 deep with maximumDepth raised to 100,000 reads whole, or stops with tooDeep")
    func raisedDepthLimitWithinStack() async throws {
        let data = try Self.nestedArrays(depth: 1_000)
        // The test runner's threads may have small stacks; the reader's own guard decides either way.
        let result = try await Task.detached {
            var options = KeyedArchive.Options()
            options.maximumDepth = 100_000
            do {
                var value = try KeyedArchive(data: data).value(options: options)
                var depth = 0
                while case .array(let elements) = value, let first = elements.first {
                    value = first
                    depth += 1
                }
                return "depth \(depth + 1)"
            } catch let error as KeyedArchiveError {
                return "\(error.reason)"
            }
        }.value
        #expect(result == "depth 1000" || result.hasPrefix("tooDeep"), "\(result)")
    }
}
