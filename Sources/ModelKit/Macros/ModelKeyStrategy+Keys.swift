internal import ModelKitKeyRules

extension ModelKeyStrategy {
    /// The key a property named `name` reads under this strategy when `@Key` names none: the name as written,
    /// or its snake_case spelling (`imageURL` → `image_url`, `picIDs` → `pic_ids`), the same spelling that
    /// `@DictionaryModel(keyStrategy: .snakeCase)` gives it at compile time.
    ///
    /// Tools that write models use it to tell whether a name needs `@Key` to read its key.
    public func key(forPropertyNamed name: String) -> String {
        switch self {
        case .propertyNames: name
        case .snakeCase: SnakeCaseKey.key(for: name)
        }
    }
}
