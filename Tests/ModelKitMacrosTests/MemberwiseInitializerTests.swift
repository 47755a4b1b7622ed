import Foundation
import Testing

@testable import ModelKitMacros

@Suite("@DictionaryModel memberwise initializers")
struct MemberwiseInitializerTests {
    @Test(
        "A public struct gets a public memberwise initializer: every stored property in order, defaults kept, nil for optionals, none for an initialised let"
    )
    func publicMemberwise() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            public struct Price {
                public var amount: Decimal = 0
                public var currency = "EUR"
                public let code: String
                public let fixed = 1
                public var note: String?
                @Ignored public var cache = Cache()
                public var total: Int { 0 }
                public static var shared = 0
            }
            """,
            expandedSource: """

                public struct Price {
                    public var amount: Decimal = 0
                    public var currency = "EUR"
                    public let code: String
                    public let fixed = 1
                    public var note: String?
                    public var cache = Cache()
                    public var total: Int { 0 }
                    public static var shared = 0
                }

                extension Price: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    public static let modelKeys = ModelKit.ModelKeys(declaredJoined: "amount\\0currency\\0code\\0note", snakeCaseJoined: "amount\\0currency\\0code\\0note", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var amount: ModelKit.Field<Decimal>
                        fileprivate var currency = ModelKit.Field(for: \\Price.currency, hasDefault: true)
                        fileprivate var code: ModelKit.Field<String>
                        fileprivate var note: ModelKit.Field<String?>

                        static func start() -> Self { Self(amount: .init(hasDefault: true), code: .init(hasDefault: false), note: .init(hasDefault: true)) }

                        #if !(MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES)
                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "amount"
                                try self.amount.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            case 1:  // "currency"
                                try self.currency.decode(priority: 0, keyAt: 1, in: keys, from: &reader, context: context)
                            case 2:  // "code"
                                try self.code.decode(priority: 0, keyAt: 2, in: keys, from: &reader, context: context)
                            case 3:  // "note"
                                try self.note.decode(priority: 0, keyAt: 3, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }
                        #endif

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.amount.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: 0)
                            try self.currency.finish(keyAt: 1, in: keys, context: context, reportsMissing: true, orLiteral: "EUR")
                            try self.code.finish(keyAt: 2, in: keys, context: context, reportsMissing: true)
                            try self.note.finish(keyAt: 3, in: keys, context: context, reportsMissing: false, orLiteral: nil)
                        }
                    }

                    #if MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES
                    public init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        try Self._fieldTable.decode(into: &fields, expected: "Price (a dictionary)", keys: keys, fromAnyReader: &reader, context: context)
                        try self.init(_decodedFields: &fields, keys: keys, context: context)
                    }
                    #else
                    public init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "Price (a dictionary)", foundKind: try reader.peekKind())
                        }
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        decoding: while true {
                            switch try reader.nextKey(in: keys) {
                            case .known(let index):
                                try fields.decode(keyAt: index, in: keys, from: &reader, context: context)
                            case .end:
                                break decoding
                            case .unknown:
                                try context.unknownKey(reader.currentKey())
                                try reader.skipValue()
                            }
                        }
                        try fields.finish(in: keys, context: context)
                        self.init(amount: fields.amount.takeDecodedValue(), currency: fields.currency.takeDecodedValue(), code: fields.code.takeDecodedValue(), note: fields.note.takeDecodedValue())
                        try context.didDecode(&self)
                        try context.validate(self)
                    }
                    #endif

                    public func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        #if MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES
                        try Self._fieldTable.encode(self, keys: Self.modelKeys.table(for: context.options.keyStrategy), toAny: &writer, context: context)
                        #else
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 4)
                        try context.enter()
                        try context.writeField(self.amount, keyAt: 0, in: keys, to: &writer)
                        try context.writeField(self.currency, keyAt: 1, in: keys, to: &writer)
                        try context.writeField(self.code, keyAt: 2, in: keys, to: &writer)
                        try context.writeField(self.note, keyAt: 3, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                        #endif
                    }

                    #if MODELKIT_DECODING_TABLES
                    #if MODELKIT_GENERIC_MODELS
                    fileprivate static let _fieldTable = ModelKit.FieldTable([
                        ModelKit.FieldSlot(unspecialized: \\_DecodingFields.amount),  // "amount"
                        ModelKit.FieldSlot(unspecialized: \\_DecodingFields.currency),  // "currency"
                        ModelKit.FieldSlot(unspecialized: \\_DecodingFields.code),  // "code"
                        ModelKit.FieldSlot(unspecialized: \\_DecodingFields.note),  // "note"
                    ], encoding: Self.self, fields: _DecodingFields.start(), expected: "Price (a dictionary)") { fields, model, keys, context in
                        try model.initializeMemory(as: Self.self, to: Self(_decodedFields: &fields.assumingMemoryBound(to: _DecodingFields.self).pointee, keys: keys, context: context))
                    }
                    #else
                    fileprivate static let _fieldTable = ModelKit.FieldTable([
                        ModelKit.FieldSlot(\\_DecodingFields.amount),  // "amount"
                        ModelKit.FieldSlot(\\_DecodingFields.currency),  // "currency"
                        ModelKit.FieldSlot(\\_DecodingFields.code),  // "code"
                        ModelKit.FieldSlot(\\_DecodingFields.note),  // "note"
                    ])
                    #endif

                    fileprivate init(_decodedFields fields: inout _DecodingFields, keys: borrowing ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                        try fields.finish(in: keys, context: context)
                        self.init(amount: fields.amount.takeDecodedValue(), currency: fields.currency.takeDecodedValue(), code: fields.code.takeDecodedValue(), note: fields.note.takeDecodedValue())
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    public static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        try Self._fieldTable.decode(into: &fields, expected: "Price (a dictionary)", keys: keys, from: &reader, context: context)
                        return try Self(_decodedFields: &fields, keys: keys, context: context)
                    }

                    public static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        try Self._fieldTable.decode(into: &fields, expected: "Price (a dictionary)", keys: keys, from: &reader, context: context)
                        return try Self(_decodedFields: &fields, keys: keys, context: context)
                    }
                    #elseif MODELKIT_GENERIC_MODELS
                    public static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    public static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }
                    #else
                    public static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try Self(from: &reader, context: context)
                    }

                    public static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try Self(from: &reader, context: context)
                    }
                    #endif
                    #if MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES
                    public func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginModel(count: 4, context: context)
                        try writer.writeField(self.amount, keyAt: 0, in: keys, context: context)
                        try writer.writeField(self.currency, keyAt: 1, in: keys, context: context)
                        try writer.writeField(self.code, keyAt: 2, in: keys, context: context)
                        try writer.writeField(self.note, keyAt: 3, in: keys, context: context)
                        try writer.endModel(context: context)
                    }

                    public func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginModel(count: 4, context: context)
                        try writer.writeField(self.amount, keyAt: 0, in: keys, context: context)
                        try writer.writeField(self.currency, keyAt: 1, in: keys, context: context)
                        try writer.writeField(self.code, keyAt: 2, in: keys, context: context)
                        try writer.writeField(self.note, keyAt: 3, in: keys, context: context)
                        try writer.endModel(context: context)
                    }
                    #elseif MODELKIT_GENERIC_MODELS
                    public func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    public func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #else
                    public func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try encode(to: &writer, context: context)
                    }

                    public func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try encode(to: &writer, context: context)
                    }
                    #endif

                    public init(_: ModelKit.MemberwiseMarker = ModelKit.MemberwiseMarker(), amount: Decimal = 0, currency: String = "EUR", code: String, note: String? = nil, cache: Cache = Self._modelKitDefault(cache: ())) {
                        self.init(amount: amount, currency: currency, code: code, note: note, cache: cache)
                    }

                    @usableFromInline static func _modelKitDefault(cache _: Void) -> Cache {
                        Cache()
                    }

                    public init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    public func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """
        )
    }

    @Test(
        "Under both conditions the generic encode is one call of the table, but a struct with a property wrapper keeps its statements after the table's prelude"
    )
    func wrappedPropertyKeepsStatements() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            public struct Gauge {
                @Clamped public var level: Int
            }
            """,
            expandedSource: """

                public struct Gauge {
                    @Clamped public var level: Int
                }

                extension Gauge: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    public static let modelKeys = ModelKit.ModelKeys(declaredJoined: "level", snakeCaseJoined: "level", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var level: ModelKit.Field<Int>

                        static func start() -> Self { Self(level: .init(hasDefault: false)) }

                        #if !(MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES)
                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "level"
                                try self.level.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }
                        #endif

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.level.finish(keyAt: 0, in: keys, context: context, reportsMissing: true)
                        }
                    }

                    #if MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES
                    public init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        try Self._fieldTable.decode(into: &fields, expected: "Gauge (a dictionary)", keys: keys, fromAnyReader: &reader, context: context)
                        try self.init(_decodedFields: &fields, keys: keys, context: context)
                    }
                    #else
                    public init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "Gauge (a dictionary)", foundKind: try reader.peekKind())
                        }
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        decoding: while true {
                            switch try reader.nextKey(in: keys) {
                            case .known(let index):
                                try fields.decode(keyAt: index, in: keys, from: &reader, context: context)
                            case .end:
                                break decoding
                            case .unknown:
                                try context.unknownKey(reader.currentKey())
                                try reader.skipValue()
                            }
                        }
                        try fields.finish(in: keys, context: context)
                        self.level = fields.level.takeDecodedValue()
                        try context.didDecode(&self)
                        try context.validate(self)
                    }
                    #endif

                    public func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        #if MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES
                        if try Self._fieldTable.encode(self, keys: Self.modelKeys.table(for: context.options.keyStrategy), toAnyWriter: &writer, context: context) {
                            return
                        }
                        #endif
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 1)
                        try context.enter()
                        try context.writeField(self.level, keyAt: 0, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                    }

                    #if MODELKIT_DECODING_TABLES
                    #if MODELKIT_GENERIC_MODELS
                    fileprivate static let _fieldTable = ModelKit.FieldTable([
                        ModelKit.FieldSlot(unspecialized: \\_DecodingFields.level),  // "level"
                    ], encoding: Self.self, fields: _DecodingFields.start(), expected: "Gauge (a dictionary)") { fields, model, keys, context in
                        try model.initializeMemory(as: Self.self, to: Self(_decodedFields: &fields.assumingMemoryBound(to: _DecodingFields.self).pointee, keys: keys, context: context))
                    }
                    #else
                    fileprivate static let _fieldTable = ModelKit.FieldTable([
                        ModelKit.FieldSlot(\\_DecodingFields.level),  // "level"
                    ])
                    #endif

                    fileprivate init(_decodedFields fields: inout _DecodingFields, keys: borrowing ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                        try fields.finish(in: keys, context: context)
                        self.level = fields.level.takeDecodedValue()
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    public static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        try Self._fieldTable.decode(into: &fields, expected: "Gauge (a dictionary)", keys: keys, from: &reader, context: context)
                        return try Self(_decodedFields: &fields, keys: keys, context: context)
                    }

                    public static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        try Self._fieldTable.decode(into: &fields, expected: "Gauge (a dictionary)", keys: keys, from: &reader, context: context)
                        return try Self(_decodedFields: &fields, keys: keys, context: context)
                    }
                    #elseif MODELKIT_GENERIC_MODELS
                    public static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    public static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }
                    #else
                    public static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try Self(from: &reader, context: context)
                    }

                    public static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try Self(from: &reader, context: context)
                    }
                    #endif
                    #if MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES
                    public func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginModel(count: 1, context: context)
                        try writer.writeField(self.level, keyAt: 0, in: keys, context: context)
                        try writer.endModel(context: context)
                    }

                    public func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginModel(count: 1, context: context)
                        try writer.writeField(self.level, keyAt: 0, in: keys, context: context)
                        try writer.endModel(context: context)
                    }
                    #elseif MODELKIT_GENERIC_MODELS
                    public func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    public func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #else
                    public func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try encode(to: &writer, context: context)
                    }

                    public func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try encode(to: &writer, context: context)
                    }
                    #endif

                    public init(_: ModelKit.MemberwiseMarker = ModelKit.MemberwiseMarker(), level: Int) {
                        self.init(level: level)
                    }

                    public init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    public func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """
        )
    }

    @Test("No memberwise initializer when a property's type is not written and not plain from its value")
    func untypedNonLiteral() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            public struct Stamp {
                public var when = Date.now
            }
            """,
            expandedSource: """

                public struct Stamp {
                    public var when = Date.now
                }

                extension Stamp: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    public static let modelKeys = ModelKit.ModelKeys(declaredJoined: "when", snakeCaseJoined: "when", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var when = ModelKit.Field(for: \\Stamp.when, hasDefault: true)

                        static func start() -> Self { Self() }

                        #if !(MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES)
                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "when"
                                try self.when.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }
                        #endif

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.when.finish(keyAt: 0, in: keys, context: context, reportsMissing: true)
                        }
                    }

                    #if MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES
                    public init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        try Self._fieldTable.decode(into: &fields, expected: "Stamp (a dictionary)", keys: keys, fromAnyReader: &reader, context: context)
                        try self.init(_decodedFields: &fields, keys: keys, context: context)
                    }
                    #else
                    public init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "Stamp (a dictionary)", foundKind: try reader.peekKind())
                        }
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        decoding: while true {
                            switch try reader.nextKey(in: keys) {
                            case .known(let index):
                                try fields.decode(keyAt: index, in: keys, from: &reader, context: context)
                            case .end:
                                break decoding
                            case .unknown:
                                try context.unknownKey(reader.currentKey())
                                try reader.skipValue()
                            }
                        }
                        try fields.finish(in: keys, context: context)
                        let whenValue = fields.when.takeDecodedValue(default: Date.now)
                        self.init(when: whenValue)
                        try context.didDecode(&self)
                        try context.validate(self)
                    }
                    #endif

                    public func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        #if MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES
                        try Self._fieldTable.encode(self, keys: Self.modelKeys.table(for: context.options.keyStrategy), toAny: &writer, context: context)
                        #else
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 1)
                        try context.enter()
                        try context.writeField(self.when, keyAt: 0, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                        #endif
                    }

                    #if MODELKIT_DECODING_TABLES
                    #if MODELKIT_GENERIC_MODELS
                    fileprivate static let _fieldTable = ModelKit.FieldTable([
                        ModelKit.FieldSlot(unspecialized: \\_DecodingFields.when),  // "when"
                    ], encoding: Self.self, fields: _DecodingFields.start(), expected: "Stamp (a dictionary)") { fields, model, keys, context in
                        try model.initializeMemory(as: Self.self, to: Self(_decodedFields: &fields.assumingMemoryBound(to: _DecodingFields.self).pointee, keys: keys, context: context))
                    }
                    #else
                    fileprivate static let _fieldTable = ModelKit.FieldTable([
                        ModelKit.FieldSlot(\\_DecodingFields.when),  // "when"
                    ])
                    #endif

                    fileprivate init(_decodedFields fields: inout _DecodingFields, keys: borrowing ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                        try fields.finish(in: keys, context: context)
                        let whenValue = fields.when.takeDecodedValue(default: Date.now)
                        self.init(when: whenValue)
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    public static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        try Self._fieldTable.decode(into: &fields, expected: "Stamp (a dictionary)", keys: keys, from: &reader, context: context)
                        return try Self(_decodedFields: &fields, keys: keys, context: context)
                    }

                    public static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        try Self._fieldTable.decode(into: &fields, expected: "Stamp (a dictionary)", keys: keys, from: &reader, context: context)
                        return try Self(_decodedFields: &fields, keys: keys, context: context)
                    }
                    #elseif MODELKIT_GENERIC_MODELS
                    public static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    public static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }
                    #else
                    public static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try Self(from: &reader, context: context)
                    }

                    public static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try Self(from: &reader, context: context)
                    }
                    #endif
                    #if MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES
                    public func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginModel(count: 1, context: context)
                        try writer.writeField(self.when, keyAt: 0, in: keys, context: context)
                        try writer.endModel(context: context)
                    }

                    public func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginModel(count: 1, context: context)
                        try writer.writeField(self.when, keyAt: 0, in: keys, context: context)
                        try writer.endModel(context: context)
                    }
                    #elseif MODELKIT_GENERIC_MODELS
                    public func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    public func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #else
                    public func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try encode(to: &writer, context: context)
                    }

                    public func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try encode(to: &writer, context: context)
                    }
                    #endif

                    public init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    public func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """
        )
    }

    @Test("No memberwise initializer when the struct declares its own, as Swift does")
    func explicitInitializer() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            package struct Tag {
                package var name = ""
                package init(name: String) { self.name = name }
            }
            """,
            expandedSource: """

                package struct Tag {
                    package var name = ""
                    package init(name: String) { self.name = name }
                }

                extension Tag: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    package static let modelKeys = ModelKit.ModelKeys(declaredJoined: "name", snakeCaseJoined: "name", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var name = ModelKit.Field(for: \\Tag.name, hasDefault: true)

                        static func start() -> Self { Self() }

                        #if !(MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES)
                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "name"
                                try self.name.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }
                        #endif

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.name.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: "")
                        }
                    }

                    #if MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES
                    package init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        try Self._fieldTable.decode(into: &fields, expected: "Tag (a dictionary)", keys: keys, fromAnyReader: &reader, context: context)
                        try self.init(_decodedFields: &fields, keys: keys, context: context)
                    }
                    #else
                    package init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "Tag (a dictionary)", foundKind: try reader.peekKind())
                        }
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        decoding: while true {
                            switch try reader.nextKey(in: keys) {
                            case .known(let index):
                                try fields.decode(keyAt: index, in: keys, from: &reader, context: context)
                            case .end:
                                break decoding
                            case .unknown:
                                try context.unknownKey(reader.currentKey())
                                try reader.skipValue()
                            }
                        }
                        try fields.finish(in: keys, context: context)
                        self.name = fields.name.takeDecodedValue()
                        try context.didDecode(&self)
                        try context.validate(self)
                    }
                    #endif

                    package func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        #if MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES
                        try Self._fieldTable.encode(self, keys: Self.modelKeys.table(for: context.options.keyStrategy), toAny: &writer, context: context)
                        #else
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 1)
                        try context.enter()
                        try context.writeField(self.name, keyAt: 0, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                        #endif
                    }

                    #if MODELKIT_DECODING_TABLES
                    #if MODELKIT_GENERIC_MODELS
                    fileprivate static let _fieldTable = ModelKit.FieldTable([
                        ModelKit.FieldSlot(unspecialized: \\_DecodingFields.name),  // "name"
                    ], encoding: Self.self, fields: _DecodingFields.start(), expected: "Tag (a dictionary)") { fields, model, keys, context in
                        try model.initializeMemory(as: Self.self, to: Self(_decodedFields: &fields.assumingMemoryBound(to: _DecodingFields.self).pointee, keys: keys, context: context))
                    }
                    #else
                    fileprivate static let _fieldTable = ModelKit.FieldTable([
                        ModelKit.FieldSlot(\\_DecodingFields.name),  // "name"
                    ])
                    #endif

                    fileprivate init(_decodedFields fields: inout _DecodingFields, keys: borrowing ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                        try fields.finish(in: keys, context: context)
                        self.name = fields.name.takeDecodedValue()
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    package static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        try Self._fieldTable.decode(into: &fields, expected: "Tag (a dictionary)", keys: keys, from: &reader, context: context)
                        return try Self(_decodedFields: &fields, keys: keys, context: context)
                    }

                    package static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        try Self._fieldTable.decode(into: &fields, expected: "Tag (a dictionary)", keys: keys, from: &reader, context: context)
                        return try Self(_decodedFields: &fields, keys: keys, context: context)
                    }
                    #elseif MODELKIT_GENERIC_MODELS
                    package static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    package static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }
                    #else
                    package static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try Self(from: &reader, context: context)
                    }

                    package static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try Self(from: &reader, context: context)
                    }
                    #endif
                    #if MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES
                    package func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginModel(count: 1, context: context)
                        try writer.writeField(self.name, keyAt: 0, in: keys, context: context)
                        try writer.endModel(context: context)
                    }

                    package func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginModel(count: 1, context: context)
                        try writer.writeField(self.name, keyAt: 0, in: keys, context: context)
                        try writer.endModel(context: context)
                    }
                    #elseif MODELKIT_GENERIC_MODELS
                    package func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    package func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #else
                    package func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try encode(to: &writer, context: context)
                    }

                    package func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try encode(to: &writer, context: context)
                    }
                    #endif

                    package init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    package func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """
        )
    }

    @Test("No memberwise initializer when it would set a property less visible than the struct")
    func narrowerProperty() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            public struct Account {
                public var name = ""
                public private(set) var balance = 0
                var audit: [String] = []
            }
            """,
            expandedSource: """

                public struct Account {
                    public var name = ""
                    public private(set) var balance = 0
                    var audit: [String] = []
                }

                extension Account: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    public static let modelKeys = ModelKit.ModelKeys(declaredJoined: "name\\0balance\\0audit", snakeCaseJoined: "name\\0balance\\0audit", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var name = ModelKit.Field(for: \\Account.name, hasDefault: true)
                        fileprivate var balance = ModelKit.Field(for: \\Account.balance, hasDefault: true)
                        fileprivate var audit: ModelKit.Field<[String]>

                        static func start() -> Self { Self(audit: .init(hasDefault: true)) }

                        #if !(MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES)
                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "name"
                                try self.name.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            case 1:  // "balance"
                                try self.balance.decode(priority: 0, keyAt: 1, in: keys, from: &reader, context: context)
                            case 2:  // "audit"
                                try self.audit.decode(priority: 0, keyAt: 2, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }
                        #endif

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.name.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: "")
                            try self.balance.finish(keyAt: 1, in: keys, context: context, reportsMissing: true, orLiteral: 0)
                            try self.audit.finish(keyAt: 2, in: keys, context: context, reportsMissing: true, orLiteral: [])
                        }
                    }

                    #if MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES
                    public init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        try Self._fieldTable.decode(into: &fields, expected: "Account (a dictionary)", keys: keys, fromAnyReader: &reader, context: context)
                        try self.init(_decodedFields: &fields, keys: keys, context: context)
                    }
                    #else
                    public init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "Account (a dictionary)", foundKind: try reader.peekKind())
                        }
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        decoding: while true {
                            switch try reader.nextKey(in: keys) {
                            case .known(let index):
                                try fields.decode(keyAt: index, in: keys, from: &reader, context: context)
                            case .end:
                                break decoding
                            case .unknown:
                                try context.unknownKey(reader.currentKey())
                                try reader.skipValue()
                            }
                        }
                        try fields.finish(in: keys, context: context)
                        self.init(name: fields.name.takeDecodedValue(), balance: fields.balance.takeDecodedValue(), audit: fields.audit.takeDecodedValue())
                        try context.didDecode(&self)
                        try context.validate(self)
                    }
                    #endif

                    public func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        #if MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES
                        try Self._fieldTable.encode(self, keys: Self.modelKeys.table(for: context.options.keyStrategy), toAny: &writer, context: context)
                        #else
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 3)
                        try context.enter()
                        try context.writeField(self.name, keyAt: 0, in: keys, to: &writer)
                        try context.writeField(self.balance, keyAt: 1, in: keys, to: &writer)
                        try context.writeField(self.audit, keyAt: 2, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                        #endif
                    }

                    #if MODELKIT_DECODING_TABLES
                    #if MODELKIT_GENERIC_MODELS
                    fileprivate static let _fieldTable = ModelKit.FieldTable([
                        ModelKit.FieldSlot(unspecialized: \\_DecodingFields.name),  // "name"
                        ModelKit.FieldSlot(unspecialized: \\_DecodingFields.balance),  // "balance"
                        ModelKit.FieldSlot(unspecialized: \\_DecodingFields.audit),  // "audit"
                    ], encoding: Self.self, fields: _DecodingFields.start(), expected: "Account (a dictionary)") { fields, model, keys, context in
                        try model.initializeMemory(as: Self.self, to: Self(_decodedFields: &fields.assumingMemoryBound(to: _DecodingFields.self).pointee, keys: keys, context: context))
                    }
                    #else
                    fileprivate static let _fieldTable = ModelKit.FieldTable([
                        ModelKit.FieldSlot(\\_DecodingFields.name),  // "name"
                        ModelKit.FieldSlot(\\_DecodingFields.balance),  // "balance"
                        ModelKit.FieldSlot(\\_DecodingFields.audit),  // "audit"
                    ])
                    #endif

                    fileprivate init(_decodedFields fields: inout _DecodingFields, keys: borrowing ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                        try fields.finish(in: keys, context: context)
                        self.init(name: fields.name.takeDecodedValue(), balance: fields.balance.takeDecodedValue(), audit: fields.audit.takeDecodedValue())
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    public static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        try Self._fieldTable.decode(into: &fields, expected: "Account (a dictionary)", keys: keys, from: &reader, context: context)
                        return try Self(_decodedFields: &fields, keys: keys, context: context)
                    }

                    public static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        try Self._fieldTable.decode(into: &fields, expected: "Account (a dictionary)", keys: keys, from: &reader, context: context)
                        return try Self(_decodedFields: &fields, keys: keys, context: context)
                    }
                    #elseif MODELKIT_GENERIC_MODELS
                    public static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    public static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }
                    #else
                    public static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try Self(from: &reader, context: context)
                    }

                    public static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try Self(from: &reader, context: context)
                    }
                    #endif
                    #if MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES
                    public func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginModel(count: 3, context: context)
                        try writer.writeField(self.name, keyAt: 0, in: keys, context: context)
                        try writer.writeField(self.balance, keyAt: 1, in: keys, context: context)
                        try writer.writeField(self.audit, keyAt: 2, in: keys, context: context)
                        try writer.endModel(context: context)
                    }

                    public func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginModel(count: 3, context: context)
                        try writer.writeField(self.name, keyAt: 0, in: keys, context: context)
                        try writer.writeField(self.balance, keyAt: 1, in: keys, context: context)
                        try writer.writeField(self.audit, keyAt: 2, in: keys, context: context)
                        try writer.endModel(context: context)
                    }
                    #elseif MODELKIT_GENERIC_MODELS
                    public func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    public func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #else
                    public func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try encode(to: &writer, context: context)
                    }

                    public func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try encode(to: &writer, context: context)
                    }
                    #endif

                    public init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    public func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """
        )
    }
}

@Suite("@DictionaryModel on wide models")
struct WideModelExpansionTests {
    /// A public struct of `count` `Int` properties named `p0`, `p1`, … with defaults.
    static func wideModel(_ count: Int) -> String {
        let properties = (0..<count).map { "    public var p\($0): Int = 0" }
        return "@DictionaryModel\npublic struct Wide {\n" + properties.joined(separator: "\n") + "\n}"
    }

    /// The lines of the expansion of `source`, without their indentation.
    static func expandedLines(_ source: String) -> [String] {
        MacroExpansion.expand(source).source.split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    @Test("1,000 properties: a public memberwise initializer whose marker comes first, forwarding every property")
    func thousandProperties() {
        let lines = Self.expandedLines(Self.wideModel(1000))
        let initializers = lines.filter { $0.hasPrefix("public init(_: ModelKit.MemberwiseMarker") }
        #expect(initializers.count == 1)
        #expect(initializers.first?.hasSuffix("p999: Int = 0) {") == true)
        // A wide model's values are taken in the call itself, each by a call of its own, the literal default given
        // when the field finished.
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "self.init(p0: fields.part0.p0.takeDecodedValueOutOfLine(), p1: fields.part0.p1.takeDecodedValueOutOfLine(),"
                ) && $0.hasSuffix("p999: fields.part9.p999.takeDecodedValueOutOfLine())")
            })
        #expect(
            lines.contains(
                "try self.p999.finish(keyAt: 999, in: keys, context: context, reportsMissing: true, orLiteral: 0)"))
        #expect(!lines.contains("if true {"))
    }

    @Test("250 properties: three parts of fields, each with its key switch and finish, and three encoding methods")
    func partsOfAWideModel() throws {
        let lines = Self.expandedLines(Self.wideModel(250))
        #expect(
            lines.filter { $0.hasPrefix("struct Part") } == [
                "struct Part0: @unchecked Sendable {", "struct Part1: @unchecked Sendable {",
                "struct Part2: @unchecked Sendable {",
            ])
        // Each part's start never inlined; the fields a tuple of the parts, started where it is stored, which the
        // enum of the parts reads into and finishes.
        #expect(lines.filter { $0.hasPrefix("@inline(never) static func start() -> Self { Self(p") }.count == 3)
        #expect(
            lines.contains(
                "var fields = (part0: _DecodingParts.Part0.start(), part1: _DecodingParts.Part1.start(), part2: _DecodingParts.Part2.start())"
            ))
        #expect(
            lines.contains(
                "typealias _DecodingFields = (part0: _DecodingParts.Part0, part1: _DecodingParts.Part1, part2: _DecodingParts.Part2)"
            ))
        #expect(!lines.contains { $0.hasPrefix("struct _DecodingFields") })
        #expect(lines.filter { $0.hasPrefix("mutating func decode<R: ModelKit.ModelReader>(keyAt") }.count == 3)
        #expect(lines.filter { $0.hasPrefix("static func decode<R: ModelKit.ModelReader>(_ fields:") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("mutating func finish(in keys:") }.count == 3)
        #expect(lines.filter { $0.hasPrefix("static func finish(_ fields: inout _DecodingFields") }.count == 1)
        #expect(["case 0...99:", "case 100...199:", "case 200...249:"].allSatisfy(lines.contains))
        #expect(lines.contains("try fields.part2.decode(keyAt: index, in: keys, from: &reader, context: context)"))
        #expect(lines.contains("try fields.part2.finish(in: keys, context: context)"))
        #expect(lines.filter { $0.hasPrefix("try self.encode(part") }.count == 3)
        #expect(lines.filter { $0.hasPrefix("private func encode<W: ModelKit.ModelWriter>(part") }.count == 3)
        #expect(lines.contains("try context.writeField(self.p249, keyAt: 249, in: keys, to: &writer)"))
        #expect(MacroExpansion.expand(Self.wideModel(250)).diagnostics.isEmpty)
        // The parts' methods serve the statements only: under both conditions the table's call replaces them.
        let firstPart = try #require(
            lines.firstIndex { $0.hasPrefix("private func encode<W: ModelKit.ModelWriter>(part0") })
        #expect(lines[firstPart - 1] == "#if !(MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES)")
        let declaration = Self.wideModel(250).replacingOccurrences(of: "@DictionaryModel\n", with: "")
        for (defined, hasParts) in [
            (Set<String>(), true), (["MODELKIT_GENERIC_MODELS", "MODELKIT_DECODING_TABLES"], false),
        ] {
            let oneBuild = try #require(
                BuildConditionsTests.Handler.structExtension(
                    attribute: "@DictionaryModel", declaration: declaration, extendedType: nil, conformances: nil,
                    conditions: BuildConditions(defined: defined)))
            #expect(oneBuild.contains("private func encode<W: ModelKit.ModelWriter>(part0") == hasParts, "\(defined)")
            #expect(oneBuild.contains("toAny: &writer") == !hasParts, "\(defined)")
        }
    }

    @Test("1,001 properties: no public memberwise initializer; decoding still hands the values to Swift's")
    func moreThanThousandProperties() {
        let lines = Self.expandedLines(Self.wideModel(1001))
        #expect(!lines.contains { $0.contains("ModelKit.MemberwiseMarker") })
        #expect(
            lines.contains {
                $0.hasPrefix("self.init(p0: fields.part0.p0.takeDecodedValueOutOfLine(),")
                    && $0.hasSuffix("p1000: fields.part10.p1000.takeDecodedValueOutOfLine())")
            })
        #expect(!lines.contains("if true {"))
    }

    @Test("A class of 70 properties sets them in its initializer in blocks of 32")
    func classSetsPropertiesInBlocks() throws {
        let properties = (0..<70).map { "    var p\($0): Int = 0" }
        let lines = Self.expandedLines(
            "@DictionaryModel\nfinal class Wide {\n" + properties.joined(separator: "\n") + "\n}")
        // Each block opens with `if true {` and ends at the next `}`.
        let opening = try #require(lines.firstIndex(of: "if true {"))
        var sizes: [Int] = []
        var index = opening
        while index < lines.count, lines[index] == "if true {" {
            let closing = try #require(lines[index...].firstIndex(of: "}"))
            let body = lines[(index + 1)..<closing]
            #expect(body.allSatisfy { $0.hasPrefix("self.p") && $0.hasSuffix(".takeDecodedValue()") })
            sizes.append(body.count)
            index = closing + 1
        }
        #expect(sizes == [32, 32, 6])
        #expect(lines[opening + 1] == "self.p0 = fields.p0.takeDecodedValue()")
        #expect(
            lines.contains(
                "try self.p0.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: 0)"))
        #expect(!lines.contains { $0.hasPrefix("self.init(") })
    }
}
