import ModelLayout

/// ModelLayout's snapshot diff (Heckel's algorithm, linear) against the standard library's
/// `difference(from:).inferringMoves()` (Myers, O(n·d)), and against itself at ten thousand rows to show
/// how it grows.
enum DiffCases {
    static var all: [BenchmarkCase] {
        [
            versusCollectionDifference(name: "diff.5k", count: 5_000, deleted: 1_000, inserted: 1_000, moved: 200),
            ownUnit,
            versusCollectionDifference(
                name: "diff.100k", count: 100_000, deleted: 10_000, inserted: 10_000, moved: 2_000),
            linearGrowth(name: "diff.1m", count: 1_000_000),
        ]
    }

    /// The edit rates of `diff.100k` (10 % deleted, 10 % inserted, 2 % moved), at any size.
    private static func proportional(count: Int) -> DiffScenario {
        DiffScenario(count: count, deleted: count / 10, inserted: count / 10, moved: count / 50)
    }

    private static func versusCollectionDifference(
        name: String, count: Int, deleted: Int, inserted: Int, moved: Int
    ) -> BenchmarkCase {
        BenchmarkCase(name: name, subject: "Changeset(from:to:)", baseline: "CollectionDifference") {
            let scenario = DiffScenario(count: count, deleted: deleted, inserted: inserted, moved: moved)
            try checkChangeset(scenario)
            let (old, new) = (scenario.old, scenario.new)
            return .time(
                subject: changesetRoutine(scenario),
                baseline: .routine({
                    let difference = new.difference(from: old).inferringMoves()
                    // Cheap next to the diff itself, and it keeps a wrong baseline from being timed.
                    guard difference.removals.count >= deleted, difference.insertions.count >= inserted else {
                        throw BenchmarkFailure("\(name): CollectionDifference found too few changes")
                    }
                    return difference.count
                }))
        }
    }

    /// `diff.10k`: the unit of the linear baselines, compared with itself.
    private static var ownUnit: BenchmarkCase {
        BenchmarkCase(name: "diff.10k", subject: "Changeset(from:to:)", baseline: "linear") {
            let scenario = proportional(count: 10_000)
            try checkChangeset(scenario)
            return .time(subject: changesetRoutine(scenario), baseline: .subject(scale: 1))
        }
    }

    /// A size against `diff.10k` × size / 10,000, timed in the same run: a ratio of 1 is linear growth.
    private static func linearGrowth(name: String, count: Int) -> BenchmarkCase {
        BenchmarkCase(name: name, subject: "Changeset(from:to:)", baseline: "linear") {
            let scenario = proportional(count: count)
            let unit = proportional(count: 10_000)
            try checkChangeset(scenario)
            return .time(
                subject: changesetRoutine(scenario),
                baseline: .routine(changesetRoutine(unit), scale: Double(count) / 10_000))
        }
    }

    private static func snapshots(
        _ scenario: DiffScenario
    ) -> (Snapshot<Int, DiffScenario.Row>, Snapshot<Int, DiffScenario.Row>) {
        (Snapshot(section: 0, items: scenario.old), Snapshot(section: 0, items: scenario.new))
    }

    private static func changesetRoutine(_ scenario: DiffScenario) -> Routine {
        let (old, new) = snapshots(scenario)
        let deleted = scenario.deleted
        return {
            let changes = try Changeset(from: old, to: new)
            guard changes.deletes.count == deleted else {
                throw BenchmarkFailure("Changeset found \(changes.deletes.count) deletes, expected \(deleted)")
            }
            return changes.changeCount
        }
    }

    /// Once per case: the changeset has the expected deletes and inserts, and applying it the way a table
    /// view does turns the old list into the new one.
    private static func checkChangeset(_ scenario: DiffScenario) throws {
        let (old, new) = snapshots(scenario)
        let changes = try Changeset(from: old, to: new)
        guard changes.deletes.count == scenario.deleted, changes.inserts.count == scenario.inserted,
            !changes.moves.isEmpty || scenario.moved == 0
        else {
            throw BenchmarkFailure(
                "Changeset: \(changes.deletes.count) deletes, \(changes.inserts.count) inserts, "
                    + "\(changes.moves.count) moves for \(scenario.deleted)/\(scenario.inserted)/\(scenario.moved)")
        }
        guard try old.applying(changes, dataSource: new) == new else {
            throw BenchmarkFailure("Changeset: applying the changeset does not give the new list")
        }
    }
}
