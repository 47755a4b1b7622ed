extension PlainCodable {
    /// The `Codable` twin of ``WeiboUser``.
    struct WeiboUser: Codable {
        var userID: Int64
        var idstr: String
        var userClass: Int
        var screenName: String
        var name: String
        var remark: String
        var description: String
        var gender: String
        var province: String
        var city: String
        var location: String
        var url: String
        var domain: String
        var weihao: String
        var lang: String
        var profileURL: String
        var profileImageURL: String
        var avatarLarge: String
        var avatarHD: String
        var coverImagePhone: String
        var createdAt: FeedDate
        var icons: [WeiboIcon]
        var badge: [String: Int]
        var badgeTop: String
        var extend: WeiboUserExtension
        var verified: Bool
        var verifiedType: Int
        var verifiedLevel: Int
        var verifiedState: Int
        var verifiedTrade: String
        var verifiedReason: String
        var verifiedReasonURL: String
        var verifiedReasonModified: String
        var verifiedSource: String
        var verifiedSourceURL: String
        var verifiedContactName: String
        var verifiedContactEmail: String
        var verifiedContactMobile: String
        var followersCount: Int
        var friendsCount: Int
        var biFollowersCount: Int
        var pagefriendsCount: Int
        var statusesCount: Int
        var favouritesCount: Int
        var followMe: Bool
        var following: Bool
        var geoEnabled: Bool
        var allowAllActMsg: Bool
        var allowAllComment: Bool
        var onlineStatus: Int
        var type: Int
        var ptype: Int
        var mbtype: Int
        var mbrank: Int
        var urank: Int
        var ulevel: Int
        var level: Int
        var star: Int
        var creditScore: Int
        var blockWord: Int
        var blockApp: Int
        var hasAbilityTag: Int
        var userAbility: Int

        enum CodingKeys: String, CodingKey {
            case userID = "id"
            case idstr
            case userClass = "class"
            case screenName = "screen_name"
            case name, remark, description, gender, province, city, location, url, domain, weihao, lang
            case profileURL = "profile_url"
            case profileImageURL = "profile_image_url"
            case avatarLarge = "avatar_large"
            case avatarHD = "avatar_hd"
            case coverImagePhone = "cover_image_phone"
            case createdAt = "created_at"
            case icons, badge
            case badgeTop = "badge_top"
            case extend, verified
            case verifiedType = "verified_type"
            case verifiedLevel = "verified_level"
            case verifiedState = "verified_state"
            case verifiedTrade = "verified_trade"
            case verifiedReason = "verified_reason"
            case verifiedReasonURL = "verified_reason_url"
            case verifiedReasonModified = "verified_reason_modified"
            case verifiedSource = "verified_source"
            case verifiedSourceURL = "verified_source_url"
            case verifiedContactName = "verified_contact_name"
            case verifiedContactEmail = "verified_contact_email"
            case verifiedContactMobile = "verified_contact_mobile"
            case followersCount = "followers_count"
            case friendsCount = "friends_count"
            case biFollowersCount = "bi_followers_count"
            case pagefriendsCount = "pagefriends_count"
            case statusesCount = "statuses_count"
            case favouritesCount = "favourites_count"
            case followMe = "follow_me"
            case following
            case geoEnabled = "geo_enabled"
            case allowAllActMsg = "allow_all_act_msg"
            case allowAllComment = "allow_all_comment"
            case onlineStatus = "online_status"
            case type, ptype, mbtype, mbrank, urank, ulevel, level, star
            case creditScore = "credit_score"
            case blockWord = "block_word"
            case blockApp = "block_app"
            case hasAbilityTag = "has_ability_tag"
            case userAbility = "user_ability"
        }
    }

    /// The `Codable` twin of ``WeiboIcon``.
    struct WeiboIcon: Codable {
        var url: String
    }

    /// The `Codable` twin of ``WeiboUserExtension``.
    struct WeiboUserExtension: Codable {
        var privacy: [String: Int]
        var mbprivilege: String
    }
}
