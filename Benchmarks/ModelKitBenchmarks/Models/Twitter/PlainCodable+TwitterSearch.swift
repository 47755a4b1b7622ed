extension PlainCodable {
    /// The `Codable` twin of ``TwitterSearch``.
    struct TwitterSearch: Codable {
        var statuses: [TwitterStatus]
        var searchMetadata: TwitterSearchMetadata

        enum CodingKeys: String, CodingKey {
            case statuses
            case searchMetadata = "search_metadata"
        }
    }

    /// The `Codable` twin of ``TwitterSearchMetadata``.
    struct TwitterSearchMetadata: Codable {
        var completedIn: Double
        var maxID: Int64
        var maxIDStr: String
        var nextResults: String
        var query: String
        var refreshURL: String
        var count: Int
        var sinceID: Int64
        var sinceIDStr: String

        enum CodingKeys: String, CodingKey {
            case completedIn = "completed_in"
            case maxID = "max_id"
            case maxIDStr = "max_id_str"
            case nextResults = "next_results"
            case query
            case refreshURL = "refresh_url"
            case count
            case sinceID = "since_id"
            case sinceIDStr = "since_id_str"
        }
    }
}
