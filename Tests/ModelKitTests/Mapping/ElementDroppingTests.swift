import Foundation
import ModelKit
import Testing

@DictionaryModel
struct DefaultedMember: Equatable {
    var userId = 0
    var name = ""
}

@DictionaryModel
struct RequiredMember: Equatable {
    var userId: Int
    var name = ""
}

@DictionaryModel
struct MemberLists: Equatable {
    var defaulted: [DefaultedMember] = []
    var required: [RequiredMember] = []
    var counts: [Int] = []
}

/// When a bad array element is dropped, as the README and Getting Started say: only when the element itself
/// cannot be made; a bad property with a default is replaced by it and the element kept.
@Suite("Dropping array elements")
struct ElementDroppingTests {
    static var input: [String: Any] {
        [
            "defaulted": [["userId": 1, "name": "a"], ["userId": "abc", "name": "b"]],
            "required": [["userId": 1, "name": "a"], ["userId": "abc", "name": "b"]],
            "counts": [1, "abc", NSNull(), 4],
        ]
    }

    @Test("A bad property with a default keeps its element; without a default, or a bad scalar, drops it")
    func keptOrDropped() throws {
        let json = try JSONSerialization.data(withJSONObject: Self.input)
        for decoded in [try MemberLists.decode(object: Self.input), try MemberLists.decode(data: json)] {
            #expect(decoded.model.defaulted == [DefaultedMember(userId: 1, name: "a"), DefaultedMember(name: "b")])
            #expect(decoded.model.required == [RequiredMember(userId: 1, name: "a")])
            #expect(decoded.model.counts == [1, 4])
            #expect(
                decoded.diagnostics.map(\.description).sorted() == [
                    "counts[1]: expected Int, found string \"abc\"; element dropped",
                    "counts[2]: expected Int, found null; element dropped",
                    "defaulted[1].userId: expected Int, found string \"abc\"; default used",
                    "required[1].userId: expected Int, found string \"abc\"; element dropped",
                ])
        }
    }
}
