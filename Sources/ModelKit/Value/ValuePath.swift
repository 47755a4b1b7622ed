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

    /// Parses a dotted path with optional array indexes: `user.images[0].url`.
    ///
    /// A key that itself contains a dot or a bracket cannot be written this way; build the path from
    /// components instead.
    public init(parsing text: String) {
        var components: [PathComponent] = []
        for segment in text.split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(segment)
            if let bracket = rest.firstIndex(of: "[") {
                let name = rest[..<bracket]
                if !name.isEmpty { components.append(.key(String(name))) }
                rest = rest[bracket...]
                while rest.first == "[", let close = rest.firstIndex(of: "]") {
                    let digits = rest[rest.index(after: rest.startIndex)..<close]
                    if let index = Int(digits) {
                        components.append(.index(index))
                    } else {
                        components.append(.key(String(rest[...close])))
                    }
                    rest = rest[rest.index(after: close)...]
                }
                if !rest.isEmpty { components.append(.key(String(rest))) }
            } else {
                components.append(.key(String(rest)))
            }
        }
        self.components = components
    }

    /// Parses a dotted path; see ``init(parsing:)``.
    public init(stringLiteral value: String) {
        self.init(parsing: value)
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
