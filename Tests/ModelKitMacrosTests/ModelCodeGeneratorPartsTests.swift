import SwiftParser
import SwiftSyntax
import Testing

@testable import ModelKitMacros

// A model of more properties than `ModelCodeGenerator.propertiesPerPart` is written in parts; with parts of two,
// five properties show every piece of that shape in a text short enough to compare whole.
@Suite("The code of a wide model, in parts")
struct ModelCodeGeneratorPartsTests {
    /// A generator for `source`'s struct, which has Swift's memberwise initializer, with parts of
    /// `propertiesPerPart` properties.
    static func generator(_ source: String, propertiesPerPart: Int = 2) throws -> ModelCodeGenerator {
        let file = Parser.parse(source: source)
        let declaration = try #require(file.statements.first?.item.as(StructDeclSyntax.self))
        let properties = PropertyReader.properties(of: declaration.memberBlock, diagnose: { _ in })
        return ModelCodeGenerator(
            typeName: declaration.name.text, properties: properties, keysExpression: "Self.modelKeys",
            hasMemberwiseInitializer: true, propertiesPerPart: propertiesPerPart)
    }

    /// Keys tried in order, a key read by properties of two parts, a key path, a literal and a computed default,
    /// an optional.
    static let survey = """
        struct Survey {
            @Key("id", "legacy_id") var id: Int
            var title: String = "untitled"
            @Key("heading", "title") var heading: String
            @Key("meta.owner") var owner: String?
            var tags: [String] = Survey.defaultTags
        }
        """

    @Test(
        "Each part's fields in a struct of their own with its key switch and finish; the fields a tuple of the parts and the captured trees; captured keys and the parts' ranges in the parts' switch"
    )
    func fields() throws {
        #expect(
            try Self.generator(Self.survey).fieldsDeclaration() == """
                enum _DecodingParts {
                    struct Part0: @unchecked Sendable {
                        fileprivate var id: ModelKit.Field<Int>
                        fileprivate var title: ModelKit.Field<String>

                        @inline(never) static func start() -> Self { Self(id: .init(hasDefault: false), title: .init(hasDefault: true)) }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 0:  // "id"
                                try self.id.decode(priority: 0, keyAt: 0, in: keys, from: &reader, context: context)
                            case 1:  // "legacy_id"
                                try self.id.decode(priority: 1, keyAt: 1, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.id.finish(keyAt: 0, in: keys, context: context, reportsMissing: true)
                            try self.title.finish(keyAt: 2, in: keys, context: context, reportsMissing: true, orLiteral: "untitled")
                        }
                    }

                    struct Part1: @unchecked Sendable {
                        fileprivate var heading: ModelKit.Field<String>
                        fileprivate var owner: ModelKit.Field<String?>

                        @inline(never) static func start() -> Self { Self(heading: .init(hasDefault: false), owner: .init(hasDefault: true)) }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 3:  // "heading"
                                try self.heading.decode(priority: 0, keyAt: 3, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.heading.finish(keyAt: 3, in: keys, context: context, reportsMissing: true)
                            try self.owner.finish(key: "meta.owner", context: context, reportsMissing: false, orLiteral: nil)
                        }
                    }

                    struct Part2: @unchecked Sendable {
                        fileprivate var tags: ModelKit.Field<[String]>

                        @inline(never) static func start() -> Self { Self(tags: .init(hasDefault: true)) }

                        mutating func decode<R: ModelKit.ModelReader>(keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                            switch index {
                            case 5:  // "tags"
                                try self.tags.decode(priority: 0, keyAt: 5, in: keys, from: &reader, context: context)
                            default:
                                try reader.skipValue()
                            }
                        }

                        mutating func finish(in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                            try self.tags.finish(keyAt: 5, in: keys, context: context, reportsMissing: true)
                        }
                    }

                    struct Captured: @unchecked Sendable {
                        fileprivate var captured2: ModelKit.Value? = nil  // "title"
                        fileprivate var captured4: ModelKit.Value? = nil  // "meta"
                    }

                    static func decode<R: ModelKit.ModelReader>(_ fields: inout _DecodingFields, keyAt index: Int, in keys: ModelKit.KeyTable, from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {
                        switch index {
                        case 2:  // "title"
                            fields.captured.captured2 = try context.capture(key: keys.keys[2], from: &reader)
                        case 4:  // "meta"
                            fields.captured.captured4 = try context.capture(key: keys.keys[4], from: &reader)
                        case 0...1:
                            try fields.part0.decode(keyAt: index, in: keys, from: &reader, context: context)
                        case 3:
                            try fields.part1.decode(keyAt: index, in: keys, from: &reader, context: context)
                        case 5:
                            try fields.part2.decode(keyAt: index, in: keys, from: &reader, context: context)
                        default:
                            try reader.skipValue()
                        }
                    }

                    static func finish(_ fields: inout _DecodingFields, in keys: ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {
                        if let found = fields.captured.captured2?[ModelKit.ValuePath([])] {
                            try fields.part0.title.decode(priority: 0, path: ModelKit.ValuePath([.key(keys.keys[2])]), value: found, context: context)
                        }
                        if let found = fields.captured.captured2?[ModelKit.ValuePath([])] {
                            try fields.part1.heading.decode(priority: 1, path: ModelKit.ValuePath([.key(keys.keys[2])]), value: found, context: context)
                        }
                        if let found = fields.captured.captured4?[ModelKit.ValuePath([.key("owner")])] {
                            try fields.part1.owner.decode(priority: 0, path: ModelKit.ValuePath([.key(keys.keys[4]), .key("owner")]), value: found, context: context)
                        }
                        try fields.part0.finish(in: keys, context: context)
                        try fields.part1.finish(in: keys, context: context)
                        try fields.part2.finish(in: keys, context: context)
                    }
                }

                typealias _DecodingFields = (part0: _DecodingParts.Part0, part1: _DecodingParts.Part1, part2: _DecodingParts.Part2, captured: _DecodingParts.Captured)
                """)
    }

    @Test("Values taken in the call to the memberwise initializer; a literal default given when the field finishes")
    func decoding() throws {
        #expect(
            try Self.generator(Self.survey).decodingStatements(reportsUnknownKeys: true) == """
                guard try reader.beginDictionary() else {
                    throw context.mismatch(expected: "Survey (a dictionary)", foundKind: try reader.peekKind())
                }
                let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                var fields = (part0: _DecodingParts.Part0.start(), part1: _DecodingParts.Part1.start(), part2: _DecodingParts.Part2.start(), captured: _DecodingParts.Captured())
                decoding: while true {
                    switch try reader.nextKey(in: keys) {
                    case .known(let index):
                        try _DecodingParts.decode(&fields, keyAt: index, in: keys, from: &reader, context: context)
                    case .end:
                        break decoding
                    case .unknown:
                        try context.unknownKey(reader.currentKey())
                        try reader.skipValue()
                    }
                }
                try _DecodingParts.finish(&fields, in: keys, context: context)
                let tagsValue = fields.part2.tags.takeDecodedValue(default: Survey.defaultTags)
                self.init(id: fields.part0.id.takeDecodedValueOutOfLine(), title: fields.part0.title.takeDecodedValueOutOfLine(), heading: fields.part1.heading.takeDecodedValueOutOfLine(), owner: fields.part1.owner.takeDecodedValueOutOfLine(), tags: tagsValue)
                """)
    }

    @Test("Each part's properties written by an encode of its own; key paths after them, as in a narrow model")
    func encoding() throws {
        let generator = try Self.generator(Self.survey)
        #expect(
            generator.encodingStatements() == """
                let keys = Self.modelKeys.table(for: context.options.keyStrategy)
                try writer.beginDictionary(count: 5)
                try context.enter()
                try self.encode(part0: keys, to: &writer, context: context)
                try self.encode(part1: keys, to: &writer, context: context)
                try self.encode(part2: keys, to: &writer, context: context)
                var nested = ModelKit.NestedOutput()
                try nested.add(self.owner, at: ModelKit.ValuePath([.key(keys.keys[4]), .key("owner")]), context: context)
                try nested.write(to: &writer, context: context)
                context.leave()
                try writer.endDictionary()
                """)
        #expect(
            generator.encodingMethods().joined(separator: "\n\n") == """
                private func encode<W: ModelKit.ModelWriter>(part0 keys: ModelKit.KeyTable, to writer: inout W, context: ModelKit.EncodingContext) throws {
                    try context.writeField(self.id, keyAt: 0, in: keys, to: &writer)
                    try context.writeField(self.title, keyAt: 2, in: keys, to: &writer)
                }

                private func encode<W: ModelKit.ModelWriter>(part1 keys: ModelKit.KeyTable, to writer: inout W, context: ModelKit.EncodingContext) throws {
                    try context.writeField(self.heading, keyAt: 3, in: keys, to: &writer)
                }

                private func encode<W: ModelKit.ModelWriter>(part2 keys: ModelKit.KeyTable, to writer: inout W, context: ModelKit.EncodingContext) throws {
                    try context.writeField(self.tags, keyAt: 5, in: keys, to: &writer)
                }
                """)
    }

    @Test("A model of no more properties than one part holds keeps the narrow shape")
    func narrowModel() throws {
        let generator = try Self.generator(Self.survey, propertiesPerPart: 5)
        #expect(!generator.isWide)
        #expect(generator.encodingMethods().isEmpty)
        let fields = generator.fieldsDeclaration()
        #expect(!fields.contains("Part") && fields.contains("    fileprivate var id: ModelKit.Field<Int>\n"))
        #expect(fields.contains("    static func start() -> Self { Self(id: .init(hasDefault: false), title: .init("))
        let decoding = generator.decodingStatements(reportsUnknownKeys: true)
        #expect(decoding.contains("self.init(id: fields.id.takeDecodedValue(), "))
        #expect(decoding.contains("let tagsValue = fields.tags.takeDecodedValue(default: Survey.defaultTags)"))
        #expect(try Self.generator(Self.survey, propertiesPerPart: 4).isWide)
    }

    @Test(
        "A field table has a slot for each key, in the key table's order, reaching into the parts; none when a key is captured or a property transformed"
    )
    func fieldTableSlots() throws {
        let direct = """
            struct Order {
                @Key("id", "legacy_id") var id: Int
                var title: String = "untitled"
                var lines: [Line] = []
                var `inout`: Bool?
                var note: String?
            }
            """
        #expect(
            try Self.generator(direct).fieldTableSlots()?.map { "\($0.arguments)  // \($0.key)" } == [
                #"\_DecodingFields.part0.id  // "id""#,
                #"\_DecodingFields.part0.id, priority: 1  // "legacy_id""#,
                #"\_DecodingFields.part0.title  // "title""#,
                #"\_DecodingFields.part1.lines  // "lines""#,
                #"\_DecodingFields.part1.`inout`  // "inout""#,
                #"\_DecodingFields.part2.note  // "note""#,
            ])
        #expect(
            try Self.generator(direct, propertiesPerPart: 100).fieldTableSlots()?.first?.arguments
                == #"\_DecodingFields.id"#)
        #expect(try Self.generator(Self.survey).fieldTableSlots() == nil)
        let transformed = """
            struct Stamp {
                var id = 0
                @Transform(.iso8601) var when: Date?
            }
            """
        #expect(try Self.generator(transformed).fieldTableSlots() == nil)
        #expect(try Self.generator("struct Empty {}").fieldTableSlots() == nil)
    }

    @Test(
        "A table of up to 100 slots is one array literal; of more, a closure that adds a hundred at a time, each made by a local function never inlined; ModelKit's unspecialized slots under both conditions"
    )
    func fieldTableLiterals() throws {
        // The specialized table lies between the first `#else` and the `#endif` after it; the unspecialized one,
        // under `#if MODELKIT_GENERIC_MODELS`, before that `#else`.
        func tableLines(properties: Int, unspecialized: Bool = false) throws -> [String] {
            let source =
                "struct Wide {\n" + (0..<properties).map { "    var p\($0) = 0" }.joined(separator: "\n") + "\n}"
            let generator = try Self.generator(source, propertiesPerPart: 100)
            let members = EntryPoints.members(access: "public ", isGeneric: false, table: generator)
            let middle = try #require(members.firstIndex(of: "#else"))
            if unspecialized {
                let start = try #require(members.firstIndex(of: "#if MODELKIT_GENERIC_MODELS"))
                return Array(members[(start + 1)..<middle])
            }
            let end = try #require(members[middle...].firstIndex(of: "#endif"))
            return Array(members[(middle + 1)..<end])
        }
        #expect(
            try tableLines(properties: 2, unspecialized: true) == [
                "fileprivate static let _fieldTable = ModelKit.FieldTable([",
                #"    ModelKit.FieldSlot(unspecialized: \_DecodingFields.p0),  // "p0""#,
                #"    ModelKit.FieldSlot(unspecialized: \_DecodingFields.p1),  // "p1""#,
                #"], encoding: Self.self, fields: _DecodingFields.start(), expected: "Wide (a dictionary)") { fields, model, keys, context in"#,
                "    try model.initializeMemory(as: Self.self, to: Self(_decodedFields: &fields.assumingMemoryBound(to: _DecodingFields.self).pointee, keys: keys, context: context))",
                "}",
            ])
        #expect(
            try tableLines(properties: 201, unspecialized: true).suffix(4) == [
                #"    return ModelKit.FieldTable(slots, encoding: Self.self, fields: (part0: _DecodingParts.Part0.start(), part1: _DecodingParts.Part1.start(), part2: _DecodingParts.Part2.start()), expected: "Wide (a dictionary)") { fields, model, keys, context in"#,
                "        try model.initializeMemory(as: Self.self, to: Self(_decodedFields: &fields.assumingMemoryBound(to: _DecodingFields.self).pointee, keys: keys, context: context))",
                "    }", "}()",
            ])
        let narrow = try tableLines(properties: 100)
        #expect(narrow.count == 102)
        #expect(narrow.first == "fileprivate static let _fieldTable = ModelKit.FieldTable([")
        #expect(narrow.last == "])")
        let wide = try tableLines(properties: 201)
        #expect(
            Array(wide.prefix(4)) == [
                "fileprivate static let _fieldTable: ModelKit.FieldTable = {",
                "    @inline(never) func slots0() -> [ModelKit.FieldSlot] {",
                "        [",
                #"            ModelKit.FieldSlot(\_DecodingFields.part0.p0),  // "p0""#,
            ])
        #expect(
            Array(wide[102...107]) == [
                #"            ModelKit.FieldSlot(\_DecodingFields.part0.p99),  // "p99""#,
                "        ]",
                "    }",
                "    @inline(never) func slots1() -> [ModelKit.FieldSlot] {",
                "        [",
                #"            ModelKit.FieldSlot(\_DecodingFields.part1.p100),  // "p100""#,
            ])
        #expect(
            Array(wide.suffix(10)) == [
                "    @inline(never) func slots2() -> [ModelKit.FieldSlot] {",
                "        [",
                #"            ModelKit.FieldSlot(\_DecodingFields.part2.p200),  // "p200""#,
                "        ]",
                "    }",
                "    var slots = slots0()",
                "    slots += slots1()",
                "    slots += slots2()",
                "    return ModelKit.FieldTable(slots)",
                "}()",
            ])
        // The opening line, the slots, four lines around each literal, a line starting the list and one adding each
        // further literal, the return and the closing line.
        #expect(wide.count == 1 + 201 + 3 * 4 + 3 + 2)
    }
}
