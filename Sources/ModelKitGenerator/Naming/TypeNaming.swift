/// Type names from keys: UpperCamelCase, singular for an array's elements, never a name the generated code
/// already uses.
enum TypeNaming {
    /// Names the generated file sees from Swift and Foundation; a model named so would hide them (a `Date`
    /// model whose properties are dates would hold itself).
    static let swiftAndFoundation: Set<String> = [
        "Any", "AnyObject", "Array", "AsyncSequence", "AttributedString", "Bool", "Bundle", "Calendar", "Character",
        "CharacterSet", "Clock", "Codable", "Collection", "Comparable", "Data", "Date", "DateComponents", "Decimal",
        "Decodable", "Decoder", "Dictionary", "Double", "Duration", "Element", "Encodable", "Encoder", "Equatable",
        "Error", "FileManager", "Float", "Float32", "Float64", "Foundation", "Hashable", "Identifiable", "Index",
        "IndexPath", "IndexSet", "Int", "Int16", "Int32", "Int64", "Int8", "JSONDecoder", "JSONEncoder",
        "JSONSerialization", "Locale", "MainActor", "Measurement", "Mirror", "NSNumber", "NSObject", "Never",
        "Notification", "Observable", "Operation", "Optional", "Process", "Progress", "PropertyListDecoder",
        "PropertyListEncoder", "Protocol", "Published", "Range", "Regex", "Result", "Scanner", "Self", "Sendable",
        "Sequence", "Set", "String", "Substring", "Task", "Thread", "TimeInterval", "TimeZone", "Timer", "Type", "UInt",
        "UInt16", "UInt32", "UInt64", "UInt8", "URL", "URLComponents", "URLRequest", "UUID", "Unicode", "Unit",
        "UserDefaults", "Void",
    ]

    /// Every public name of ModelKit (the test `TypeNamingTests` keeps it complete): a model named so would hide
    /// it from the module that holds the models.
    static let modelKit: Set<String> = [
        "BinaryPropertyListReader", "BinaryPropertyListWriter", "CodableBridge", "ConversionRules",
        "DateFormatTransform", "DateText", "Decoded", "DecodingContext", "DecodingOptions", "Diagnostic",
        "DictionaryModel", "EncodingContext", "EncodingOptions", "Field", "FieldSlot", "FieldTable", "FieldTableReader",
        "FieldTableWriter",
        "FoundationObjectBuilder", "FoundationObjectReader", "FoundationObjectWriter", "FoundationObjects", "Ignored",
        "JSONFieldDecoder", "JSONFormat", "JSONReader", "JSONWriter", "Key", "KeyLookup", "KeyTable", "KeyedModel",
        "MappingError", "MemberwiseMarker", "ModelCodable", "ModelDecodable", "ModelDecoder", "ModelDecoding",
        "ModelEncodable",
        "ModelEntryPoints", "ModelEnum", "ModelFileFormat", "ModelInteger", "ModelKeyStrategy", "ModelKeys", "ModelKit",
        "ModelReader", "ModelWriter", "NestedOutput", "NumberOrText", "NumberOrTextValue", "ObjectsFieldDecoder",
        "OptionalTransform", "OrderedDictionaryOfValues", "PathComponent", "PropertyListKind", "StackGuard",
        "Transform", "TransformTypeCheck", "TreeBuilder", "TreeReader", "TreeShape", "TreeSource", "TreeWriter",
        "ValidationError", "Value", "ValueBuilder", "ValueKind", "ValuePath", "ValueReader", "ValueTransform",
        "ValueTree", "ValueWriter", "XMLPropertyListReader", "XMLPropertyListWriter",
    ]

    /// The names a generated type never takes: ``swiftAndFoundation`` and ``modelKit``.
    static let reserved = swiftAndFoundation.union(modelKit)

    /// Words whose plural is the word itself, or that are not plurals.
    private static let uncountable: Set<String> = [
        "data", "media", "metadata", "info", "information", "news", "series", "species", "status", "address",
        "class", "bus", "analysis", "basis", "axis", "canvas", "alias",
    ]

    private static let irregular: [String: String] = [
        "people": "person", "children": "child", "men": "man", "women": "woman", "indices": "index",
        "vertices": "vertex", "matrices": "matrix", "geese": "goose", "mice": "mouse", "feet": "foot",
    ]

    /// The singular of an English plural (`statuses` → `status`, `categories` → `category`, `hashtags` →
    /// `hashtag`), applied to the last word of a key only: `user_mentions` → `user_mention`.
    static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        if uncountable.contains(lower) { return word }
        if let singular = irregular[lower] { return String(word.prefix(1)) + singular.dropFirst() }
        for (suffix, replacement) in [("ies", "y"), ("sses", "ss"), ("shes", "sh"), ("ches", "ch"), ("xes", "x")]
        where lower.hasSuffix(suffix) && lower.count > suffix.count + 1 {
            return String(word.dropLast(suffix.count)) + replacement
        }
        if lower.hasSuffix("uses") && lower.count > 5 { return String(word.dropLast(2)) }
        if lower.hasSuffix("s") && !lower.hasSuffix("ss") && !lower.hasSuffix("us") && !lower.hasSuffix("is")
            && lower.count > 2
        {
            return String(word.dropLast())
        }
        return word
    }

    /// The type name for a key, singular when the values are an array's elements: `user_mentions` →
    /// `UserMention`. A key that gives no name starting with a letter (`1`, `2024`, `---`) is named from the type
    /// that holds it: `Root1`, `RootValue`.
    static func name(forKey key: String, element: Bool, parentName: String) -> String {
        var words = SwiftIdentifier.words(key)
        if element, let last = words.last { words[words.count - 1] = singular(last) }
        guard let name = SwiftIdentifier.upperCamelCase(words.joined(separator: "_")) else {
            return parentName + "Value"
        }
        guard let head = name.utf8.first, SwiftIdentifier.isLetter(head) else { return parentName + name }
        return name
    }

    /// Why `name` cannot name the root type, or `nil` when it can: not an identifier, a keyword, or a name that
    /// would hide a type the generated code uses (`Date`, `Value`).
    static func problem(withRootName name: String) -> String? {
        guard SwiftIdentifier.isValid(name) || SwiftIdentifier.keywords.contains(name) else {
            return "\(name) is not a Swift type name"
        }
        let capitalized = name.prefix(1).uppercased() + name.dropFirst()
        let suggestion = reserved.contains(capitalized) || capitalized == name ? name + "Model" : capitalized
        if SwiftIdentifier.keywords.contains(name) {
            return "\(name) is a Swift keyword; choose another name, such as \(suggestion)"
        }
        if reserved.contains(name) {
            return "\(name) would hide the type of that name that the generated code uses; choose another name, such "
                + "as \(suggestion)"
        }
        return nil
    }
}
