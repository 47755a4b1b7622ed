import SwiftSyntax

// In a debug build SwiftPM compiles swift-syntax unoptimized, and the plugin runs again for every model a
// compile job reaches through stored properties (a chain of 300 models: 300 expansions in the job that compiles
// the last one). `trimmedDescription` builds a trimmed copy of the node before printing it: two fifths of
// `@DictionaryModel`'s own time in such a job.
extension SyntaxProtocol {
    /// The node's source without its leading and trailing trivia, as `trimmedDescription` gives it, read
    /// straight from the node's text.
    var trimmedText: String {
        // Around a missing token `trimmedDescription` keeps trivia the byte count would drop; such code does not
        // compile anyway, so it takes the slow way.
        if hasError { return trimmedDescription }
        let bytes = syntaxTextBytes
        let start = leadingTriviaLength.utf8Length
        let end = max(start, bytes.count - trailingTriviaLength.utf8Length)
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
