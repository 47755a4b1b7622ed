extension PlainCodable {
    /// The `Codable` twin of ``GeoFeatureCollection``.
    struct GeoFeatureCollection: Codable {
        var type: String
        var features: [GeoFeature]
    }

    /// The `Codable` twin of ``GeoFeature``.
    struct GeoFeature: Codable {
        var type: String
        var properties: GeoFeatureProperties
        var geometry: GeoPolygon
    }

    /// The `Codable` twin of ``GeoFeatureProperties``.
    struct GeoFeatureProperties: Codable {
        var name: String
    }

    /// The `Codable` twin of ``GeoPolygon``.
    struct GeoPolygon: Codable {
        var type: String
        var coordinates: [[[Double]]]
    }
}
