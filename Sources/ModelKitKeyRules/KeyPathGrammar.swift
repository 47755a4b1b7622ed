/// The one grammar of key paths, such as `user.images[0].url`: `@Key` reads it at compile time, `ValuePath` at
/// run time.
///
/// ```
/// path    = segment *("." segment)
/// segment = key *index / 1*index
/// key     = 1*(any character but "." "[" "]")
/// index   = "[" 1*digit "]"
/// ```
///
/// Every key is non-empty: `a..b`, `.a` and `a.` are errors (``KeyPathSyntaxError/Reason/emptyKey``), not
/// paths through an empty key, since a person who writes two dots meant one. A key that is empty, or holds a
/// dot or a bracket, cannot be written in a key path.
public enum KeyPathGrammar {
    /// The steps of `text`: `user.images[0].url` is `user`, `images`, `0`, `url`; a text without dots or
    /// brackets is one key.
    ///
    /// - Throws: ``KeyPathSyntaxError`` at the first fault.
    public static func steps(of text: String) throws(KeyPathSyntaxError) -> [KeyPathStep] {
        let characters = Array(text)
        var steps: [KeyPathStep] = []
        var key = ""
        // Whether the segment read so far ends with an index, which may end the segment as a key does.
        var afterIndex = false
        var offset = 0
        func failure(_ reason: KeyPathSyntaxError.Reason, at offset: Int) -> KeyPathSyntaxError {
            KeyPathSyntaxError(text: text, offset: offset, reason: reason)
        }
        while offset < characters.count {
            switch characters[offset] {
            case ".":
                if !key.isEmpty {
                    steps.append(.key(key))
                    key = ""
                } else if !afterIndex {
                    throw failure(.emptyKey, at: offset)
                }
                afterIndex = false
                offset += 1
            case "[":
                if !key.isEmpty {
                    steps.append(.key(key))
                    key = ""
                }
                var end = offset + 1
                var index = 0
                var overflowed = false
                while end < characters.count, let digit = characters[end].asciiValue, (48...57).contains(digit) {
                    let (times10, overflow1) = index.multipliedReportingOverflow(by: 10)
                    let (sum, overflow2) = times10.addingReportingOverflow(Int(digit - 48))
                    overflowed = overflowed || overflow1 || overflow2
                    index = sum
                    end += 1
                }
                guard end > offset + 1, end < characters.count, characters[end] == "]" else {
                    throw failure(.malformedIndex, at: offset)
                }
                if overflowed { throw failure(.indexTooLarge, at: offset) }
                steps.append(.index(index))
                afterIndex = true
                offset = end + 1
            case "]":
                throw failure(.unmatchedBracket, at: offset)
            case let character:
                if afterIndex { throw failure(.keyAfterIndex, at: offset) }
                key.append(character)
                offset += 1
            }
        }
        if !key.isEmpty {
            steps.append(.key(key))
        } else if !afterIndex {
            throw failure(.emptyKey, at: offset)
        }
        return steps
    }
}
