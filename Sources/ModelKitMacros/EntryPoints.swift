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
enum EntryPoints {
    /// The compilation condition under which a module's models call the generic code instead (ModelKit's
    /// `ModelEntryPoints.decodeGenerically` and `encodeGenerically`), so that the module compiles each model once.
    static let genericModelsCondition = "MODELKIT_GENERIC_MODELS"

    /// The members, for a model at `access`, or an empty list for a generic model (whose entry points would have
    /// to be compiled for every type it is used with). A subclass inherits its class's, which reach its own code
    /// through `Self` and dynamic dispatch.
    ///
    /// Under ``genericModelsCondition`` every model that is not generic has entry points that call the generic
    /// code, an internal one too, whose conformances would otherwise take ModelKit's defaults, compiled for each
    /// reader in the model's module (``genericModelsMembers(access:)``).
    static func members(access: String, isGeneric: Bool) -> [String] {
        guard !isGeneric else { return [] }
        guard !access.isEmpty else { return genericModelsMembers(access: access) }
        let specialized = members(
            access: access, decoding: "Self(from: &reader, context: context)",
            encoding: "encode(to: &writer, context: context)")
        return ["#if \(genericModelsCondition)"] + genericMembers(access: access) + ["#else"] + specialized + ["#endif"]
    }

    /// Only the entry points that call the generic code, under ``genericModelsCondition``: what a model that has no
    /// entry points of its own otherwise (internal, or an enum of models) gets, so that the condition leaves its
    /// module nothing compiled for one reader.
    static func genericModelsMembers(access: String) -> [String] {
        ["#if \(genericModelsCondition)"] + genericMembers(access: access) + ["#endif"]
    }

    /// The four entry points calling ModelKit's generic code.
    private static func genericMembers(access: String) -> [String] {
        members(
            access: access,
            decoding: "ModelKit.ModelEntryPoints.decodeGenerically(Self.self, from: &reader, context: context)",
            encoding: "ModelKit.ModelEntryPoints.encodeGenerically(self, to: &writer, context: context)")
    }

    /// The four entry points, each decoding through `decoding` or encoding through `encoding`.
    private static func members(access: String, decoding: String, encoding: String) -> [String] {
        [
            "\(access)static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {",
            "    try \(decoding)",
            "}",
            "",
            "\(access)static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {",
            "    try \(decoding)",
            "}",
            "",
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
