import Foundation
import ModelKit
import ModelKitTestSupport
import ModelLayout
import ModelStore

/// The items and files that the `store.items-100k` cases share, each made when a case first needs it: seed
/// 003's random items in the three forms the sides save, and the files the load cases read.
final class StoreFixture {
    /// How many items every side saves and loads.
    static let itemCount = 100_000

    /// `count` of seed 003's random items (`Item(random: true)`: an adjective and a noun, a value below 100,
    /// an eight-digit serial number), drawn from a fixed seed so that every run and every probe child saves
    /// the same ones; one in ten has no serial number, as the seed's blank items have none.
    static func makeItems(count: Int = itemCount) -> [HomepwnerItem] {
        var generator = SplitMix64(seed: 0x0003_17E3)
        let start = Date(timeIntervalSinceReferenceDate: 500_000_000)
        return (0..<count).map { index in
            let item = ModelLayout.Item.random(
                using: &generator, dateCreated: start.addingTimeInterval(Double(index) * 0.25))
            return HomepwnerItem(
                name: item.name, valueInDollars: item.valueInDollars,
                serialNumber: index % 10 == 9 ? nil : item.serialNumber, dateCreated: item.dateCreated)
        }
    }

    /// ``HomepwnerItem``s as their `Codable` twins.
    static func twins(of items: [HomepwnerItem]) -> [PlainCodable.HomepwnerItem] {
        items.map {
            PlainCodable.HomepwnerItem(
                name: $0.name, valueInDollars: $0.valueInDollars, serialNumber: $0.serialNumber,
                dateCreated: $0.dateCreated)
        }
    }

    /// ``HomepwnerItem``s as `NSCoding` objects.
    static func archived(_ items: [HomepwnerItem]) -> [ArchivedHomepwnerItem] {
        items.map {
            ArchivedHomepwnerItem(
                name: $0.name, valueInDollars: $0.valueInDollars, serialNumber: $0.serialNumber,
                dateCreated: $0.dateCreated)
        }
    }

    /// `NSCoding` objects back as ``HomepwnerItem``s, to compare with what was archived.
    static func unarchived(_ objects: [ArchivedHomepwnerItem]) -> [HomepwnerItem] {
        objects.map {
            HomepwnerItem(
                name: $0.name, valueInDollars: $0.valueInDollars, serialNumber: $0.serialNumber,
                dateCreated: $0.dateCreated)
        }
    }

    private(set) lazy var items = Self.makeItems()
    private(set) lazy var twins = Self.twins(of: items)
    private(set) lazy var archived = Self.archived(items)

    /// Whether ``archiveURL()`` holds the archive of all ``items``: set by the save case's timed runs, so
    /// that the load case need not archive 100,000 objects once more.
    var hasFullArchive = false

    private var archiveFile: URL?
    private var documentFile: URL?
    private var encoderFile: URL?

    /// A file that a `Document` saved with all ``items``, for the load cases.
    func savedDocument() throws -> URL {
        if let documentFile { return documentFile }
        let url = try ScratchFolder.folder("saved-document").appendingPathComponent("Items.plist")
        let document = try Self.openDocument(at: url)
        document.update { $0 = items }
        try document.save()
        documentFile = url
        return url
    }

    /// A file that `PropertyListEncoder` wrote with all ``twins``, for the load case.
    func encodedFile() throws -> URL {
        if let encoderFile { return encoderFile }
        let url = try ScratchFolder.folder("encoded").appendingPathComponent("Items.plist")
        try Self.propertyListEncoder().encode(twins).write(to: url, options: .atomic)
        encoderFile = url
        return url
    }

    /// Where `NSKeyedArchiver` writes the archive, in the save case and for the load case.
    func archiveURL() throws -> URL {
        if let archiveFile { return archiveFile }
        let url = try ScratchFolder.folder("archive").appendingPathComponent("Items.archive")
        archiveFile = url
        return url
    }

    /// ``archiveURL()`` holding the archive of all ``items``, made now unless the save case made it.
    func fullArchive() throws -> URL {
        let url = try archiveURL()
        if !hasFullArchive {
            try Self.archive(archived, to: url)
            hasFullArchive = true
        }
        return url
    }

    /// The document of items at `url`, autosave off: each side saves when the benchmark says.
    static func openDocument(at url: URL) throws -> Document<[HomepwnerItem]> {
        try Document(location: .file(url), initial: [HomepwnerItem](), autosave: .disabled)
    }

    /// A binary property-list encoder, the format `Document` writes by default.
    static func propertyListEncoder() -> PropertyListEncoder {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        return encoder
    }

    /// The seed's save: `NSKeyedArchiver` to bytes, written atomically; returns the archive's size.
    @discardableResult
    static func archive(_ objects: [ArchivedHomepwnerItem], to url: URL) throws -> Int {
        let data = try NSKeyedArchiver.archivedData(withRootObject: objects, requiringSecureCoding: false)
        try data.write(to: url, options: .atomic)
        return data.count
    }

    /// The seed's load: the file's bytes through `NSKeyedUnarchiver`, back to objects.
    static func unarchive(from url: URL) throws -> [ArchivedHomepwnerItem] {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: Data(contentsOf: url))
        unarchiver.requiresSecureCoding = false
        defer { unarchiver.finishDecoding() }
        guard let objects = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? [ArchivedHomepwnerItem]
        else {
            throw BenchmarkFailure("NSKeyedUnarchiver: \(url.lastPathComponent) holds no array of items")
        }
        return objects
    }
}
