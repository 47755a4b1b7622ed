import Foundation
import ModelKit

/// Equality of ``Value`` trees for round-trip checks.
///
/// `Value ==` is the wrong test here: it calls NaN unequal to itself, `0.0` equal to `-0.0`, and compares
/// strings by canonical equivalence, so `"é"` and `"e\u{301}"` would pass for the same text. A round trip
/// must keep the exact scalars and the exact bits, so strings are compared by UTF-8 and numbers by bit
/// pattern, with every NaN equal to every other (writers may canonicalize a NaN's payload).
enum ValueComparison {
    /// How two trees are matched.
    struct Rules {
        /// Whether dictionaries must list their keys in the same order.
        var keyOrder = true
        /// Whether a date may differ by its fraction of a second (XML property lists keep whole seconds).
        var wholeSecondDates = false
        /// Whether `.integer` and `.unsignedInteger` of the same number count as equal.
        var numericIntegers = true
    }

    /// A description of the first place where `left` and `right` differ, or `nil` when they are equal.
    static func firstDifference(_ left: Value, _ right: Value, rules: Rules = Rules()) -> String? {
        // Explicit stacks: the trees can be as deep as the readers allow, and this must not be the first
        // code to overflow the stack.
        var pending: [(Value, Value, String)] = [(left, right, "$")]
        while let (left, right, path) = pending.popLast() {
            switch (left, right) {
            case (.null, .null):
                continue
            case (.bool(let a), .bool(let b)):
                if a != b { return "\(path): \(a) vs \(b)" }
            case (.integer, .integer), (.unsignedInteger, .unsignedInteger), (.integer, .unsignedInteger),
                (.unsignedInteger, .integer):
                if !sameInteger(left, right, numeric: rules.numericIntegers) {
                    return "\(path): \(left) vs \(right)"
                }
            case (.double(let a), .double(let b)):
                if !sameBits(a, b) { return "\(path): double \(describe(a)) vs \(describe(b))" }
            case (.decimal(let a), .decimal(let b)):
                if a != b && !(a.isNaN && b.isNaN) { return "\(path): decimal \(a) vs \(b)" }
            case (.string(let a), .string(let b)):
                if !a.utf8.elementsEqual(b.utf8) { return "\(path): string \(quoted(a)) vs \(quoted(b))" }
            case (.date(let a), .date(let b)):
                var first = a.timeIntervalSinceReferenceDate
                var second = b.timeIntervalSinceReferenceDate
                if rules.wholeSecondDates {
                    // The whole second the XML writer takes: counted from 1970, where it counts.
                    first = a.timeIntervalSince1970.rounded(.down)
                    second = b.timeIntervalSince1970.rounded(.down)
                }
                if !sameBits(first, second) { return "\(path): date \(describe(first)) vs \(describe(second))" }
            case (.data(let a), .data(let b)):
                if a != b { return "\(path): data \(a.base64EncodedString()) vs \(b.base64EncodedString())" }
            case (.array(let a), .array(let b)):
                guard a.count == b.count else { return "\(path): array of \(a.count) vs \(b.count)" }
                for index in a.indices { pending.append((a[index], b[index], "\(path)[\(index)]")) }
            case (.dictionary(let a), .dictionary(let b)):
                guard a.count == b.count else { return "\(path): dictionary of \(a.count) vs \(b.count)" }
                if rules.keyOrder {
                    for ((keyA, valueA), (keyB, valueB)) in zip(a, b) {
                        guard keyA.utf8.elementsEqual(keyB.utf8) else {
                            return "\(path): key \(quoted(keyA)) vs \(quoted(keyB))"
                        }
                        pending.append((valueA, valueB, "\(path).\(keyA)"))
                    }
                } else {
                    for (key, valueA) in a {
                        guard let index = b.index(forKey: key), b.keys[index].utf8.elementsEqual(key.utf8) else {
                            return "\(path): key \(quoted(key)) missing on the right"
                        }
                        pending.append((valueA, b.values[index], "\(path).\(key)"))
                    }
                }
            default:
                return "\(path): \(left.kind) \(brief(left)) vs \(right.kind) \(brief(right))"
            }
        }
        return nil
    }

    /// Whether two doubles have the same bits, or are both NaN.
    static func sameBits(_ a: Double, _ b: Double) -> Bool {
        a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
    }

    private static func sameInteger(_ left: Value, _ right: Value, numeric: Bool) -> Bool {
        switch (left, right) {
        case (.integer(let a), .integer(let b)): return a == b
        case (.unsignedInteger(let a), .unsignedInteger(let b)): return a == b
        case (.integer(let a), .unsignedInteger(let b)), (.unsignedInteger(let b), .integer(let a)):
            return numeric && a >= 0 && UInt64(a) == b
        default: return false
        }
    }

    /// A double with its bits, so that `-0.0`, NaN payloads and neighbours are told apart in messages.
    static func describe(_ value: Double) -> String {
        "\(value) (0x\(String(value.bitPattern, radix: 16)))"
    }

    /// A string as the Swift literal of its scalars, so invisible differences show.
    static func quoted(_ text: String) -> String {
        let shown = text.unicodeScalars.prefix(80).map { $0.escaped(asASCII: true) }.joined()
        return "\"\(shown)\"" + (text.unicodeScalars.count > 80 ? "…" : "")
    }

    /// A short description of any value for messages.
    static func brief(_ value: Value) -> String {
        let text = String(describing: value)
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}

extension Value {
    /// Whether the tree holds `null` anywhere; property lists cannot.
    var containsNull: Bool { contains { if case .null = $0 { true } else { false } } }

    /// Whether the tree holds a date or data, which JSON writes as strings.
    var containsDateOrData: Bool {
        contains {
            switch $0 {
            case .date, .data: true
            default: false
            }
        }
    }

    /// Whether the tree holds a double that is NaN or infinite, which JSON cannot write.
    var containsNonFiniteDouble: Bool { contains { if case .double(let d) = $0 { !d.isFinite } else { false } } }

    /// Whether the tree holds a date without a text (`DateText.hasText`): NaN, an infinity, or outside the
    /// years ±999,999,999, which JSON (as ISO 8601) and XML property lists refuse to write.
    var containsDateWithoutText: Bool {
        contains {
            guard case .date(let date) = $0 else { return false }
            return !DateText.hasText(date)
        }
    }

    /// Whether the tree holds something JSON cannot write: a NaN or infinite double, a NaN decimal, or a date
    /// without a text.
    var containsUnwritableInJSON: Bool {
        containsNonFiniteDouble || containsDateWithoutText
            || contains { if case .decimal(let d) = $0 { d.isNaN } else { false } }
    }

    /// Whether any node satisfies `predicate`, walking without recursion.
    func contains(where predicate: (Value) -> Bool) -> Bool {
        var pending = [self]
        while let value = pending.popLast() {
            if predicate(value) { return true }
            switch value {
            case .array(let elements): pending.append(contentsOf: elements)
            case .dictionary(let entries): pending.append(contentsOf: entries.values)
            default: break
            }
        }
        return false
    }

    /// The keys of every dictionary are in UTF-8 byte order, as `sortedKeys` promises.
    var hasSortedKeys: Bool {
        !contains {
            guard case .dictionary(let entries) = $0 else { return false }
            return zip(entries.keys, entries.keys.dropFirst()).contains { !$0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
    }
}
