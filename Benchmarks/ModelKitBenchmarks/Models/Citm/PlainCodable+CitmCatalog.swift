extension PlainCodable {
    /// The `Codable` twin of ``CitmCatalog``.
    struct CitmCatalog: Codable {
        var areaNames: [String: String]
        var audienceSubCategoryNames: [String: String]
        var blockNames: [String: String]
        var events: [String: CitmEvent]
        var performances: [CitmPerformance]
        var seatCategoryNames: [String: String]
        var subTopicNames: [String: String]
        var subjectNames: [String: String]
        var topicNames: [String: String]
        var topicSubTopics: [String: [Int]]
        var venueNames: [String: String]
    }

    /// The `Codable` twin of ``CitmEvent``.
    struct CitmEvent: Codable {
        var id: Int
        var name: String
        var description: String?
        var logo: String?
        var subtitle: String?
        var subjectCode: String?
        var subTopicIds: [Int]
        var topicIds: [Int]
    }

    /// The `Codable` twin of ``CitmPerformance``.
    struct CitmPerformance: Codable {
        var id: Int
        var eventId: Int
        var name: String?
        var logo: String?
        var seatMapImage: String?
        var start: Int64
        var venueCode: String
        var prices: [CitmPrice]
        var seatCategories: [CitmSeatCategory]
    }

    /// The `Codable` twin of ``CitmPrice``.
    struct CitmPrice: Codable {
        var amount: Int
        var audienceSubCategoryId: Int
        var seatCategoryId: Int
    }

    /// The `Codable` twin of ``CitmSeatCategory``.
    struct CitmSeatCategory: Codable {
        var seatCategoryId: Int
        var areas: [CitmArea]
    }

    /// The `Codable` twin of ``CitmArea``.
    struct CitmArea: Codable {
        var areaId: Int
        var blockIds: [Int]
    }
}
