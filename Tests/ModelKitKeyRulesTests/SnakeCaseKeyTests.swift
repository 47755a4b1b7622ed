import ModelKitKeyRules
import Testing

@Suite("snake_case keys")
struct SnakeCaseKeyTests {
    @Test(
        "Words split at capitals; acronyms and their plurals stay whole; leading underscores stay",
        arguments: [
            ("imageURL", "image_url"), ("userID", "user_id"), ("URLString", "url_string"), ("firstName", "first_name"),
            ("_id", "_id"), ("name", "name"), ("HTMLParser", "html_parser"), ("version2Name", "version2_name"),
            ("already_snake", "already_snake"), ("ID", "id"), ("picIDs", "pic_ids"), ("URLs", "urls"),
            ("imageURLsList", "image_urls_list"), ("IDsOfUsers", "ids_of_users"), ("userIDs", "user_ids"),
            ("profileImageURL", "profile_image_url"), ("urlHTTPS", "url_https"), ("aBC", "a_bc"), ("__x", "__x"),
            ("", ""),
        ])
    func snakeCase(name: String, expected: String) {
        #expect(SnakeCaseKey.key(for: name) == expected)
    }

    @Test("A snake_case key is its own snake_case spelling")
    func idempotent() {
        for name in ["imageURL", "userID", "URLString", "picIDs", "version2Name", "_id", "HTMLParser"] {
            let key = SnakeCaseKey.key(for: name)
            #expect(SnakeCaseKey.key(for: key) == key)
        }
    }
}
