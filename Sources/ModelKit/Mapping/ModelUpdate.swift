extension ModelDecodable where Self: ModelEncodable {
    /// Updates the model from a partial dictionary: keys present replace the values they map to, nested
    /// dictionaries update nested models key by key, and everything absent keeps its current value.
    ///
    /// For a class, the variable is given a new, updated instance.
    public mutating func update(
        from dictionary: [String: Any], options: DecodingOptions = DecodingOptions()
    ) throws {
        let patch = try Value(object: dictionary, options: options)
        self = try Self(value: try value().updated(with: patch), options: options)
    }
}

extension Value {
    /// This value with `patch` laid over it: dictionaries are merged key by key, anything else is replaced.
    public func updated(with patch: Value) -> Value {
        guard case .dictionary(var entries) = self, case .dictionary(let changes) = patch else { return patch }
        for (key, change) in changes {
            entries[key] = entries[key].map { $0.updated(with: change) } ?? change
        }
        return .dictionary(entries)
    }
}
