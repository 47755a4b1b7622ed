import Foundation
import ModelKit
import ModelStore

/// `store.items-100k`: 100,000 of seed 003's items saved and loaded by ModelStore's `Document` (binary
/// property list; an atomic save that flushes the file and its folder to disk), against the seeds' way —
/// `NSKeyedArchiver` and `NSKeyedUnarchiver` with a file — and against `PropertyListEncoder` and
/// `PropertyListDecoder` with `Data.write(to:options: .atomic)` and `Data(contentsOf:)`; and the peak
/// memory of the document's save and load.
///
/// `NSKeyedArchiver` takes tens of seconds for one save here, so its side is one run (the warm-up) and the
/// unarchiver's three; the save case's runs leave the archive that the load case reads.
struct StoreCases {
    let fixture = StoreFixture()

    /// Runs of each side of the memory case, in fresh child processes.
    static let memoryRuns = 3

    var all: [BenchmarkCase] {
        [
            save(versus: .propertyListEncoder), save(versus: .keyedArchiver),
            load(versus: .propertyListEncoder), load(versus: .keyedArchiver), peakMemory,
        ]
    }

    /// What the document is measured against.
    enum Baseline: String {
        case propertyListEncoder = "PropertyListEncoder"
        case keyedArchiver = "NSKeyedArchiver"
    }

    private static let saveName = "store.items-100k.save"
    private static let loadName = "store.items-100k.load"

    private func save(versus baseline: Baseline) -> BenchmarkCase {
        BenchmarkCase(name: Self.saveName, subject: "Document.save()", baseline: baseline.rawValue) {
            let items = fixture.items
            let folder = try ScratchFolder.folder("save-\(baseline)")
            let document = try StoreFixture.openDocument(at: folder.appendingPathComponent("Items.plist"))
            // Each save writes the whole root again; `update` marks it changed, as an edit would.
            let saveDocument: Routine = {
                document.update { $0 = items }
                try document.save()
                return items.count
            }
            // What each side writes must load back to the same items.
            _ = try saveDocument()
            let reopened = try StoreFixture.openDocument(at: document.location.fileURL)
            try Self.check(reopened, holds: items)

            switch baseline {
            case .propertyListEncoder:
                let twins = fixture.twins
                let encoder = StoreFixture.propertyListEncoder()
                let url = folder.appendingPathComponent("Encoded.plist")
                let write: Routine = {
                    let data = try encoder.encode(twins)
                    try data.write(to: url, options: .atomic)
                    return data.count
                }
                _ = try write()
                let decoded = try PropertyListDecoder().decode(
                    [PlainCodable.HomepwnerItem].self, from: Data(contentsOf: url))
                guard decoded == twins else {
                    throw BenchmarkFailure("\(Self.saveName): PropertyListEncoder's file does not decode to the items")
                }
                return .time(subject: saveDocument, baseline: .routine(write))
            case .keyedArchiver:
                // Archiving all items once more only to check them would cost as much as the measurement,
                // so the same code is checked on the first thousand; the load case checks the full archive
                // that the timed run leaves behind.
                let sample = folder.appendingPathComponent("Sample.archive")
                try StoreFixture.archive(Array(fixture.archived.prefix(1_000)), to: sample)
                guard try StoreFixture.unarchived(StoreFixture.unarchive(from: sample)) == Array(items.prefix(1_000))
                else {
                    throw BenchmarkFailure("\(Self.saveName): NSKeyedArchiver's file does not decode to the items")
                }
                let archived = fixture.archived
                let url = try fixture.archiveURL()
                let fixture = fixture
                let write: Routine = {
                    let size = try StoreFixture.archive(archived, to: url)
                    fixture.hasFullArchive = true
                    return size
                }
                return .time(subject: saveDocument, baseline: .routine(write, samples: 1))
            }
        }
    }

    private func load(versus baseline: Baseline) -> BenchmarkCase {
        BenchmarkCase(name: Self.loadName, subject: "Document(location:) load", baseline: baseline.rawValue) {
            let items = fixture.items
            let documentURL = try fixture.savedDocument()
            let loadDocument: Routine = {
                let document = try StoreFixture.openDocument(at: documentURL)
                return document.root.count
            }
            try Self.check(StoreFixture.openDocument(at: documentURL), holds: items)

            switch baseline {
            case .propertyListEncoder:
                let url = try fixture.encodedFile()
                let decoder = PropertyListDecoder()
                let read = { try decoder.decode([PlainCodable.HomepwnerItem].self, from: Data(contentsOf: url)) }
                guard try read() == fixture.twins else {
                    throw BenchmarkFailure("\(Self.loadName): PropertyListDecoder does not give the items")
                }
                return .time(subject: loadDocument, baseline: .routine({ try read().count }))
            case .keyedArchiver:
                let url = try fixture.fullArchive()
                let read = { try StoreFixture.unarchive(from: url) }
                // The check is the unarchiver's warm-up as well.
                guard try StoreFixture.unarchived(read()) == items else {
                    throw BenchmarkFailure("\(Self.loadName): NSKeyedUnarchiver does not give the items")
                }
                return .time(subject: loadDocument, baseline: .routine({ try read().count }, samples: 3))
            }
        }
    }

    /// `store.items-100k.peak-memory`: the larger of the save's and the load's peaks, each above the resident
    /// size before it and the median of fresh child processes, against the document's file size. The
    /// baseline's peak is `PropertyListEncoder`'s and `PropertyListDecoder`'s, measured the same way.
    private var peakMemory: BenchmarkCase {
        BenchmarkCase(
            name: "store.items-100k.peak-memory", subject: "Document save and load peak memory", baseline: "file size"
        ) {
            let documentURL = try fixture.savedDocument()
            let encodedURL = try fixture.encodedFile()
            let fileBytes = try Self.size(of: documentURL)
            let folder = try ScratchFolder.folder("peak-memory")
            return .peakMemory {
                let runs = Self.memoryRuns
                let save = try PeakMemoryProbe.measure(
                    task: "document-save", file: folder.appendingPathComponent("Saved.plist"), runs: runs)
                let load = try PeakMemoryProbe.measure(task: "document-load", file: documentURL, runs: runs)
                let encode = try PeakMemoryProbe.measure(
                    task: "encoder-save", file: folder.appendingPathComponent("Encoded.plist"), runs: runs)
                let decode = try PeakMemoryProbe.measure(task: "decoder-load", file: encodedURL, runs: runs)
                return PeakMemoryReport(
                    peakBytes: max(save.measured, load.measured), fileBytes: fileBytes,
                    baselinePeakBytes: max(encode.measured, decode.measured),
                    details: [
                        ("save_peak_bytes", save.measured), ("load_peak_bytes", load.measured),
                        ("baseline_save_peak_bytes", encode.measured), ("baseline_load_peak_bytes", decode.measured),
                        ("resident_save_peak_bytes", save.resident), ("resident_load_peak_bytes", load.resident),
                        ("baseline_resident_save_peak_bytes", encode.resident),
                        ("baseline_resident_load_peak_bytes", decode.resident),
                    ])
            }
        }
    }

    /// The work a memory probe child measures, by the name the parent passes: a document's save of all the
    /// items (made, and the document opened, before the measurement) or its load, and the same with
    /// `PropertyListEncoder` and `PropertyListDecoder`.
    static func probeTask(named name: String) -> PeakMemoryProbe.Task? {
        switch name {
        case "document-save":
            return { file in
                try? FileManager.default.removeItem(at: file)
                let items = StoreFixture.makeItems()
                let document = try StoreFixture.openDocument(at: file)
                document.update { $0 = items }
                return {
                    try document.save()
                    return document
                }
            }
        case "document-load":
            return { file in { try StoreFixture.openDocument(at: file) } }
        case "encoder-save":
            return { file in
                let twins = StoreFixture.twins(of: StoreFixture.makeItems())
                let encoder = StoreFixture.propertyListEncoder()
                return {
                    let data = try encoder.encode(twins)
                    try data.write(to: file, options: .atomic)
                    return data
                }
            }
        case "decoder-load":
            return { file in
                { try PropertyListDecoder().decode([PlainCodable.HomepwnerItem].self, from: Data(contentsOf: file)) }
            }
        default:
            return nil
        }
    }

    private static func check(_ document: Document<[HomepwnerItem]>, holds items: [HomepwnerItem]) throws {
        guard document.origin == .file, document.root == items else {
            throw BenchmarkFailure("Document: the saved file does not load back to the items (\(document.origin))")
        }
        let unexpected = document.loadDiagnostics
        guard unexpected.isEmpty else {
            throw BenchmarkFailure("Document: loading gave diagnostics: \(unexpected.prefix(3))")
        }
    }

    private static func size(of url: URL) throws -> Int {
        guard let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int else {
            throw BenchmarkFailure("no size for \(url.path)")
        }
        return size
    }
}
