import ModelKit

/// A stock count as the warehouse sends it: internal to this module.
@DictionaryModel
struct StockCount {
    var sku = ""
    var count = 0
}
