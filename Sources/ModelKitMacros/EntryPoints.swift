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
enum EntryPoints {
    /// The members, for a model at `access`, or an empty list for an internal or generic model (whose entry
    /// points would have to be compiled for every type it is used with). A subclass inherits its class's, which
    /// reach its own code through `Self` and dynamic dispatch.
    static func members(access: String, isGeneric: Bool) -> [String] {
        guard !access.isEmpty, !isGeneric else { return [] }
        return [
            "\(access)static func _decodeJSON(from reader: inout ModelKit.JSONReader, context: borrowing ModelKit.DecodingContext) throws -> Self {",
            "    try Self(from: &reader, context: context)",
            "}",
            "",
            "\(access)static func _decodeObjects(from reader: inout ModelKit.FoundationObjectReader, context: borrowing ModelKit.DecodingContext) throws -> Self {",
            "    try Self(from: &reader, context: context)",
            "}",
            "",
            "\(access)func _encodeJSON(to writer: inout ModelKit.JSONWriter, context: ModelKit.EncodingContext) throws {",
            "    try encode(to: &writer, context: context)",
            "}",
            "",
            "\(access)func _encodeObjects(to writer: inout ModelKit.FoundationObjectWriter, context: ModelKit.EncodingContext) throws {",
            "    try encode(to: &writer, context: context)",
            "}",
        ]
    }
}
