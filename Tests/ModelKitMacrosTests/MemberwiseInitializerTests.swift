import Testing

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

                    public init(amount: Decimal = 0, currency: String = "EUR", code: String, note: String? = nil, cache: Cache = Cache()) {
                        self.amount = amount
                        self.currency = currency
                        self.code = code
                        self.note = note
                        self.cache = cache
                    }
                }

                extension Price: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable {
                    public static let modelKeys = ModelKit.ModelKeys(declared: ["amount", "currency", "code", "note"], snakeCase: ["amount", "currency", "code", "note"], typeStrategy: .propertyNames)

                    public init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                    throw context.mismatch(expected: "Price (a dictionary)", foundKind: try reader.peekKind())
                        }
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var field0 = ModelKit.Field<Decimal>(defaultingTo: 0)
                        var field1 = ModelKit.Field(defaultingTo: "EUR")
                        var field2 = ModelKit.Field<String>()
                        var field3 = ModelKit.Field<String?>(defaultingTo: nil)
                        decoding: while true {
                            switch try reader.nextKey(in: keys) {
                            case .known(0):
                                try field0.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            case .known(1):
                                try field1.decode(priority: 0, keyAt: 1, in: keys, from: &reader, context: context)
                            case .known(2):
                                try field2.decode(priority: 0, keyAt: 2, in: keys, from: &reader, context: context)
                            case .known(3):
                                try field3.decode(priority: 0, keyAt: 3, in: keys, from: &reader, context: context)
                            case .end:
                                break decoding
                            case .known, .unknown:
                                try context.unknownKey(reader.currentKey())
                                try reader.skipValue()
                            }
                        }
                        try field0.finish(keyAt: 0, in: keys, context: context, reportsMissing: true)
                        try field1.finish(keyAt: 1, in: keys, context: context, reportsMissing: true)
                        try field2.finish(keyAt: 2, in: keys, context: context, reportsMissing: true)
                        try field3.finish(keyAt: 3, in: keys, context: context, reportsMissing: false)
                        self.amount = field0.takeValue(default: 0)
                        self.currency = field1.takeValue(default: "EUR")
                        self.code = field2.takeValue()
                        self.note = field3.takeValue(default: nil)
                        try self.modelDidDecode(context: context)
                        try context.validate(self)
                    }

                    public func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 4)
                        try context.enter()
                        try context.writeField(self.amount, key: keys.keys[0], to: &writer)
                        try context.writeField(self.currency, key: keys.keys[1], to: &writer)
                        try context.writeField(self.code, key: keys.keys[2], to: &writer)
                        try context.writeField(self.note, key: keys.keys[3], to: &writer)
                        context.leave()
                        try writer.endDictionary()
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
                    public static let modelKeys = ModelKit.ModelKeys(declared: ["when"], snakeCase: ["when"], typeStrategy: .propertyNames)

                    public init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                    throw context.mismatch(expected: "Stamp (a dictionary)", foundKind: try reader.peekKind())
                        }
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var field0 = ModelKit.Field(defaultingTo: Date.now)
                        decoding: while true {
                            switch try reader.nextKey(in: keys) {
                            case .known(0):
                                try field0.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            case .end:
                                break decoding
                            case .known, .unknown:
                                try context.unknownKey(reader.currentKey())
                                try reader.skipValue()
                            }
                        }
                        try field0.finish(keyAt: 0, in: keys, context: context, reportsMissing: true)
                        self.init(when: field0.takeValue(default: Date.now))
                        try self.modelDidDecode(context: context)
                        try context.validate(self)
                    }

                    public func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 1)
                        try context.enter()
                        try context.writeField(self.when, key: keys.keys[0], to: &writer)
                        context.leave()
                        try writer.endDictionary()
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
                    package static let modelKeys = ModelKit.ModelKeys(declared: ["name"], snakeCase: ["name"], typeStrategy: .propertyNames)

                    package init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                    throw context.mismatch(expected: "Tag (a dictionary)", foundKind: try reader.peekKind())
                        }
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var field0 = ModelKit.Field(defaultingTo: "")
                        decoding: while true {
                            switch try reader.nextKey(in: keys) {
                            case .known(0):
                                try field0.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            case .end:
                                break decoding
                            case .known, .unknown:
                                try context.unknownKey(reader.currentKey())
                                try reader.skipValue()
                            }
                        }
                        try field0.finish(keyAt: 0, in: keys, context: context, reportsMissing: true)
                        self.name = field0.takeValue(default: "")
                        try self.modelDidDecode(context: context)
                        try context.validate(self)
                    }

                    package func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 1)
                        try context.enter()
                        try context.writeField(self.name, key: keys.keys[0], to: &writer)
                        context.leave()
                        try writer.endDictionary()
                    }

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
                    public static let modelKeys = ModelKit.ModelKeys(declared: ["name", "balance", "audit"], snakeCase: ["name", "balance", "audit"], typeStrategy: .propertyNames)

                    public init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        guard try reader.beginDictionary() else {
                    throw context.mismatch(expected: "Account (a dictionary)", foundKind: try reader.peekKind())
                        }
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        var field0 = ModelKit.Field(defaultingTo: "")
                        var field1 = ModelKit.Field(defaultingTo: 0)
                        var field2 = ModelKit.Field<[String]>(defaultingTo: [])
                        decoding: while true {
                            switch try reader.nextKey(in: keys) {
                            case .known(0):
                                try field0.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            case .known(1):
                                try field1.decode(priority: 0, keyAt: 1, in: keys, from: &reader, context: context)
                            case .known(2):
                                try field2.decode(priority: 0, keyAt: 2, in: keys, from: &reader, context: context)
                            case .end:
                                break decoding
                            case .known, .unknown:
                                try context.unknownKey(reader.currentKey())
                                try reader.skipValue()
                            }
                        }
                        try field0.finish(keyAt: 0, in: keys, context: context, reportsMissing: true)
                        try field1.finish(keyAt: 1, in: keys, context: context, reportsMissing: true)
                        try field2.finish(keyAt: 2, in: keys, context: context, reportsMissing: true)
                        self.init(name: field0.takeValue(default: ""), balance: field1.takeValue(default: 0), audit: field2.takeValue(default: []))
                        try self.modelDidDecode(context: context)
                        try context.validate(self)
                    }

                    public func encode<W: ModelKit.ModelWriter>(to writer: inout W, context: ModelKit.EncodingContext) throws {
                        let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                        try writer.beginDictionary(count: 3)
                        try context.enter()
                        try context.writeField(self.name, key: keys.keys[0], to: &writer)
                        try context.writeField(self.balance, key: keys.keys[1], to: &writer)
                        try context.writeField(self.audit, key: keys.keys[2], to: &writer)
                        context.leave()
                        try writer.endDictionary()
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
