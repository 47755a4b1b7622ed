import Foundation
import ModelKit

extension JSONReader {
    /// Runs `body` with a reader over the UTF-8 of `text`, kept alive for the call, as callers holding
    /// `Data` do.
    static func withReader<Result>(
        over text: String, maximumDepth: Int = 512, _ body: (inout JSONReader) throws -> Result
    ) throws -> Result {
        try withReader(over: Data(text.utf8), maximumDepth: maximumDepth, body)
    }

    /// Runs `body` with a reader over `data`.
    static func withReader<Result>(
        over data: Data, maximumDepth: Int = 512, _ body: (inout JSONReader) throws -> Result
    ) throws -> Result {
        try data.withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw, maximumDepth: maximumDepth)
            return try body(&reader)
        }
    }
}

extension MappingError {
    /// The location and detail of a malformed-data error, or `nil` for any other reason.
    var malformedJSON: (location: String, detail: String)? {
        guard case .malformedData("JSON", let location, let detail) = reason else { return nil }
        return (location, detail)
    }
}
