import Testing

@testable import ModelKitMacros

@Suite("Key spelling")
struct KeyNameTests {
    @Test(
        "snake_case keeps acronyms whole",
        arguments: [
            ("imageURL", "image_url"), ("userID", "user_id"), ("URLString", "url_string"), ("firstName", "first_name"),
            ("_id", "_id"), ("name", "name"), ("HTMLParser", "html_parser"), ("version2Name", "version2_name"),
            ("already_snake", "already_snake"), ("ID", "id"), ("picIDs", "pic_ids"), ("URLs", "urls"),
            ("imageURLsList", "image_urls_list"), ("IDsOfUsers", "ids_of_users"), ("userIDs", "user_ids"),
        ])
    func snakeCase(name: String, expected: String) {
        #expect(KeyName.snakeCase(name) == expected)
    }

    @Test("Paths split into keys and indexes")
    func paths() {
        #expect(KeyName.pathComponents("user.images[0].url") == [.key("user"), .key("images"), .index(0), .key("url")])
        #expect(KeyName.pathComponents("grid[1][2]") == [.key("grid"), .index(1), .index(2)])
        #expect(KeyName.isPath("info.city"))
        #expect(!KeyName.isPath("city"))
    }
}
