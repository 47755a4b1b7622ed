import Foundation
import ModelKit

/// A delivery to the shop, in a library compiled with both `MODELKIT_GENERIC_MODELS` and `MODELKIT_DECODING_TABLES`:
/// every kind of field slot (the common scalars, `Int64`, `Date`, `URL`, arrays of scalars), a nested model, an
/// optional one, an array of models longer than the room made for it up front, and dictionaries.
@DictionaryModel
public struct Shipment: Equatable, Sendable {
    /// The shipment's number.
    public var id: Int
    /// The supplier's reference.
    public var reference = ""
    /// The weight in kilograms.
    public var weight = 0.0
    /// Whether it must be handled with care, when the supplier says.
    public var fragile: Bool?
    /// The carrier's tracking number, past 32 bits.
    public var trackingNumber: Int64 = 0
    /// When it arrived, once it has.
    public var arrived: Date?
    /// Where its manifest is.
    public var manifest: URL?
    /// The pallets it came on.
    public var palletIds: [Int] = []
    /// Labels printed on it, when any.
    public var labels: [String]?
    /// Temperatures read on the way.
    public var readings: [Double] = []
    /// Who brought it.
    public var carrier: Carrier
    /// Who would have, had the first carrier failed.
    public var backup: Carrier?
    /// The crates, in the order they were unloaded.
    public var crates: [Crate] = []
    /// Free-form notes by their author.
    public var notes: [String: String] = [:]
    /// The crates that came damaged, by their code.
    public var damaged: [String: Crate] = [:]
}

/// A company that carries shipments.
@DictionaryModel
public struct Carrier: Equatable, Sendable {
    /// The company's name.
    public var name: String
    /// Its rating out of five, when rated.
    public var rating: Double?
}

/// One crate of a shipment.
@DictionaryModel
public struct Crate: Equatable, Sendable {
    /// The code printed on the crate.
    public var code: String
    /// How many items it holds.
    public var quantity = 0
    /// What it holds.
    public var contents: [String] = []
}
