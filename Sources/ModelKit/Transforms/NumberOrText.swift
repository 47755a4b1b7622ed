import Foundation

/// A `@Transform` for a value that the data sends as a number in some documents and as text in others
/// (`19.99` and `"19.99"`, `12` and `"A-12"`): both are read, in strict mode too and without a note, because
/// the model declares that either is expected.
///
/// ```swift
/// @DictionaryModel
/// struct Offer {
///     @Transform(NumberOrText<Decimal>()) var price: Decimal          // 19.99 or "19.99"
///     @Transform(NumberOrText<String>()) var code: String            // 12 or "A-12": a number as its text
///     @Transform(NumberOrText<Int>().optional) var stock: Int?       // 3, "3", null or missing
/// }
/// ```
///
/// Without it, strict decoding rejects the text (or the number, for a `String`) and lenient decoding converts
/// it with a `converted` note. `modelkit generate` writes it for a property whose samples disagree this way.
/// The value is written back as `Output` is: a number for `Int`, `Double` and `Decimal`, text for `String`.
public struct NumberOrText<Output: NumberOrTextValue>: ValueTransform, Sendable {
    /// The transform; `Output` says which kind the property keeps.
    public init() {}

    /// Reads a number or a text as `Output`; anything else (a bool, a dictionary) is a type mismatch.
    public func decode(_ value: Value, context: DecodingContext) throws -> Output {
        switch value {
        case .integer, .unsignedInteger, .double, .decimal:
            if let read = Output(number: value, context: context) { return read }
        case .string(let text):
            if let read = Output(text: text) { return read }
        default:
            break
        }
        throw context.mismatch(expected: "\(Output.self) as a number or text", found: value)
    }

    /// The value as `Output` writes it.
    public func encode(_ output: Output) throws -> Value {
        output.modelValue
    }
}

/// A type that ``NumberOrText`` reads from a number or from text: `Int`, `Double`, `Decimal` and `String`.
public protocol NumberOrTextValue: Sendable {
    /// The value a number stands for, or `nil` when this type cannot hold it exactly; `context` is the
    /// decoding's, for the conversion table.
    init?(number: Value, context: DecodingContext)
    /// The value a text stands for, or `nil` when the text is not one.
    init?(text: String)
    /// The value as it is written back.
    var modelValue: Value { get }
}

extension Int: NumberOrTextValue {
    /// A whole number this type holds.
    public init?(number: Value, context: DecodingContext) {
        guard let exact = ConversionRules.exactInteger(number, as: Int.self) else { return nil }
        self = exact
    }

    /// Integer text, trimmed of white space, as the conversion table reads it (`"10"`, `" 10 "`, `"10.0"`).
    public init?(text: String) {
        guard let exact = ConversionRules.integer(fromText: text, as: Int.self) else { return nil }
        self = exact
    }

    /// The number.
    public var modelValue: Value { .integer(Int64(self)) }
}

extension Double: NumberOrTextValue {
    /// Any number.
    public init?(number: Value, context: DecodingContext) {
        guard let double = ConversionRules.exactDouble(number) else { return nil }
        self = double
    }

    /// Finite decimal text, trimmed of white space (`"3.25"`, `"1e3"`).
    public init?(text: String) {
        let trimmed = ConversionRules.trimmingWhitespace(text)
        guard let double = Double(trimmed), double.isFinite else { return nil }
        self = double
    }

    /// The number.
    public var modelValue: Value { .double(self) }
}

extension Decimal: NumberOrTextValue {
    /// Any number, with the digits its source had.
    public init?(number: Value, context: DecodingContext) {
        guard let decimal = try? ConversionRules.decimal(number, context: context) else { return nil }
        self = decimal
    }

    /// Decimal text, trimmed of white space, every digit kept (`"19.99"`).
    public init?(text: String) {
        let trimmed = ConversionRules.trimmingWhitespace(text)
        guard !trimmed.isEmpty, trimmed.allSatisfy({ "+-0123456789.eE".contains($0) }),
            let decimal = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        self = decimal
    }

    /// The number.
    public var modelValue: Value { .decimal(self) }
}

extension String: NumberOrTextValue {
    /// A number as its decimal text (`12`, `3.25`).
    public init?(number: Value, context: DecodingContext) {
        switch number {
        case .integer(let value): self = String(value)
        case .unsignedInteger(let value): self = String(value)
        case .double(let value): self = ConversionRules.decimalText(of: value)
        case .decimal(let value): self = value.description
        default: return nil
        }
    }

    /// The text as it is.
    public init?(text: String) {
        self = text
    }

    /// The text.
    public var modelValue: Value { .string(self) }
}
