import ModelKit

/// What Twitter found in a tweet's text: hashtags, symbols, links, mentions and attached media.
@DictionaryModel(keyStrategy: .snakeCase)
struct TwitterEntities {
    var hashtags: [TwitterHashtag]
    var symbols: [TwitterHashtag]
    var urls: [TwitterURL]
    var userMentions: [TwitterUserMention]
    var media: [TwitterMedia]?
}

/// A hashtag or a cashtag, and where it sits in the text.
@DictionaryModel
struct TwitterHashtag {
    var text: String
    var indices: [Int]
}

/// A link, shortened and expanded.
@DictionaryModel(keyStrategy: .snakeCase)
struct TwitterURL {
    var url: String
    var expandedURL: String
    var displayURL: String
    var indices: [Int]
}

/// An `@name` in the text.
@DictionaryModel(keyStrategy: .snakeCase)
struct TwitterUserMention {
    var screenName: String
    var name: String
    var id: Int64
    var idStr: String
    var indices: [Int]
}

/// A photo attached to a tweet.
@DictionaryModel(keyStrategy: .snakeCase)
struct TwitterMedia {
    var id: Int64
    var idStr: String
    var indices: [Int]
    var mediaURL: String
    @Key("media_url_https") var mediaURLHTTPS: String
    var url: String
    var displayURL: String
    var expandedURL: String
    var type: String
    var sizes: TwitterMediaSizes
    var sourceStatusID: Int64?
    var sourceStatusIDStr: String?
}

/// The sizes a photo is served in.
@DictionaryModel
struct TwitterMediaSizes {
    var thumb: TwitterMediaSize
    var small: TwitterMediaSize
    var medium: TwitterMediaSize
    var large: TwitterMediaSize
}

/// One size of a photo.
@DictionaryModel
struct TwitterMediaSize {
    var w: Int
    var h: Int
    var resize: String
}
