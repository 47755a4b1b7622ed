// Called by code @DictionaryModel generates: change with Sources/ModelKitMacros and Tests/ModelKitMacrosTests.

import Foundation

extension Field where T: ModelDecodable {
    // Exported specializations: a release build of a module of one 10-property model took 2.25 → 1.78 s of user
    // time and 308 → 203 KB of object; decoding's instructions moved by ±0.35% (callgrind, five files).
    /// Decodes the value under the key at `index` in `table` from the reader.
    ///
    /// The key is named by its table and index, so that its `String` is copied only when a path or a note
    /// needs it: a value of exactly the property's type (see ``ModelDecodable/decodeExact(from:)``) never does.
    /// (An autoclosure did the same, but the closure captured the table, which the caller then retained and
    /// released for every property of every model decoded.)
    ///
    /// The first of the property's keys to appear is decoded in place; an error in it is kept rather than
    /// thrown (see ``finish(keyAt:in:context:reportsMissing:)``), in case the key appears again. Any later key
    /// is read as a tree and recorded.
    ///
    /// Never inlined, though specialized for each property type and reader, so that a model's initializer does
    /// not grow by a copy of it for each property. For the common scalars (`Int`, `String`, `Double`, `Bool`,
    /// `Int64`, `Date`, `URL` and their optionals) and arrays of `Int`, `String`, `Double` and `Int64` (and their
    /// optionals) read from JSON or Foundation objects, ModelKit compiles the specialization once and exports it: a
    /// model's module calls that copy rather than compiling one of its own.
    @_specialize(exported:true,kind:full,where T == Int, R == JSONReader)
    @_specialize(exported:true,kind:full,where T == Int?, R == JSONReader)
    @_specialize(exported:true,kind:full,where T == String, R == JSONReader)
    @_specialize(exported:true,kind:full,where T == String?, R == JSONReader)
    @_specialize(exported:true,kind:full,where T == Double, R == JSONReader)
    @_specialize(exported:true,kind:full,where T == Double?, R == JSONReader)
    @_specialize(exported:true,kind:full,where T == Bool, R == JSONReader)
    @_specialize(exported:true,kind:full,where T == Bool?, R == JSONReader)
    @_specialize(exported:true,kind:full,where T == Int64, R == JSONReader)
    @_specialize(exported:true,kind:full,where T == Int64?, R == JSONReader)
    @_specialize(exported:true,kind:full,where T == [Int], R == JSONReader)
    @_specialize(exported:true,kind:full,where T == [Int]?, R == JSONReader)
    @_specialize(exported:true,kind:full,where T == [String], R == JSONReader)
    @_specialize(exported:true,kind:full,where T == [String]?, R == JSONReader)
    @_specialize(exported:true,kind:full,where T == [Double], R == JSONReader)
    @_specialize(exported:true,kind:full,where T == [Double]?, R == JSONReader)
    @_specialize(exported:true,kind:full,where T == [Int64], R == JSONReader)
    @_specialize(exported:true,kind:full,where T == [Int64]?, R == JSONReader)
    @_specialize(exported:true,kind:full,where T == Date, R == JSONReader)
    @_specialize(exported:true,kind:full,where T == Date?, R == JSONReader)
    @_specialize(exported:true,kind:full,where T == URL, R == JSONReader)
    @_specialize(exported:true,kind:full,where T == URL?, R == JSONReader)
    @_specialize(exported:true,kind:full,where T == Int, R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == Int?, R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == String, R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == String?, R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == Double, R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == Double?, R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == Bool, R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == Bool?, R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == Int64, R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == Int64?, R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == [Int], R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == [Int]?, R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == [String], R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == [String]?, R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == [Double], R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == [Double]?, R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == [Int64], R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == [Int64]?, R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == Date, R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == Date?, R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == URL, R == FoundationObjectReader)
    @_specialize(exported:true,kind:full,where T == URL?, R == FoundationObjectReader)
    @inlinable @inline(never)
    public mutating func decode<R: ModelReader>(
        priority: Int, keyAt index: Int, in table: KeyTable, from reader: inout R, context: DecodingContext
    ) throws {
        // Inlined once per property, it made a model of six pictures 3,500 instructions long, and decoding
        // `[String: Any]` spent more time on instruction-cache misses than on its work.
        guard !seen else {
            return try decodeRepeated(priority: priority, key: table.keys[index], from: &reader, context: context)
        }
        seen = true
        // A collection reserves room for the size the last one under this key had.
        if T.isCollection { context.collectionSize = table.learnedSizes.size(ofKeyAt: index) }
        // Unseen, the field holds no value: the decoded one is moved in, not bound and copied (a retain and a
        // release of every string). Each optional is consumed by its switch: a test of the stored `value`
        // (`!= nil`) copied and destroyed it, which generic code does through the optional's witnesses.
        let exact = try context.decodeExact(T.self, at: .key(table.keys[index]), from: &reader)
        switch consume exact {
        case .some(let found):
            value = consume found
            self.priority = priority
            return
        case .none:
            break
        }
        let key = table.keys[index]
        let depth = reader.depth
        let pathDepth = context.pathDepth
        do {
            let decoded = try context.decodeField(T.self, at: .key(key), from: &reader, hasDefault: hasDefault)
            switch consume decoded {
            case .some(let found):
                value = consume found
                self.priority = priority
                if T.isCollection { table.learnedSizes.learn(context.collectionSize, ofKeyAt: index) }
            case .none:
                recordDefaulted(priority: priority, context: context)
            }
        } catch {
            try context.recover(from: error, reader: &reader, toDepth: depth, pathDepth: pathDepth) {
                recordFailure($0, priority: priority, context: context)
            }
        }
    }

    /// Records the value of a key met after the first of the property's keys.
    @usableFromInline
    mutating func decodeRepeated<R: ModelReader>(
        priority: Int, key: String, from reader: inout R, context: DecodingContext
    ) throws {
        let found = try context.capture(key: key, from: &reader)
        let hasDefault = self.hasDefault
        record(
            priority: priority,
            outcome: .later { context in
                var reader = ValueReader(found)
                return try context.decodeField(T.self, at: .key(key), from: &reader, hasDefault: hasDefault)
            }, context: context)
    }

    /// Decodes the value found at `path` inside a captured tree.
    @inlinable
    public mutating func decode(priority: Int, path: ValuePath, value found: Value, context: DecodingContext) throws {
        try settle(context: context)
        guard wants(priority), !NestedOutput.isPlaceholder(found, at: path) else { return }
        seen = true
        var reader = ValueReader(found)
        for component in path.components { try context.push(component) }
        defer { for _ in path.components { context.pop() } }
        if let decoded = try context.decodeValue(T.self, from: &reader, hasDefault: hasDefault) {
            value = decoded
            self.priority = priority
        }
    }
}

extension Field {
    /// Decodes the value under the key at `index` in `table` with `transform` instead of the conversion table;
    /// a key met again is recorded as in ``decode(priority:keyAt:in:from:context:)``.
    @inlinable
    public mutating func decode<R: ModelReader, Transform: ValueTransform>(
        priority: Int, keyAt index: Int, in table: KeyTable, from reader: inout R, context: DecodingContext,
        transform: Transform
    ) throws where Transform.Output == T {
        let key = table.keys[index]
        try context.push(.key(key))
        defer { context.pop() }
        let found = try Value(from: &reader, context: context)
        let hasDefault = self.hasDefault
        guard !seen else {
            record(
                priority: priority,
                outcome: .later { context in
                    try context.push(.key(key))
                    defer { context.pop() }
                    return try Self.transformed(found, with: transform, hasDefault: hasDefault, context: context)
                }, context: context)
            return
        }
        seen = true
        do {
            if let decoded = try Self.transformed(found, with: transform, hasDefault: hasDefault, context: context) {
                value = decoded
                self.priority = priority
            } else {
                recordDefaulted(priority: priority, context: context)
            }
        } catch let error as MappingError where error.isRecoverable {
            recordFailure(error, priority: priority, context: context)
        }
    }

    /// Decodes the value found at `path` inside a captured tree with `transform`.
    @inlinable
    public mutating func decode<Transform: ValueTransform>(
        priority: Int, path: ValuePath, value found: Value, context: DecodingContext, transform: Transform
    ) throws where Transform.Output == T {
        try settle(context: context)
        guard wants(priority), !NestedOutput.isPlaceholder(found, at: path) else { return }
        seen = true
        for component in path.components { try context.push(component) }
        defer { for _ in path.components { context.pop() } }
        if let decoded = try Self.transformed(
            found, with: transform, hasDefault: hasDefault, context: context)
        {
            value = decoded
            self.priority = priority
        }
    }
}
