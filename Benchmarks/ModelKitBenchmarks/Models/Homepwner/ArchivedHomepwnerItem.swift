import Foundation

/// ``HomepwnerItem`` the way the seeds archive their models: an `NSObject` subclass that adopts `NSCoding`,
/// written by `NSKeyedArchiver` and read back by `NSKeyedUnarchiver` (seed 004's `Checklist` and
/// `ChecklistItem`, with seed 003's fields).
final class ArchivedHomepwnerItem: NSObject, NSCoding {
    let name: String
    let valueInDollars: Int
    let serialNumber: String?
    let dateCreated: Date

    init(name: String, valueInDollars: Int, serialNumber: String?, dateCreated: Date) {
        self.name = name
        self.valueInDollars = valueInDollars
        self.serialNumber = serialNumber
        self.dateCreated = dateCreated
    }

    func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "name")
        coder.encode(valueInDollars, forKey: "valueInDollars")
        coder.encode(serialNumber, forKey: "serialNumber")
        coder.encode(dateCreated, forKey: "dateCreated")
    }

    init?(coder: NSCoder) {
        guard let name = coder.decodeObject(forKey: "name") as? String,
            let dateCreated = coder.decodeObject(forKey: "dateCreated") as? Date
        else { return nil }
        self.name = name
        self.valueInDollars = coder.decodeInteger(forKey: "valueInDollars")
        self.serialNumber = coder.decodeObject(forKey: "serialNumber") as? String
        self.dateCreated = dateCreated
    }
}
