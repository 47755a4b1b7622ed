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
    @Test("arrUsers[2].userId: expected Int, found string \"abc\"", arguments: ["objects", "json", "plist"])
    func fullPath(source: String) throws {
        let input: [String: Any] = ["arrUsers": [["userId": 1], ["userId": 2], ["userId": "abc"]]]
        func decode(_ options: DecodingOptions) throws -> Decoded<UserList> {
            switch source {
            case "objects": return try UserList.decode(object: input, options: options)
            case "json":
                return try UserList.decode(data: JSONSerialization.data(withJSONObject: input), options: options)
            default:
                let data = try PropertyListSerialization.data(fromPropertyList: input, format: .binary, options: 0)
                return try UserList.decode(data: data, options: options)
            }
        }
        do {
            _ = try decode(.strict)
            Issue.record("strict decoding must fail")
        } catch {
            #expect("\(error)" == "arrUsers[2].userId: expected Int, found string \"abc\"")
        }
        let lenient = try decode(DecodingOptions())
        #expect(lenient.model.arrUsers == [StrictUser(userId: 1), StrictUser(userId: 2)])
        #expect(
            lenient.diagnostics.map(\.description) == [
                "arrUsers[2].userId: expected Int, found string \"abc\"; element dropped"
            ])
        // A string of digits is converted in lenient mode and is an error in strict mode, at its own path.
        let digits: [String: Any] = ["arrUsers": [["userId": 1], ["userId": "2"]]]
        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: "string \"2\""), at: "arrUsers[1].userId")) {
            try UserList(dictionary: digits, options: .strict)
        }
    }

    @Test("A value that is not the collection a property holds names the collection and its element type")
    func collectionMismatch() throws {
        let arrayError = MappingError(.typeMismatch(expected: "array of StrictUser", found: "string"), at: "arrUsers")
        #expect(throws: arrayError) { try UserList(dictionary: ["arrUsers": "none"], options: .strict) }
        #expect(throws: arrayError) { try UserList(json: Data(#"{"arrUsers":"none"}"#.utf8), options: .strict) }
        let dictionaryError = MappingError(.typeMismatch(expected: "dictionary of Int", found: "array"), at: "scores")
        #expect(throws: dictionaryError) { try Scores(dictionary: ["scores": [1, 2]], options: .strict) }
        #expect(throws: dictionaryError) { try Scores(json: Data(#"{"scores":[1,2]}"#.utf8), options: .strict) }
        // Lenient: the default, with the same words in the note.
        let decoded = try UserList.decode(data: Data(#"{"arrUsers":"none"}"#.utf8))
        #expect(decoded.model.arrUsers.isEmpty)
        #expect(
            decoded.diagnostics.map(\.description) == [
                "arrUsers: expected array of StrictUser, found string; default used"
            ])
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

    @Test(
        "Unknown keys are noted and strictly rejected when decoding bytes, at the root and inside arrays",
        arguments: [ModelFileFormat.json, .xmlPropertyList, .binaryPropertyList])
    func unknownKeysFromBytes(format: ModelFileFormat) throws {
        func bytes(_ object: Any) throws -> Data {
            switch format {
            case .json: try JSONSerialization.data(withJSONObject: object)
            case .xmlPropertyList:
                try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
            case .binaryPropertyList:
                try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
            }
        }
        let user = try bytes(["userId": 5, "userID": 6])
        #expect(ModelFileFormat.detect(user) == format)
        let decoded = try StrictUser.decode(data: user)
        #expect(decoded.model == StrictUser(userId: 5))
        #expect(decoded.diagnostics.map(\.description) == ["userID: no property reads this key"])
        #expect(throws: MappingError(.unknownKey, at: "userID")) { try StrictUser(data: user, options: .strict) }

        let list = try bytes(["arrUsers": [["userId": 1], ["userId": 2, "userID": 3]]])
        let nested = try UserList.decode(data: list)
        #expect(nested.model == UserList(arrUsers: [StrictUser(userId: 1), StrictUser(userId: 2)]))
        #expect(nested.diagnostics.map(\.description) == ["arrUsers[1].userID: no property reads this key"])
        #expect(throws: MappingError(.unknownKey, at: "arrUsers[1].userID")) {
            try UserList(data: list, options: .strict)
        }
    }

    @Test("The root of the wrong kind is a clear error")
    func wrongRoot() {
        #expect(
            throws: MappingError(.typeMismatch(expected: "StrictUser (a dictionary)", found: "array"), at: ValuePath())
        ) {
            try StrictUser(object: [1, 2])
        }
        #expect(throws: MappingError(.typeMismatch(expected: "StrictUser", found: "null"), at: ValuePath())) {
            try StrictUser(object: NSNull())
        }
    }
}
