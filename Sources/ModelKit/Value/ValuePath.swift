internal import ModelKitKeyRules

/// One step of a path into nested data: a dictionary key or an array index.
public enum PathComponent: Sendable, Hashable, CustomStringConvertible {
    /// A dictionary key.
    case key(String)
    /// An array index.
    case index(Int)

    /// The component as it appears in a printed path (`name` or `[2]`).
    public var description: String {
        switch self {
        case .key(let key): key
        case .index(let index): "[\(index)]"
        }
    }
}

/// A path into nested data, such as `arrUsers[2].userId` or `user.images[0].url`.
///
/// Paths name where an error or a diagnostic happened, and `@Key("info.city")` uses them to read a value
/// from inside a nested dictionary.
public struct ValuePath: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The steps from the root to the value.
    public var components: [PathComponent]

    /// Creates a path from its steps.
    public init(_ components: [PathComponent] = []) {
        self.components = components
    }

    /// Parses a key path written as `@Key` writes one: keys separated by dots, each followed by any number of
    /// array indexes, `user.images[0].url`.
    ///
    /// The grammar is the one `@Key` follows at compile time (see <doc:Architecture#One-key-path-grammar>):
    /// every key is non-empty, so `a..b`, `.a` and `a.` are errors, and an index is decimal digits in brackets.
    /// A key that is empty or holds a dot or a bracket cannot be written this way; build the path from
    /// ``PathComponent``s instead.
    ///
    /// - Throws: ``SyntaxError`` naming the first fault and where it is.
    public init(parsing text: String) throws(SyntaxError) {
        do {
            components = try KeyPathGrammar.steps(of: text).map(PathComponent.init)
        } catch {
            throw SyntaxError(error)
        }
    }

    /// Parses a key path literal; see ``init(parsing:)``.
    ///
    /// A literal is part of the program, so one that is not a key path (`"a..b"`) is a programmer's error: it
    /// stops the program with the ``SyntaxError``'s description, as an array index out of range does. Text that
    /// comes from data goes through ``init(parsing:)``, which throws.
    public init(stringLiteral value: String) {
        do {
            try self.init(parsing: value)
        } catch {
            preconditionFailure(error.description)
        }
    }

    /// The path printed as `a.b[0].c`; the root prints as `(root)`.
    public var description: String {
        if components.isEmpty { return "(root)" }
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// This path followed by `component`.
    public func appending(_ component: PathComponent) -> ValuePath {
        ValuePath(components + [component])
    }
}

extension ValuePath {
    /// Why a text is not a key path, and where: what ``ValuePath/init(parsing:)`` throws, and what `@Key` reports
    /// at compile time for the same text.
    public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
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

        /// The text that was parsed.
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

        /// The fault, worded for a person, as `@Key` words it: `"a..b" is not a key path: an empty key at offset 2 (…)`.
        public var description: String {
            let reason: KeyPathSyntaxError.Reason =
                switch reason {
                case .emptyKey: .emptyKey
                case .malformedIndex: .malformedIndex
                case .indexTooLarge: .indexTooLarge
                case .keyAfterIndex: .keyAfterIndex
                case .unmatchedBracket: .unmatchedBracket
                }
            return KeyPathSyntaxError(text: text, offset: offset, reason: reason).description
        }

        /// The grammar's error, in ModelKit's terms.
        init(_ error: KeyPathSyntaxError) {
            let reason: Reason =
                switch error.reason {
                case .emptyKey: .emptyKey
                case .malformedIndex: .malformedIndex
                case .indexTooLarge: .indexTooLarge
                case .keyAfterIndex: .keyAfterIndex
                case .unmatchedBracket: .unmatchedBracket
                }
            self.init(text: error.text, offset: error.offset, reason: reason)
        }
    }
}

extension PathComponent {
    /// The component for one step of the grammar's path.
    init(_ step: KeyPathStep) {
        switch step {
        case .key(let key): self = .key(key)
        case .index(let index): self = .index(index)
        }
    }
}
