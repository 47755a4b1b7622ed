import SwiftDiagnostics
import SwiftSyntaxMacrosGenericTestSupport
import Testing

// Each test compares the whole expansion, so a line the macro adds or drops fails it.
@Suite("@DictionaryModel expansion")
struct DictionaryModelMacroTests {
    @Test("A struct gets key tables, a one-pass decoder, an encoder and Codable members in an extension")
    func structExpansion() {
        // The struct body is untouched, so the memberwise initializer survives.
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            struct User {
                @Key("id") var userID: Int
                var name = ""
            }
            """,
            expandedSource: """
                struct User {
                    var userID: Int
                    var name = ""
                }

                extension User: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    static let modelKeys = ModelKit.ModelKeys(declaredJoined: "id\\0name", snakeCaseJoined: "id\\0name", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var userID: ModelKit.Field<Int>
                        fileprivate var name = ModelKit.Field(for: \\User.name, hasDefault: true)

                        static func start() -> Self { Self(userID: .init(hasDefault: false)) }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "id"
                                try self.userID.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            case 1:  // "name"
                                try self.name.decode(priority: 0, keyAt: 1, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.userID.finish(keyAt: 0, in: keys, context: context, reportsMissing: true)
                            try self.name.finish(keyAt: 1, in: keys, context: context, reportsMissing: true, orLiteral: "")
                        }
                    }

                    init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "User (a dictionary)", foundKind: try reader.peekKind())
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
                        self.init(userID: fields.userID.takeDecodedValue(), name: fields.name.takeDecodedValue())
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 2)
                        try context.enter()
                        try context.writeField(self.userID, keyAt: 0, in: keys, to: &writer)
                        try context.writeField(self.name, keyAt: 1, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                    }

                    #if MODELKIT_GENERIC_MODELS
                    static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #endif

                    init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """
        )
    }

    @Test("snake_case keys are computed at compile time; explicit keys are kept")
    func snakeCase() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel(keyStrategy: .snakeCase)
            struct Photo {
                var imageURL = ""
                var userID = 0
                @Key("rawName") var name = ""
            }
            """,
            expandedSource: """
                struct Photo {
                    var imageURL = ""
                    var userID = 0
                    var name = ""
                }

                extension Photo: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    static let modelKeys = ModelKit.ModelKeys(declaredJoined: "imageURL\\0userID\\0rawName", snakeCaseJoined: "image_url\\0user_id\\0rawName", typeStrategy: .snakeCase)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var imageURL = ModelKit.Field(for: \\Photo.imageURL, hasDefault: true)
                        fileprivate var userID = ModelKit.Field(for: \\Photo.userID, hasDefault: true)
                        fileprivate var name = ModelKit.Field(for: \\Photo.name, hasDefault: true)

                        static func start() -> Self { Self() }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "imageURL"
                                try self.imageURL.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            case 1:  // "userID"
                                try self.userID.decode(priority: 0, keyAt: 1, in: keys, from: &reader, context: context)
                            case 2:  // "rawName"
                                try self.name.decode(priority: 0, keyAt: 2, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.imageURL.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: "")
                            try self.userID.finish(keyAt: 1, in: keys, context: context, reportsMissing: true, orLiteral: 0)
                            try self.name.finish(keyAt: 2, in: keys, context: context, reportsMissing: true, orLiteral: "")
                        }
                    }

                    init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "Photo (a dictionary)", foundKind: try reader.peekKind())
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
                        self.init(imageURL: fields.imageURL.takeDecodedValue(), userID: fields.userID.takeDecodedValue(), name: fields.name.takeDecodedValue())
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 3)
                        try context.enter()
                        try context.writeField(self.imageURL, keyAt: 0, in: keys, to: &writer)
                        try context.writeField(self.userID, keyAt: 1, in: keys, to: &writer)
                        try context.writeField(self.name, keyAt: 2, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                    }

                    #if MODELKIT_GENERIC_MODELS
                    static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #endif

                    init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """
        )
    }

    @Test("Key paths and shared keys are captured and resolved after the pass, in key order")
    func keyPaths() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            struct Place {
                @Key("info.city", "city") var city: String?
                @Key("images[0].url") var image: String?
            }
            """,
            expandedSource: """
                struct Place {
                    var city: String?
                    var image: String?
                }

                extension Place: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    static let modelKeys = ModelKit.ModelKeys(declaredJoined: "info\\0city\\0images", snakeCaseJoined: "info\\0city\\0images", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var city: ModelKit.Field<String?>
                        fileprivate var image: ModelKit.Field<String?>
                        fileprivate var captured0: ModelKit.Value? = nil  // "info"
                        fileprivate var captured2: ModelKit.Value? = nil  // "images"

                        static func start() -> Self { Self(city: .init(hasDefault: true), image: .init(hasDefault: true)) }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "info"
                                self.captured0 = try context.capture(key: keys.keys[0], from: &reader)
                            case 1:  // "city"
                                try self.city.decode(priority: 1, keyAt: 1, in: keys, from: &reader, context: context)
                            case 2:  // "images"
                                self.captured2 = try context.capture(key: keys.keys[2], from: &reader)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            if let found = self.captured0?[ModelKit.ValuePath([.key("city")])] {
                                try self.city.decode(priority: 0, path: ModelKit.ValuePath([.key(keys.keys[0]), .key("city")]), value: found, context: context)
                            }
                            if let found = self.captured2?[ModelKit.ValuePath([.index(0), .key("url")])] {
                                try self.image.decode(priority: 0, path: ModelKit.ValuePath([.key(keys.keys[2]), .index(0), .key("url")]), value: found, context: context)
                            }
                            try self.city.finish(key: "info.city", context: context, reportsMissing: false, orLiteral: nil)
                            try self.image.finish(key: "images[0].url", context: context, reportsMissing: false, orLiteral: nil)
                        }
                    }

                    init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "Place (a dictionary)", foundKind: try reader.peekKind())
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
                        self.init(city: fields.city.takeDecodedValue(), image: fields.image.takeDecodedValue())
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 2)
                        try context.enter()
                        var nested = ModelKit.NestedOutput()
                        try nested.add(self.city, at: ModelKit.ValuePath([.key(keys.keys[0]), .key("city")]), context: context)
                        try nested.add(self.image, at: ModelKit.ValuePath([.key(keys.keys[2]), .index(0), .key("url")]), context: context)
                        try nested.write(to: &writer, context: context)
                        context.leave()
                        try writer.endDictionary()
                    }

                    #if MODELKIT_GENERIC_MODELS
                    static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #endif

                    init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """
        )
    }

    @Test("Ignored, static, lazy, computed and initialised let properties are left out")
    func leftOut() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            struct Sample {
                var kept = 0
                @Ignored var ignored = 0
                static var shared = 0
                lazy var lazyValue = 0
                var computed: Int { kept * 2 }
                let constant = 1
                var observed = 0 { didSet { } }
            }
            """,
            expandedSource: """
                struct Sample {
                    var kept = 0
                    var ignored = 0
                    static var shared = 0
                    lazy var lazyValue = 0
                    var computed: Int { kept * 2 }
                    let constant = 1
                    var observed = 0 { didSet { } }
                }

                extension Sample: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    static let modelKeys = ModelKit.ModelKeys(declaredJoined: "kept\\0observed", snakeCaseJoined: "kept\\0observed", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var kept = ModelKit.Field(for: \\Sample.kept, hasDefault: true)
                        fileprivate var observed = ModelKit.Field(for: \\Sample.observed, hasDefault: true)

                        static func start() -> Self { Self() }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "kept"
                                try self.kept.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            case 1:  // "observed"
                                try self.observed.decode(priority: 0, keyAt: 1, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.kept.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: 0)
                            try self.observed.finish(keyAt: 1, in: keys, context: context, reportsMissing: true, orLiteral: 0)
                        }
                    }

                    init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "Sample (a dictionary)", foundKind: try reader.peekKind())
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
                        self.init(kept: fields.kept.takeDecodedValue(), observed: fields.observed.takeDecodedValue())
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 2)
                        try context.enter()
                        try context.writeField(self.kept, keyAt: 0, in: keys, to: &writer)
                        try context.writeField(self.observed, keyAt: 1, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                    }

                    #if MODELKIT_GENERIC_MODELS
                    static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #endif

                    init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """
        )
    }

    @Test(
        "Transforms are passed to decoding and encoding; a typed property's goes through the checked accessor @Transform adds"
    )
    func transform() {
        // An untyped property's transform is used as written: there is no type to check it against.
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            struct Event {
                @Transform(DateFormatTransform("dd/MM/yyyy")) var day = Date()
                @Transform(CommaList()) var tags: [String] = []
                @Transform(DateFormatTransform("yyyy").optional) @Key("meta.year") var year: Date?
            }
            """,
            expandedSource: """
                struct Event {
                    var day = Date()
                    var tags: [String] = []

                    private static var _modelKitTransform_tags: some ModelKit.ValueTransform<[String]> {
                        ModelKit.TransformTypeCheck.transform(CommaList(), producing: ([String]).self)
                    }
                    var year: Date?

                    private static var _modelKitTransform_year: some ModelKit.ValueTransform<Date?> {
                        ModelKit.TransformTypeCheck.transform(DateFormatTransform("yyyy").optional, producing: (Date?).self)
                    }
                }

                extension Event: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    static let modelKeys = ModelKit.ModelKeys(declaredJoined: "day\\0tags\\0meta", snakeCaseJoined: "day\\0tags\\0meta", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var day = ModelKit.Field(for: \\Event.day, hasDefault: true)
                        fileprivate var tags: ModelKit.Field<[String]>
                        fileprivate var year: ModelKit.Field<Date?>
                        fileprivate var captured2: ModelKit.Value? = nil  // "meta"

                        static func start() -> Self { Self(tags: .init(hasDefault: true), year: .init(hasDefault: true)) }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "day"
                                try self.day.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context, transform: DateFormatTransform("dd/MM/yyyy"))
                            case 1:  // "tags"
                                try self.tags.decode(priority: 0, keyAt: 1, in: keys, from: &reader, context: context, transform: Event._modelKitTransform_tags)
                            case 2:  // "meta"
                                self.captured2 = try context.capture(key: keys.keys[2], from: &reader)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            if let found = self.captured2?[ModelKit.ValuePath([.key("year")])] {
                                try self.year.decode(priority: 0, path: ModelKit.ValuePath([.key(keys.keys[2]), .key("year")]), value: found, context: context, transform: Event._modelKitTransform_year)
                            }
                            try self.day.finish(keyAt: 0, in: keys, context: context, reportsMissing: true)
                            try self.tags.finish(keyAt: 1, in: keys, context: context, reportsMissing: true, orLiteral: [])
                            try self.year.finish(key: "meta.year", context: context, reportsMissing: false, orLiteral: nil)
                        }
                    }

                    init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "Event (a dictionary)", foundKind: try reader.peekKind())
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
                        let dayValue = fields.day.takeDecodedValue(default: Date())
                        self.init(day: dayValue, tags: fields.tags.takeDecodedValue(), year: fields.year.takeDecodedValue())
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 3)
                        try context.enter()
                        try context.writeField(self.day, keyAt: 0, in: keys, transform: DateFormatTransform("dd/MM/yyyy"), to: &writer)
                        try context.writeField(self.tags, keyAt: 1, in: keys, transform: Event._modelKitTransform_tags, to: &writer)
                        var nested = ModelKit.NestedOutput()
                        nested.add(encoded: try (Event._modelKitTransform_year).encode(self.year), at: ModelKit.ValuePath([.key(keys.keys[2]), .key("year")]), context: context)
                        try nested.write(to: &writer, context: context)
                        context.leave()
                        try writer.endDictionary()
                    }

                    #if MODELKIT_GENERIC_MODELS
                    static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #endif

                    init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """
        )
    }

    @Test("A keyword property is passed to the memberwise initializer by its label, escaped only where a label must be")
    func keywordLabels() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            struct Flags {
                var `default` = false
                var `inout`: Int?
            }
            """,
            expandedSource: """
                struct Flags {
                    var `default` = false
                    var `inout`: Int?
                }

                extension Flags: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    static let modelKeys = ModelKit.ModelKeys(declaredJoined: "default\\0inout", snakeCaseJoined: "default\\0inout", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var `default` = ModelKit.Field(for: \\Flags.`default`, hasDefault: true)
                        fileprivate var `inout`: ModelKit.Field<Int?>

                        static func start() -> Self { Self(`inout`: .init(hasDefault: true)) }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "default"
                                try self.`default`.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            case 1:  // "inout"
                                try self.`inout`.decode(priority: 0, keyAt: 1, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.`default`.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: false)
                            try self.`inout`.finish(keyAt: 1, in: keys, context: context, reportsMissing: false, orLiteral: nil)
                        }
                    }

                    init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "Flags (a dictionary)", foundKind: try reader.peekKind())
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
                        self.init(default: fields.`default`.takeDecodedValue(), `inout`: fields.`inout`.takeDecodedValue())
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 2)
                        try context.enter()
                        try context.writeField(self.`default`, keyAt: 0, in: keys, to: &writer)
                        try context.writeField(self.`inout`, keyAt: 1, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                    }

                    #if MODELKIT_GENERIC_MODELS
                    static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #endif

                    init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """
        )
    }

    @Test("A wrapped property, or an #if among the members, makes the decoding initializer set each property")
    func settingEachProperty() {
        // A property wrapper may change what the memberwise initializer takes for its property.
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            struct Gauge {
                @Clamped var level = 0
                var unit: String?
            }
            """,
            expandedSource: """
                struct Gauge {
                    @Clamped var level = 0
                    var unit: String?
                }

                extension Gauge: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    static let modelKeys = ModelKit.ModelKeys(declaredJoined: "level\\0unit", snakeCaseJoined: "level\\0unit", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var level = ModelKit.Field(for: \\Gauge.level, hasDefault: true)
                        fileprivate var unit: ModelKit.Field<String?>

                        static func start() -> Self { Self(unit: .init(hasDefault: true)) }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "level"
                                try self.level.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            case 1:  // "unit"
                                try self.unit.decode(priority: 0, keyAt: 1, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.level.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: 0)
                            try self.unit.finish(keyAt: 1, in: keys, context: context, reportsMissing: false, orLiteral: nil)
                        }
                    }

                    init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
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
                        self.unit = fields.unit.takeDecodedValue()
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 2)
                        try context.enter()
                        try context.writeField(self.level, keyAt: 0, in: keys, to: &writer)
                        try context.writeField(self.unit, keyAt: 1, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                    }

                    #if MODELKIT_GENERIC_MODELS
                    static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #endif

                    init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """
        )
        // The macro cannot tell which members an #if keeps, nor so the memberwise initializer's parameters.
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            struct Build {
                var name: String
                #if DEBUG
                var trace: String?
                #endif
            }
            """,
            expandedSource: """
                struct Build {
                    var name: String
                    #if DEBUG
                    var trace: String?
                    #endif
                }

                extension Build: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    static let modelKeys = ModelKit.ModelKeys(declaredJoined: "name", snakeCaseJoined: "name", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var name: ModelKit.Field<String>

                        static func start() -> Self { Self(name: .init(hasDefault: false)) }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "name"
                                try self.name.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.name.finish(keyAt: 0, in: keys, context: context, reportsMissing: true)
                        }
                    }

                    init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "Build (a dictionary)", foundKind: try reader.peekKind())
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

                    func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 1)
                        try context.enter()
                        try context.writeField(self.name, keyAt: 0, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                    }

                    #if MODELKIT_GENERIC_MODELS
                    static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #endif

                    init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """
        )
    }

    @Test("A class gets a required initializer and encode in its body; a plain superclass gets super.init()")
    func classExpansion() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            class Item: NSObject {
                var name = ""
            }
            """,
            expandedSource: """
                class Item: NSObject {
                    var name = ""

                    static let modelKeys = ModelKit.ModelKeys(declaredJoined: "name", snakeCaseJoined: "name", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var name = ModelKit.Field(for: \\Item.name, hasDefault: true)

                        static func start() -> Self { Self() }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "name"
                                try self.name.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.name.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: "")
                        }
                    }

                    required init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "Item (a dictionary)", foundKind: try reader.peekKind())
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
                        super.init()
                        var model = self
                        try context.didDecode(&model)
                        try context.validate(self)
                    }

                    func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 1)
                        try context.enter()
                        try context.writeField(self.name, keyAt: 0, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                    }

                    #if MODELKIT_GENERIC_MODELS
                    static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #endif

                    func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }

                    required convenience init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                }

                extension Item: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {}
                """
        )
    }

    @Test("A subclass of a model buffers the dictionary, decodes its own keys, then calls the superclass")
    func subclassExpansion() {
        // The superclass reads and reports the keys the subclass does not know.
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel(inheritsFromModel: true)
            final class Student: Person {
                var grade = 0
            }
            """,
            expandedSource: """
                final class Student: Person {
                    var grade = 0

                    static let modelKeysOfStudent = ModelKit.ModelKeys(declaredJoined: "grade", snakeCaseJoined: "grade", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var grade = ModelKit.Field(for: \\Student.grade, hasDefault: true)

                        static func start() -> Self { Self() }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "grade"
                                try self.grade.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.grade.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: 0)
                        }
                    }

                    required init<R: ModelKit.ModelReader>(from source: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        let buffered = try ModelKit.Value(from: &source, context: context)
                        var reader = ModelKit.ValueReader(buffered)
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "Student (a dictionary)", foundKind: try reader.peekKind())
                        }
                        let keys = Self.modelKeysOfStudent.table(for: context.options.keyStrategy)
                        var fields = _DecodingFields.start()
                        decoding: while true {
                            switch try reader.nextKey(in: keys) {
                            case .known(let index):
                                try fields.decode(keyAt: index, in: keys, from: &reader, context: context)
                            case .end:
                                break decoding
                            case .unknown:
                                try reader.skipValue()
                            }
                        }
                        try fields.finish(in: keys, context: context)
                        self.grade = fields.grade.takeDecodedValue()
                        var superReader = ModelKit.ValueReader(buffered)
                        context.beginKnownKeys(keys)
                        defer { context.endKnownKeys() }
                        try super.init(from: &superReader, context: context)
                    }

                    override func encode<W: ModelKit.ModelWriter>(to output: inout W, context: ModelKit.EncodingContext) throws {
                        var writer = ModelKit.ValueWriter()
                        let keys = Self.modelKeysOfStudent.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 1)
                        try context.enter()
                        try context.writeField(self.grade, keyAt: 0, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                        var superWriter = ModelKit.ValueWriter()
                        try super.encode(to: &superWriter, context: context)
                        try ModelKit.Value.merging(superWriter.result, writer.result).encode(to: &output, context: context)
                    }

                    required convenience init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                }
                """
        )
    }

    @Test("An enum of models decodes by its discriminator; @Key renames a case")
    func polymorphicEnum() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel(discriminator: "kind")
            enum Shape {
                case circle(Circle)
                @Key("sq") case square(Square)
            }
            """,
            expandedSource: """
                enum Shape {
                    case circle(Circle)
                    case square(Square)
                }

                extension Shape: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    static let modelKeys = ModelKit.ModelKeys(declared: ["kind"], snakeCase: ["kind"], typeStrategy: .propertyNames)

                    init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        let buffered = try ModelKit.Value(from: &reader, context: context)
                        let tag = try context.discriminator("kind", in: buffered, model: "Shape")
                        var inner = ModelKit.ValueReader(buffered)
                        context.beginKnownKeys(Self.modelKeys.declared)
                        defer { context.endKnownKeys() }
                        switch tag {
                        case "circle": self = .circle(try context.decodeLocated(Circle.self, from: &inner))
                        case "sq": self = .square(try context.decodeLocated(Square.self, from: &inner))
                        default:
                            throw context.error(.unknownDiscriminator(key: "kind", found: tag))
                        }
                    }

                    func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        switch self {
                        case .circle(let model): try context.writeTagged(model, key: "kind", tag: "circle", to: &writer)
                        case .square(let model): try context.writeTagged(model, key: "kind", tag: "sq", to: &writer)
                        }
                    }

                    #if MODELKIT_GENERIC_MODELS
                    static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #endif

                    init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """
        )
    }

    @Test("Public models get public members; generic models compute their key tables")
    func accessAndGenerics() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            public struct Page<Element> {
                public var items: [Element] = []
            }
            """,
            expandedSource: """
                public struct Page<Element> {
                    public var items: [Element] = []
                }

                extension Page: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    public static var modelKeys: ModelKit.ModelKeys { ModelKit.ModelKeys(declaredJoined: "items", snakeCaseJoined: "items", typeStrategy: .propertyNames) }

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var items: ModelKit.Field<[Element]>

                        static func start() -> Self { Self(items: .init(hasDefault: true)) }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "items"
                                try self.items.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.items.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: [])
                        }
                    }

                    public init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "Page (a dictionary)", foundKind: try reader.peekKind())
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
                        self.init(items: fields.items.takeDecodedValue())
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    public func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 1)
                        try context.enter()
                        try context.writeField(self.items, keyAt: 0, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                    }

                    public init(_: ModelKit.MemberwiseMarker = ModelKit.MemberwiseMarker(), items: [Element] = []) {
                        self.init(items: items)
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
}

@Suite("@DictionaryModel diagnostics")
struct DictionaryModelDiagnosticTests {
    @Test("A property with neither a type nor an initial value")
    func untypedProperty() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            struct A {
                var x
            }
            """,
            expandedSource: """
                struct A {
                    var x
                }

                extension A: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    static let modelKeys = ModelKit.ModelKeys(declaredJoined: "", snakeCaseJoined: "", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {

                        static func start() -> Self { Self() }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                        }
                    }

                    init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "A (a dictionary)", foundKind: try reader.peekKind())
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
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 0)
                        try context.enter()
                        context.leave()
                        try writer.endDictionary()
                    }

                    #if MODELKIT_GENERIC_MODELS
                    static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #endif

                    init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    id: MessageID(domain: "ModelKit", id: "DictionaryModel.untypedProperty"),
                    message: "a model property needs a type annotation or an initial value", line: 3, column: 9,
                    fixIts: [FixItSpec(message: "add a type annotation")])
            ],
            fixedSource: """
                @DictionaryModel
                struct A {
                    var x: <#Type#>
                }
                """
        )
    }

    @Test("An empty key")
    func emptyKey() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            struct A {
                @Key("") var x = 0
            }
            """,
            expandedSource: """
                struct A {
                    var x = 0
                }

                extension A: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    static let modelKeys = ModelKit.ModelKeys(declaredJoined: "x", snakeCaseJoined: "x", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var x = ModelKit.Field(for: \\A.x, hasDefault: true)

                        static func start() -> Self { Self() }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "x"
                                try self.x.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.x.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: 0)
                        }
                    }

                    init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "A (a dictionary)", foundKind: try reader.peekKind())
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
                        self.init(x: fields.x.takeDecodedValue())
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 1)
                        try context.enter()
                        try context.writeField(self.x, keyAt: 0, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                    }

                    #if MODELKIT_GENERIC_MODELS
                    static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #endif

                    init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    id: MessageID(domain: "ModelKit", id: "Key.emptyKey"),
                    message: "@Key takes non-empty string literals",
                    line: 3, column: 10)
            ]
        )
    }

    @Test("A key that breaks the key-path grammar, and a path that starts with an index: the key is not read")
    func malformedKeyPaths() {
        // The grammar's own wording, as ValuePath(parsing:) throws it at run time; the property reads its other
        // keys, or its name when none is left.
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            struct A {
                @Key("info..city", "city") var city: String?
                @Key("[0].url") var image = ""
            }
            """,
            expandedSource: """
                struct A {
                    var city: String?
                    var image = ""
                }

                extension A: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    static let modelKeys = ModelKit.ModelKeys(declaredJoined: "city\\0image", snakeCaseJoined: "city\\0image", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var city: ModelKit.Field<String?>
                        fileprivate var image = ModelKit.Field(for: \\A.image, hasDefault: true)

                        static func start() -> Self { Self(city: .init(hasDefault: true)) }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "city"
                                try self.city.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            case 1:  // "image"
                                try self.image.decode(priority: 0, keyAt: 1, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.city.finish(keyAt: 0, in: keys, context: context, reportsMissing: false, orLiteral: nil)
                            try self.image.finish(keyAt: 1, in: keys, context: context, reportsMissing: true, orLiteral: "")
                        }
                    }

                    init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "A (a dictionary)", foundKind: try reader.peekKind())
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
                        self.init(city: fields.city.takeDecodedValue(), image: fields.image.takeDecodedValue())
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 2)
                        try context.enter()
                        try context.writeField(self.city, keyAt: 0, in: keys, to: &writer)
                        try context.writeField(self.image, keyAt: 1, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                    }

                    #if MODELKIT_GENERIC_MODELS
                    static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #endif

                    init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    id: MessageID(domain: "ModelKit", id: "Key.malformedKeyPath"),
                    message:
                        #""info..city" is not a key path: an empty key at offset 5 (keys are not empty and one dot separates two)"#,
                    line: 3, column: 10),
                DiagnosticSpec(
                    id: MessageID(domain: "ModelKit", id: "Key.keyPathStartsWithIndex"),
                    message:
                        #"key path "[0].url" starts with an index, but a model reads a dictionary: start with a key"#,
                    line: 4, column: 10),
            ]
        )
    }

    @Test("An enum without a discriminator")
    func enumWithoutDiscriminator() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            enum E {
                case a(A)
            }
            """,
            expandedSource: """
                enum E {
                    case a(A)
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    id: MessageID(domain: "ModelKit", id: "DictionaryModel.enumWithoutDiscriminator"),
                    message:
                        "@DictionaryModel on an enum needs discriminator: the key that names the case; for raw-value enums conform to ModelEnum instead",
                    line: 2, column: 6)
            ]
        )
    }

    @Test("An actor: the message says what the macro applies to and why not an actor")
    func actor() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            actor A {
            }
            """,
            expandedSource: """
                actor A {
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    id: MessageID(domain: "ModelKit", id: "DictionaryModel.notAModelType"),
                    message:
                        "@DictionaryModel applies to a struct, a class or an enum of models, not to an actor: encoding reads the properties synchronously, outside the actor's isolation",
                    line: 1, column: 1, fixIts: [FixItSpec(message: "remove '@DictionaryModel'")])
            ],
            fixedSource: """

                actor A {
                }
                """
        )
    }

    @Test("A protocol")
    func protocolDeclaration() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            protocol Named {
                var name: String { get }
            }
            """,
            expandedSource: """
                protocol Named {
                    var name: String { get }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    id: MessageID(domain: "ModelKit", id: "DictionaryModel.notAModelType"),
                    message:
                        "@DictionaryModel applies to a struct, a class or an enum of models, not to a protocol; attach it to each model type that conforms",
                    line: 1, column: 1, fixIts: [FixItSpec(message: "remove '@DictionaryModel'")])
            ]
        )
    }

    @Test("Untyped properties whose initial value has no type of its own; literals, calls and Type.member are fine")
    func uninferableTypes() {
        let rule =
            "needs a type annotation: without one, the generated code takes the property's type from its initial value, and"
        let examples =
            "has no type of its own (literals, calls such as 'Date()' and members such as 'Color.red' have one; 'nil', '[]', '[:]' and '.member' need the type written)"
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            struct Settings {
                var count = 0
                var made = makeValue()
                var date = Date.now
                var tags = []
                var color = .red
            }
            """,
            expandedSource: """
                struct Settings {
                    var count = 0
                    var made = makeValue()
                    var date = Date.now
                    var tags = []
                    var color = .red
                }

                extension Settings: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    static let modelKeys = ModelKit.ModelKeys(declaredJoined: "count\\0made\\0date", snakeCaseJoined: "count\\0made\\0date", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var count = ModelKit.Field(for: \\Settings.count, hasDefault: true)
                        fileprivate var made = ModelKit.Field(for: \\Settings.made, hasDefault: true)
                        fileprivate var date = ModelKit.Field(for: \\Settings.date, hasDefault: true)

                        static func start() -> Self { Self() }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "count"
                                try self.count.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            case 1:  // "made"
                                try self.made.decode(priority: 0, keyAt: 1, in: keys, from: &reader, context: context)
                            case 2:  // "date"
                                try self.date.decode(priority: 0, keyAt: 2, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.count.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: 0)
                            try self.made.finish(keyAt: 1, in: keys, context: context, reportsMissing: true)
                            try self.date.finish(keyAt: 2, in: keys, context: context, reportsMissing: true)
                        }
                    }

                    init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "Settings (a dictionary)", foundKind: try reader.peekKind())
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
                        let madeValue = fields.made.takeDecodedValue(default: makeValue())
                        let dateValue = fields.date.takeDecodedValue(default: Date.now)
                        self.init(count: fields.count.takeDecodedValue(), made: madeValue, date: dateValue)
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 3)
                        try context.enter()
                        try context.writeField(self.count, keyAt: 0, in: keys, to: &writer)
                        try context.writeField(self.made, keyAt: 1, in: keys, to: &writer)
                        try context.writeField(self.date, keyAt: 2, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                    }

                    #if MODELKIT_GENERIC_MODELS
                    static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #endif

                    init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    id: MessageID(domain: "ModelKit", id: "DictionaryModel.uninferableType"),
                    message: "'tags' \(rule) '[]' \(examples)", line: 6, column: 9,
                    fixIts: [FixItSpec(message: "add a type annotation")]),
                DiagnosticSpec(
                    id: MessageID(domain: "ModelKit", id: "DictionaryModel.uninferableType"),
                    message: "'color' \(rule) '.red' \(examples)", line: 7, column: 9,
                    fixIts: [FixItSpec(message: "add a type annotation")]),
            ],
            fixedSource: """
                @DictionaryModel
                struct Settings {
                    var count = 0
                    var made = makeValue()
                    var date = Date.now
                    var tags: <#Type#> = []
                    var color: <#Type#> = .red
                }
                """
        )
    }

    @Test("@Key and @Transform on a computed property")
    func markersOnComputedProperties() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            struct Size {
                var width = 0
                @Key("double") var doubled: Int { width * 2 }
                @Transform(CommaList()) var list: [String] { [] }
            }
            """,
            expandedSource: """
                struct Size {
                    var width = 0
                    var doubled: Int { width * 2 }
                    var list: [String] { [] }

                    private static var _modelKitTransform_list: some ModelKit.ValueTransform<[String]> {
                        ModelKit.TransformTypeCheck.transform(CommaList(), producing: ([String]).self)
                    }
                }

                extension Size: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    static let modelKeys = ModelKit.ModelKeys(declaredJoined: "width", snakeCaseJoined: "width", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var width = ModelKit.Field(for: \\Size.width, hasDefault: true)

                        static func start() -> Self { Self() }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "width"
                                try self.width.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.width.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: 0)
                        }
                    }

                    init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "Size (a dictionary)", foundKind: try reader.peekKind())
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
                        self.init(width: fields.width.takeDecodedValue())
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 1)
                        try context.enter()
                        try context.writeField(self.width, keyAt: 0, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                    }

                    #if MODELKIT_GENERIC_MODELS
                    static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #endif

                    init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    id: MessageID(domain: "ModelKit", id: "Key.onComputedProperty"),
                    message:
                        "@Key has no effect on a computed property: @DictionaryModel decodes and encodes stored properties only",
                    line: 4, column: 5, fixIts: [FixItSpec(message: "remove '@Key'")]),
                DiagnosticSpec(
                    id: MessageID(domain: "ModelKit", id: "Transform.onComputedProperty"),
                    message:
                        "@Transform has no effect on a computed property: @DictionaryModel decodes and encodes stored properties only",
                    line: 5, column: 5, fixIts: [FixItSpec(message: "remove '@Transform'")]),
            ],
            fixedSource: """
                @DictionaryModel
                struct Size {
                    var width = 0
                    var doubled: Int { width * 2 }
                    var list: [String] { [] }
                }
                """
        )
    }

    @Test("@Key on a static property")
    func keyOnStaticProperty() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            struct Theme {
                var name = ""
                @Key("default") static var shared = Theme()
            }
            """,
            expandedSource: """
                struct Theme {
                    var name = ""
                    static var shared = Theme()
                }

                extension Theme: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    static let modelKeys = ModelKit.ModelKeys(declaredJoined: "name", snakeCaseJoined: "name", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var name = ModelKit.Field(for: \\Theme.name, hasDefault: true)

                        static func start() -> Self { Self() }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "name"
                                try self.name.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.name.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: "")
                        }
                    }

                    init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "Theme (a dictionary)", foundKind: try reader.peekKind())
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
                        self.init(name: fields.name.takeDecodedValue())
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 1)
                        try context.enter()
                        try context.writeField(self.name, keyAt: 0, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                    }

                    #if MODELKIT_GENERIC_MODELS
                    static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #endif

                    init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    id: MessageID(domain: "ModelKit", id: "Key.onStaticProperty"),
                    message:
                        "@Key has no effect on a static property: @DictionaryModel decodes and encodes instance properties only",
                    line: 4, column: 5, fixIts: [FixItSpec(message: "remove '@Key'")])
            ],
            fixedSource: """
                @DictionaryModel
                struct Theme {
                    var name = ""
                    static var shared = Theme()
                }
                """
        )
    }

    @Test("Two properties that write the same key: the error is on the second, a note on the first")
    func duplicateKeys() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel
            struct Record {
                @Key("id") var recordID = 0
                var id = 0
                @Key("x") var first = 0
                @Key("x", "y") var second = 0
            }
            """,
            expandedSource: """
                struct Record {
                    var recordID = 0
                    var id = 0
                    var first = 0
                    var second = 0
                }

                extension Record: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    static let modelKeys = ModelKit.ModelKeys(declaredJoined: "id\\0x\\0y", snakeCaseJoined: "id\\0x\\0y", typeStrategy: .propertyNames)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var recordID = ModelKit.Field(for: \\Record.recordID, hasDefault: true)
                        fileprivate var id = ModelKit.Field(for: \\Record.id, hasDefault: true)
                        fileprivate var first = ModelKit.Field(for: \\Record.first, hasDefault: true)
                        fileprivate var second = ModelKit.Field(for: \\Record.second, hasDefault: true)
                        fileprivate var captured0: ModelKit.Value? = nil  // "id"
                        fileprivate var captured1: ModelKit.Value? = nil  // "x"

                        static func start() -> Self { Self() }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "id"
                                self.captured0 = try context.capture(key: keys.keys[0], from: &reader)
                            case 1:  // "x"
                                self.captured1 = try context.capture(key: keys.keys[1], from: &reader)
                            case 2:  // "y"
                                try self.second.decode(priority: 1, keyAt: 2, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            if let found = self.captured0?[ModelKit.ValuePath([])] {
                                try self.recordID.decode(priority: 0, path: ModelKit.ValuePath([.key(keys.keys[0])]), value: found, context: context)
                            }
                            if let found = self.captured0?[ModelKit.ValuePath([])] {
                                try self.id.decode(priority: 0, path: ModelKit.ValuePath([.key(keys.keys[0])]), value: found, context: context)
                            }
                            if let found = self.captured1?[ModelKit.ValuePath([])] {
                                try self.first.decode(priority: 0, path: ModelKit.ValuePath([.key(keys.keys[1])]), value: found, context: context)
                            }
                            if let found = self.captured1?[ModelKit.ValuePath([])] {
                                try self.second.decode(priority: 0, path: ModelKit.ValuePath([.key(keys.keys[1])]), value: found, context: context)
                            }
                            try self.recordID.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: 0)
                            try self.id.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: 0)
                            try self.first.finish(keyAt: 1, in: keys, context: context, reportsMissing: true, orLiteral: 0)
                            try self.second.finish(keyAt: 1, in: keys, context: context, reportsMissing: true, orLiteral: 0)
                        }
                    }

                    init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                            throw context.mismatch(expected: "Record (a dictionary)", foundKind: try reader.peekKind())
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
                        self.init(recordID: fields.recordID.takeDecodedValue(), id: fields.id.takeDecodedValue(), first: fields.first.takeDecodedValue(), second: fields.second.takeDecodedValue())
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 4)
                        try context.enter()
                        try context.writeField(self.recordID, keyAt: 0, in: keys, to: &writer)
                        try context.writeField(self.id, keyAt: 0, in: keys, to: &writer)
                        try context.writeField(self.first, keyAt: 1, in: keys, to: &writer)
                        try context.writeField(self.second, keyAt: 1, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                    }

                    #if MODELKIT_GENERIC_MODELS
                    static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #endif

                    init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    id: MessageID(domain: "ModelKit", id: "DictionaryModel.duplicateKey"),
                    message:
                        "'id' writes the key \"id\", which 'recordID' writes already; give one of them another key with @Key",
                    line: 4, column: 9, notes: [NoteSpec(message: "'recordID' writes \"id\" here", line: 3, column: 10)]
                ),
                DiagnosticSpec(
                    id: MessageID(domain: "ModelKit", id: "DictionaryModel.duplicateKey"),
                    message:
                        "'second' writes the key \"x\", which 'first' writes already; give one of them another key with @Key",
                    line: 6, column: 10, notes: [NoteSpec(message: "'first' writes \"x\" here", line: 5, column: 10)]),
            ]
        )
    }

    @Test("Keys are compared after the key strategy")
    func duplicateKeysAfterSnakeCase() {
        MacroExpansion.assertExpansion(
            """
            @DictionaryModel(keyStrategy: .snakeCase)
            struct Account {
                var userID = 0
                @Key("user_id") var owner = 0
            }
            """,
            expandedSource: """
                struct Account {
                    var userID = 0
                    var owner = 0
                }

                extension Account: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    static let modelKeys = ModelKit.ModelKeys(declaredJoined: "userID\\0user_id", snakeCaseJoined: "user_id\\0user_id", typeStrategy: .snakeCase)

                    struct _DecodingFields: @unchecked Sendable {
                        fileprivate var userID = ModelKit.Field(for: \\Account.userID, hasDefault: true)
                        fileprivate var owner = ModelKit.Field(for: \\Account.owner, hasDefault: true)

                        static func start() -> Self { Self() }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "userID"
                                try self.userID.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            case 1:  // "user_id"
                                try self.owner.decode(priority: 0, keyAt: 1, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.userID.finish(keyAt: 0, in: keys, context: context, reportsMissing: true, orLiteral: 0)
                            try self.owner.finish(keyAt: 1, in: keys, context: context, reportsMissing: true, orLiteral: 0)
                        }
                    }

                    init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
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
                        self.init(userID: fields.userID.takeDecodedValue(), owner: fields.owner.takeDecodedValue())
                        try context.didDecode(&self)
                        try context.validate(self)
                    }

                    func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 2)
                        try context.enter()
                        try context.writeField(self.userID, keyAt: 0, in: keys, to: &writer)
                        try context.writeField(self.owner, keyAt: 1, in: keys, to: &writer)
                        context.leave()
                        try writer.endDictionary()
                    }

                    #if MODELKIT_GENERIC_MODELS
                    static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {
                        try ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)
                    }

                    func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }

                    func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {
                        try ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)
                    }
                    #endif

                    init(from decoder: any Decoder) throws {
                        var reader = try ModelKit.CodableBridge.reader(for: decoder)
                        try self.init(from: &reader, context: ModelKit.CodableBridge.context(for: decoder))
                    }
                    func encode(to encoder: any Encoder) throws {
                        try ModelKit.CodableBridge.encode(self, to: encoder)
                    }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    id: MessageID(domain: "ModelKit", id: "DictionaryModel.duplicateKey"),
                    message:
                        "'owner' writes the key \"user_id\", which 'userID' writes already; give one of them another key with @Key",
                    line: 4, column: 10,
                    notes: [NoteSpec(message: "'userID' writes \"user_id\" here", line: 3, column: 9)])
            ]
        )
    }
}
