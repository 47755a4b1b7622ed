// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

/// What one of a property's keys held the last time it appeared in the dictionary.
@usableFromInline
struct FieldRecord<T> {
    @usableFromInline
    enum Outcome {
        /// A value decoded in place.
        case decoded(T)
        /// A value that failed in lenient mode, already noted: the default stands.
        case defaulted
        /// An error that counts if this key's turn comes.
        case failed(MappingError)
        /// A value read as a tree, decoded only if this key's turn comes.
        case later((DecodingContext) throws -> T?)
    }

    /// The key's position among the property's keys.
    @usableFromInline var priority: Int
    @usableFromInline var outcome: Outcome

    @usableFromInline
    init(priority: Int, outcome: Outcome) {
        self.priority = priority
        self.outcome = outcome
    }
}

extension DecodingContext {
    /// A slot for a field's records, empty.
    func openRecordSlot() -> Int {
        if let slot = freeRecordSlots.popLast() { return slot }
        fieldRecords.append(nil)
        return fieldRecords.count - 1
    }

    /// The records kept at `slot`, moved out (the slot stays open); none if nothing was kept yet.
    func takeRecords<T>(at slot: Int) -> [FieldRecord<T>] {
        defer { fieldRecords[slot] = nil }
        // Only the field that opened the slot keeps records in it, always of its own type.
        return fieldRecords[slot].map { $0 as! [FieldRecord<T>] } ?? []
    }

    /// Keeps `records` at `slot`, opened by ``openRecordSlot()``.
    func keepRecords<T>(_ records: [FieldRecord<T>], at slot: Int) {
        fieldRecords[slot] = records
    }

    /// Gives `slot` back, emptied.
    func closeRecordSlot(_ slot: Int) {
        fieldRecords[slot] = nil
        freeRecordSlots.append(slot)
    }
}
