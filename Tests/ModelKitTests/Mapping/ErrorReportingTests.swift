import Foundation
import ModelKit
import Testing

@DictionaryModel
struct StrictUser: Equatable {
    var userId: Int
}

@DictionaryModel
struct UserList: Equatable {
    var arrUsers: [StrictUser] = []
}

@Suite("Errors and diagnostics name the key path")
struct ErrorReportingTests {
    @Test("arrUsers[2].userId: expected Int, found string \"abc\"")
    func fullPath() {
        let input: [String: Any] = ["arrUsers": [["userId": 1], ["userId": "2"], ["userId": "abc"]]]
        do {
            _ = try UserList(dictionary: input, options: .strict)
            Issue.record("strict decoding must fail")
        } catch {
            #expect("\(error)" == "arrUsers[1].userId: expected Int, found string \"2\"")
        }
        let lenient = try? UserList.decode(object: input)
        #expect(lenient?.model.arrUsers == [StrictUser(userId: 1), StrictUser(userId: 2)])
        #expect(
            lenient?.diagnostics.map(\.description).contains(
                "arrUsers[2]: expected Int, found string \"abc\"; element dropped") == true
                || lenient?.diagnostics.map(\.description).contains(
                    "arrUsers[2]: arrUsers[2].userId: expected Int, found string \"abc\"; element dropped") == true
                || lenient?.diagnostics.contains {
                    $0.description.contains("arrUsers[2].userId: expected Int, found string \"abc\"")
                } == true)
    }

    @Test("Every conversion and drop is a diagnostic with its path; strict rejects unknown keys")
    func diagnostics() throws {
        let decoded = try StrictUser.decode(object: ["userId": "5", "userID": 6])
        #expect(decoded.model.userId == 5)
        #expect(
            decoded.diagnostics.map(\.description).sorted() == [
                "userID: no property reads this key", "userId: converted string \"5\" to Int",
            ])
        #expect(throws: MappingError(.unknownKey, at: "userID")) {
            try StrictUser(dictionary: ["userId": 5, "userID": 6], options: .strict)
        }
    }

    @Test("The root of the wrong kind is a clear error")
    func wrongRoot() {
        #expect(
            throws: MappingError(.typeMismatch(expected: "StrictUser (a dictionary)", found: "array"), at: ValuePath())
        ) {
            try StrictUser(object: [1, 2])
        }
        #expect(throws: MappingError.self) { try StrictUser(object: NSNull()) }
    }
}
