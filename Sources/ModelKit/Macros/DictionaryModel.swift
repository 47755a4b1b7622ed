/// Makes a struct, class or enum a model: it decodes from `[String: Any]`, `NSDictionary`, JSON and property
/// lists, encodes back, and is `Codable` — with no hand-typed string keys.
///
/// ```swift
/// @DictionaryModel
/// struct TestModel {
///     @Key("id") var _id = ""
///     var name = ""
///     var age = 0                    // "10" → 10
///     var user: UserModel?
///     var arrUsers: [UserModel] = [] // the element type comes from the declaration
/// }
/// let model = try TestModel(dictionary: ["id": "121", "name": "張三", "age": "10"])
/// ```
///
/// - Parameters:
///   - keyStrategy: how property names become keys, unless a property names its keys with ``Key(_:)``.
///   - inheritsFromModel: `true` on a class whose superclass is itself a model, so that both decode from the
///     same dictionary.
///   - discriminator: on an enum whose cases each hold one model, the key that names the case
///     (polymorphic decoding).
///
/// A `public` or `package` struct also gets its memberwise initializer at that access, which Swift would make
/// `internal`: every stored property in order, initial values as defaults, `nil` for optional `var`s, and a first
/// parameter of type ``MemberwiseMarker`` with a default, which calls leave out. It is left out when the struct
/// declares an initializer, when a stored property it would set is less visible than the struct, or when a
/// property's type is neither written nor plain from a literal or `Type()`.
///
/// A `public` or `package` struct or class also gets entry points compiled for JSON and Foundation objects (see
/// ``ModelEntryPoints``), so that it decodes as fast from another module as from its own.
///
/// A key that appears more than once in one dictionary counts with its last value, as in Foundation's
/// `JSONSerialization` and in every ``Value`` tree, whichever source the model decodes from.
@attached(
    member,
    names: named(init), named(encode), named(modelKeys), prefixed(modelKeysOf), named(_DecodingFields),
    named(_DecodingParts), named(_decodeJSON), named(_decodeObjects), named(_encodeJSON), named(_encodeObjects))
@attached(
    extension, conformances: KeyedModel, ModelDecodable, ModelEncodable, Decodable, Encodable,
    names: named(init), named(encode), named(modelKeys), named(_DecodingFields), named(_DecodingParts),
    named(_decodeJSON), named(_decodeObjects), named(_encodeJSON), named(_encodeObjects), named(_modelKitDefault),
    named(_fieldTable), named(_startFields), named(_decodeField), named(_finishFields))
public macro DictionaryModel(
    keyStrategy: ModelKeyStrategy = .propertyNames,
    inheritsFromModel: Bool = false,
    discriminator: String? = nil
) = #externalMacro(module: "ModelKitMacros", type: "DictionaryModelMacro")

/// The keys a property reads, in order of preference: the first one present in the data wins, wherever it is
/// in the dictionary (in lenient mode, the first whose value can be used). A key may be a path into nested
/// data, `"info.city"` or `"images[0].url"`. The first key is the one written back.
///
/// Keys follow the grammar ``ValuePath/init(parsing:)`` reads (see <doc:Architecture#One-key-path-grammar>):
/// keys separated by single dots, each followed by any indexes in brackets. A key that breaks it — `"a..b"`,
/// `"a[x]"` — is an error at compile time, as is a path that starts with an index; a key that holds a dot or a
/// bracket cannot be read with `@Key`.
@attached(peer)
public macro Key(_ keys: String...) = #externalMacro(module: "ModelKitMacros", type: "MarkerMacro")

/// Leaves a property out of decoding and encoding; it keeps its initial value.
@attached(peer)
public macro Ignored() = #externalMacro(module: "ModelKitMacros", type: "MarkerMacro")

/// Converts a property's value with `transform` on the way in and out, instead of the conversion table.
///
/// When the property's type is written, `@Transform` adds a private accessor beside it that checks at compile
/// time that the transform's output is that type; a mismatch is one error at the property, such as
/// "static method 'transform(_:producing:)' requires the types 'Int' and '[String]' be equivalent". Without a
/// type annotation the macro cannot name the type, and a mismatch shows in the code `@DictionaryModel`
/// generates instead.
@attached(peer, names: prefixed(_modelKitTransform_))
public macro Transform<T: ValueTransform>(_ transform: T) =
    #externalMacro(module: "ModelKitMacros", type: "TransformMacro")

/// How `@DictionaryModel` turns property names into keys.
public enum ModelKeyStrategy: Sendable, Hashable {
    /// The names as written.
    case propertyNames
    /// snake_case, with acronyms kept whole: `imageURL` ↔ `image_url`, `userID` ↔ `user_id`.
    case snakeCase
}
