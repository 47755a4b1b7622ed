import ModelKit

/// A Twitter search response, `twitter.json` of nativejson-benchmark: a hundred statuses and the search's
/// metadata.
@DictionaryModel(keyStrategy: .snakeCase)
struct TwitterSearch {
    var statuses: [TwitterStatus]
    var searchMetadata: TwitterSearchMetadata
}

/// The paging details of a search.
@DictionaryModel(keyStrategy: .snakeCase)
struct TwitterSearchMetadata {
    var completedIn: Double
    var maxID: Int64
    var maxIDStr: String
    var nextResults: String
    var query: String
    var refreshURL: String
    var count: Int
    var sinceID: Int64
    var sinceIDStr: String
}
