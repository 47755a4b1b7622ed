import Foundation
import ModelKit

/// A receipt line, private to this file: the generated members stay private with it.
@DictionaryModel
private struct ReceiptLine {
    var title = ""
    var cents = 0
}

/// Totals of receipts the shop's till prints as JSON.
public enum Receipt {
    /// The sum of a receipt's lines, in cents.
    public static func totalCents(of json: Data) throws -> Int {
        try [ReceiptLine](data: json).reduce(0) { $0 + $1.cents }
    }
}
