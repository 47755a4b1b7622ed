import ModelKit
import Testing

@Suite("The key tables generated code builds from joined keys")
struct ModelKeysTests {
    @Test("keys joined by NUL give the tables the arrays give, in order")
    func joinedKeys() {
        let joined = ModelKeys(
            declaredJoined: "imageURL\0userID\0rawName", snakeCaseJoined: "image_url\0user_id\0rawName",
            typeStrategy: .snakeCase)
        let listed = ModelKeys(
            declared: ["imageURL", "userID", "rawName"], snakeCase: ["image_url", "user_id", "rawName"],
            typeStrategy: .snakeCase)
        #expect(joined.declared.keys == ["imageURL", "userID", "rawName"])
        #expect(joined.snakeCase.keys == ["image_url", "user_id", "rawName"])
        #expect(joined.declared.keys == listed.declared.keys)
        #expect(joined.snakeCase.keys == listed.snakeCase.keys)
        #expect(joined.table(for: .typeDefault).keys == ["image_url", "user_id", "rawName"])
    }

    @Test("a model without keys, one key, and keys that hold spaces, dots and quotes")
    func edgeCases() {
        #expect(ModelKeys(declaredJoined: "", snakeCaseJoined: "", typeStrategy: .propertyNames).declared.keys == [])
        #expect(
            ModelKeys(declaredJoined: "id", snakeCaseJoined: "id", typeStrategy: .propertyNames).declared.keys == ["id"]
        )
        let odd = ModelKeys(
            declaredJoined: "first name\0a.b\0\"q\"", snakeCaseJoined: "first name\0a.b\0\"q\"",
            typeStrategy: .propertyNames)
        #expect(odd.declared.keys == ["first name", "a.b", "\"q\""])
    }
}
