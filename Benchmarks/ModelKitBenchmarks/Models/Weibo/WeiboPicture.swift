import ModelKit

/// One picture of a status (a value of `pic_infos`), in the sizes Weibo serves; YYModel's `YYWeiboPicture`.
@DictionaryModel(keyStrategy: .snakeCase)
struct WeiboPicture {
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
}

/// One size of a picture. Weibo writes some widths and heights as strings (`"640"`), which the lenient rules
/// turn into numbers.
@DictionaryModel(keyStrategy: .snakeCase)
struct WeiboPictureMetadata {
    var url: String
    var width: Int
    var height: Int
    var type: String
    var cutType: Int
}
