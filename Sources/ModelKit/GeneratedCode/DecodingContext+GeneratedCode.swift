// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

extension DecodingContext {
    /// Reads the value under `key` into a tree, for properties that read inside it or share it.
    @inlinable
    public func capture<R: ModelReader>(key: String, from reader: inout R) throws -> Value {
        try push(.key(key))
        defer { pop() }
        return try Value(from: &reader, context: self)
    }

    // Called through the protocol's requirement, not the model's method: a hook written without `throws` (or, in a
    // class, without `mutating`, which a class cannot write) drew "no calls to throwing functions occur within 'try'"
    // and "variable was never mutated" warnings from the generated code into the model's module.
    /// Runs the model's ``KeyedModel/modelDidDecode(context:)``, after every property is set.
    @inlinable
    public func didDecode<Model: KeyedModel>(_ model: inout Model) throws {
        try model.modelDidDecode(context: self)
    }

    /// Runs the model's validation; a ``ValidationError`` becomes a ``MappingError`` at the current path.
    ///
    /// Inlinable so that a model without validation pays nothing: a call the optimizer cannot see into copied
    /// the whole model, every string retained and released, for each model decoded.
    @inlinable
    public func validate<Model: KeyedModel>(_ model: Model) throws {
        do {
            try model.validateModel()
        } catch let error as ValidationError {
            throw MappingError(.validationFailed(error.reason), at: path)
        }
    }

    /// The string under `key` that names a polymorphic model's case.
    public func discriminator(_ key: String, in value: Value, model: String) throws -> String {
        guard case .dictionary(let entries) = value else {
            throw mismatch(expected: "\(model) (a dictionary)", found: value)
        }
        guard let tag = entries[key] else {
            throw MappingError(.missingKey, at: path(appending: .key(key)))
        }
        try push(.key(key))
        defer { pop() }
        return try ConversionRules.string(tag, context: self)
    }
}
