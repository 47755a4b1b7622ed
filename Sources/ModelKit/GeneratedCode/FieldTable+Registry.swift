// Called by code @DictionaryModel generates, through FieldTable: change with Sources/ModelKitMacros and
// Tests/ModelKitMacrosTests.

import Synchronization

extension FieldTable {
    /// A struct's table and the struct as a model, whose keys the table reads and writes. A class, so that a
    /// property holding the struct can keep a reference to it (``NestedModelWriting``, `NestedModelDecoder`):
    /// registered ones are never released.
    final class ModelTable: Sendable {
        let table: FieldTable
        let model: any (KeyedModel & SendableMetatype).Type
        /// The model's keys.
        let keys: ModelKeys

        init(table: FieldTable, model: any (KeyedModel & SendableMetatype).Type) {
            self.table = table
            self.model = model
            keys = model.modelKeys
        }
    }

    /// The tables that read or write structs, by the struct's type: registered as each is made (a model's
    /// `_fieldTable` is made the first time the model is decoded or written), for the models and arrays of models
    /// that other structs' tables and generic code read and write.
    private static let registeredTables = Mutex<[ObjectIdentifier: ModelTable]>([:])

    /// The table registered as the one that writes `model`.
    static func writing(_ model: Any.Type) -> ModelTable? {
        writing(ObjectIdentifier(model))
    }

    /// The table registered as the one that writes the type `model` identifies.
    static func writing(_ model: ObjectIdentifier) -> ModelTable? {
        registered(model).flatMap { $0.table.encoding == nil ? nil : $0 }
    }

    /// The table registered as the one that decodes the type `model` identifies into memory it is given.
    static func decoding(_ model: ObjectIdentifier) -> ModelTable? {
        registered(model).flatMap { $0.table.decoding == nil ? nil : $0 }
    }

    /// The table registered for the type `model` identifies.
    static func registered(_ model: ObjectIdentifier) -> ModelTable? {
        registeredTables.withLock { $0[model] }
    }

    /// Registers `table` as the one that reads and writes `model`, if it can do either, unless one is registered
    /// already: the first is the model's own `_fieldTable`, made when the model is first decoded or written, which
    /// its entry points read and write through.
    static func register(_ table: FieldTable, for model: Any.Type) {
        guard table.encoding != nil || table.decoding != nil,
            let keyed = model as? any (KeyedModel & SendableMetatype).Type
        else { return }
        registeredTables.withLock { tables in
            if tables[ObjectIdentifier(model)] == nil {
                tables[ObjectIdentifier(model)] = ModelTable(table: table, model: keyed)
            }
        }
    }
}

extension FieldTable.ModelTable {
    /// Decodes the struct at `reader` into `model` through the table, which decodes into memory it is given (see
    /// ``FieldTable/decoding(_:)``).
    @inline(__always)
    func decode<R: FieldTableReader>(
        into model: UnsafeMutableRawPointer, from reader: inout R, context: DecodingContext
    ) throws {
        try table.decoding!.decode(table, into: model, keys: keys, from: &reader, context: context)
    }
}

/// A struct model's registered ``FieldTable/ModelTable``, looked up once a model has been read or written the
/// generic way (which makes the model's table, and registers it) and kept, for the properties that hold the model.
struct ModelTableLookup: ~Copyable, Sendable {
    /// The model.
    let model: ObjectIdentifier
    /// The table's address (unretained: the registry keeps it for the process's life), ``none`` where the look-up
    /// found none, or 0 before it.
    private let found = Atomic<UInt>(0)

    /// Stands for "no table".
    private static let none: UInt = 1

    init(model: ObjectIdentifier) {
        self.model = model
    }

    /// The model's table, if it has been found.
    @inline(__always)
    func table() -> Unmanaged<FieldTable.ModelTable>? {
        let found = found.load(ordering: .acquiring)
        guard found > Self.none, let address = UnsafeRawPointer(bitPattern: found) else { return nil }
        return Unmanaged.fromOpaque(address)
    }

    /// Whether the look-up found no table.
    var isMissing: Bool { found.load(ordering: .relaxed) == Self.none }

    /// Whether the table has been looked up.
    var isLookedUp: Bool { found.load(ordering: .relaxed) != 0 }

    /// Looks the model's table up with `find` and keeps what it finds, unless it has been looked up; finding
    /// nothing is kept (as missing) only if `keepingMissing`.
    func lookUp(keepingMissing: Bool = true, _ find: (ObjectIdentifier) -> FieldTable.ModelTable?) {
        guard !isLookedUp else { return }
        let address = find(model).map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) }
        guard address != nil || keepingMissing else { return }
        found.store(address ?? Self.none, ordering: .releasing)
    }
}
