internal import ModelKitKeyRules

extension FlatDecodingState {
    /// The key in the data for `key`: its name, or its snake_case spelling when the call asks for that.
    ///
    /// A keyed container's `allKeys` lists the data's own keys; a snake_case key is its own snake_case
    /// spelling, so asking for one of them finds it under either strategy.
    @inline(__always)
    func dataKey(_ key: some CodingKey) -> String {
        let name = key.stringValue
        return isSnakeCase ? snakeCaseKey(name) : name
    }

    /// The snake_case spelling of `name`, made once per call.
    private func snakeCaseKey(_ name: String) -> String {
        if let renamed = renamedKeys[name] { return renamed }
        let renamed = SnakeCaseKey.key(for: name)
        renamedKeys[name] = renamed
        return renamed
    }
}
