/// Why a model could not be made from the data, and where.
///
/// Every error carries the full path from the root of the input (`arrUsers[2].userId`) and says what was
/// found there, so a mistyped key or a malformed file is found at once.
public struct MappingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The value has a kind or form that the property's type cannot take.
        case typeMismatch(expected: String, found: String)
        /// A required key is absent.
        case missingKey
        /// A key that strict mode does not allow, because no property reads it.
        case unknownKey
        /// A number does not fit the property's type.
        case numberOutOfRange(expected: String, found: String)
        /// An enum's raw value is not one of its cases and the enum declares no fallback.
        case unknownEnumCase(type: String, found: String)
        /// A polymorphic model's discriminator names no known type.
        case unknownDiscriminator(key: String, found: String)
        /// The model's validation rejected it.
        case validationFailed(String)
        /// The data nests deeper than the limit in ``DecodingOptions/maximumDepth``.
        case tooDeep(limit: Int)
        /// The data is larger than a limit in ``DecodingOptions``.
        case tooLarge(String)
        /// The bytes are not valid in their format; `location` names the line and column or byte offset.
        case malformedData(format: String, location: String, detail: String)
        /// A file could not be read or written.
        case file(path: String, detail: String)
        /// A transform rejected the value.
        case transformFailed(String)
    }

    /// What went wrong.
    public var reason: Reason
    /// Where it went wrong, from the root of the input.
    public var path: ValuePath

    /// Creates an error at `path`.
    public init(_ reason: Reason, at path: ValuePath) {
        self.reason = reason
        self.path = path
    }

    /// The message, led by the path: `arrUsers[2].userId: expected Int, found string "abc"`.
    public var description: String {
        "\(path): \(reasonDescription)"
    }

    /// The message as a note at `base` words it: without the path when the error is at `base`, with only the
    /// part below it otherwise (`name: required key is missing` for an error at `owner.name` noted at `owner`),
    /// so that a note's text never repeats the path that leads it.
    public func description(relativeTo base: ValuePath) -> String {
        let components = path.components
        let baseComponents = base.components
        guard components.starts(with: baseComponents) else { return description }
        if components.count == baseComponents.count { return reasonDescription }
        return "\(ValuePath(Array(components[baseComponents.count...]))): \(reasonDescription)"
    }

    /// The message without the path.
    public var reasonDescription: String {
        switch reason {
        case .typeMismatch(let expected, let found): "expected \(expected), found \(found)"
        case .missingKey: "required key is missing"
        case .unknownKey: "no property reads this key (strict mode)"
        case .numberOutOfRange(let expected, let found): "\(found) does not fit in \(expected)"
        case .unknownEnumCase(let type, let found): "\(found) is not a case of \(type)"
        case .unknownDiscriminator(let key, let found): "\(key) \(found) names no known model"
        case .validationFailed(let why): "validation failed: \(why)"
        case .tooDeep(let limit): "nested deeper than the limit of \(limit)"
        case .tooLarge(let what): "too large: \(what)"
        case .malformedData(let format, let location, let detail): "malformed \(format) at \(location): \(detail)"
        case .file(let path, let detail): "file \(path): \(detail)"
        case .transformFailed(let why): "transform failed: \(why)"
        }
    }
}

extension MappingError.Reason {
    /// ``tooLarge(_:)`` for a collection with more than `limit` members, which `members` names ("elements",
    /// "entries"): one wording for every reader and decoder.
    static func tooManyMembers(limit: Int, _ members: String) -> Self {
        .tooLarge("more than \(limit) \(members)")
    }
}

extension MappingError {
    /// Whether a reader threw this for a number that the format spells but cannot hold (`1e400` in JSON, an
    /// integer beyond 64 bits in a property list): the readers' exact reads give `nil` for it, so that the full
    /// path reports it as a value of the property, which lenient decoding replaces by the default.
    @usableFromInline
    var isNumberOutOfRange: Bool {
        if case .numberOutOfRange = reason { return true }
        return false
    }
}
