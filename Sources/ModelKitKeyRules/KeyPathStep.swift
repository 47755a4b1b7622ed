/// One step of a key path: a dictionary key or an array index.
public enum KeyPathStep: Sendable, Hashable {
    /// A dictionary key, never empty.
    case key(String)
    /// An array index, zero or more.
    case index(Int)
}
