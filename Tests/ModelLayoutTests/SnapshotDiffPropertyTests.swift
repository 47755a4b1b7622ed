import ModelKitTestSupport
import ModelLayout
import PropertyBased
import Testing

/// Up to six section identifiers from a small pool, so old and new share some.
private let sectionIDs = Gen.int(in: 0...7).array(of: 0...6)
/// Up to forty (identifier, content, section slot) triples; identifiers come from a pool of 41 so that
/// old and new overlap a lot, and content from three values so that many matches need a reload.
private let entries = zip(Gen.int(in: 0...40), Gen.int(in: 0...2), Gen.int(in: 0...9)).array(of: 0...40)

/// Builds a snapshot from generated parts; `unique` drops repeated identifiers, otherwise they stay.
private func snapshot(_ sections: [Int], _ entries: [(Int, Int, Int)], unique: Bool) -> Snapshot<Int, Entry> {
    var seenSections = Set<Int>()
    let ids = unique ? sections.filter { seenSections.insert($0).inserted } : sections
    guard !ids.isEmpty else { return Snapshot() }
    var result = Snapshot<Int, Entry>(sections: ids.map { .init(id: $0) })
    var seenItems = Set<Int>()
    for (id, content, slot) in entries where !unique || seenItems.insert(id).inserted {
        result.sections[slot % ids.count].items.append(Entry(id: id, content: content))
    }
    return result
}

/// Repeated identifiers by counting, independently of the library's own bookkeeping.
private func repeated<ID: Hashable & Comparable>(_ ids: [ID]) -> [ID] {
    Dictionary(ids.map { ($0, 1) }, uniquingKeysWith: +).filter { $0.value > 1 }.keys.sorted()
}

/// Checks the invariants a table view relies on, beyond "applying works".
private func checkShape(_ changes: Changeset, _ old: Snapshot<Int, Entry>, _ new: Snapshot<Int, Entry>) {
    #expect(changes.deletes == changes.deletes.sorted(by: >))
    #expect(changes.inserts == changes.inserts.sorted())
    #expect(changes.sectionDeletes == changes.sectionDeletes.sorted(by: >))
    #expect(changes.sectionInserts == changes.sectionInserts.sorted())
    // Moves carry unchanged content; reloads are real changes in place.
    for move in changes.moves {
        #expect(old[move.source] == new[move.destination])
    }
    for path in changes.reloads {
        let id = old[path].id
        #expect(new.sections.flatMap(\.items).first { $0.id == id } != old[path])
    }
    // Every old identifier that survives in a surviving section is deleted at most once, and nothing is
    // both inserted and left alone: total row arithmetic must balance.
    let oldTotal = old.numberOfItems
    let newTotal = new.numberOfItems
    let deletedBySection = changes.sectionDeletes.reduce(0) { $0 + old.numberOfItems(inSection: $1) }
    let insertedBySection = changes.sectionInserts.reduce(0) { $0 + new.numberOfItems(inSection: $1) }
    #expect(
        oldTotal - deletedBySection - changes.deletes.count + changes.inserts.count + insertedBySection == newTotal)
}

@Suite("Snapshot diff: properties")
struct SnapshotDiffPropertyTests {
    @Test("Applying the changeset to the old snapshot yields the new one (many sections)")
    func applyYieldsNewManySections() async {
        await propertyCheck(count: 500, input: sectionIDs, entries, sectionIDs, entries) {
            oldSections, oldEntries, newSections, newEntries throws in
            let old = snapshot(oldSections, oldEntries, unique: true)
            let new = snapshot(newSections, newEntries, unique: true)
            let changes = try Changeset(from: old, to: new)
            #expect(try apply(changes, to: old, dataSource: new) == new)
            checkShape(changes, old, new)
        }
    }

    @Test("Applying the changeset to the old snapshot yields the new one (one section)")
    func applyYieldsNewOneSection() async {
        await propertyCheck(count: 500, input: entries, entries) { oldEntries, newEntries throws in
            let old = snapshot([0], oldEntries, unique: true)
            let new = snapshot([0], newEntries, unique: true)
            let changes = try Changeset(from: old, to: new)
            #expect(try apply(changes, to: old, dataSource: new) == new)
            #expect(changes.sectionDeletes.isEmpty && changes.sectionInserts.isEmpty && changes.sectionMoves.isEmpty)
            checkShape(changes, old, new)
        }
    }

    @Test("Diffing a snapshot against itself, or a pure reordering, deletes and inserts nothing")
    func reorderingOnlyMoves() async {
        await propertyCheck(count: 300, input: sectionIDs, entries, Gen.int(in: 0...1000)) {
            sections, entries, seed throws in
            let old = snapshot(sections, entries, unique: true)
            #expect(try Changeset(from: old, to: old).isEmpty)
            var generator = SplitMix64(seed: UInt64(seed))
            var shuffled = old
            shuffled.sections.shuffle(using: &generator)
            for index in shuffled.sections.indices { shuffled.sections[index].items.shuffle(using: &generator) }
            let changes = try Changeset(from: old, to: shuffled)
            #expect(changes.deletes.isEmpty && changes.inserts.isEmpty && changes.reloads.isEmpty)
            #expect(changes.sectionDeletes.isEmpty && changes.sectionInserts.isEmpty)
            #expect(try old.applying(changes, dataSource: shuffled) == shuffled)
        }
    }

    @Test("Random input with duplicates: duplicates are reported exactly, otherwise applying works")
    func duplicatesAreReported() async {
        await propertyCheck(count: 500, input: sectionIDs, entries, sectionIDs, entries) {
            oldSections, oldEntries, newSections, newEntries throws in
            try checkDuplicates(
                snapshot(oldSections, oldEntries, unique: false), snapshot(newSections, newEntries, unique: false))
        }
    }

    @Test("Random input with duplicates in one section: item duplicates are reported exactly, every time")
    func duplicatesAreReportedOneSection() async {
        // With random section lists a single shared section happens only by chance; here it is every case.
        await propertyCheck(count: 500, input: entries, entries) { oldEntries, newEntries throws in
            let old = snapshot([0], oldEntries, unique: false)
            let new = snapshot([0], newEntries, unique: false)
            #expect(old.numberOfSections == 1 && new.numberOfSections == 1)
            try checkDuplicates(old, new)
        }
    }

    /// Duplicates are reported exactly as counting finds them; without any, the changeset applies.
    private func checkDuplicates(_ old: Snapshot<Int, Entry>, _ new: Snapshot<Int, Entry>) throws {
        let expected = DuplicateIdentifiersError<Int, Int>(
            oldSectionIDs: repeated(old.sections.map(\.id)), newSectionIDs: repeated(new.sections.map(\.id)),
            oldItemIDs: repeated(old.sections.flatMap(\.items).map(\.id)),
            newItemIDs: repeated(new.sections.flatMap(\.items).map(\.id)))
        let outcome = Result { () throws(DuplicateIdentifiersError<Int, Int>) in
            try Changeset(from: old, to: new)
        }
        switch outcome {
        case .success(let changes):
            #expect(expected.isEmpty, "duplicates went unreported: \(expected)")
            #expect(try old.applying(changes, dataSource: new) == new)
        case .failure(let error):
            #expect(!expected.isEmpty)
            #expect(error.oldSectionIDs.sorted() == expected.oldSectionIDs)
            #expect(error.newSectionIDs.sorted() == expected.newSectionIDs)
            #expect(error.oldItemIDs.sorted() == expected.oldItemIDs)
            #expect(error.newItemIDs.sorted() == expected.newItemIDs)
        }
    }
}
