import Foundation
import ModelKit

/// Stock totals, computed with a model that is internal to this module and declared in another file.
public enum StockLedger {
    /// The units in stock across every count in `json`.
    public static func totalUnits(in json: Data) throws -> Int {
        let counts = try [StockCount](data: json)
        return counts.reduce(0) { $0 + $1.count }
    }

    /// The counts as a dictionary keyed by stock-keeping unit, written back as JSON.
    public static func normalized(_ json: Data) throws -> Data {
        let counts = try [StockCount].decode(data: json).model
        return try counts.jsonData()
    }
}
