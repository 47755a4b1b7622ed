extension PlainCodable {
    /// The `Codable` twin of ``WeiboPicture``.
    struct WeiboPicture: Codable {
        var picID: String
        var objectID: String
        var filterID: String
        var photoTag: Int
        var thumbnail: WeiboPictureMetadata
        var bmiddle: WeiboPictureMetadata
        var middleplus: WeiboPictureMetadata
        var large: WeiboPictureMetadata
        var largest: WeiboPictureMetadata
        var original: WeiboPictureMetadata

        enum CodingKeys: String, CodingKey {
            case picID = "pic_id"
            case objectID = "object_id"
            case filterID = "filter_id"
            case photoTag = "photo_tag"
            case thumbnail, bmiddle, middleplus, large, largest, original
        }
    }

    /// The `Codable` twin of ``WeiboPictureMetadata``; its decoder accepts sizes written as text, as the
    /// data needs.
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
