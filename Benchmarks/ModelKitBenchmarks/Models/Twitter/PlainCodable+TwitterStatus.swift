extension PlainCodable {
    /// The `Codable` twin of ``TwitterStatus``.
    struct TwitterStatus: Codable {
        var metadata: TwitterStatusMetadata
        var createdAt: FeedDate
        var id: Int64
        var idStr: String
        var text: String
        var source: String
        var truncated: Bool
        var inReplyToStatusID: Int64?
        var inReplyToStatusIDStr: String?
        var inReplyToUserID: Int64?
        var inReplyToUserIDStr: String?
        var inReplyToScreenName: String?
        var user: TwitterUser
        var geo: TwitterCoordinates?
        var coordinates: TwitterCoordinates?
        var place: TwitterPlace?
        var contributors: [Int64]?
        var retweetedStatus: TwitterRetweetedStatus?
        var retweetCount: Int
        var favoriteCount: Int
        var entities: TwitterEntities
        var favorited: Bool
        var retweeted: Bool
        var possiblySensitive: Bool?
        var lang: String

        enum CodingKeys: String, CodingKey {
            case metadata
            case createdAt = "created_at"
            case id
            case idStr = "id_str"
            case text, source, truncated
            case inReplyToStatusID = "in_reply_to_status_id"
            case inReplyToStatusIDStr = "in_reply_to_status_id_str"
            case inReplyToUserID = "in_reply_to_user_id"
            case inReplyToUserIDStr = "in_reply_to_user_id_str"
            case inReplyToScreenName = "in_reply_to_screen_name"
            case user, geo, coordinates, place, contributors
            case retweetedStatus = "retweeted_status"
            case retweetCount = "retweet_count"
            case favoriteCount = "favorite_count"
            case entities, favorited, retweeted
            case possiblySensitive = "possibly_sensitive"
            case lang
        }
    }

    /// The `Codable` twin of ``TwitterRetweetedStatus``.
    struct TwitterRetweetedStatus: Codable {
        var metadata: TwitterStatusMetadata
        var createdAt: FeedDate
        var id: Int64
        var idStr: String
        var text: String
        var source: String
        var truncated: Bool
        var inReplyToStatusID: Int64?
        var inReplyToStatusIDStr: String?
        var inReplyToUserID: Int64?
        var inReplyToUserIDStr: String?
        var inReplyToScreenName: String?
        var user: TwitterUser
        var geo: TwitterCoordinates?
        var coordinates: TwitterCoordinates?
        var place: TwitterPlace?
        var contributors: [Int64]?
        var retweetCount: Int
        var favoriteCount: Int
        var entities: TwitterEntities
        var favorited: Bool
        var retweeted: Bool
        var possiblySensitive: Bool?
        var lang: String

        enum CodingKeys: String, CodingKey {
            case metadata
            case createdAt = "created_at"
            case id
            case idStr = "id_str"
            case text, source, truncated
            case inReplyToStatusID = "in_reply_to_status_id"
            case inReplyToStatusIDStr = "in_reply_to_status_id_str"
            case inReplyToUserID = "in_reply_to_user_id"
            case inReplyToUserIDStr = "in_reply_to_user_id_str"
            case inReplyToScreenName = "in_reply_to_screen_name"
            case user, geo, coordinates, place, contributors
            case retweetCount = "retweet_count"
            case favoriteCount = "favorite_count"
            case entities, favorited, retweeted
            case possiblySensitive = "possibly_sensitive"
            case lang
        }
    }

    /// The `Codable` twin of ``TwitterStatusMetadata``.
    struct TwitterStatusMetadata: Codable {
        var resultType: String
        var isoLanguageCode: String

        enum CodingKeys: String, CodingKey {
            case resultType = "result_type"
            case isoLanguageCode = "iso_language_code"
        }
    }

    /// The `Codable` twin of ``TwitterCoordinates``.
    struct TwitterCoordinates: Codable {
        var type: String
        var coordinates: [Double]
    }

    /// The `Codable` twin of ``TwitterPlace``.
    struct TwitterPlace: Codable {
        var id: String
        var url: String
        var placeType: String
        var name: String
        var fullName: String
        var countryCode: String
        var country: String

        enum CodingKeys: String, CodingKey {
            case id, url
            case placeType = "place_type"
            case name
            case fullName = "full_name"
            case countryCode = "country_code"
            case country
        }
    }
}
