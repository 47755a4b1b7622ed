import ModelKit

/// Why an `NSKeyedArchiver` archive could not be read, and where in the decoded value.
public struct KeyedArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The bytes are not a property list.
        case notPropertyList(String)
        /// The property list is not a keyed archive: `$archiver`, `$objects` or `$top` is missing or wrong.
        case notKeyedArchive(String)
        /// `$top` has no such key; `available` lists the keys it has.
        case missingTopLevelKey(String, available: [String])
        /// A reference (`CF$UID`) points outside `$objects`, or is not a number.
        case invalidReference(String)
        /// An object is not shaped as its class needs: a missing `$class`, `NS.keys` and `NS.objects` of
        /// different lengths, a date without its time.
        case malformedObject(String)
        /// An object contains itself; the decoded value would be infinite.
        case cycle(className: String)
        /// The objects nest deeper than ``KeyedArchive/Options/maximumDepth``.
        case tooDeep(limit: Int)
        /// Shared references would expand into more than ``KeyedArchive/Options/maximumSize`` values.
        case tooLarge(limit: Int)
    }

    /// What went wrong.
    public var reason: Reason
    /// Where, in the value being decoded.
    public var path: ValuePath

    /// Creates an error at `path`.
    public init(_ reason: Reason, at path: ValuePath = ValuePath()) {
        self.reason = reason
        self.path = path
    }

    /// The message, led by the path; a path of more than a few levels shows its start and its end.
    public var description: String {
        let what =
            switch reason {
            case .notPropertyList(let detail): "not a property list: \(detail)"
            case .notKeyedArchive(let detail): "not an NSKeyedArchiver archive: \(detail)"
            case .missingTopLevelKey(let key, let available):
                "$top has no key \"\(key)\"; it has \(available.map { "\"\($0)\"" }.joined(separator: ", "))"
            case .invalidReference(let detail): "invalid reference: \(detail)"
            case .malformedObject(let detail): "malformed object: \(detail)"
            case .cycle(let className): "an object of class \(className) contains itself"
            case .tooDeep(let limit): "objects nest deeper than the limit of \(limit)"
            case .tooLarge(let limit): "shared objects expand to more than the limit of \(limit) values"
            }
        return "\(shortPath): \(what)"
    }

    /// The path, or its first and last levels when it is long: an error thousands of levels deep would
    /// otherwise repeat the path for thousands of characters.
    private var shortPath: String {
        let components = path.components
        guard components.count > 12 else { return "\(path)" }
        let head = ValuePath(Array(components.prefix(4)))
        let tail = ValuePath(Array(components.suffix(4)))
        return "\(head) … (\(components.count - 8) levels) … \(tail)"
    }
}
