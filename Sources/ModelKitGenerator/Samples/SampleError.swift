import ModelKit

/// Why a sample could not be read, with the file it came from.
public struct SampleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sample's name as the user gave it (`-` for standard input).
    public var file: String
    /// What went wrong; for malformed JSON, ModelKit's message names the line and column.
    public var detail: String

    /// Creates an error for `file`.
    public init(file: String, detail: String) {
        self.file = file
        self.detail = detail
    }

    /// `file: detail`, the form compilers use, so terminals and editors can jump to it.
    public var description: String { "\(file): \(detail)" }
}
