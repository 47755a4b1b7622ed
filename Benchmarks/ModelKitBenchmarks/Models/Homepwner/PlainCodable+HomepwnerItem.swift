import Foundation

extension PlainCodable {
    /// ``HomepwnerItem``'s twin for `PropertyListEncoder` and `PropertyListDecoder`.
    struct HomepwnerItem: Codable, Equatable {
        var name: String
        var valueInDollars: Int
        var serialNumber: String?
        var dateCreated: Date

        enum CodingKeys: String, CodingKey {
            case name, valueInDollars, serialNumber, dateCreated
        }
    }
}
