/// Why a text is not a key path (see ``KeyPathGrammar``), and where.
public struct KeyPathSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Sendable, Hashable {
        /// A key is empty: the text is empty, starts or ends with a dot, or has two dots in a row (`a..b`).
        case emptyKey
        /// A `[` does not open an index of decimal digits closed by `]` (`a[x]`, `a[-1]`, `a[`).
        case malformedIndex
        /// An index is too large for an `Int`.
        case indexTooLarge
        /// A key follows an index without a dot (`a[0]b`).
        case keyAfterIndex
        /// A `]` closes no index (`a]`).
        case unmatchedBracket
    }

    /// The text that was read.
    public let text: String
    /// How many characters come before the fault.
    public let offset: Int
    /// What is wrong.
    public let reason: Reason

    /// Creates the error.
    public init(text: String, offset: Int, reason: Reason) {
        self.text = text
        self.offset = offset
        self.reason = reason
    }

    /// The fault, worded for a person: `"a..b" is not a key path: an empty key at offset 2 (…)`.
    public var description: String {
        let fault =
            switch reason {
            case .emptyKey: "an empty key at offset \(offset) (keys are not empty and one dot separates two)"
            case .malformedIndex: "the index at offset \(offset) is not decimal digits in brackets, such as [0]"
            case .indexTooLarge: "the index at offset \(offset) is too large"
            case .keyAfterIndex: "a key follows an index at offset \(offset) without a dot before it"
            case .unmatchedBracket: "the ] at offset \(offset) closes no index"
            }
        return "\"\(text)\" is not a key path: \(fault)"
    }
}
