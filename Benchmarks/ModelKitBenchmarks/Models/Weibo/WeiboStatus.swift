import Foundation
import ModelKit

/// A Weibo status as `weibo.json` holds it, modelled in full as YYModel's benchmark models it
/// (`YYWeiboStatus`): the nested user, the pictures as `pic_ids` plus a dictionary of picture models, the
/// links, and the creation date parsed from `EEE MMM dd HH:mm:ss Z yyyy`.
@DictionaryModel(keyStrategy: .snakeCase)
struct WeiboStatus {
    @Key("id") var statusID: Int64
    var idstr: String
    var mid: String
    var mblogid: String
    var createdAt: Date
    var user: WeiboUser
    @Key("userType") var userType: Int
    var text: String
    var source: String
    var sourceType: Int
    var sourceAllowclick: Int
    var thumbnailPic: String
    var bmiddlePic: String
    var originalPic: String
    @Key("pic_ids") var picIDs: [String]
    var picInfos: [String: WeiboPicture]
    var urlStruct: [WeiboURL]?
    var annotations: [WeiboAnnotation]
    var visible: WeiboVisibility
    var darwinTags: [String]
    var favorited: Bool
    var truncated: Bool
    var repostsCount: Int
    var commentsCount: Int
    var attitudesCount: Int
    var attitudesStatus: Int
    var recomState: Int
    var inReplyToScreenName: String
    var inReplyToStatusID: String
    var inReplyToUserID: String
    var geo: String
    var mlevel: Int
    var scheme: String
    var mblogtypename: String
    var bizFeature: Int64
    @Key("filterID") var filterID: String
}

/// One of a status's links (`url_struct`), YYModel's `YYWeiboURL`.
@DictionaryModel(keyStrategy: .snakeCase)
struct WeiboURL {
    var result: Bool
    var shortURL: String
    var oriURL: String
    var urlTitle: String
    var urlTypePic: String
    var urlType: Int
    var log: String?
    var pageID: String?
    var storageType: String?
}

/// One entry of a status's `annotations`; each entry carries one of the keys.
@DictionaryModel(keyStrategy: .snakeCase)
struct WeiboAnnotation {
    var clientMblogid: String?
    var mapiRequest: Bool?
}

/// Who may see a status.
@DictionaryModel(keyStrategy: .snakeCase)
struct WeiboVisibility {
    var type: Int
    var listID: Int
}
