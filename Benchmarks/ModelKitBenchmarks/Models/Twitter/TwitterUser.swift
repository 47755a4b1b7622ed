import Foundation
import ModelKit

/// A tweet's author.
@DictionaryModel(keyStrategy: .snakeCase)
struct TwitterUser {
    var id: Int64
    var idStr: String
    var name: String
    var screenName: String
    var location: String
    var description: String
    var url: String?
    var entities: TwitterUserEntities
    var protected: Bool
    var followersCount: Int
    var friendsCount: Int
    var listedCount: Int
    var createdAt: Date
    var favouritesCount: Int
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled: Bool
    var verified: Bool
    var statusesCount: Int
    var lang: String
    var contributorsEnabled: Bool
    var isTranslator: Bool
    var isTranslationEnabled: Bool
    var profileBackgroundColor: String
    var profileBackgroundImageURL: String
    @Key("profile_background_image_url_https") var profileBackgroundImageURLHTTPS: String
    var profileBackgroundTile: Bool
    var profileImageURL: String
    @Key("profile_image_url_https") var profileImageURLHTTPS: String
    var profileBannerURL: String?
    var profileLinkColor: String
    var profileSidebarBorderColor: String
    var profileSidebarFillColor: String
    var profileTextColor: String
    var profileUseBackgroundImage: Bool
    var defaultProfile: Bool
    var defaultProfileImage: Bool
    var following: Bool
    var followRequestSent: Bool
    var notifications: Bool
}

/// The links found in a user's profile fields.
@DictionaryModel
struct TwitterUserEntities {
    var url: TwitterURLList?
    var description: TwitterURLList
}

/// The links found in one text field.
@DictionaryModel
struct TwitterURLList {
    var urls: [TwitterURL]
}
