import Foundation
import ModelKit
import Observation
import Testing

/// Set from Observation's change handler, which may run on another thread.
final class ChangeFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

@Suite("Per-call key strategies over a type's own; @Observable classes to dictionaries and back")
struct StrategyOverrideTests {
    @Test("A per-call strategy overrides a type's own snake_case, decoding and encoding")
    func perCallOverridesTypeStrategy() throws {
        let expected = SnakeModel(imageURL: "a", userID: 5, URLString: "u", firstName: "Ann", renamed: "kept")
        var names = DecodingOptions()
        names.keyStrategy = .propertyNames
        let camel: [String: Any] = [
            "imageURL": "a", "userID": 5, "URLString": "u", "firstName": "Ann", "explicitKey": "kept",
        ]
        let decoded = try SnakeModel.decode(object: camel, options: names)
        #expect(decoded.model == expected)
        #expect(decoded.diagnostics.isEmpty, "\(decoded.diagnostics)")
        // Under the override the type's snake_case keys are keys no property reads.
        let snakeData: [String: Any] = ["image_url": "a", "user_id": 5]
        let unread = try SnakeModel.decode(object: snakeData, options: names)
        #expect(unread.model == SnakeModel())
        #expect(
            Set(unread.diagnostics.filter { $0.kind == .unknownKey }.map(\.path)) == ["image_url", "user_id"])
        #expect(throws: MappingError(.unknownKey, at: "image_url")) {
            var strict = DecodingOptions.strict
            strict.keyStrategy = .propertyNames
            return try SnakeModel(dictionary: ["image_url": "a"], options: strict)
        }

        var encodeNames = EncodingOptions()
        encodeNames.keyStrategy = .propertyNames
        let written = try expected.dictionary(options: encodeNames)
        #expect(Set(written.keys) == ["imageURL", "userID", "URLString", "firstName", "explicitKey"])
        #expect(try SnakeModel(dictionary: written, options: names) == expected)
        // `.typeDefault` and an explicit `.snakeCase` both give the type's own spelling.
        var snake = EncodingOptions()
        snake.keyStrategy = .snakeCase
        let snakeKeys: Set<String> = ["image_url", "user_id", "url_string", "first_name", "explicitKey"]
        #expect(Set(try expected.dictionary().keys) == snakeKeys)
        #expect(Set(try expected.dictionary(options: snake).keys) == snakeKeys)
    }

    @Test("An @Observable model writes its declared names and updates from a partial dictionary")
    func observableDictionaryAndUpdate() throws {
        let settings = try Settings(dictionary: ["theme": "dark", "fontSize": 14])
        let dictionary = try settings.dictionary()
        #expect(Set(dictionary.keys) == ["theme", "fontSize"])
        #expect(dictionary["theme"] as? String == "dark")
        #expect(dictionary["fontSize"] as? Int == 14)

        var updated = settings
        try updated.update(from: ["fontSize": "16"])
        #expect(updated.theme == "dark")
        #expect(updated.fontSize == 16)
        // A class is given a new, updated instance; the one other code holds is left as it was.
        #expect(updated !== settings)
        #expect(settings.fontSize == 14)
        #expect(throws: MappingError(.typeMismatch(expected: "Int", found: #"string "big""#), at: "fontSize")) {
            try updated.update(from: ["fontSize": "big"], options: .strict)
        }
        #expect(updated.fontSize == 16)

        // The updated instance is observable like any other.
        let changed = ChangeFlag()
        withObservationTracking {
            _ = updated.fontSize
        } onChange: {
            changed.set()
        }
        updated.fontSize = 18
        #expect(changed.isSet)
        #expect(try updated.dictionary()["fontSize"] as? Int == 18)
    }
}
