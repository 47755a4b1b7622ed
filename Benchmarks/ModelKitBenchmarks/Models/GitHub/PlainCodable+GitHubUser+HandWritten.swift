/// ``GitHubUser``'s dictionary code written by hand, the baseline of the `user` dictionary cases.
extension PlainCodable.GitHubUser {
    init(dictionary: [String: Any]) throws {
        let fields = HandWritten.Fields(dictionary)
        login = try fields.string("login")
        userID = try fields.int64("id")
        avatarURL = try fields.string("avatar_url")
        gravatarID = try fields.string("gravatar_id")
        url = try fields.string("url")
        htmlURL = try fields.string("html_url")
        followersURL = try fields.string("followers_url")
        followingURL = try fields.string("following_url")
        gistsURL = try fields.string("gists_url")
        starredURL = try fields.string("starred_url")
        subscriptionsURL = try fields.string("subscriptions_url")
        organizationsURL = try fields.string("organizations_url")
        reposURL = try fields.string("repos_url")
        eventsURL = try fields.string("events_url")
        receivedEventsURL = try fields.string("received_events_url")
        type = try fields.string("type")
        siteAdmin = try fields.bool("site_admin")
        name = try fields.string("name")
        company = fields.optionalString("company")
        blog = try fields.string("blog")
        location = try fields.string("location")
        email = fields.optionalString("email")
        hireable = fields.optionalBool("hireable")
        bio = try fields.string("bio")
        publicRepos = try fields.int("public_repos")
        publicGists = try fields.int("public_gists")
        followers = try fields.int("followers")
        following = try fields.int("following")
    }

    var dictionary: [String: Any] {
        var result: [String: Any] = [
            "login": login, "id": userID, "avatar_url": avatarURL, "gravatar_id": gravatarID, "url": url,
            "html_url": htmlURL, "followers_url": followersURL, "following_url": followingURL,
            "gists_url": gistsURL, "starred_url": starredURL, "subscriptions_url": subscriptionsURL,
            "organizations_url": organizationsURL, "repos_url": reposURL, "events_url": eventsURL,
            "received_events_url": receivedEventsURL, "type": type, "site_admin": siteAdmin, "name": name,
            "blog": blog, "location": location, "bio": bio, "public_repos": publicRepos,
            "public_gists": publicGists, "followers": followers, "following": following,
        ]
        if let company { result["company"] = company }
        if let email { result["email"] = email }
        if let hireable { result["hireable"] = hireable }
        return result
    }
}
