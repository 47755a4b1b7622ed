extension PlainCodable {
    /// The `Codable` twin of ``TwitterEntities``.
    struct TwitterEntities: Codable {
        var hashtags: [TwitterHashtag]
        var symbols: [TwitterHashtag]
        var urls: [TwitterURL]
        var userMentions: [TwitterUserMention]
        var media: [TwitterMedia]?

        enum CodingKeys: String, CodingKey {
            case hashtags, symbols, urls
            case userMentions = "user_mentions"
            case media
        }
    }

    /// The `Codable` twin of ``TwitterHashtag``.
    struct TwitterHashtag: Codable {
        var text: String
        var indices: [Int]
    }

    /// The `Codable` twin of ``TwitterURL``.
    struct TwitterURL: Codable {
        var url: String
        var expandedURL: String
        var displayURL: String
        var indices: [Int]

        enum CodingKeys: String, CodingKey {
            case url
            case expandedURL = "expanded_url"
            case displayURL = "display_url"
            case indices
        }
    }

    /// The `Codable` twin of ``TwitterUserMention``.
    struct TwitterUserMention: Codable {
        var screenName: String
        var name: String
        var id: Int64
        var idStr: String
        var indices: [Int]

        enum CodingKeys: String, CodingKey {
            case screenName = "screen_name"
            case name, id
            case idStr = "id_str"
            case indices
        }
    }

    /// The `Codable` twin of ``TwitterMedia``.
    struct TwitterMedia: Codable {
        var id: Int64
        var idStr: String
        var indices: [Int]
        var mediaURL: String
        var mediaURLHTTPS: String
        var url: String
        var displayURL: String
        var expandedURL: String
        var type: String
        var sizes: TwitterMediaSizes
        var sourceStatusID: Int64?
        var sourceStatusIDStr: String?

        enum CodingKeys: String, CodingKey {
            case id
            case idStr = "id_str"
            case indices
            case mediaURL = "media_url"
            case mediaURLHTTPS = "media_url_https"
            case url
            case displayURL = "display_url"
            case expandedURL = "expanded_url"
            case type, sizes
            case sourceStatusID = "source_status_id"
            case sourceStatusIDStr = "source_status_id_str"
        }
    }

    /// The `Codable` twin of ``TwitterMediaSizes``.
    struct TwitterMediaSizes: Codable {
        var thumb: TwitterMediaSize
        var small: TwitterMediaSize
        var medium: TwitterMediaSize
        var large: TwitterMediaSize
    }

    /// The `Codable` twin of ``TwitterMediaSize``.
    struct TwitterMediaSize: Codable {
        var w: Int
        var h: Int
        var resize: String
    }
}
