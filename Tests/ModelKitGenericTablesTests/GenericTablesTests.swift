import DecodingTablesTestSupport
import Foundation
import PropertyBased
import Synchronization
import Testing

@testable import ModelKit

// This target is compiled with MODELKIT_GENERIC_MODELS and MODELKIT_DECODING_TABLES (Package.swift): the JSON and
// Foundation-object entry points of its public models decode through field tables whose slots are ModelKit's,
// compiled once and generic over the property's type, so that this module compiles nothing for a reader or a
// property's type. Each public model has an internal twin declared alike, which calls ModelKit's generic code
// (ModelEntryPoints.decodeGenerically) and its key switch; the two must decode every input alike. The models are
// ModelKitDecodingTablesTests' (TableModels.swift and WidePublicRecord.swift here are links to its files), and
// below, a struct that holds a class model.

/// A public class model, held by a struct whose table decodes it.
@DictionaryModel
public final class Keeper {
    /// The keeper's name.
    public var name = ""
    /// Creates a keeper.
    public init(name: String) { self.name = name }
}

/// A public struct whose properties hold a class model, optional and in an array.
@DictionaryModel
public struct Kennel {
    /// An optional keeper.
    public var keeper: Keeper?
    /// Keepers.
    public var keepers: [Keeper] = []
}

/// A class model that counts its live instances, for the tests of ``GenericTablesTests/CountedModels`` (which run
/// one at a time).
@DictionaryModel
public final class Tracked {
    /// The instances alive.
    static let live = Atomic<Int>(0)
    /// The name.
    public var name = ""
    /// Counts the instance as it is made, decoded or initialized.
    @Ignored public var counted = Tracked.count()
    /// Creates one.
    public init(name: String) { self.name = name }
    deinit { Self.live.subtract(1, ordering: .relaxed) }

    /// Counts one instance made.
    static func count() -> Bool {
        live.add(1, ordering: .relaxed)
        return true
    }
}

/// A public struct holding an array of counted models, and a dictionary of them.
@DictionaryModel
public struct Pen {
    /// The models.
    public var tracked: [Tracked] = []
    /// The models by name.
    public var byName: [String: Tracked] = [:]
}

/// A public struct of a counted model and a required count, decoded where it lies as a property of ``Shelf``: a
/// failure after its tally is decoded leaves the tally in its fields.
@DictionaryModel
public struct Crate {
    /// A counted model.
    public var tally: Tracked
    /// A required count.
    public var count: Int
}

/// A public struct holding crates, optional and in an array.
@DictionaryModel
public struct Shelf {
    /// An optional crate.
    public var crate: Crate?
    /// Crates.
    public var crates: [Crate] = []
}

/// The shelf's table, named where it is visible.
let shelfFieldTable = Shelf._fieldTable

/// A public struct that holds structs of its own type: nesting as deep as the input goes.
@DictionaryModel
public struct Branch {
    /// A name.
    public var name = ""
    /// The branches below.
    public var branches: [Branch] = []
}

/// A public struct whose properties are dictionaries of struct models: of a model whose optionals are its own bits,
/// and, optional, of one whose are not.
@DictionaryModel
public struct Album: Equatable {
    /// Sellers by key.
    public var sellers: [String: Seller] = [:]
    /// Spots by key.
    public var spots: [String: Spot]?
}

/// ``Album``'s internal twin, which decodes through its key switch and ModelKit's generic dictionary.
@DictionaryModel
struct AlbumTwin: Equatable {
    var sellers: [String: SellerTwin] = [:]
    var spots: [String: SpotTwin]?
}

/// The album's table, named where it is visible.
let albumFieldTable = Album._fieldTable

/// The kennel's table, named where it is visible: this file compiles only where the macro wrote it.
let kennelFieldTable = Kennel._fieldTable

/// A public struct model with a key that snake_case changes.
@DictionaryModel
public struct Badge {
    /// A short name.
    public var shortName = ""
    /// A level.
    public var level = 0
}

/// A public struct whose properties hold struct models and a class model, optional or not, and arrays of them.
@DictionaryModel
public struct Post {
    /// A title.
    public var title = ""
    /// A struct model.
    public var badge = Badge()
    /// A class model.
    public var keeper = Keeper(name: "")
    /// A struct model of two doubles.
    public var origin = Spot()
    /// An optional struct model.
    public var backup: Badge?
    /// An array of struct models.
    public var badges: [Badge] = []
    /// An optional array of struct models.
    public var spares: [Badge]?
    /// An array of class models.
    public var keepers: [Keeper] = []
}

/// The post's table, named where it is visible.
let postFieldTable = Post._fieldTable

@Suite(
    "Generic models decoding through tables of unspecialized slots (MODELKIT_GENERIC_MODELS and MODELKIT_DECODING_TABLES)"
)
struct GenericTablesTests {
    // TableModels.swift names the public models' tables, so that the models compile only where the macro wrote
    // them: what the tests below go through.
    @Test("The target is compiled with both conditions, and a public model has its table")
    func conditionsAreSet() {
        #if MODELKIT_GENERIC_MODELS && MODELKIT_DECODING_TABLES
            let areSet = true
        #else
            let areSet = false
        #endif
        #expect(areSet)
    }

    @Test("Every reader decodes with conversions, both keys of a property, nested models and arrays")
    func decodes() throws {
        try TableDecodingChecks.expectDecodesAsTwin(Listing.self, ListingTwin.self)
        #expect(
            try Listing(json: Data(#"{"title":"Lamp","count":"7","seller":{"name":"S"},"offers":[{"rating":2}]}"#.utf8))
                == Listing(title: "Lamp", count: 7, seller: Seller(name: "S"), offers: [Seller(rating: 2)]))
    }

    @Test("Encoding writes what the twin's generic code writes: the same bytes, keys in order, nil and key options")
    func encodes() throws {
        try TableDecodingChecks.expectEncodesAsTwin(Listing.self, ListingTwin.self)
    }

    @Test("Errors name their key path; a value that is not a dictionary names the model; a missing key is an error")
    func errors() {
        TableDecodingChecks.expectErrorsNameKeyPaths(Listing.self)
    }

    @Test("A public model of 101 properties, in parts, decodes through slots into each part")
    func wideModel() throws {
        try TableDecodingChecks.expectWideRecordDecodes(WidePublicRecord.self)
    }

    @Test("A class model held by a struct decodes through its slot: values, a dropped element's note, a strict error")
    func classModels() throws {
        let json = Data(#"{"keeper":{"name":"A"},"keepers":[{"name":"B"},7,{"name":"C"}]}"#.utf8)
        let decoded = try Kennel.decode(json: json)
        #expect(decoded.model.keeper?.name == "A")
        #expect(decoded.model.keepers.map(\.name) == ["B", "C"])
        #expect(decoded.diagnostics.map(\.path.description) == ["keepers[1]"])
        let object = try JSONSerialization.jsonObject(with: json)
        #expect(try Kennel(object: object).keepers.map(\.name) == ["B", "C"])
        let strict = #expect(throws: MappingError.self) { try Kennel(json: json, options: .strict) }
        #expect(strict?.path == "keepers[1]")
    }

    @Test("An array of more models than its first room holds: every one kept in order, a dropped one noted, errors")
    func manyModels() throws {
        let names = (0..<40).map { "k\($0)" }
        let keepers = names.enumerated().map { $0.offset == 30 ? "[]" : #"{"name":"\#($0.element)"}"# }
        let json = Data(#"{"keepers":[\#(keepers.joined(separator: ","))]}"#.utf8)
        let decoded = try Kennel.decode(json: json)
        #expect(decoded.model.keepers.map(\.name) == names.filter { $0 != "k30" })
        #expect(decoded.diagnostics.map(\.path.description) == ["keepers[30]"])
        let strict = #expect(throws: MappingError.self) { try Kennel(json: json, options: .strict) }
        #expect(strict?.path == "keepers[30]")
        var limited = DecodingOptions()
        limited.maximumCollectionCount = 20
        let tooMany = #expect(throws: MappingError.self) { try Kennel(json: json, options: limited) }
        #expect(tooMany?.path == "keepers")
        let listings = try Listing(json: Data(#"{"title":"t","branches":[\#(keepers.joined(separator: ","))]}"#.utf8))
        #expect(listings.branches?.map(\.name) == names.filter { $0 != "k30" })
    }

    @Test("A model whose optionals are its own bits is decoded in the field; one of two doubles, moved into it")
    func nestedModelsInPlace() throws {
        let slots = listingFieldTables[0].slots
        let keys = Listing.modelKeys.declared.keys
        func slot(_ key: String) throws -> FieldSlot {
            slots[try #require(keys.firstIndex(of: key), "\(key)")]
        }
        func nested(_ key: String) throws -> NestedModelDecoder {
            try #require(try slot(key).nested, "\(key)")
        }
        #expect(try nested("seller").modelIsItsOptionals)
        #expect(try nested("owner").modelIsItsOptionals)
        #expect(try !nested("spot").modelIsItsOptionals)
        #expect(try !nested("origin").modelIsItsOptionals)
        #expect(try nested("branches").shape == .optionalModels)
        #expect(try slot("codes").scalar == .optionalInt64s)
        #expect(try slot("serials").scalar == .int64s)
        // Dictionaries of `Int` and `String` have decoders ModelKit compiles for them; other dictionaries do not.
        for type in [[String: Int].self, [String: Int]?.self, [String: String].self, [String: String]?.self]
            as [Any.Type]
        {
            #expect(FieldSlot.specializedDecoders(for: type) != nil, "\(type)")
        }
        for type in [[String: Double].self, [String: Seller].self, [Int].self, Int.self] as [Any.Type] {
            #expect(FieldSlot.specializedDecoders(for: type) == nil, "\(type)")
        }
        // Arrays of models are allocated from their storage class; single models need no allocator.
        #expect(try nested("offers").arrayAllocator?.stride == MemoryLayout<Seller>.stride)
        #expect(try nested("branches").arrayAllocator != nil)
        #expect(try nested("seller").arrayAllocator == nil)
        // The table's loop reaches a slot's decoder without retaining it: the reference it borrows is the slot's own.
        for slot in slots {
            #expect(slot.borrowedNested?.takeUnretainedValue() === slot.nested)
        }
        // Dictionaries of models have a decoder of their own shape.
        let albumSlots = albumFieldTable.slots
        #expect(albumSlots.map { $0.nested?.shape } == [.modelsByKey, .optionalModelsByKey])
        #expect(albumSlots.allSatisfy { $0.nested?.arrayAllocator == nil })
    }

    @Test("A dictionary of models: the last value of a key kept, a failed one dropping it, limits, nulls, errors")
    func dictionariesOfModels() throws {
        let json = Data(
            #"{"sellers":{"a":{"name":"A"},"b":{"name":"B"},"a":{"name":"A2"},"c":7,"d":{"name":"D"},"d":{"rating":-1},"e":{"rating":"x"},"e":{"name":"E"}},"spots":{"p":{"x":1},"q":{"y":"2"}}}"#
                .utf8)
        let decoded = try Album.decode(json: json)
        #expect(decoded.model.sellers == ["a": Seller(name: "A2"), "b": Seller(name: "B"), "e": Seller(name: "E")])
        #expect(decoded.model.spots == ["p": Spot(x: 1), "q": Spot(y: 2)])
        #expect(
            decoded.diagnostics.map(\.path.description) == [
                "sellers.c", "sellers.d.name", "sellers.d", "sellers.e.rating", "sellers.e.name", "spots.p.y",
                "spots.q.y", "spots.q.x",
            ])
        // Strictly, the first failure no later value replaces is thrown once every entry is read.
        let strict = #expect(throws: MappingError.self) { try Album(json: json, options: .strict) }
        #expect(strict?.path == "sellers.c")
        let replaced = Data(#"{"sellers":{"a":7,"b":{"name":"B"},"a":{"name":"A"}}}"#.utf8)
        #expect(
            try Album(json: replaced, options: .strict).sellers == ["a": Seller(name: "A"), "b": Seller(name: "B")])
        // The limit counts keys, not entries.
        var limited = DecodingOptions()
        limited.maximumCollectionCount = 2
        #expect(try Album(json: replaced, options: limited).sellers.count == 2)
        let tooMany = #expect(throws: MappingError.self) {
            try Album(json: Data(#"{"sellers":{"a":{},"b":{},"c":{}}}"#.utf8), options: limited)
        }
        #expect(tooMany?.path == "sellers")
        // Empty, null and not a dictionary.
        #expect(try Album(json: Data(#"{"sellers":{},"spots":{}}"#.utf8)) == Album(sellers: [:], spots: [:]))
        #expect(try Album(json: Data(#"{"spots":null}"#.utf8)).spots == nil)
        let notDictionary = #expect(throws: MappingError.self) {
            try Album(json: Data(#"{"sellers":[{"name":"A"}]}"#.utf8), options: .strict)
        }
        #expect(notDictionary?.path == "sellers")
        // From Foundation objects, through the same slot.
        let object: [String: Any] = ["sellers": ["a": ["name": "A"], "b": 7], "spots": ["p": ["x": 1.5]]]
        let fromObject = try Album.decode(object: object)
        #expect(fromObject.model == Album(sellers: ["a": Seller(name: "A")], spots: ["p": Spot(x: 1.5)]))
        #expect(fromObject.diagnostics.map(\.path.description).sorted() == ["sellers.b", "spots.p.y"])
    }

    @Test("Arrays allocated from their storage class are arrays: count, capacity, elements, copies, growth, release")
    func allocatedArrays() throws {
        let allocator = try #require(ModelArrayAllocator.make(for: Keeper.self))
        // Two of three places initialized, then the storage taken as an array.
        let storage = allocator.allocate(capacity: 3)
        weak var released: Keeper?
        do {
            let keepers = [Keeper(name: "A"), Keeper(name: "B")]
            released = keepers[0]
            for (index, keeper) in keepers.enumerated() {
                (storage + allocator.elementOffset + index * allocator.stride).initializeMemory(
                    as: Keeper.self, to: keeper)
                allocator.setCount(index + 1, of: storage)
            }
        }
        var array = unsafeBitCast(Unmanaged<AnyObject>.fromOpaque(storage).takeRetainedValue(), to: [Keeper].self)
        #expect(array.map(\.name) == ["A", "B"])
        #expect(array.capacity == 3)
        let copy = array
        array.append(Keeper(name: "C"))
        array.append(Keeper(name: "D"))  // past the capacity: the standard library grows it
        #expect(array.map(\.name) == ["A", "B", "C", "D"])
        #expect(copy.map(\.name) == ["A", "B"])
        #expect(released != nil)
        array = []
        #expect(released != nil)  // the copy holds it
        _ = consume copy
        #expect(released == nil)
        // Released before it is an array, a storage destroys the elements its count covers.
        let dropped = allocator.allocate(capacity: 2)
        weak var droppedKeeper: Keeper?
        do {
            let keeper = Keeper(name: "E")
            droppedKeeper = keeper
            (dropped + allocator.elementOffset).initializeMemory(as: Keeper.self, to: keeper)
            allocator.setCount(1, of: dropped)
        }
        #expect(droppedKeeper != nil)
        allocator.release(dropped)
        #expect(droppedKeeper == nil)
        // Decoded through it: a listing's offers, then changed as any array.
        var listing = try Listing(json: Data(#"{"title":"t","offers":[{"name":"A"},{"name":"B"}]}"#.utf8))
        listing.offers.append(Seller(name: "C"))
        listing.offers.removeFirst()
        #expect(listing.offers.map(\.name) == ["B", "C"])
    }

    /// The tests that count ``Tracked``'s live instances, one at a time.
    @Suite(.serialized)
    struct CountedModels {
        @Test(
            "An array of models that outgrows its room is grown and, if an element fails, released with every model in it"
        )
        func grownArraysReleaseTheirModels() throws {
            func json(_ names: [String], then last: String) -> Data {
                Data(#"{"tracked":[\#((names.map { #"{"name":"\#($0)"}"# } + [last]).joined(separator: ","))]}"#.utf8)
            }
            // The first room is 4: the fifth model grows the storage and fails it strictly, the sixth after one more.
            for names in [["a", "b", "c", "d"], ["a", "b", "c", "d", "e"]] {
                let failing = json(names, then: #"{"name":6}"#)
                let error = #expect(throws: MappingError.self) { try Pen(json: failing, options: .strict) }
                #expect(error?.path.description == "tracked[\(names.count)].name")
                #expect(Tracked.live.load(ordering: .relaxed) == 0)
            }
            // Grown twice, every model kept in order, and released with the array.
            do {
                let names = (0..<9).map { "m\($0)" }
                let pen = try Pen(json: json(names, then: #"{"name":"last"}"#))
                #expect(pen.tracked.map(\.name) == names + ["last"])
                #expect(Tracked.live.load(ordering: .relaxed) == 10)
            }
            #expect(Tracked.live.load(ordering: .relaxed) == 0)
            // A dictionary's models: one replaced, one dropped, its room grown (4 at first), then released with it.
            let byName = Data(
                #"{"byName":{"a":{"name":"a"},"b":{"name":"b"},"c":{"name":"c"},"a":{"name":"a2"},"d":{"name":"d"},"b":7,"e":{"name":"e"},"f":{"name":"f"}}}"#
                    .utf8)
            do {
                let pen = try Pen(json: byName)
                #expect(pen.byName.mapValues(\.name) == ["a": "a2", "c": "c", "d": "d", "e": "e", "f": "f"])
                #expect(Tracked.live.load(ordering: .relaxed) == 5)
            }
            #expect(Tracked.live.load(ordering: .relaxed) == 0)
            // Strictly, the failure is thrown at the end, and every model decoded is released.
            let failed = #expect(throws: MappingError.self) { try Pen(json: byName, options: .strict) }
            #expect(failed?.path.description == "byName.b")
            #expect(Tracked.live.load(ordering: .relaxed) == 0)
            // An error that ends decoding at once (too many keys) releases them too.
            var limited = DecodingOptions()
            limited.maximumCollectionCount = 4
            let tooMany = #expect(throws: MappingError.self) { try Pen(json: byName, options: limited) }
            #expect(tooMany?.path.description == "byName")
            #expect(Tracked.live.load(ordering: .relaxed) == 0)
        }

        @Test(
            "A struct held by another is decoded where it lies through its table once found; a failure destroys its fields"
        )
        func modelsDecodedWhereTheyLie() throws {
            let json = Data(
                #"{"crate":{"tally":{"name":"a"},"count":1},"crates":[{"tally":{"name":"b"},"count":2},{"tally":{"name":"c"},"count":3}]}"#
                    .utf8)
            // The first decoding goes through the crate's entry point, which makes its table; the slots then find it.
            _ = try Shelf(json: json)
            #expect(Tracked.live.load(ordering: .relaxed) == 0)
            let crateTable = try #require(FieldTable.decoding(ObjectIdentifier(Crate.self)))
            #expect(crateTable.table.decoding?.expected == "Crate (a dictionary)")
            #expect(
                shelfFieldTable.slots.allSatisfy { $0.nested?.modelTable.table()?.takeUnretainedValue() === crateTable }
            )
            // A class is decoded through its entry point.
            #expect(FieldTable.decoding(ObjectIdentifier(Tracked.self)) == nil)
            // From JSON and from Foundation objects, through the table: the models, held and released with the shelf.
            let object = try JSONSerialization.jsonObject(with: json)
            for shelf in [try Shelf(json: json), try Shelf(object: object)] {
                #expect(shelf.crate?.tally.name == "a" && shelf.crate?.count == 1)
                #expect(shelf.crates.map(\.tally.name) == ["b", "c"] && shelf.crates.map(\.count) == [2, 3])
            }
            #expect(Tracked.live.load(ordering: .relaxed) == 0)
            // A value that fails after the tally was decoded, a missing key, and a value that is not a dictionary: the
            // fields decoded so far are destroyed, strictly and leniently.
            let failing = [
                (#"{"crate":{"tally":{"name":"a"},"count":"x"}}"#, "crate.count"),
                (#"{"crates":[{"tally":{"name":"a"}}]}"#, "crates[0].count"),
                (
                    #"{"crate":{"count":1,"tally":{"name":"a"}},"crates":[{"count":1,"tally":{"name":"b"},"tally":7}]}"#,
                    "crates[0].tally"
                ),
                (#"{"crates":[{"tally":{"name":"a"},"count":1},[]]}"#, "crates[1]"),
            ]
            for (text, path) in failing {
                let strict = #expect(throws: MappingError.self) { try Shelf(json: Data(text.utf8), options: .strict) }
                #expect(strict?.path.description == path)
                let lenient = try Shelf.decode(json: Data(text.utf8))
                // Leniently, the crate is dropped with a note at its path, or at an element's.
                #expect(lenient.diagnostics.contains { path.hasPrefix($0.path.description) })
                #expect(lenient.model.crates.allSatisfy { $0.tally.name != "b" })
            }
            #expect(Tracked.live.load(ordering: .relaxed) == 0)
            // Not a dictionary: named as the model's entry point names it.
            let mismatch = #expect(throws: MappingError.self) {
                try Shelf(json: Data(#"{"crate":5}"#.utf8), options: .strict)
            }
            #expect(mismatch?.path.description == "crate")
            #expect("\(mismatch.map { String(describing: $0) } ?? "")".contains("Crate (a dictionary)"))
        }
    }

    @Test(
        "A struct nested in its own type decodes and is written through its table to the depth limit, then fails with it"
    )
    func deepNesting() throws {
        func json(depth: Int) -> Data {
            Data(
                (String(repeating: #"{"name":"b","branches":["#, count: depth) + String(repeating: "]}", count: depth))
                    .utf8)
        }
        func depth(of branch: Branch) -> Int {
            var depth = 0
            var level = branch.branches
            while let next = level.first {
                depth += 1
                level = next.branches
            }
            return depth
        }
        // Twice, so that the second decoding goes through the branches' table, found after the first.
        for _ in 0..<2 { #expect(depth(of: try Branch(json: json(depth: 200))) == 199) }
        #expect(FieldTable.decoding(ObjectIdentifier(Branch.self)) != nil)
        let tooDeep = #expect(throws: MappingError.self) { try Branch(json: json(depth: 600)) }
        #expect(tooDeep.map { String(describing: $0) }?.contains("nested deeper than the limit of 512") == true)
        // With no depth limit, the stack guard stops it before the stack runs out.
        var unlimited = DecodingOptions()
        unlimited.maximumDepth = .max
        #expect(throws: MappingError.self) { try Branch(json: json(depth: 200_000), options: unlimited) }
        // Written by the entry points' calls, each branch and each array a level: past the depth where the stack is
        // checked (two hundred branches), and stopped at a maximum below it.
        let deep = try Branch(json: json(depth: 200))
        #expect(depth(of: try Branch(json: try deep.jsonData())) == 199)
        #expect(depth(of: try Branch(dictionary: try deep.dictionary())) == 199)
        var shallow = EncodingOptions()
        shallow.maximumDepth = 50
        #expect(throws: MappingError(.tooDeep(limit: 50), at: ValuePath())) { try deep.jsonData(options: shallow) }
        #expect(throws: MappingError(.tooDeep(limit: 50), at: ValuePath())) { try deep.dictionary(options: shallow) }
        // A model shallower than that depth, deeper than its maximum.
        let twenty = try Branch(json: json(depth: 20))
        shallow.maximumDepth = 10
        #expect(throws: MappingError(.tooDeep(limit: 10), at: ValuePath())) { try twenty.jsonData(options: shallow) }
        #expect(throws: MappingError(.tooDeep(limit: 10), at: ValuePath())) { try twenty.dictionary(options: shallow) }
    }

    @Test("A struct's table writes it through ModelKit's loop: found from its metadata, else its generated encode")
    func encodingTables() throws {
        #expect(listingFieldTables.allSatisfy { $0.encoding != nil })
        #expect(kennelFieldTable.encoding != nil)
        #expect(widePublicRecordFieldTable.encoding?.entries.count == 101)
        // The listing's properties in declaration order, each under its first key.
        let keys = Listing.modelKeys.declared.keys
        let listing = try #require(listingFieldTables[0].encoding)
        #expect(listing.entries.map { keys[$0.keyIndex] }.prefix(3) == ["id", "user_name", "score"])
        #expect(listing.entries.map(\.offset) == listing.entries.map(\.offset).sorted())
        // A table whose struct is not the one its fields belong to has no encoding, and writes through `encode`.
        let slots = kennelFieldTable.slots
        #expect(FieldTable(slots, encoding: Keeper.self, fields: Kennel._DecodingFields.self).encoding == nil)
        #expect(FieldTable(slots, encoding: Seller.self, fields: Kennel._DecodingFields.self).encoding == nil)
        // Both write what the struct's generated `encode` writes.
        let kennel = Kennel(keeper: Keeper(name: "A"), keepers: [Keeper(name: "B")])
        var generated = JSONWriter()
        try kennel.encode(to: &generated, context: EncodingContext())
        for table in [kennelFieldTable, FieldTable(slots, encoding: Seller.self, fields: Kennel._DecodingFields.self)] {
            var writer = JSONWriter()
            try table.encode(kennel, keys: Kennel.modelKeys.declared, to: &writer, context: EncodingContext())
            #expect(writer.bytes == generated.bytes)
        }
        // To a writer without a loop here (the generic `encode`'s one call under both conditions), through the loop
        // for any writer, its classes through their own code; a table that cannot write the struct says so.
        var tableValue = ValueWriter()
        try kennelFieldTable.encode(
            kennel, keys: Kennel.modelKeys.declared, toAny: &tableValue, context: EncodingContext())
        let keeper = { (name: String) in Value.dictionary(["name": .string(name)]) }
        #expect(tableValue.result == .dictionary(["keeper": keeper("A"), "keepers": .array([keeper("B")])]))
        var noValue = ValueWriter()
        let unwritable = #expect(throws: MappingError.self) {
            try FieldTable(slots, encoding: Keeper.self, fields: Kennel._DecodingFields.self).encode(
                kennel, keys: Kennel.modelKeys.declared, toAny: &noValue, context: EncodingContext())
        }
        #expect(unwritable?.description.contains("Kennel") == true)
        // A model of another type than the table's is written by its own `encode`, not read through the offsets.
        let seller = Seller(name: "S", rating: 2)
        var sellerWriter = JSONWriter()
        try kennelFieldTable.encode(
            seller, keys: Seller.modelKeys.declared, to: &sellerWriter, context: EncodingContext())
        #expect(sellerWriter.bytes == Array(try seller.jsonData()))
    }

    @Test("An array of structs with tables is written where its elements lie, through their table: as their own encode")
    func arraysOfTableModels() throws {
        let sellers = [Seller(name: "A", rating: 1), Seller(name: "B"), Seller(name: "C", rating: 3)]
        _ = try sellers[0].propertyListData()  // Seller's table is made (a property list is written through it).
        #expect(FieldTable.writing(Seller.self)?.table.encoding?.model == Seller.self)
        #expect(FieldTable.writing(Keeper.self) == nil)  // a class: no encoding table
        // A table made later for a registered struct does not replace the struct's own, which `_encodeJSON` uses.
        let kennelEncoding = try #require(kennelFieldTable.encoding)
        let other = FieldTable(kennelFieldTable.slots, encoding: Kennel.self, fields: Kennel._DecodingFields.self)
        #expect(other.encoding != nil && other.encoding !== kennelEncoding)
        #expect(FieldTable.writing(Kennel.self)?.table.encoding === kennelEncoding)
        for options in defaultAndWrittenOptions {
            // Each element as its own generated `encode` writes it, in order.
            let context = EncodingContext(options: options)
            var expected = JSONWriter()
            try expected.beginArray(count: sellers.count)
            for seller in sellers { try seller.encode(to: &expected, context: context) }
            try expected.endArray()
            var json = JSONWriter()
            #expect(try FieldTable.encodeModels(sellers, to: &json, context: context))
            #expect(String(decoding: json.bytes, as: UTF8.self) == String(decoding: expected.bytes, as: UTF8.self))
            var objects = FoundationObjectWriter()
            #expect(try FieldTable.encodeModels(sellers, to: &objects, context: context))
            let written = try #require(objects.result as? [NSDictionary])
            #expect(written == (try sellers.map { try $0.dictionary(options: options) as NSDictionary }))
        }
        // An empty array of any type is written as one; a writer without the tables' loops, or elements without a
        // table, are left to the generic code.
        var empty = JSONWriter()
        #expect(try FieldTable.encodeModels([Keeper](), to: &empty, context: EncodingContext()))
        #expect(empty.bytes == Array("[]".utf8))
        var values = ValueWriter()
        #expect(try !FieldTable.encodeModels(sellers, to: &values, context: EncodingContext()))
        var keepers = JSONWriter()
        #expect(try !FieldTable.encodeModels([Keeper(name: "K")], to: &keepers, context: EncodingContext()))
        #expect(keepers.bytes.isEmpty)
        // Through a listing's `offers`, the bytes are the twin's (also checked by `encodes`, with every option).
        let listing = Listing(title: "L", offers: sellers)
        let twin = ListingTwin(title: "L", offers: sellers.map { SellerTwin(name: $0.name, rating: $0.rating) })
        #expect(try listing.jsonData() == twin.jsonData())
    }

    @Test("A dictionary of structs with tables is written through their table, sorted by key: as the generic code")
    func dictionariesOfTableModels() throws {
        let sellers = ["b": Seller(name: "B"), "c": Seller(name: "C", rating: 3), "a": Seller(name: "A", rating: 1)]
        _ = try sellers["a"]!.propertyListData()  // Seller's table is made (a property list is written through it).
        for options in defaultAndWrittenOptions {
            // What the dictionary's own generic code writes: keys sorted, each value as its generated `encode` does.
            let context = EncodingContext(options: options)
            var expected = JSONWriter()
            try sellers.encodeEntries(to: &expected, context: context)
            #expect(String(decoding: expected.bytes, as: UTF8.self).hasPrefix(#"{"a":{"name":"A","#))
            var json = JSONWriter()
            #expect(try FieldTable.encodeModels(sellers, to: &json, context: context))
            #expect(String(decoding: json.bytes, as: UTF8.self) == String(decoding: expected.bytes, as: UTF8.self))
        }
        // A property list (which has no null).
        var plist = BinaryPropertyListWriter()
        #expect(try FieldTable.encodeModels(sellers, to: &plist, context: EncodingContext()))
        var expectedPlist = BinaryPropertyListWriter()
        try sellers.encodeEntries(to: &expectedPlist, context: EncodingContext())
        #expect(try plist.makeData() == expectedPlist.makeData())
        // An empty dictionary, a writer without the tables' loops, or values without a table, are left to the generic
        // code, having written nothing.
        var empty = JSONWriter()
        #expect(try !FieldTable.encodeModels([String: Seller](), to: &empty, context: EncodingContext()))
        var values = ValueWriter()
        #expect(try !FieldTable.encodeModels(sellers, to: &values, context: EncodingContext()))
        var keepers = JSONWriter()
        #expect(try !FieldTable.encodeModels(["k": Keeper(name: "K")], to: &keepers, context: EncodingContext()))
        #expect(empty.bytes.isEmpty && keepers.bytes.isEmpty)
        // Through a listing's `stores`, the bytes are the twin's (also checked by `encodes`, with every option).
        let listing = Listing(title: "L", stores: sellers)
        let twin = ListingTwin(title: "L", stores: sellers.mapValues { SellerTwin(name: $0.name, rating: $0.rating) })
        #expect(try listing.jsonData() == twin.jsonData())
    }

    @Test(
        "A property holding a struct model, an array of them or an optional, is written through the model's table in place"
    )
    func nestedModelsWrittenInPlace() throws {
        let post = Post(
            title: "T", badge: Badge(shortName: "B", level: 2), keeper: Keeper(name: "K"), origin: Spot(x: 1),
            backup: Badge(shortName: "C"), badges: [Badge(shortName: "D", level: 1), Badge(shortName: "E")],
            spares: [Badge(level: 3)], keepers: [Keeper(name: "L"), Keeper(name: "M")])
        var bare = post
        bare.backup = nil
        bare.badges = []
        bare.spares = nil
        bare.keepers = []
        var emptySpares = bare
        emptySpares.spares = []
        // A table of its own, whose look-ups have not run (another test may have written posts through the post's).
        let table = FieldTable(postFieldTable.slots, encoding: Post.self, fields: Post._DecodingFields.self)
        let encoding = try #require(table.encoding)
        let keys = Post.modelKeys.declared.keys
        var nested: [String: NestedModelWriting] = [:]
        for entry in encoding.entries { nested[keys[entry.keyIndex]] = entry.nested?.takeUnretainedValue() }
        #expect(Set(nested.keys) == ["badge", "keeper", "origin", "backup", "badges", "spares", "keepers"])
        #expect(nested["badges"]?.array != nil && nested["spares"]?.array != nil && nested["spares"]?.optional != nil)
        #expect(nested["badges"]?.stride == MemoryLayout<Badge>.stride && nested["badge"]?.array == nil)
        #expect(nested.values.allSatisfy { $0.writing() == nil })
        #expect(nested["backup"]?.optional != nil && nested["badge"]?.optional == nil)
        var snakeCase = EncodingOptions()
        snakeCase.keyStrategy = .snakeCase
        snakeCase.nilEncoding = .writeNull
        func json(_ post: Post, _ options: EncodingOptions) throws -> String {
            var json = JSONWriter()
            try withUnsafePointer(to: post) { post in
                try JSONWriter.encode(
                    table, model: post, keys: Post.modelKeys.table(for: options.keyStrategy), to: &json,
                    context: EncodingContext(options: options))
            }
            return String(decoding: json.bytes, as: UTF8.self)
        }
        // A `nil` optional and empty arrays first: nothing is looked up for them, as nothing made their model's table.
        #expect(try json(bare, EncodingOptions()).hasSuffix(#","badges":[],"keepers":[]}"#))
        #expect(nested["backup"]?.writing() == nil && nested["badges"]?.writing() == nil)
        #expect(nested["keepers"]?.writing() == nil && nested["keepers"]?.hasNoTable == false)
        // JSON and Foundation objects first: a model's entry points write it by a call for each property and make no
        // table, so a table they do not find is looked up again later, not taken for missing.
        _ = try json(post, EncodingOptions())
        #expect(nested["badge"]?.hasNoTable == false && nested["badges"]?.hasNoTable == false)
        // A class has no table: JSON keeps it missing after one look, so as not to look for it on every write.
        #expect(nested["keeper"]?.hasNoTable == true && nested["keepers"]?.hasNoTable == true)
        var firstObjects = FoundationObjectWriter()
        try withUnsafePointer(to: post) { post in
            try FoundationObjectWriter.encode(
                table, model: post, keys: Post.modelKeys.declared, to: &firstObjects, context: EncodingContext())
        }
        #expect(nested["badge"]?.hasNoTable == false && nested["spares"]?.hasNoTable == false)
        // A property list has no entry point: written through the tables, it makes the models' tables.
        _ = try post.propertyListData()
        // The first round finds the models' tables; the second writes through them.
        for _ in 1...2 {
            for options in [EncodingOptions(), snakeCase] {
                for post in [post, bare, emptySpares] {
                    let context = EncodingContext(options: options)
                    var expected = JSONWriter()
                    try post.encode(to: &expected, context: context)
                    #expect(try json(post, options) == String(decoding: expected.bytes, as: UTF8.self))
                    var objects = FoundationObjectWriter()
                    try withUnsafePointer(to: post) { post in
                        try FoundationObjectWriter.encode(
                            table, model: post, keys: Post.modelKeys.table(for: options.keyStrategy), to: &objects,
                            context: context)
                    }
                    #expect(objects.result as? NSDictionary == (try post.dictionary(options: options) as NSDictionary))
                }
            }
        }
        #expect(
            try json(post, snakeCase)
                == #"{"title":"T","badge":{"short_name":"B","level":2},"keeper":{"name":"K"},"origin":{"x":1.0,"y":0.0},"#
                + #""backup":{"short_name":"C","level":0},"badges":[{"short_name":"D","level":1},"#
                + #"{"short_name":"E","level":0}],"spares":[{"short_name":"","level":3}],"#
                + #""keepers":[{"name":"L"},{"name":"M"}]}"#)
        #expect(try json(bare, snakeCase).hasSuffix(#""backup":null,"badges":[],"spares":null,"keepers":[]}"#))
        #expect(try json(emptySpares, snakeCase).hasSuffix(#""badges":[],"spares":[],"keepers":[]}"#))
        #expect(try json(bare, EncodingOptions()).hasSuffix(#""origin":{"x":1.0,"y":0.0},"badges":[],"keepers":[]}"#))
        #expect(nested["badge"]?.writing()?.takeUnretainedValue() === FieldTable.writing(Badge.self))
        #expect(nested["backup"]?.writing()?.takeUnretainedValue() === FieldTable.writing(Badge.self))
        #expect(nested["origin"]?.writing()?.takeUnretainedValue() === FieldTable.writing(Spot.self))
        #expect(FieldTable.writing(Badge.self) != nil)
        #expect(nested["badges"]?.writing()?.takeUnretainedValue() === FieldTable.writing(Badge.self))
        #expect(nested["spares"]?.writing()?.takeUnretainedValue() === FieldTable.writing(Badge.self))
        // Classes: written the generic way.
        #expect(nested["keeper"]?.writing() == nil && nested["keeper"]?.hasNoTable == true)
        #expect(nested["keepers"]?.writing() == nil && nested["keepers"]?.hasNoTable == true)
    }

    @Test("Property: from every reader, strictly and leniently, the table decodes as the switch")
    func tableDecodesAsSwitch() async {
        await TableDecodingChecks.expectTableDecodesAsSwitch(Listing.self, ListingTwin.self)
    }

    @Test("Property: dictionaries of models, keys repeated, values failing, decode through the table as the switch")
    func dictionariesDecodeAsSwitch() async {
        let entryKeys = Gen<String?>.element(of: ["a", "b", "c", "d", "e", "f"]).map { $0! }
        let entryValues = Gen<String?>.element(of: [
            #"{"name":"A"}"#, #"{"name":"B","rating":2}"#, #"{"rating":-1}"#, #"{"rating":"x"}"#, #"{"name":5}"#, "7",
            "null", "[]", #"{"x":1,"y":"2"}"#, #"{"x":"far"}"#, "{}",
        ]).map { $0! }
        let dictionaries = zip(entryKeys, entryValues).array(of: 0...9).map { entries in
            "{" + entries.map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}"
        }
        let properties = Gen<String?>.element(of: ["sellers", "spots", "other"]).map { $0! }
        let values = Gen<String>.oneOf(
            dictionaries, Gen<String?>.element(of: ["null", "[]", "7", #""{}""#]).map { $0! })
        let objects = zip(properties, values).array(of: 0...3).map { members in
            "{" + members.map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}"
        }
        var limited = DecodingOptions()
        limited.maximumCollectionCount = 4
        await propertyCheck(count: 300, input: objects) { text in
            let json = Data(text.utf8)
            for options in [DecodingOptions.strict, DecodingOptions(), limited] {
                #expect(
                    TableDecodingChecks.outcome { try Album.decode(json: json, options: options) }
                        == TableDecodingChecks.outcome { try AlbumTwin.decode(json: json, options: options) }
                        .replacingOccurrences(of: "Twin", with: ""), "\(text)")
                let object = try? JSONSerialization.jsonObject(with: json)
                guard let object else { continue }
                #expect(
                    TableDecodingChecks.outcome { try Album.decode(object: object, options: options) }
                        == TableDecodingChecks.outcome { try AlbumTwin.decode(object: object, options: options) }
                        .replacingOccurrences(of: "Twin", with: ""), "\(text)")
            }
        }
    }
}

/// The default encoding options, and snake-case keys with `nil` written as null.
private let defaultAndWrittenOptions: [EncodingOptions] = {
    var written = EncodingOptions()
    written.keyStrategy = .snakeCase
    written.nilEncoding = .writeNull
    return [EncodingOptions(), written]
}()
