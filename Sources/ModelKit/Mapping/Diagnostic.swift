/// A note about something the lenient rules did so that decoding could go on.
///
/// Nothing is changed in silence: a string turned into a number, a default put in for a missing or `null`
/// value, a bad array element dropped, a key that no property reads — each leaves a diagnostic with its path.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What the rules did.
    public enum Kind: Sendable, Hashable {
        /// A value of another kind was converted (`"10"` → `10`).
        case converted(from: String, to: String)
        /// The property's default was used because the key was missing.
        case defaultedMissing
        /// The property's default was used because the value was `null`.
        case defaultedNull
        /// The property's default was used because the value could not be converted; `error` says why.
        case defaultedInvalid(error: String)
        /// A collection element was dropped because it could not be decoded; `error` says why, and the note's
        /// path is where inside the element decoding failed (`arrUsers[2].userId`).
        case droppedElement(error: String)
        /// A key in the data that no property reads (a mistyped key shows up here).
        case unknownKey
        /// An enum's unknown raw value was replaced by its fallback case.
        case enumFallback(found: String)
        /// A stored preference or document had to fall back; `detail` says why.
        case recovered(detail: String)
    }

    /// What the rules did.
    public var kind: Kind
    /// Where, from the root of the input.
    public var path: ValuePath

    /// Creates a diagnostic at `path`.
    public init(_ kind: Kind, at path: ValuePath) {
        self.kind = kind
        self.path = path
    }

    /// The note, led by the path.
    public var description: String {
        switch kind {
        case .converted(let from, let to): "\(path): converted \(from) to \(to)"
        case .defaultedMissing: "\(path): missing, default used"
        case .defaultedNull: "\(path): null, default used"
        case .defaultedInvalid(let error): "\(path): \(error); default used"
        case .droppedElement(let error): "\(path): \(error); element dropped"
        case .unknownKey: "\(path): no property reads this key"
        case .enumFallback(let found): "\(path): unknown case \(found), fallback used"
        case .recovered(let detail): "\(path): \(detail)"
        }
    }
}
