import ModelKit

/// Canada's border as GeoJSON, `canada.json` of nativejson-benchmark: one feature whose polygon rings hold
/// about 111,000 coordinate pairs, a test of number parsing above all.
@DictionaryModel
struct GeoFeatureCollection {
    var type: String
    var features: [GeoFeature]
}

/// One named shape.
@DictionaryModel
struct GeoFeature {
    var type: String
    var properties: GeoFeatureProperties
    var geometry: GeoPolygon
}

/// A feature's properties.
@DictionaryModel
struct GeoFeatureProperties {
    var name: String
}

/// A polygon: rings of `[longitude, latitude]` pairs.
@DictionaryModel
struct GeoPolygon {
    var type: String
    var coordinates: [[[Double]]]
}
