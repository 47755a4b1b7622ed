import ModelKit

/// A GitHub user as `user.json` holds it: YYModel's `YYGHUser`, the model of its dictionary-to-model
/// benchmark.
@DictionaryModel(keyStrategy: .snakeCase)
struct GitHubUser {
    var login: String
    @Key("id") var userID: Int64
    var avatarURL: String
    var gravatarID: String
    var url: String
    var htmlURL: String
    var followersURL: String
    var followingURL: String
    var gistsURL: String
    var starredURL: String
    var subscriptionsURL: String
    var organizationsURL: String
    var reposURL: String
    var eventsURL: String
    var receivedEventsURL: String
    var type: String
    var siteAdmin: Bool
    var name: String
    var company: String?
    var blog: String
    var location: String
    var email: String?
    var hireable: Bool?
    var bio: String
    var publicRepos: Int
    var publicGists: Int
    var followers: Int
    var following: Int
}
