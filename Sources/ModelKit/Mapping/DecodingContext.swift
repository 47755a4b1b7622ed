import Foundation

/// The state of one decoding call: its options, where it is, and what the lenient rules did so far.
///
/// Generated code and ``ModelDecodable`` conformances pass the context down; it is not shared between calls
/// or threads.
public final class DecodingContext {
    /// The options of this call.
    public let options: DecodingOptions
    /// The notes collected so far.
    public private(set) var diagnostics: [Diagnostic] = []
    /// Whether ``DecodingOptions/mode`` is strict, kept as a flag for the hot path.
    public let isStrict: Bool
    @usableFromInline internal let collects: Bool

    /// What every level of decoding changes: the path and the stack guard.
    @usableFromInline
    struct LevelState {
        @usableFromInline var path: PathStack
        @usableFromInline var stackGuard = StackGuard()
        /// See ``DecodingContext/collectionSize``.
        @usableFromInline var collectionSize = 0
    }

    // Kept behind a pointer rather than in stored `var`s: Swift checks every access to a class's stored
    // `var` for exclusivity at run time, and on the per-field path those checks took a quarter of the time
    // in profiles. The context is confined to one decoding call, so nothing else can overlap these accesses.
    @usableFromInline let levels: UnsafeMutablePointer<LevelState>

    /// The path from the root to the value being decoded.
    ///
    /// An array made on each read: the hot path uses ``pathDepth``, ``truncatePath(to:)`` and
    /// ``push(_:)``/``pop()`` instead.
    internal var pathStack: [PathComponent] {
        get { levels.pointee.path.components }
        set { levels.pointee.path.components = newValue }
    }

    /// How many components the path has.
    @inlinable var pathDepth: Int { levels.pointee.path.count }

    /// Leaves every component of the path past the first `depth`: what a recovered failure entered.
    @inlinable func truncatePath(to depth: Int) {
        levels.pointee.path.truncate(to: depth)
    }

    /// Before a collection is decoded, how many elements it is expected to have (zero: unknown); after, how many
    /// it had.
    ///
    /// A field sets it from what its table learned (``LearnedSizes``). A collection reads it when it starts (a
    /// collection of collections takes it with ``takeExpectedCollectionSize()``, which clears it for the first
    /// one inside) and sets its own size when it ends, so that in an array of arrays each expects the size of
    /// the one before. A size left by another collection is only a worse guess: it changes how much room is
    /// reserved, never what is decoded.
    @inlinable var collectionSize: Int {
        get { levels.pointee.collectionSize }
        set { levels.pointee.collectionSize = newValue }
    }

    /// The size the collection starting now is expected to have, which is then cleared, so that the collections
    /// inside it do not take it too.
    @inlinable func takeExpectedCollectionSize() -> Int {
        let expected = levels.pointee.collectionSize
        levels.pointee.collectionSize = 0
        return expected
    }

    /// The size a collection of `element`s starting now is expected to have: taken (see
    /// ``takeExpectedCollectionSize()``) when the elements are collections, the first of which would take it too,
    /// and only read otherwise.
    @inlinable func expectedCollectionSize<Element: ModelDecodable>(of element: Element.Type) -> Int {
        Element.isCollection ? takeExpectedCollectionSize() : collectionSize
    }

    /// How many elements of `element` to reserve for a collection said to have `count`: the count, capped by the
    /// options' maximum and by `bytes` of room, so that a count the input claims or a size learned from other
    /// data reserves no more than that up front.
    @inlinable func reservation<Element>(for count: Int, of element: Element.Type, upToBytes bytes: Int) -> Int {
        reservation(for: count, stride: MemoryLayout<Element>.stride, upToBytes: bytes)
    }

    /// ``reservation(for:of:upToBytes:)`` for elements `stride` bytes apart.
    @inlinable func reservation(for count: Int, stride: Int, upToBytes bytes: Int) -> Int {
        Swift.min(count, options.maximumCollectionCount, bytes / Swift.max(stride, 1))
    }

    /// How many elements, `stride` bytes apart, to reserve for an array that has at least one: the count the reader
    /// knows (`announced`), capped so that a count that hostile input claims reserves no more than 64 MiB up front;
    /// else the size `expected` (see ``collectionSize``), up to a mebibyte; and at least four, since growing one
    /// element at a time reallocates at 1, 2 and 4 elements, and most arrays in data are that short (coordinates,
    /// indices).
    @inlinable func arrayReservation(announced: Int?, expected: Int, stride: Int) -> Int {
        if let announced { return reservation(for: announced, stride: stride, upToBytes: 64 << 20) }
        return expected > 4 ? reservation(for: expected, stride: stride, upToBytes: 1 << 20) : 4
    }

    /// ``reservation(for:of:upToBytes:)`` for a size learned from earlier data (``LearnedSizes``): a wrong one
    /// costs at most a mebibyte of unused room.
    @inlinable func reservation<Element>(forExpected expected: Int, of element: Element.Type) -> Int {
        reservation(for: expected, of: element, upToBytes: 1 << 20)
    }

    @inlinable var stackGuard: StackGuard {
        _read { yield levels.pointee.stackGuard }
        _modify { yield &levels.pointee.stackGuard }
    }
    /// Keys that another level of the same model reads (a subclass, a discriminator), by path depth.
    var knownKeys: [(table: KeyTable, depth: Int)] = []
    /// The records of the fields that need more than one value in place (see ``Field``), by slot; `nil` where
    /// a slot is free. A field is settled before its model returns, so slots are few and reused.
    var fieldRecords: [Any?] = []
    /// The slots of ``fieldRecords`` given back, to be opened again.
    var freeRecordSlots: [Int] = []

    /// Creates the context for one call.
    public init(options: DecodingOptions = DecodingOptions()) {
        self.options = options
        self.isStrict = options.mode == .strict
        self.collects = options.collectsDiagnostics
        levels = UnsafeMutablePointer.allocate(capacity: 1)
        levels.initialize(to: LevelState(path: PathStack(capacity: 16)))
    }

    deinit {
        levels.pointee.path.deallocate()
        levels.deinitialize(count: 1)
        levels.deallocate()
    }

    /// The current path.
    public var path: ValuePath { ValuePath(pathStack) }

    /// The current path followed by `component`.
    public func path(appending component: PathComponent) -> ValuePath {
        ValuePath(pathStack + [component])
    }

    /// Enters `component` before its value is decoded.
    @inlinable public func push(_ component: PathComponent) throws {
        let depth = pathDepth
        if depth >= options.maximumDepth || !stackGuard.hasRoom(atDepth: depth) {
            throw MappingError(.tooDeep(limit: min(options.maximumDepth, depth)), at: path)
        }
        levels.pointee.path.push(component)
    }

    /// Leaves the component entered last.
    @inlinable public func pop() {
        levels.pointee.path.popLast()
    }

    /// What a call has changed in the context so far, to go back to when it decodes the same input again.
    struct Checkpoint {
        let noteCount: Int
        let pathStack: [PathComponent]
        let knownKeyCount: Int
    }

    /// The context as it is now.
    func checkpoint() -> Checkpoint {
        Checkpoint(noteCount: diagnostics.count, pathStack: pathStack, knownKeyCount: knownKeys.count)
    }

    /// Drops the notes taken since `checkpoint` and restores its path.
    func rollBack(to checkpoint: Checkpoint) {
        diagnostics.removeSubrange(min(checkpoint.noteCount, diagnostics.count)...)
        pathStack = checkpoint.pathStack
        knownKeys.removeSubrange(min(checkpoint.knownKeyCount, knownKeys.count)...)
    }

    /// Records a note at the current path.
    public func note(_ kind: Diagnostic.Kind) {
        guard collects else { return }
        diagnostics.append(Diagnostic(kind, at: path))
    }

    /// Records a note at the current path followed by `component`.
    public func note(_ kind: Diagnostic.Kind, at component: PathComponent) {
        guard collects else { return }
        diagnostics.append(Diagnostic(kind, at: path(appending: component)))
    }

    /// Records a note that `found` was converted to `type`.
    @inlinable public func noteConversion(of found: Value, to type: String) {
        guard collects else { return }
        note(.converted(from: found.briefDescription, to: type))
    }

    /// An error at the current path.
    public func error(_ reason: MappingError.Reason) -> MappingError {
        MappingError(reason, at: path)
    }

    /// An error saying that `found` is not what `expected` names.
    public func mismatch(expected: String, found: Value) -> MappingError {
        MappingError(.typeMismatch(expected: expected, found: found.briefDescription), at: path)
    }

    /// An error saying that a value of `kind` is not what `expected` names.
    public func mismatch(expected: String, foundKind kind: ValueKind) -> MappingError {
        MappingError(.typeMismatch(expected: expected, found: kind.description), at: path)
    }

    /// An error saying that a value of `kind` is not the collection `collection` ("array", "dictionary") of
    /// `element`; built here rather than in each collection's code specialized for its element type.
    public func mismatch(expected collection: String, of element: Any.Type, foundKind kind: ValueKind) -> MappingError {
        mismatch(expected: "\(collection) of \(element)", foundKind: kind)
    }

    /// The error of a collection that has more than ``DecodingOptions/maximumCollectionCount`` members, which
    /// `members` names ("elements", "entries").
    @usableFromInline
    func tooManyMembers(_ members: String) -> MappingError {
        error(.tooManyMembers(limit: options.maximumCollectionCount, members))
    }

    // This, `decodeValue`, `decodeLocated` and `ModelDecodable.decodedValue` are always inlined: code compiled for
    // a type inlined them already, and in ModelKit's generic code (a model compiled with MODELKIT_GENERIC_MODELS
    // reaches it unspecialized) each layer asked the runtime for `Optional<T>`'s metadata again: citm_catalog.json
    // from a module compiled with both conditions took 9% fewer instructions, and a model compiled for its readers
    // built in the same time (the compile benchmark's wide-10, 1.93 s against 1.91 s).
    /// Decodes one value of a property or element at `component`, applying the lenient rules for `null`
    /// and for values that cannot be converted.
    ///
    /// - Returns: the value, or `nil` when the caller should use its default (already noted).
    @inlinable @inline(__always)
    public func decodeField<T: ModelDecodable, R: ModelReader>(
        _ type: T.Type, at component: PathComponent, from reader: inout R, hasDefault: Bool
    ) throws -> T? {
        try push(component)
        defer { pop() }
        return try decodeValue(type, from: &reader, hasDefault: hasDefault)
    }

    /// The next value if it is exactly a `T` (see ``ModelDecodable/decodeExact(from:)``), or `nil`, consuming
    /// nothing; a reader's error is given the path of `component`, as the full decoding would give it.
    @inlinable
    public func decodeExact<T: ModelDecodable, R: ModelReader>(
        _ type: T.Type, at component: @autoclosure () -> PathComponent, from reader: inout R
    ) throws -> T? {
        do {
            return try T.decodeExact(from: &reader)
        } catch let error as MappingError where error.path.components.isEmpty {
            throw located(error, at: component(), expecting: "\(T.self)")
        }
    }

    /// Decodes one value at the current path; see ``decodeField(_:at:from:hasDefault:)``.
    @inlinable @inline(__always)
    public func decodeValue<T: ModelDecodable, R: ModelReader>(
        _ type: T.Type, from reader: inout R, hasDefault: Bool
    ) throws -> T? {
        if try reader.decodeNull() {
            if let null = T.nullValue { return null }
            if hasDefault && !isStrict {
                note(.defaultedNull)
                return nil
            }
            throw mismatch(expected: String(describing: T.self), foundKind: .null)
        }
        guard hasDefault && !isStrict else {
            return try decodeLocated(type, from: &reader)
        }
        // The note is made after the path is back at this value's, so the error is worded relative to it.
        return try decodeRecovering(type, from: &reader) { .defaultedInvalid(error: $0.description(relativeTo: path)) }
    }

    /// Decodes `type`; if it fails with a recoverable error, skips the rest of the value, notes what
    /// `diagnostic` makes of the error and returns `nil`, so decoding goes on with the next key or element.
    @inlinable
    public func decodeRecovering<T: ModelDecodable, R: ModelReader>(
        _ type: T.Type, from reader: inout R, diagnostic: (MappingError) -> Diagnostic.Kind
    ) throws -> T? {
        try decodeRecovering(type, from: &reader, noting: { self.note(diagnostic($0)) })
    }

    /// ``decodeRecovering(_:from:diagnostic:)`` that gives the error to `noting`; with `unlessStrict`, in strict
    /// mode every error is thrown.
    @inlinable
    func decodeRecovering<T: ModelDecodable, R: ModelReader>(
        _ type: T.Type, from reader: inout R, unlessStrict: Bool = false, noting: (MappingError) -> Void
    ) throws -> T? {
        let depth = reader.depth
        let pathDepth = self.pathDepth
        do {
            return try decodeLocated(type, from: &reader)
        } catch {
            if unlessStrict && isStrict { throw error }
            try recover(from: error, reader: &reader, toDepth: depth, pathDepth: pathDepth, noting: noting)
            return nil
        }
    }

    /// Decodes `type`, giving an error that a reader threw without a path the current path and the type's name.
    @inlinable @inline(__always)
    public func decodeLocated<T: ModelDecodable, R: ModelReader>(_ type: T.Type, from reader: inout R) throws -> T {
        do {
            return try T.decodedValue(from: &reader, context: self)
        } catch {
            throw locating(error, expecting: T.self)
        }
    }

    // The two functions below are the error paths of those above, compiled once in ModelKit (for each reader, the
    // second) instead of once for every type of value in every model's module: the rules for a nested model
    // type, in every layer, were a quarter of the optimizer's work on a module of 30 models.

    /// `error` as ``decodeLocated(_:from:)`` throws it: a reader's error without a path is given the current
    /// path and `type`'s name (see ``located(_:expecting:)``); any other error is left as it is.
    @usableFromInline
    func locating(_ error: any Error, expecting type: Any.Type) -> any Error {
        guard let error = error as? MappingError, error.path.components.isEmpty && pathDepth > 0 else { return error }
        return located(error, expecting: String(describing: type))
    }

    /// Rethrows `error` unless it is recoverable; if it is, skips the rest of the value that began at `depth`,
    /// cuts the path back to `pathDepth` and gives the error to `noting`.
    @_specialize(exported:true,kind:full,where R == JSONReader)
    @_specialize(exported:true,kind:full,where R == FoundationObjectReader)
    @inlinable @inline(never)
    func recover<R: ModelReader>(
        from error: any Error, reader: inout R, toDepth depth: Int, pathDepth: Int, noting: (MappingError) -> Void
    ) throws {
        guard let error = error as? MappingError, error.isRecoverable else { throw error }
        try reader.recover(toDepth: depth)
        truncatePath(to: pathDepth)
        noting(error)
    }

    /// `error` at the current path followed by `component`; see ``located(_:expecting:)``.
    public func located(_ error: MappingError, at component: PathComponent, expecting expected: String) -> MappingError
    {
        var error = located(error, expecting: expected)
        error.path = path(appending: component)
        return error
    }

    /// `error` at the current path; a reader's "expected a scalar" names `expected` instead.
    public func located(_ error: MappingError, expecting expected: String) -> MappingError {
        var error = error
        error.path = path
        if case .typeMismatch("a scalar", let found) = error.reason {
            error.reason = .typeMismatch(expected: expected, found: found)
        }
        return error
    }

    /// Marks the keys of `table` as read at the current depth, while a superclass or a polymorphic case
    /// decodes the same dictionary.
    public func beginKnownKeys(_ table: KeyTable) {
        knownKeys.append((table, pathDepth))
    }

    /// Ends the scope begun by ``beginKnownKeys(_:)``.
    public func endKnownKeys() {
        knownKeys.removeLast()
    }

    /// Records or rejects a key that no property reads.
    public func unknownKey(_ key: String) throws {
        if knownKeys.contains(where: { $0.depth == pathDepth && $0.table.index(of: key) != nil }) { return }
        if isStrict {
            throw MappingError(.unknownKey, at: path(appending: .key(key)))
        }
        note(.unknownKey, at: .key(key))
    }
}

extension MappingError {
    /// Whether decoding may go on after this error by using a default: malformed bytes, limits and file
    /// errors end the whole call.
    public var isRecoverable: Bool {
        switch reason {
        case .malformedData, .tooDeep, .tooLarge, .file: false
        default: true
        }
    }
}
