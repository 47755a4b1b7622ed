/// The edits that turn a table showing one ``Snapshot`` into one showing another, in the form one
/// `performBatchUpdates` call takes.
///
/// The indexes follow UIKit's batch rules: ``sectionDeletes``, ``deletes`` and ``reloads`` name
/// positions in the old snapshot; ``sectionInserts`` and ``inserts`` name positions in the new one;
/// moves go from an old position to a new one. Rows of a moved section travel with it, and rows of a
/// deleted or inserted section are not listed separately. An item that moved and also changed is
/// listed as a delete and an insert, because UIKit refuses to reload a row that moves in the same batch.
///
/// ```swift
/// let changes = try Changeset(from: before, to: after)
/// let paths = { (positions: [TableIndexPath]) in positions.map { IndexPath(row: $0.row, section: $0.section) } }
/// tableView.performBatchUpdates {
///     tableView.deleteSections(IndexSet(changes.sectionDeletes), with: .fade)
///     tableView.insertSections(IndexSet(changes.sectionInserts), with: .fade)
///     for move in changes.sectionMoves { tableView.moveSection(move.source, toSection: move.destination) }
///     tableView.deleteRows(at: paths(changes.deletes), with: .fade)
///     tableView.insertRows(at: paths(changes.inserts), with: .fade)
///     for move in changes.moves {
///         tableView.moveRow(at: paths([move.source])[0], to: paths([move.destination])[0])
///     }
///     tableView.reloadRows(at: paths(changes.reloads), with: .none)
/// }
/// ```
public struct Changeset: Sendable, Hashable, Codable {
    /// One element going from an old position to a new one.
    public struct Move<Position: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
        /// Where the element was, in the old snapshot.
        public var source: Position
        /// Where the element ends up, in the new snapshot.
        public var destination: Position

        /// Creates a move.
        public init(source: Position, destination: Position) {
            self.source = source
            self.destination = destination
        }
    }

    /// Old indexes of sections that are removed, highest first.
    public var sectionDeletes: [Int]
    /// New indexes of sections that are added, lowest first.
    public var sectionInserts: [Int]
    /// Sections that change place among the ones that stay.
    public var sectionMoves: [Move<Int>]
    /// Old positions of rows that are removed, last first, so removing them one by one from an array
    /// never shifts a position not yet removed.
    public var deletes: [TableIndexPath]
    /// New positions of rows that are added, first first, so inserting them one by one lands each where
    /// it belongs.
    public var inserts: [TableIndexPath]
    /// Rows that change place (or section), from old position to new.
    public var moves: [Move<TableIndexPath>]
    /// Old positions of rows that stay in place but whose content changed.
    public var reloads: [TableIndexPath]

    /// Creates a changeset from its parts; usually you get one from ``init(from:to:)`` instead.
    public init(
        sectionDeletes: [Int] = [], sectionInserts: [Int] = [], sectionMoves: [Move<Int>] = [],
        deletes: [TableIndexPath] = [], inserts: [TableIndexPath] = [], moves: [Move<TableIndexPath>] = [],
        reloads: [TableIndexPath] = []
    ) {
        self.sectionDeletes = sectionDeletes
        self.sectionInserts = sectionInserts
        self.sectionMoves = sectionMoves
        self.deletes = deletes
        self.inserts = inserts
        self.moves = moves
        self.reloads = reloads
    }

    /// Whether the two snapshots were the same, so a table need not animate anything.
    public var isEmpty: Bool { changeCount == 0 }

    /// How many operations the batch holds, a rough measure of how much a table will animate.
    public var changeCount: Int {
        sectionDeletes.count + sectionInserts.count + sectionMoves.count + deletes.count + inserts.count
            + moves.count + reloads.count
    }
}
