import Foundation

/// Dates written in one fixed `DateFormatter` format, such as `"dd/MM/yyyy"`.
public struct DateFormatTransform: ValueTransform {
    /// The format, in `DateFormatter` syntax.
    public let format: String
    /// The time zone of the texts.
    public let timeZone: TimeZone

    /// Creates the transform; texts are read in `timeZone` (UTC unless given).
    public init(_ format: String, timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        self.format = format
        self.timeZone = timeZone
    }

    private func formatter() -> DateFormatter {
        // A formatter per call: DateFormatter is not Sendable, and transforms are the rare path.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        return formatter
    }

    /// Parses the text; a number or a plist date is taken as the conversion table says.
    public func decode(_ value: Value, context: DecodingContext) throws -> Date {
        if case .string(let text) = value {
            if let date = formatter().date(from: text) { return date }
            throw context.mismatch(expected: "date in format \(format)", found: value)
        }
        return try ConversionRules.date(value, context: context)
    }

    /// Formats the date.
    public func encode(_ output: Date) throws -> Value {
        .string(formatter().string(from: output))
    }
}
