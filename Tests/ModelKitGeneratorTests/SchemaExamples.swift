import Foundation
import ModelKit
import OrderedCollections

/// Documents that a JSON Schema (or an OpenAPI schema) allows, written from the schema alone, so that the models
/// generated from it can be proven to decode them strictly (scripts/generated-models decodes every one).
///
/// Variant 0 fills every property; odd variants only the required ones, with `null` where a type allows it;
/// variant `n` takes the `n`th branch of every `oneOf`/`anyOf` (modulo its count) and alternates number and text
/// where either is allowed. ``count(for:in:)`` variants cover every branch and both fillings.
struct SchemaExamples {
    let document: Value

    /// How many variants cover `schema`: two, or more when a `oneOf` has more branches.
    func count(for schema: Value) -> Int {
        max(2, widestUnion(schema, seen: []))
    }

    private func widestUnion(_ schema: Value, seen: Set<String>) -> Int {
        var seen = seen
        if case .string(let reference)? = schema["$ref"] {
            guard seen.insert(reference).inserted else { return 0 }
            return widestUnion(resolve(reference), seen: seen)
        }
        var widest = 0
        if case .array(let branches)? = schema["oneOf"] ?? schema["anyOf"] { widest = branches.count }
        guard case .dictionary(let object) = schema else { return widest }
        for (key, value) in object where key != "$defs" && key != "definitions" {
            switch value {
            case .dictionary(let entries):
                for nested in entries.values { widest = max(widest, widestUnion(nested, seen: seen)) }
                widest = max(widest, widestUnion(value, seen: seen))
            case .array(let items):
                for nested in items { widest = max(widest, widestUnion(nested, seen: seen)) }
            default: break
            }
        }
        return widest
    }

    func resolve(_ reference: String) -> Value {
        var value = document
        for token in reference.dropFirst().split(separator: "/") {
            let key = String(token).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            value = value[key] ?? .null
        }
        return value
    }

    /// Variant `variant` of a document for `schema`; `depth` stops recursive schemas.
    func example(_ schema: Value, variant: Int, depth: Int = 0) -> Value {
        let full = variant % 2 == 0
        if case .string(let reference)? = schema["$ref"] {
            return example(resolve(reference), variant: variant, depth: depth)
        }
        if case .array(let branches)? = schema["oneOf"] ?? schema["anyOf"] {
            let usable = branches.filter { $0["type"] != .string("null") }
            var chosen = example(usable[variant % usable.count], variant: variant, depth: depth)
            // OpenAPI's discriminator names the branch by the key its mapping gives.
            if case .string(let key)? = schema["discriminator"]?["propertyName"],
                case .string(let reference)? = usable[variant % usable.count]["$ref"]
            {
                var tag = String(reference.split(separator: "/").last ?? "")
                if case .dictionary(let mapping)? = schema["discriminator"]?["mapping"],
                    let entry = mapping.first(where: { $0.value == .string(reference) })
                {
                    tag = entry.key
                }
                if case .dictionary(var entries) = chosen {
                    entries[key] = .string(tag)
                    chosen = .dictionary(entries)
                }
            }
            return chosen
        }
        if case .array(let parts)? = schema["allOf"] {
            var merged: OrderedDictionaryOfValues = [:]
            for part in parts {
                if case .dictionary(let entries) = example(part, variant: variant, depth: depth) {
                    for (key, value) in entries { merged[key] = value }
                }
            }
            return .dictionary(merged)
        }
        if case .array(let values)? = schema["enum"] {
            return values.first { $0 != .null } ?? .null
        }
        if let constant = schema["const"] { return constant }
        var types: [String] = []
        switch schema["type"] {
        case .string(let name)?: types = [name]
        case .array(let names)?: types = names.compactMap { if case .string(let name) = $0 { name } else { nil } }
        default:
            if schema["properties"] != nil || schema["additionalProperties"] != nil { types = ["object"] }
            if schema["items"] != nil { types = ["array"] }
        }
        if !full && (types.contains("null") || schema["nullable"] == .bool(true)) { return .null }
        types.removeAll { $0 == "null" }
        if types.count > 1 { types = [types[variant % types.count]] }
        switch types.first {
        case "object":
            var entries: OrderedDictionaryOfValues = [:]
            var required: Set<String> = []
            if case .array(let list)? = schema["required"] {
                for case .string(let key) in list { required.insert(key) }
            }
            if case .dictionary(let properties)? = schema["properties"] {
                for (key, property) in properties where full || required.contains(key) {
                    if depth > 3 && !required.contains(key) { continue }
                    entries[key] = example(property, variant: variant, depth: depth + 1)
                }
            } else if let values = schema["additionalProperties"], case .dictionary = values {
                entries["a"] = example(values, variant: variant, depth: depth + 1)
                entries["b"] = example(values, variant: variant + 1, depth: depth + 1)
            } else if full {
                entries["anything"] = .array([.integer(1), .string("x")])
            }
            return .dictionary(entries)
        case "array":
            guard let items = schema["items"], depth <= 3 else { return .array([]) }
            return .array([example(items, variant: variant, depth: depth + 1)])
        case "string":
            switch schema["format"] {
            case .string("date-time")?: return .string("2024-05-01T10:00:00Z")
            case .string("date")?: return .string("2024-05-01")
            case .string("uri")?, .string("url")?: return .string("https://example.com/a?b=c")
            case .string("uuid")?: return .string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
            case .string("byte")?: return .string("AAEC")
            default: return .string(variant % 2 == 0 ? "text" : "19.99")
            }
        case "integer": return .integer(Int64(variant + 1))
        case "number": return variant % 2 == 0 ? .double(19.99) : .integer(20)
        case "boolean": return .bool(variant % 2 == 0)
        default: return .string("any value")
        }
    }
}
