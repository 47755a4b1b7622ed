import Foundation

/// A writer that models write themselves to: Foundation objects, a ``Value`` tree, or a format's bytes.
///
/// It mirrors ``ModelReader``: generated code calls it directly, so encoding builds no intermediate tree.
public protocol ModelWriter {
    /// Writes `value`: through the value's entry point for this writer where it has one (see
    /// ``ModelEntryPoints``), its generic `encode` otherwise.
    static func encodeValue<T: ModelEncodable>(_ value: T, to writer: inout Self, context: EncodingContext) throws

    /// Whether the format has a date type; if not, dates are written as ``EncodingOptions/dateEncoding`` says.
    static var writesNativeDates: Bool { get }
    /// Whether the format has a data type; if not, data is written as base64 text.
    static var writesNativeData: Bool { get }

    /// Starts a dictionary; `count` is the most entries it will have, a hint for sizing.
    mutating func beginDictionary(count: Int) throws
    /// Writes the key of the next entry of the current dictionary.
    mutating func writeKey(_ key: String) throws
    /// Ends the current dictionary.
    mutating func endDictionary() throws
    /// Starts an array of `count` elements.
    mutating func beginArray(count: Int) throws
    /// Ends the current array.
    mutating func endArray() throws
    /// Writes `null`.
    mutating func writeNull() throws
    /// Writes a Bool.
    mutating func write(_ value: Bool) throws
    /// Writes a signed integer.
    mutating func write(_ value: Int64) throws
    /// Writes an unsigned integer above `Int64.max`.
    mutating func write(_ value: UInt64) throws
    /// Writes a floating-point number.
    mutating func write(_ value: Double) throws
    /// Writes a Decimal, keeping its digits where the format can.
    mutating func write(_ value: Decimal) throws
    /// Writes a string.
    mutating func write(_ value: String) throws
    /// Writes a date (only called when ``writesNativeDates`` is `true`).
    mutating func write(_ value: Date) throws
    /// Writes data (only called when ``writesNativeData`` is `true`).
    mutating func write(_ value: Data) throws

    /// Where the value written next goes, from the root (`statuses[0].created_at`), for the errors of
    /// values the format cannot hold; a writer that does not know says the root.
    var valuePath: ValuePath { get }
}

extension ModelWriter {
    /// The root: this writer does not keep track of where it is.
    public var valuePath: ValuePath { ValuePath() }
}

/// The state of one encoding call: its options and how deep it is.
public final class EncodingContext {
    /// The options of this call.
    public let options: EncodingOptions
    /// Whether `nil` properties are written as `null`.
    public let writesNil: Bool

    /// What every level of encoding changes: the depth and the stack guard.
    @usableFromInline
    struct LevelState {
        @usableFromInline var depth = 0
        @usableFromInline var stackGuard = StackGuard()
    }

    // Behind a pointer, not in stored `var`s, so that each level does not pay for run-time exclusivity
    // checks (see `DecodingContext`); a context belongs to one encoding call.
    @usableFromInline let levels: UnsafeMutablePointer<LevelState>

    /// How many levels are entered.
    @inlinable var depth: Int {
        _read { yield levels.pointee.depth }
        _modify { yield &levels.pointee.depth }
    }

    /// Creates the context for one call.
    public init(options: EncodingOptions = EncodingOptions()) {
        self.options = options
        self.writesNil = options.nilEncoding == .writeNull
        levels = UnsafeMutablePointer.allocate(capacity: 1)
        levels.initialize(to: LevelState())
    }

    deinit {
        levels.deinitialize(count: 1)
        levels.deallocate()
    }

    /// Goes one level deeper; fails past ``EncodingOptions/maximumDepth``, which only a cyclic graph of
    /// class instances reaches, or where the thread's stack runs short first (see ``StackGuard``). The error's
    /// limit is the depth that was reached.
    @inlinable
    public func enter() throws {
        depth += 1
        if depth > options.maximumDepth || !levels.pointee.stackGuard.hasRoom(atDepth: depth) {
            // The levels entered so far, where the stack ran short before the maximum.
            throw MappingError(.tooDeep(limit: min(options.maximumDepth, depth - 1)), at: ValuePath())
        }
    }

    /// Comes back up one level.
    @inlinable
    public func leave() {
        depth -= 1
    }

    /// Writes one property: its key and value, or nothing when the value is absent and `nil` is omitted.
    @inlinable
    public func writeField<T: ModelEncodable, W: ModelWriter>(_ value: T, key: String, to writer: inout W) throws {
        if value.isAbsent && !writesNil { return }
        try writer.writeKey(key)
        try value.encodeValue(to: &writer, context: self)
    }
}
