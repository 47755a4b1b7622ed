import ModelKit

/// The kinds of animal the shop sells; a kind it does not know becomes ``unknown``.
public enum Species: String, ModelEnum, Sendable {
    case cat, dog, parrot, unknown

    /// Unknown kinds decode as ``unknown``, with a note.
    public static var fallback: Species? { .unknown }
}
