import Foundation

/// Seed 003's Homepwner item: something the user owns, with what it is worth.
///
/// The seed's `Item` is an `NSObject` subclass whose identity is its object address. This one is a
/// value, so it carries an explicit ``id`` that survives copies and edits; that is what lets a
/// ``Snapshot`` tell "the same item, now worth more" (a reload) from "a different item" (a delete and an
/// insert).
public struct Item: Identifiable, Hashable, Sendable, Codable {
    /// The words seed 003 combines into a random item's name, first part.
    public static let randomAdjectives = ["Fluffy", "Rusty", "Shiny"]
    /// The words seed 003 combines into a random item's name, second part.
    public static let randomNouns = ["Bear", "Spork", "Mac"]

    /// Identifies the item across edits.
    public let id: UUID
    /// What the item is, shown as the cell's text.
    public var name: String
    /// What it is worth, in whole dollars, shown as the cell's detail text.
    public var valueInDollars: Int
    /// The serial number, absent for things that have none.
    public var serialNumber: String?
    /// When the item was recorded; it never changes.
    public let dateCreated: Date

    /// Creates an item, in the seed's designated-initializer argument order.
    public init(
        name: String, serialNumber: String?, valueInDollars: Int, dateCreated: Date = Date(), id: UUID = UUID()
    ) {
        self.id = id
        self.name = name
        self.serialNumber = serialNumber
        self.valueInDollars = valueInDollars
        self.dateCreated = dateCreated
    }

    /// The seed's `Item(random: false)`: no name, no serial number, worth nothing.
    public init() {
        self.init(name: "", serialNumber: nil, valueInDollars: 0)
    }

    /// The seed's `Item(random: true)`, drawing every random choice (name, value, serial number and
    /// ``id``) from `generator`, so that a seeded generator makes the same items on every run.
    ///
    /// The name is an adjective and a noun from ``randomAdjectives`` and ``randomNouns``, the value is in
    /// `0..<100`, and the serial number is the first group of a random UUID string (eight hex digits).
    public static func random<Generator: RandomNumberGenerator>(
        using generator: inout Generator, dateCreated: Date = Date()
    ) -> Item {
        let adjective = randomAdjectives.randomElement(using: &generator)!
        let noun = randomNouns.randomElement(using: &generator)!
        let value = Int.random(in: 0..<100, using: &generator)
        let serial = randomUUID(using: &generator).uuidString.split(separator: "-", maxSplits: 1).first.map(String.init)
        return Item(
            name: "\(adjective) \(noun)", serialNumber: serial, valueInDollars: value, dateCreated: dateCreated,
            id: randomUUID(using: &generator))
    }

    /// A random item from the system's generator, as the seed's `Item(random: true)`.
    public static func random() -> Item {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// A version 4 UUID whose bits come from `generator` instead of the system, so tests can repeat it.
    static func randomUUID<Generator: RandomNumberGenerator>(using generator: inout Generator) -> UUID {
        let high = generator.next()
        let low = generator.next()
        func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (8 * index)) }
        return UUID(
            uuid: (
                byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
                byte(high, 6) & 0x0F | 0x40, byte(high, 7),
                byte(low, 0) & 0x3F | 0x80, byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4), byte(low, 5),
                byte(low, 6), byte(low, 7)
            ))
    }
}

extension Item: TableCellContentProviding {
    /// Seed 003's cell: the name as the text and `"$value"` as the detail text.
    public var tableCellContent: TableCellContent {
        TableCellContent(text: name, detailText: "$\(valueInDollars)")
    }
}
