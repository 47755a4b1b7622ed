extension PlainCodable {
    /// The `Codable` twin of ``WeiboPictureMetadata``, written by hand: its decoder accepts sizes written as text,
    /// as the data needs, which synthesized `Codable` does not (the other twins are written at build time, see
    /// ``PlainCodable``).
    struct WeiboPictureMetadata: Codable {
        var url: String
        var width: Int
        var height: Int
        var type: String
        var cutType: Int

        enum CodingKeys: String, CodingKey {
            case url, width, height, type
            case cutType = "cut_type"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = try container.decode(String.self, forKey: .url)
            width = try container.decodeIntegerOrText(forKey: .width)
            height = try container.decodeIntegerOrText(forKey: .height)
            type = try container.decode(String.self, forKey: .type)
            cutType = try container.decode(Int.self, forKey: .cutType)
        }
    }
}
