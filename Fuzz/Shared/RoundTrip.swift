import Foundation
import ModelKit

/// Stops the process so that libFuzzer saves the input as a crash: a broken property is a bug even when
/// nothing crashed on its own.
func propertyFailed(_ message: String, input: Data? = nil) -> Never {
    var text = "fuzz property failed: \(message)"
    if let input { text += "\ninput (\(input.count) bytes, base64): \(input.prefix(512).base64EncodedString())" }
    fatalError(text)
}

/// The outcome of one call that may throw, with errors other than ``MappingError`` treated as bugs: every
/// public entry point promises to throw only `MappingError`.
enum Outcome<Success> {
    case success(Success)
    case failure(MappingError)

    init(_ what: String, input: Data, _ body: () throws -> Success) {
        do {
            self = .success(try body())
        } catch let error as MappingError {
            // Error messages are built from what the input held (paths, found values); that must not crash.
            _ = error.description
            self = .failure(error)
        } catch {
            propertyFailed("\(what) threw \(type(of: error)), not MappingError: \(error)", input: input)
        }
    }

    var value: Success? {
        if case .success(let value) = self { return value }
        return nil
    }

    var error: MappingError? {
        if case .failure(let error) = self { return error }
        return nil
    }

    func map<Other>(_ transform: (Success) -> Other) -> Outcome<Other> {
        switch self {
        case .success(let value): .success(transform(value))
        case .failure(let error): .failure(error)
        }
    }
}

extension MappingError {
    /// Whether the error is a nesting or size limit, which two decoding paths may reach at different
    /// points: one counts containers, the other path components and stack left.
    var isLimit: Bool {
        switch reason {
        case .tooDeep, .tooLarge: true
        default: false
        }
    }
}

/// The three formats ModelKit writes, each with its own writer and reader.
enum RoundTripFormat: String, CaseIterable {
    case json
    case xml
    case binary

    /// The bytes of `value` in this format.
    func write(_ value: Value) throws -> Data {
        switch self {
        case .json: try JSONFormat.data(from: value)
        case .xml: try PropertyListKind.data(from: value, format: .xml)
        case .binary: try PropertyListKind.data(from: value, format: .binary)
        }
    }

    /// The tree in `data`, read by this format's reader.
    func read(_ data: Data) throws -> Value {
        switch self {
        case .json: try JSONFormat.value(from: data)
        case .xml, .binary: try PropertyListKind.value(from: data)
        }
    }

    /// Whether `value` survives this format unchanged, as the writers document: JSON has no dates, data,
    /// NaN or infinity; property lists have no null; XML dates are whole seconds in the years ±999,999,999.
    func holdsExactly(_ value: Value) -> Bool {
        switch self {
        case .json: !value.containsDateOrData && !value.containsNonFiniteDouble
        case .xml: !value.containsNull && !value.containsDateWithoutText
        case .binary: !value.containsNull
        }
    }

    /// Whether the writer must refuse `value` with `numberOutOfRange`: a date without a text (JSON, XML) and
    /// a NaN or infinity (JSON) are never clamped or written as something else.
    func mustRefuse(_ value: Value) -> Bool {
        switch self {
        case .json: value.containsUnwritableInJSON
        case .xml: value.containsDateWithoutText
        case .binary: false
        }
    }

    /// How trees read back are compared: XML keeps whole seconds of a date.
    var rules: ValueComparison.Rules {
        var rules = ValueComparison.Rules()
        rules.wholeSecondDates = self == .xml
        return rules
    }
}

/// Round-trip properties shared by the reader targets.
enum RoundTrip {
    /// Writes `value` in `format` and reads it back: the writer must accept it, its output must read back
    /// as the same tree, and writing that tree again must give the same bytes.
    ///
    /// - Parameter origin: where `value` came from, for the message.
    static func check(_ value: Value, through format: RoundTripFormat, origin: String, input: Data) {
        let written: Data
        do {
            written = try format.write(value)
        } catch {
            propertyFailed(
                "\(origin) → \(format) writer threw \(error) for a value it can hold: "
                    + ValueComparison.brief(value),
                input: input)
        }
        let back: Value
        do {
            back = try format.read(written)
        } catch {
            propertyFailed(
                "\(origin) → \(format) writer wrote bytes its reader rejects (\(error)); written base64: "
                    + written.prefix(512).base64EncodedString(),
                input: input)
        }
        if let difference = ValueComparison.firstDifference(value, back, rules: format.rules) {
            propertyFailed(
                "\(origin) → \(format) → read back differs at \(difference); written base64: "
                    + written.prefix(512).base64EncodedString(),
                input: input)
        }
        guard let again = try? format.write(back) else {
            propertyFailed("\(origin) → \(format): the tree read back cannot be written again", input: input)
        }
        if again != written {
            propertyFailed(
                "\(origin) → \(format) is not stable: writing the tree read back gives other bytes ("
                    + "\(written.count) vs \(again.count) bytes)",
                input: input)
        }
    }

    /// Writes `value` in every format but `native` that can hold it exactly and checks each round trip;
    /// formats that cannot hold it must still not crash.
    static func checkEveryFormat(
        _ value: Value, except native: RoundTripFormat? = nil, origin: String, input: Data
    ) {
        for format in RoundTripFormat.allCases where format != native {
            if format.mustRefuse(value) {
                do {
                    let written = try format.write(value)
                    propertyFailed(
                        "\(origin) → \(format) wrote a value it cannot hold (NaN, infinity or a date without a text) "
                            + "instead of refusing it; written base64: " + written.prefix(512).base64EncodedString(),
                        input: input)
                } catch let error as MappingError {
                    switch error.reason {
                    case .numberOutOfRange:
                        break
                    case .typeMismatch(_, "null") where format == .xml && value.containsNull:
                        // A null that comes first is refused first.
                        break
                    default:
                        propertyFailed(
                            "\(origin) → \(format) refused with \(error), not numberOutOfRange", input: input)
                    }
                } catch {
                    propertyFailed("\(origin) → \(format) threw \(type(of: error)): \(error)", input: input)
                }
            } else if format.holdsExactly(value) {
                check(value, through: format, origin: origin, input: input)
            } else {
                // Lossy or impossible: an error is fine, a crash is not, and what is written must be readable.
                if let written = try? format.write(value) {
                    do {
                        _ = try format.read(written)
                    } catch {
                        propertyFailed(
                            "\(origin) → \(format) wrote bytes its reader rejects (\(error)); written base64: "
                                + written.prefix(512).base64EncodedString(),
                            input: input)
                    }
                }
            }
        }
    }

    /// The tree as Foundation objects (`[String: Any]`, `NSNull`, …) read back by the Foundation object
    /// reader: the same tree, though dictionaries lose their order.
    static func checkFoundationObjects(_ value: Value, origin: String, input: Data) {
        let object: Any
        do {
            object = try value.foundationObject()
        } catch {
            propertyFailed("\(origin): the tree cannot become Foundation objects: \(error)", input: input)
        }
        let back: Value
        do {
            back = try Value(object: object)
        } catch {
            propertyFailed("\(origin) → Foundation objects cannot be read back: \(error)", input: input)
        }
        var rules = ValueComparison.Rules()
        rules.keyOrder = false
        if let difference = ValueComparison.firstDifference(value, back, rules: rules) {
            propertyFailed("\(origin) → Foundation objects → read back differs at \(difference)", input: input)
        }
    }
}

/// What a reader target does with the root value before `finish()`.
enum RootHandling {
    /// Reads it into a tree.
    case read
    /// Skips it with `skipValue()`.
    case skip
    /// Leaves it unread, for `finish()` to pass over.
    case leave
}
