extension PlainCodable {
    /// The `Codable` twin of ``WeiboStatus``.
    struct WeiboStatus: Codable {
        var statusID: Int64
        var idstr: String
        var mid: String
        var mblogid: String
        var createdAt: FeedDate
        var user: WeiboUser
        var userType: Int
        var text: String
        var source: String
        var sourceType: Int
        var sourceAllowclick: Int
        var thumbnailPic: String
        var bmiddlePic: String
        var originalPic: String
        var picIDs: [String]
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
        var filterID: String

        enum CodingKeys: String, CodingKey {
            case statusID = "id"
            case idstr, mid, mblogid
            case createdAt = "created_at"
            case user, userType, text, source
            case sourceType = "source_type"
            case sourceAllowclick = "source_allowclick"
            case thumbnailPic = "thumbnail_pic"
            case bmiddlePic = "bmiddle_pic"
            case originalPic = "original_pic"
            case picIDs = "pic_ids"
            case picInfos = "pic_infos"
            case urlStruct = "url_struct"
            case annotations, visible
            case darwinTags = "darwin_tags"
            case favorited, truncated
            case repostsCount = "reposts_count"
            case commentsCount = "comments_count"
            case attitudesCount = "attitudes_count"
            case attitudesStatus = "attitudes_status"
            case recomState = "recom_state"
            case inReplyToScreenName = "in_reply_to_screen_name"
            case inReplyToStatusID = "in_reply_to_status_id"
            case inReplyToUserID = "in_reply_to_user_id"
            case geo, mlevel, scheme, mblogtypename
            case bizFeature = "biz_feature"
            case filterID
        }
    }

    /// The `Codable` twin of ``WeiboURL``.
    struct WeiboURL: Codable {
        var result: Bool
        var shortURL: String
        var oriURL: String
        var urlTitle: String
        var urlTypePic: String
        var urlType: Int
        var log: String?
        var pageID: String?
        var storageType: String?

        enum CodingKeys: String, CodingKey {
            case result
            case shortURL = "short_url"
            case oriURL = "ori_url"
            case urlTitle = "url_title"
            case urlTypePic = "url_type_pic"
            case urlType = "url_type"
            case log
            case pageID = "page_id"
            case storageType = "storage_type"
        }
    }

    /// The `Codable` twin of ``WeiboAnnotation``.
    struct WeiboAnnotation: Codable {
        var clientMblogid: String?
        var mapiRequest: Bool?

        enum CodingKeys: String, CodingKey {
            case clientMblogid = "client_mblogid"
            case mapiRequest = "mapi_request"
        }
    }

    /// The `Codable` twin of ``WeiboVisibility``.
    struct WeiboVisibility: Codable {
        var type: Int
        var listID: Int

        enum CodingKeys: String, CodingKey {
            case type
            case listID = "list_id"
        }
    }
}
