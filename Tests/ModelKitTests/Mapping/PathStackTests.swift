import Foundation
import Testing

@testable import ModelKit

@Suite("PathStack: the decoding path kept as a stack the context owns")
struct PathStackTests {
    @Test("Pushes past its capacity keep every component; truncating and popping leave the ones before")
    func growsTruncatesAndPops() {
        var stack = PathStack(capacity: 2)
        defer { stack.deallocate() }
        // Keys longer than 15 bytes are allocated strings: growing and truncating must move and free them.
        let components: [PathComponent] = (0..<40).map {
            $0.isMultiple(of: 2) ? .index($0) : .key("a key long enough to be allocated \($0)")
        }
        for component in components { stack.push(component) }
        #expect(stack.count == 40)
        #expect(stack.components == components)
        stack.truncate(to: 10)
        #expect(stack.components == Array(components.prefix(10)))
        stack.truncate(to: 20)
        #expect(stack.count == 10)
        stack.popLast()
        #expect(stack.components == Array(components.prefix(9)))
        stack.components = [.key("root"), .index(3)]
        #expect(stack.components == [.key("root"), .index(3)])
    }

    @Test("Values that fail deep in the data are noted at their own paths, before and after other values")
    func notesNameTheirPaths() throws {
        let json = Data(
            #"{"a": [{"b": [{"name": "x", "age": "old"}, {"name": "y", "age": 2}, {"name": "z", "age": "new"}]}]}"#
                .utf8)
        let decoded = try [String: [[String: [Pet]]]].decode(data: json)
        #expect(
            decoded.model["a"]?[0]["b"] == [Pet(name: "x", age: 0), Pet(name: "y", age: 2), Pet(name: "z", age: 0)])
        #expect(decoded.diagnostics.map(\.path.description) == ["a[0].b[0].age", "a[0].b[2].age"])
    }
}
