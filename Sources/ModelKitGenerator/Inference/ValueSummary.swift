import Foundation
import ModelKit
import OrderedCollections

/// What the samples held at one position of the tree, unified across every sample and every array element:
/// counts of each kind, what the strings look like, and the same for each key of the dictionaries and each
/// element of the arrays found there.
///
/// A class, because the summary of a position is updated in place by every value met there; summaries are
/// built and read on one thread.
final class ValueSummary {
    /// Values met here, `null` included.
    var occurrences = 0
    var nulls = 0
    var bools = 0
    var integers = 0
    var minInteger = Int64.max
    var maxInteger = Int64.min
    var unsignedIntegers = 0
    var doubles = 0
    var decimals = 0
    var dates = 0
    var datas = 0
    var strings = StringSummary()
    /// Arrays met here, and what their elements held.
    var arrays = 0
    var elements: ValueSummary?
    /// Dictionaries met here, and what each key held; a key's `occurrences` is how many of them had it.
    var dictionaries = 0
    var keys: OrderedDictionary<String, ValueSummary> = [:]

    /// Folds `value` into this summary; `rules` is a strict context, through which strings are tried as the
    /// types that the generated code would decode them as.
    func add(_ value: Value, rules: DecodingContext) {
        occurrences += 1
        switch value {
        case .null: nulls += 1
        case .bool: bools += 1
        case .integer(let number):
            integers += 1
            minInteger = min(minInteger, number)
            maxInteger = max(maxInteger, number)
        case .unsignedInteger: unsignedIntegers += 1
        case .double: doubles += 1
        case .decimal: decimals += 1
        case .date: dates += 1
        case .data: datas += 1
        case .string(let text): strings.add(text, rules: rules)
        case .array(let array):
            arrays += 1
            if !array.isEmpty {
                let elements = self.elements ?? ValueSummary()
                self.elements = elements
                for element in array { elements.add(element, rules: rules) }
            }
        case .dictionary(let dictionary):
            dictionaries += 1
            for (key, element) in dictionary {
                if let summary = keys[key] {
                    summary.add(element, rules: rules)
                } else {
                    let summary = ValueSummary()
                    keys[key] = summary
                    summary.add(element, rules: rules)
                }
            }
        }
    }

    /// Folds another summary into this one, as if its values had been added here; used to see the values of a
    /// map as one position.
    func merge(_ other: ValueSummary) {
        occurrences += other.occurrences
        nulls += other.nulls
        bools += other.bools
        integers += other.integers
        minInteger = min(minInteger, other.minInteger)
        maxInteger = max(maxInteger, other.maxInteger)
        unsignedIntegers += other.unsignedIntegers
        doubles += other.doubles
        decimals += other.decimals
        dates += other.dates
        datas += other.datas
        strings.merge(other.strings)
        arrays += other.arrays
        if let otherElements = other.elements {
            let elements = self.elements ?? ValueSummary()
            self.elements = elements
            elements.merge(otherElements)
        }
        dictionaries += other.dictionaries
        for (key, summary) in other.keys {
            if let existing = keys[key] {
                existing.merge(summary)
            } else {
                let copy = ValueSummary()
                copy.merge(summary)
                keys[key] = copy
            }
        }
    }

    /// The kinds met here other than `null`.
    var kinds: Set<Kind> {
        var kinds: Set<Kind> = []
        if bools > 0 { kinds.insert(.bool) }
        if integers + unsignedIntegers + doubles + decimals > 0 { kinds.insert(.number) }
        if strings.count > 0 { kinds.insert(.string) }
        if dates > 0 { kinds.insert(.date) }
        if datas > 0 { kinds.insert(.data) }
        if arrays > 0 { kinds.insert(.array) }
        if dictionaries > 0 { kinds.insert(.dictionary) }
        return kinds
    }

    enum Kind: Hashable {
        case bool, number, string, date, data, array, dictionary
    }
}

/// What the strings at one position look like: whether every one of them is a date, a URL, a UUID or a number,
/// and the first few distinct values, for enums.
struct StringSummary {
    var count = 0
    var allDates = true
    var allURLs = true
    var allUUIDs = true
    var allIntegers = true
    var allMoney = true
    var allNumbers = true
    /// The distinct values in the order met, kept while there are at most ``distinctLimit``.
    var distinct: OrderedSet<String> = []
    var hasMoreDistinct = false

    static let distinctLimit = 16

    /// Counts `text`; whether it is a date, a URL or a UUID is asked of ModelKit's own conversion table in strict
    /// mode, so that a type is chosen only when the generated code will accept every value.
    mutating func add(_ text: String, rules: DecodingContext) {
        count += 1
        let value = Value.string(text)
        if allDates { allDates = (try? ConversionRules.date(value, context: rules)) != nil }
        if allUUIDs { allUUIDs = (try? ConversionRules.uuid(value, context: rules)) != nil }
        if allURLs { allURLs = Self.looksLikeURL(text) && (try? ConversionRules.url(value, context: rules)) != nil }
        if allIntegers { allIntegers = Self.isIntegerText(text) }
        if allMoney { allMoney = Self.isMoneyText(text) }
        if allNumbers { allNumbers = allIntegers || Self.isNumberText(text) }
        if !hasMoreDistinct {
            distinct.append(text)
            if distinct.count > Self.distinctLimit { hasMoreDistinct = true }
        }
    }

    mutating func merge(_ other: StringSummary) {
        guard other.count > 0 else { return }
        count += other.count
        allDates = allDates && other.allDates
        allURLs = allURLs && other.allURLs
        allUUIDs = allUUIDs && other.allUUIDs
        allIntegers = allIntegers && other.allIntegers
        allMoney = allMoney && other.allMoney
        allNumbers = allNumbers && other.allNumbers
        hasMoreDistinct = hasMoreDistinct || other.hasMoreDistinct
        for text in other.distinct where !hasMoreDistinct {
            distinct.append(text)
            if distinct.count > Self.distinctLimit { hasMoreDistinct = true }
        }
    }

    /// A scheme and `://`: ModelKit would take `"hello"` as a relative URL, but a word is not meant as one.
    static func looksLikeURL(_ text: String) -> Bool {
        guard let separator = text.range(of: "://"), separator.lowerBound > text.startIndex else { return false }
        let scheme = text[..<separator.lowerBound]
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// An integer without leading zeros, which would be lost (`"007"` is an identifier, not a number).
    static func isIntegerText(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return false
        }
        return digits == "0" || digits.first != "0"
    }

    /// An amount with two decimals, `"12.50"`: money, for which a `Double` is the wrong type.
    static func isMoneyText(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return false
        }
        return isIntegerText(String(parts[0]))
    }

    /// A plain decimal number, `"3.25"` or `"-0.5"`: no exponent, no white space, no leading zeros.
    static func isNumberText(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[1].isEmpty, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return false
        }
        return isIntegerText(String(parts[0])) || parts[0] == "-0"
    }
}
