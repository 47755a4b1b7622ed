import Foundation
import ModelKit
import Testing

/// Arrays of models longer than the room made for them up front (four elements, or the size the key had last
/// time), with elements dropped before and after that room, errors thrown from inside it and past it, and the
/// collection limit: the elements decoded into the array's storage and those appended after it keep their order.
@Suite("Arrays longer than the room made for them")
struct ArrayDecodingTests {
    /// Members 0..<count, the ones at `bad` with a user ID that is not a number.
    static func members(_ count: Int, bad: Set<Int> = []) -> [[String: Any]] {
        (0..<count).map { ["userId": bad.contains($0) ? "abc" : $0, "name": "m\($0)"] as [String: Any] }
    }

    /// The input decoded as Foundation objects and as JSON.
    static func decodings(of input: [String: Any]) throws -> [Decoded<MemberLists>] {
        let json = try JSONSerialization.data(withJSONObject: input)
        return [try MemberLists.decode(object: input), try MemberLists.decode(data: json)]
    }

    @Test("Elements dropped inside and past the first room leave the others in order", arguments: [5, 11, 40])
    func droppedAcrossTheRoom(count: Int) throws {
        let bad: Set<Int> = [1, count - 2]
        for decoded in try Self.decodings(of: ["required": Self.members(count, bad: bad)]) {
            let kept = (0..<count).filter { !bad.contains($0) }
            #expect(decoded.model.required == kept.map { RequiredMember(userId: $0, name: "m\($0)") })
            #expect(
                decoded.diagnostics.map(\.description).filter { $0.hasPrefix("required") }
                    == bad.sorted().map {
                        "required[\($0)].userId: expected Int, found string \"abc\"; element dropped"
                    })
        }
    }

    @Test("The size learned from one array does not bound the next, longer or shorter, under the same key")
    func learnedSizeIsOnlyARoom() throws {
        for count in [3, 9, 2, 17, 0, 6] {
            let data = try JSONSerialization.data(withJSONObject: ["required": Self.members(count)])
            let decoded = try MemberLists(json: data)
            #expect(decoded.required == (0..<count).map { RequiredMember(userId: $0, name: "m\($0)") })
        }
    }

    @Test("In strict mode an element's error names its index, inside the first room and past it", arguments: [2, 9])
    func strictErrorIndex(bad: Int) throws {
        let options = DecodingOptions.strict
        let input: [String: Any] = ["required": Self.members(12, bad: [bad])]
        let json = try JSONSerialization.data(withJSONObject: input)
        let expected = MappingError(
            .typeMismatch(expected: "Int", found: "string \"abc\""),
            at: ValuePath([.key("required"), .index(bad), .key("userId")]))
        #expect(throws: expected) { try MemberLists(dictionary: input, options: options) }
        #expect(throws: expected) { try MemberLists(json: json, options: options) }
    }

    @Test("The collection limit counts elements past the first room, dropped ones too")
    func limitPastTheRoom() throws {
        var options = DecodingOptions()
        options.maximumCollectionCount = 6
        let error = MappingError(.tooLarge("more than 6 elements"), at: "required")
        for input in [["required": Self.members(7)], ["required": Self.members(7, bad: [0, 3])]] {
            let json = try JSONSerialization.data(withJSONObject: input)
            #expect(throws: error) { try MemberLists(dictionary: input, options: options) }
            #expect(throws: error) { try MemberLists(json: json, options: options) }
        }
        let six = try JSONSerialization.data(withJSONObject: ["required": Self.members(6)])
        #expect(try MemberLists(json: six, options: options).required.count == 6)
    }
}
