import Foundation
import ModelKit

/// A tweet.
@DictionaryModel(keyStrategy: .snakeCase)
struct TwitterStatus {
    var metadata: TwitterStatusMetadata
    var createdAt: Date
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
}

/// The tweet a retweet repeats. Its fields are a tweet's, less `retweeted_status`: Twitter never nests
/// retweets, and a struct cannot hold a value of its own type.
@DictionaryModel(keyStrategy: .snakeCase)
struct TwitterRetweetedStatus {
    var metadata: TwitterStatusMetadata
    var createdAt: Date
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
}

/// Why a tweet was in the results.
@DictionaryModel(keyStrategy: .snakeCase)
struct TwitterStatusMetadata {
    var resultType: String
    var isoLanguageCode: String
}

/// A GeoJSON point, Twitter's `coordinates` (null throughout `twitter.json`).
@DictionaryModel
struct TwitterCoordinates {
    var type: String
    var coordinates: [Double]
}

/// A named place (null throughout `twitter.json`).
@DictionaryModel(keyStrategy: .snakeCase)
struct TwitterPlace {
    var id: String
    var url: String
    var placeType: String
    var name: String
    var fullName: String
    var countryCode: String
    var country: String
}
