extension PlainCodable {
    /// The `Codable` twin of ``GitHubUser``.
    struct GitHubUser: Codable {
        var login: String
        var userID: Int64
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

        enum CodingKeys: String, CodingKey {
            case login
            case userID = "id"
            case avatarURL = "avatar_url"
            case gravatarID = "gravatar_id"
            case url
            case htmlURL = "html_url"
            case followersURL = "followers_url"
            case followingURL = "following_url"
            case gistsURL = "gists_url"
            case starredURL = "starred_url"
            case subscriptionsURL = "subscriptions_url"
            case organizationsURL = "organizations_url"
            case reposURL = "repos_url"
            case eventsURL = "events_url"
            case receivedEventsURL = "received_events_url"
            case type
            case siteAdmin = "site_admin"
            case name, company, blog, location, email, hireable, bio
            case publicRepos = "public_repos"
            case publicGists = "public_gists"
            case followers, following
        }
    }
}
