import ModelKit

/// One sample document: the tree a reader made of it and the name it is reported under.
public struct Sample: Sendable, Hashable {
    /// The file's path as the user gave it, or `-` for standard input; errors and the generated header use it.
    public var name: String
    /// The document, with numbers whose digits a `Double` would lose kept as `.decimal`.
    public var value: Value
    /// How many bytes the document had, for the progress line.
    public var byteCount: Int

    /// Creates a sample from a tree that is already in memory (tests, other tools).
    public init(name: String, value: Value, byteCount: Int = 0) {
        self.name = name
        self.value = value
        self.byteCount = byteCount
    }
}
