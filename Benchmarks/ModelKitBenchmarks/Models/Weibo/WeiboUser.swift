import Foundation
import ModelKit

/// The author of a Weibo status, YYModel's `YYWeiboUser`.
@DictionaryModel(keyStrategy: .snakeCase)
struct WeiboUser {
    @Key("id") var userID: Int64
    var idstr: String
    @Key("class") var userClass: Int
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
    var createdAt: Date
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
}

/// A membership icon beside a user's name.
@DictionaryModel
struct WeiboIcon {
    var url: String
}

/// A user's `extend` entry: privacy switches and the privilege bit string.
@DictionaryModel
struct WeiboUserExtension {
    var privacy: [String: Int]
    var mbprivilege: String
}
