import Foundation
import ModelKit

// The models both table targets check, compiled in each under its own conditions: ModelKitGenericTablesTests holds
// a link to this file. A public listing decodes through its table; its internal twin, declared alike, has no entry
// points of its own and decodes through the key switch of its generic initializer.

/// A public model every kind of slot serves: the common scalars and arrays of them, a scalar that is not one of
/// them, a property with two keys, a required one, nested models (one whose optionals are its own bits, one whose
/// are not), arrays of them and a dictionary of them.
@DictionaryModel
public struct Listing: Equatable, Sendable {
    /// An integer.
    public var id = 0
    /// Read from `user_name`, else from `name`.
    @Key("user_name", "name") public var name: String?
    /// A double.
    public var score = 0.0
    /// An optional Boolean.
    public var active: Bool?
    /// A required string.
    public var title: String
    /// A 64-bit integer.
    public var count: Int64 = 0
    /// An optional 64-bit integer.
    public var total: Int64?
    /// A decimal.
    public var price: Decimal = 0
    /// Strings.
    public var tags: [String] = []
    /// Optional strings.
    public var aliases: [String]?
    /// Integers.
    public var ids: [Int] = []
    /// Optional integers.
    public var ranks: [Int]?
    /// Doubles.
    public var weights: [Double] = []
    /// Optional doubles.
    public var bounds: [Double]?
    /// A date.
    public var listed = Date(timeIntervalSince1970: 0)
    /// An optional date.
    public var updated: Date?
    /// A URL.
    public var page = URL(string: "https://example.com")!
    /// An optional URL.
    public var link: URL?
    /// A nested model.
    public var seller: Seller?
    /// Nested models.
    public var offers: [Seller] = []
    /// A nested model that is not optional.
    public var owner: Seller = Seller(name: "owner")
    /// Optional nested models.
    public var branches: [Seller]?
    /// 64-bit integers.
    public var serials: [Int64] = []
    /// Optional 64-bit integers.
    public var codes: [Int64]?
    /// An optional nested model with no spare bits for `nil`.
    public var spot: Spot?
    /// A nested model with no spare bits, with a default.
    public var origin = Spot()
    /// Nested models by name.
    public var stores: [String: Seller] = [:]
    /// Integers by name.
    public var counts: [String: Int] = [:]
    /// Optional integers by name.
    public var limits: [String: Int]?
    /// Strings by name.
    public var labels: [String: String] = [:]
    /// Optional strings by name.
    public var notes: [String: String]?
}

/// A public model nested in ``Listing`` whose every bit is its value's (two doubles): its optionals take a byte more,
/// so it is not decoded in place.
@DictionaryModel
public struct Spot: Equatable, Sendable {
    /// Across.
    public var x = 0.0
    /// Down.
    public var y = 0.0
}

/// A public model nested in ``Listing``, which validates itself.
@DictionaryModel
public struct Seller: Equatable, Sendable {
    /// The seller's name.
    public var name = ""
    /// The seller's rating.
    public var rating: Double?

    /// Rejects a negative rating: a seller that fails after it is made (in a field it was decoded into).
    public func validateModel() throws {
        if let rating, rating < 0 { throw ValidationError("a rating is not negative") }
    }
}

@DictionaryModel
struct ListingTwin: Equatable {
    var id = 0
    @Key("user_name", "name") var name: String?
    var score = 0.0
    var active: Bool?
    var title: String
    var count: Int64 = 0
    var total: Int64?
    var price: Decimal = 0
    var tags: [String] = []
    var aliases: [String]?
    var ids: [Int] = []
    var ranks: [Int]?
    var weights: [Double] = []
    var bounds: [Double]?
    var listed = Date(timeIntervalSince1970: 0)
    var updated: Date?
    var page = URL(string: "https://example.com")!
    var link: URL?
    var seller: SellerTwin?
    var offers: [SellerTwin] = []
    var owner: SellerTwin = SellerTwin(name: "owner")
    var branches: [SellerTwin]?
    var serials: [Int64] = []
    var codes: [Int64]?
    var spot: SpotTwin?
    var origin = SpotTwin()
    var stores: [String: SellerTwin] = [:]
    var counts: [String: Int] = [:]
    var limits: [String: Int]?
    var labels: [String: String] = [:]
    var notes: [String: String]?
}

@DictionaryModel
struct SpotTwin: Equatable {
    var x = 0.0
    var y = 0.0
}

@DictionaryModel
struct SellerTwin: Equatable {
    var name = ""
    var rating: Double?

    func validateModel() throws {
        if let rating, rating < 0 { throw ValidationError("a rating is not negative") }
    }
}

/// The public models' field tables, named where they are visible: this file compiles only where the macro wrote
/// them, which is what the tests go through.
let listingFieldTables = [Listing._fieldTable, Seller._fieldTable, Spot._fieldTable]
