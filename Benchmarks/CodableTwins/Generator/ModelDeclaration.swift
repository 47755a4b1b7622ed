import ModelKitKeyRules

/// One `@DictionaryModel` struct of a benchmark model file, as far as its `Codable` twin needs it: the name,
/// the stored properties with their types, and the key each property reads.
///
/// The benchmark's model files keep to one layout, which this reads line by line: a `@DictionaryModel` or
/// `@DictionaryModel(keyStrategy: .snakeCase)` line, `struct Name {`, one `var name: Type` a line (an
/// `@Key("key")` before it, a default after it), `}`. Anything else inside a model is an error naming the file
/// and line, so that a model the twin would not match cannot build.
struct ModelDeclaration {
    struct Property {
        var name: String
        var type: String
        var key: String
    }

    var name: String
    var properties: [Property]

    /// A model file's line this reader does not understand.
    struct LayoutError: Error, CustomStringConvertible {
        var file: String
        var line: Int
        var text: String

        var description: String {
            "\(file):\(line): not a line of a benchmark model's layout (see ModelDeclaration): \(text)"
        }
    }

    /// The models of `source`, except those named in `skipping` (their twins are written by hand).
    static func models(in source: String, file: String, skipping: Set<String>) throws -> [ModelDeclaration] {
        var models: [ModelDeclaration] = []
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).enumerated().makeIterator()
        while let (index, line) = lines.next() {
            guard line.hasPrefix("@DictionaryModel") else { continue }
            let snakeCase = line == "@DictionaryModel(keyStrategy: .snakeCase)"
            guard snakeCase || line == "@DictionaryModel", let (_, header) = lines.next(),
                header.hasPrefix("struct "), header.hasSuffix(" {")
            else {
                throw LayoutError(file: file, line: index + 1, text: String(line))
            }
            let name = String(header.dropFirst("struct ".count).prefix(while: { $0.isLetter || $0.isNumber }))
            var properties: [Property] = []
            while let (index, line) = lines.next(), line != "}" {
                let text = line.drop(while: { $0 == " " })
                guard !skipping.contains(name), !text.isEmpty, !text.hasPrefix("///") else { continue }
                guard let property = property(in: line, snakeCase: snakeCase) else {
                    throw LayoutError(file: file, line: index + 1, text: String(line))
                }
                properties.append(property)
            }
            if !skipping.contains(name) {
                guard !properties.isEmpty else { throw LayoutError(file: file, line: index + 2, text: String(header)) }
                models.append(ModelDeclaration(name: name, properties: properties))
            }
        }
        return models
    }

    /// `    var name: Type` or `    @Key("key") var name: Type`.
    private static func property(in line: Substring, snakeCase: Bool) -> Property? {
        var rest = line
        guard rest.hasPrefix("    ") else { return nil }
        rest = rest.dropFirst(4)
        var key: String?
        if rest.hasPrefix("@Key(\"") {
            rest = rest.dropFirst("@Key(\"".count)
            guard let end = rest.firstIndex(of: "\""), rest[end...].hasPrefix("\") ") else { return nil }
            key = String(rest[..<end])
            rest = rest[end...].dropFirst("\") ".count)
        }
        guard rest.hasPrefix("var "), let colon = rest.firstIndex(of: ":") else { return nil }
        let name = String(rest[rest.index(rest.startIndex, offsetBy: 4)..<colon])
        // A default (`= 0`) is the model's when the key is missing; the twin's synthesized `Codable` reads the key
        // either way, and the benchmark's files hold every key.
        var type = rest[colon...].dropFirst().drop(while: { $0 == " " })
        if let equals = type.firstIndex(of: "=") {
            type = type[..<equals]
            while type.last == " " { type = type.dropLast() }
        }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !type.isEmpty else {
            return nil
        }
        return Property(name: name, type: String(type), key: key ?? (snakeCase ? SnakeCaseKey.key(for: name) : name))
    }
}
