import ModelKit

/// A concert hall's catalogue, `citm_catalog.json` of nativejson-benchmark: name tables keyed by identifier
/// text, events, and performances with their prices and seat areas.
@DictionaryModel
struct CitmCatalog {
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

/// An event: a show that has one or more performances.
@DictionaryModel
struct CitmEvent {
    var id: Int
    var name: String
    var description: String?
    var logo: String?
    var subtitle: String?
    var subjectCode: String?
    var subTopicIds: [Int]
    var topicIds: [Int]
}

/// One performance of an event, with its prices and the seat areas of each category.
@DictionaryModel
struct CitmPerformance {
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

/// The price of a seat category for an audience.
@DictionaryModel
struct CitmPrice {
    var amount: Int
    var audienceSubCategoryId: Int
    var seatCategoryId: Int
}

/// A seat category and the areas it covers.
@DictionaryModel
struct CitmSeatCategory {
    var seatCategoryId: Int
    var areas: [CitmArea]
}

/// An area of the hall and its blocks.
@DictionaryModel
struct CitmArea {
    var areaId: Int
    var blockIds: [Int]
}
