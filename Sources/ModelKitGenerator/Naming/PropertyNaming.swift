import ModelKit

/// Property names for a model's keys, and whether the model takes `keyStrategy: .snakeCase`.
///
/// One rule names every property, whatever the key's spelling: its words in lowerCamelCase with the acronyms
/// of ``SwiftIdentifier/acronyms`` in capitals, as Swift's API guidelines write them — `imageURL` from
/// `image_url`, `image-url`, `imageUrl` and `ImageURL` alike, `picIDs` from `pic_ids`. A name needs no `@Key`
/// only when the macro's own spelling of it is the key (the name itself without a strategy, its snake_case with
/// one, as ``ModelKit/ModelKeyStrategy/key(forPropertyNamed:)`` computes); everything else gets `@Key("…")`,
/// so decoding never depends on a guess.
enum PropertyNaming {
    /// The names for `keys` in order, each with whether it needs `@Key`, and the strategy chosen: snake_case
    /// when it leaves fewer properties needing `@Key` than the names as written.
    static func names(for keys: [String]) -> (names: [(name: String, needsKey: Bool)], snakeCase: Bool) {
        let names = SwiftIdentifier.distinctLowerCamelCase(keys)
        func keyed(_ strategy: ModelKeyStrategy) -> [(name: String, needsKey: Bool)] {
            zip(names, keys).map { name, key in (name, strategy.key(forPropertyNamed: name) != key) }
        }
        let plain = keyed(.propertyNames)
        let snake = keyed(.snakeCase)
        let useSnake = snake.filter(\.needsKey).count < plain.filter(\.needsKey).count
        return (useSnake ? snake : plain, useSnake)
    }
}
