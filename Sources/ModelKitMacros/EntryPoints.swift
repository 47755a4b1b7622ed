// Measured: through the generic entry point, models in another module decoded 3.5–4.2 times slower.
//
// Tried and not kept: `@_specialize(exported: true, …)` on the generic members, which Swift 6.3 compiled without
// their bodies when another model of the module called them first (undefined symbols at link time); and
// `@specialized(…)`, whose test-and-jump in the generic entry point copied the decoded model into the generic
// result, a retain and a release of every reference it holds (user.json 7% slower than in the same module).
/// The entry points a model shared across modules has for the readers and writers most apps use.
///
/// A model's decoding initializer and `encode` are generic over the reader and the writer. In the model's own
/// module the optimizer compiles them for each reader the module's code uses; code in another module (an app that
/// imports its models from a library) sees only the generic entry point, which reaches every reader call through
/// a witness table, several times slower. A `public` or `package` model therefore gets its
/// own `_decodeJSON`, `_decodeObjects`, `_encodeJSON` and `_encodeObjects` (ModelKit's `ModelEntryPoints`): each
/// names one concrete reader or writer, so the model's module compiles the model's code for it, and ModelKit
/// calls them whenever it reads or writes that format, from any module.
///
/// The price is paid once, in the model's own optimized build: each entry point compiles the model's code again
/// (debug builds compile a call). Internal models get none: their conformances take ModelKit's defaults, which
/// the witness tables emitted in the model's module hold compiled for the same readers and writers, so an
/// internal model's release build costs what a public one's does (`Benchmarks/NOTES.md`, 2026-11-28, 05:00).
/// A module compiled with ``genericModelsCondition`` gives that price up, for every model but a generic one.
///
/// A module compiled with ``tableCondition`` makes a smaller trade: a model whose keys are each read directly into
/// one property decodes through a field table in its two decoding entry points (ModelKit's `FieldTable`), the loop
/// over the keys ModelKit's, compiled once. It took 3–22% off the release builds of the compile benchmark's
/// modules, and decoding JSON from another module took 0–8% longer (`Benchmarks/NOTES.md`, 2026-11-28, 20:00):
/// past the 5% the default keeps, so it is a module's choice, not the default.
///
/// The two conditions compose. A module compiled with both still compiles nothing for a reader or a property's type,
/// but its tables are made of ModelKit's unspecialized slots (`FieldSlot(unspecialized:)`), so the loop over the
/// keys, the common scalars and the properties that hold models run compiled for the reader; a struct's table is made
/// with its type, its fresh fields and a closure that makes it from its fields in place
/// (`FieldTable(_:encoding:fields:expected:finish:)`): from the type's metadata ModelKit finds where each property
/// lies, and the table of a struct that holds it decodes it where it lies. Its JSON and Foundation-object encoding
/// entry points write each property by a call of the writer's own `writeField`, compiled in ModelKit: the table's
/// one loop, one indirect jump for every property of every model, was mispredicted where the calls are not
/// (weibo.json from another module 1.08–1.10 times the time through the table, 0.98–1.02 through the calls;
/// model → `[String: Any]` 1.07 and 1.00–1.02; `Benchmarks/NOTES.md`, 2026-11-30, fourth session, and 2026-12-01).
/// From another module,
/// JSON decodes in 0.96–1.05 times the instructions of the same models in the caller's module on the benchmark's
/// files and encodes in 1.00–1.05 times,
/// where the generic code alone took 1.0–4.2 times the time, for release builds 20–36% longer than with
/// ``genericModelsCondition`` alone (`Benchmarks/NOTES.md`, 2026-11-28, 22:30, and 2026-11-29, 03:30, 08:30, 10:30,
/// 12:10, 12:30, 15:10, 15:40, 17:40 and 21:00).
enum EntryPoints {
    /// The compilation condition under which a module's models call the generic code instead (ModelKit's
    /// `ModelEntryPoints.decodeGenerically` and `encodeGenerically`), so that the module compiles each model once.
    static let genericModelsCondition = CompilationCondition.defined("MODELKIT_GENERIC_MODELS")

    /// The compilation condition under which a model's decoding entry points decode through its field table. A
    /// package sets it for release builds only (`.define("MODELKIT_DECODING_TABLES", .when(configuration:
    /// .release))`): in a debug build the table took longer to build than the key switch. With
    /// ``genericModelsCondition`` as well, the table's slots are ModelKit's, compiled once.
    static let tableCondition = CompilationCondition.defined("MODELKIT_DECODING_TABLES")

    /// Both conditions at once: a struct's table made of ModelKit's unspecialized slots, read from every reader.
    static let bothConditions = CompilationCondition.both(genericModelsCondition, tableCondition)

    /// The members, for a model at `access`, or an empty list for a generic model (whose entry points would have
    /// to be compiled for every type it is used with). A subclass inherits its class's, which reach its own code
    /// through `Self` and dynamic dispatch.
    ///
    /// Under ``genericModelsCondition`` every model that is not generic has entry points that call the generic
    /// code, an internal one too, whose conformances would otherwise take ModelKit's defaults, compiled for each
    /// reader in the model's module (``genericModelsMembers(access:)``).
    ///
    /// - Parameter table: the model's code, when its decoding entry points may go through a field table under
    ///   ``tableCondition`` (a struct's), made of ModelKit's unspecialized slots when ``genericModelsCondition`` is
    ///   set too; `nil` for a class, whose subclasses inherit its entry points.
    /// - Parameter conditions: the build's conditions, where the plug-in knows them: the branches it does not compile
    ///   are left out.
    static func members(
        access: String, isGeneric: Bool, table generator: ModelCodeGenerator? = nil,
        conditions: BuildConditions = .unknown
    ) -> [String] {
        guard !isGeneric else { return [] }
        guard !access.isEmpty else { return genericModelsMembers(access: access, conditions: conditions) }
        let specializedDecoders = { decoders(access: access, decoding: specializedDecoding) }
        let specializedEncoders = { encoders(access: access, encoding: specializedEncoding) }
        guard let generator, let slots = generator.fieldTableSlots() else {
            return conditions.choosing(
                (genericModelsCondition, { genericMembers(access: access) }),
                (nil, { specializedDecoders() + [""] + specializedEncoders() }))
        }
        let tableEncoding =
            "Self._fieldTable.encode(self, keys: \(generator.keysExpression).table(for: context.options.keyStrategy), to: &writer, context: context)"
        let expected = literal("\(generator.typeName) (a dictionary)")
        let tableMembers = {
            conditions.choosing(
                (
                    genericModelsCondition,
                    {
                        table(slots, unspecialized: true, fieldsStart: generator.fieldsStart, expected: expected)
                    }
                ),
                (nil, { table(slots, unspecialized: false, fieldsStart: generator.fieldsStart, expected: expected) }))
                + decodedFieldsInitializer(generator: generator)
                + tableDecoders(access: access, generator: generator, expected: expected)
        }
        return conditions.choosing(
            (tableCondition, tableMembers),
            (genericModelsCondition, { decoders(access: access, decoding: genericDecoding) }),
            (nil, specializedDecoders))
            // Under `#if`, the decoders' `#endif` separates them from the encoders' `#if`.
            + (conditions.defined == nil ? [] : [""])
            + conditions.choosing(
                (bothConditions, { tableEncoders(access: access, generator: generator, encoding: tableEncoding) }),
                (genericModelsCondition, { encoders(access: access, encoding: genericEncoding) }),
                (nil, specializedEncoders))
    }

    // The loop and the key switch compiled for a generic reader were a sixth of a small model module's release
    // build under both conditions (Benchmarks/NOTES.md, 2026-11-30, 01:30).
    /// Under both conditions, the generic decoding initializer of a struct that gets a field table (see
    /// ``members(access:isGeneric:table:)``): the table reads the keys from any reader, through ModelKit's code
    /// compiled once, and the initializer its entry points use makes the model; `nil` for any other model.
    static func tableInitializer(access: String, isGeneric: Bool, generator: ModelCodeGenerator) -> [String]? {
        guard !isGeneric, !access.isEmpty, generator.fieldTableSlots() != nil else { return nil }
        let expected = literal("\(generator.typeName) (a dictionary)")
        return [
            "\(access)init<R: ModelKit.ModelReader>(from reader: inout R, context: borrowing ModelKit.DecodingContext) throws {",
            "    let keys = \(generator.keysExpression).table(for: context.options.keyStrategy)",
            "    var fields = \(generator.fieldsStart)",
            "    try Self._fieldTable.decode(into: &fields, expected: \(expected), keys: keys, fromAnyReader: &reader, context: context)",
            "    try self.init(_decodedFields: &fields, keys: keys, context: context)",
            "}",
        ]
    }

    /// Under both conditions, the first lines of the generic `encode` of a struct that gets a field table but whose
    /// properties the table may not find (see ``tableEncoding(generator:)``): the table writes the struct through
    /// ModelKit's loop for the writer when there is one (property lists reach the generic `encode`; JSON and
    /// Foundation objects have entry points), and the statements after write it for any other writer. Written where
    /// ``tableInitializer(access:isGeneric:generator:)`` is.
    static func tableEncodingPrelude(generator: ModelCodeGenerator, conditions: BuildConditions = .unknown) -> [String]
    {
        conditions.when(bothConditions) {
            [
                "if try Self._fieldTable.encode(self, keys: \(generator.keysExpression).table(for: context.options.keyStrategy), toAnyWriter: &writer, context: context) {",
                "    return",
                "}",
            ]
        }
    }

    // The statements compiled for any writer were 8% of the SIL passes of a module of 30 models (its `encode<W>`,
    // 318 ms of 4.07 s), for the writers that have no loop in ModelKit (`Value` trees, `Encoder`s), whose speed
    // nothing measures (Benchmarks/NOTES.md, 2026-12-01).
    /// Under both conditions, the body of the generic `encode` of a struct that gets a field table, when the table
    /// can find each of its stored properties from the struct's metadata: one call, through the writer's loop in
    /// ModelKit where it has one, any other writer through the table's loop compiled once, generic over the writer;
    /// `nil` when a property has an attribute other than ModelKit's (a property wrapper's storage is not the
    /// property), whose `encode` keeps its statements after ``tableEncodingPrelude(generator:conditions:)``.
    static func tableEncoding(generator: ModelCodeGenerator) -> [String]? {
        guard generator.properties.allSatisfy({ !$0.hasOtherAttributes }) else { return nil }
        return [
            "try Self._fieldTable.encode(self, keys: \(generator.keysExpression).table(for: context.options.keyStrategy), toAny: &writer, context: context)"
        ]
    }

    /// The field table made of `slots`: one array literal of up to ``slotsPerLiteral`` slots, or for a wider model a
    /// closure that adds that many at a time, each literal in a local function never inlined. One literal of 1,000
    /// key paths took the type checker 1.3 GB, where the whole build of the model with `Codable` peaked at 0.65 GB;
    /// one statement a slot made the 300-property model's compile job half as long again as literals (3.3 s against
    /// 2.1 s). Inlined into one closure, the literals were one block that LLVM took time for that grew faster than
    /// its length (see ``ModelCodeGenerator``'s `start()`).
    ///
    /// - Parameters:
    ///   - unspecialized: whether the slots are ModelKit's, their decoders compiled once, generic over the
    ///     property's type (`FieldSlot(unspecialized:)`, under both conditions), rather than compiled here for it;
    ///     such a table is given the struct's type, its fresh fields and a closure that makes the struct from them
    ///     where it is to lie, so that it writes the struct too, and decodes it as another struct's property.
    ///   - fieldsStart: the expression that makes the struct's fresh fields.
    ///   - expected: the literal a mismatch names when the value is not a dictionary.
    private static func table(
        _ slots: [(arguments: String, key: String)], unspecialized: Bool, fieldsStart: String, expected: String
    ) -> [String] {
        let label = unspecialized ? "unspecialized: " : ""
        let fields = ModelCodeGenerator.fieldsTypeName
        let encoding = unspecialized ? ", encoding: Self.self, fields: \(fieldsStart), expected: \(expected)" : ""
        // The closure ModelKit calls to make the struct from its fields where it is to lie (ModelKit's
        // `ModelDecoding`): the generated initializer, which takes every field's value.
        let finish =
            unspecialized
            ? [
                ") { fields, model, keys, context in",
                "    try model.initializeMemory(as: Self.self, to: Self(_decodedFields: &fields.assumingMemoryBound(to: \(fields).self).pointee, keys: keys, context: context))",
                "}",
            ] : [")"]
        let lines = slots.map { "ModelKit.FieldSlot(\(label)\($0.arguments)),  // \($0.key)" }
        guard lines.count > slotsPerLiteral else {
            return ["fileprivate static let _fieldTable = ModelKit.FieldTable(["] + lines.map { "    " + $0 }
                + ["]\(encoding)" + finish[0]] + finish.dropFirst()
        }
        var result = ["fileprivate static let _fieldTable: ModelKit.FieldTable = {"]
        let starts = Array(stride(from: 0, to: lines.count, by: slotsPerLiteral))
        for (number, start) in starts.enumerated() {
            let chunk = lines[start..<min(start + slotsPerLiteral, lines.count)].map { "            " + $0 }
            result += ["    @inline(never) func slots\(number)() -> [ModelKit.FieldSlot] {", "        ["]
            result += chunk + ["        ]", "    }"]
        }
        result += ["    var slots = slots0()"] + starts.indices.dropFirst().map { "    slots += slots\($0)()" }
        return result + ["    return ModelKit.FieldTable(slots\(encoding)" + finish[0]]
            + finish.dropFirst().map { "    " + $0 }
            + ["}()"]
    }

    /// The most slots one array literal of a field table holds.
    static let slotsPerLiteral = 100

    // The keys borrowed: an initializer's parameters are otherwise its own, and the table's closure retained the
    // key table to call it.
    /// The initializer that makes the model from its decoding fields once a field table has read the keys into
    /// them.
    private static func decodedFieldsInitializer(generator: ModelCodeGenerator) -> [String] {
        [
            "",
            "fileprivate init(_decodedFields fields: inout \(ModelCodeGenerator.fieldsTypeName), keys: borrowing ModelKit.KeyTable, context: borrowing ModelKit.DecodingContext) throws {",
            indented(generator.settingStatements(), by: 4),
            "    try context.didDecode(&self)",
            "    try context.validate(self)",
            "}",
        ]
    }

    // Under both conditions too: the fields are a local of the model's own, where a wide model's are on the stack,
    // which ModelKit's code could not give them without a look at the stack's bounds (see ModelKit's
    // `ModelDecoding.largestFields`); going through ModelKit's code, weibo.json took 0.6% more instructions.
    /// The two decoding entry points through the table, which start the fields, have the table read the keys into
    /// them and make the model from them; `expected` is the literal a mismatch names when the value is not a
    /// dictionary.
    private static func tableDecoders(access: String, generator: ModelCodeGenerator, expected: String) -> [String] {
        var lines: [String] = []
        for (name, reader) in [("_decodeJSON", "JSONReader"), ("_decodeObjects", "FoundationObjectReader")] {
            lines += [
                "",
                "\(access)static func \(name)(from reader: inout ModelKit.\(reader), context: borrowing ModelKit.DecodingContext) throws -> Self {",
                "    let keys = \(generator.keysExpression).table(for: context.options.keyStrategy)",
                "    var fields = \(generator.fieldsStart)",
                "    try Self._fieldTable.decode(into: &fields, expected: \(expected), keys: keys, from: &reader, context: context)",
                "    return try Self(_decodedFields: &fields, keys: keys, context: context)",
                "}",
            ]
        }
        return lines
    }

    /// Only the entry points that call the generic code, under ``genericModelsCondition``: what a model that has no
    /// entry points of its own otherwise (internal, or an enum of models) gets, so that the condition leaves its
    /// module nothing compiled for one reader.
    static func genericModelsMembers(access: String, conditions: BuildConditions = .unknown) -> [String] {
        conditions.when(genericModelsCondition) { genericMembers(access: access) }
    }

    private static let specializedDecoding = "Self(from: &reader, context: context)"
    private static let specializedEncoding = "encode(to: &writer, context: context)"
    private static let genericDecoding =
        "ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)"
    private static let genericEncoding =
        "ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)"

    /// The four entry points calling ModelKit's generic code.
    private static func genericMembers(access: String) -> [String] {
        decoders(access: access, decoding: genericDecoding) + [""] + encoders(access: access, encoding: genericEncoding)
    }

    /// The two decoding entry points, each decoding through `decoding`.
    private static func decoders(access: String, decoding: String) -> [String] {
        [
            "\(access)static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {",
            "    try \(decoding)",
            "}",
            "",
            "\(access)static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {",
            "    try \(decoding)",
            "}",
        ]
    }

    /// Under both conditions, the encoding entry points of a struct with a table: JSON and Foundation objects
    /// written by a call of the writer's own `writeField` for each property, compiled in ModelKit; a
    /// wide model (written in parts) through the table.
    private static func tableEncoders(access: String, generator: ModelCodeGenerator, encoding: String) -> [String] {
        guard !generator.isWide else { return encoders(access: access, encoding: encoding) }
        return [
            "\(access)func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {",
            indented(generator.encodingStatements(throughWriter: true), by: 4),
            "}",
            "",
            "\(access)func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {",
            indented(generator.encodingStatements(throughWriter: true), by: 4),
            "}",
        ]
    }

    /// The two encoding entry points, each encoding through `encoding`.
    private static func encoders(access: String, encoding: String) -> [String] {
        [
            "\(access)func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {",
            "    try \(encoding)",
            "}",
            "",
            "\(access)func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {",
            "    try \(encoding)",
            "}",
        ]
    }
}
