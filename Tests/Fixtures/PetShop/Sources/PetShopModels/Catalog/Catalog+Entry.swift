import ModelKit

extension Catalog {
    /// One entry of the catalog: a model declared inside an extension of a namespace.
    @DictionaryModel
    public struct Entry: Equatable, Sendable {
        /// The stock-keeping unit.
        public var sku = ""
        /// The listing it shows.
        public var listing: Listing?
    }
}
