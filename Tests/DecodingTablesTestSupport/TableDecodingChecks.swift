import Foundation
import ModelKit
import PropertyBased
import Testing

/// What the test targets that compile their models with `MODELKIT_DECODING_TABLES` check, each against models of the
/// same shape: a public `Listing`, whose entry points decode through its field table, and an internal twin declared
/// alike, which has no entry points of its own and decodes through the key switch of its generic initializer.
///
/// A listing has the properties `id` (`Int`), `name` (`String?`, read from `user_name`, else `name`), `score`
/// (`Double`), `active` (`Bool?`), `title` (a required `String`), `count` (`Int64`), `total` (`Int64?`), `price`
/// (`Decimal`), `tags` (`[String]`), `aliases` (`[String]?`), `ids` (`[Int]`), `ranks` (`[Int]?`), `weights`
/// (`[Double]`), `bounds` (`[Double]?`), `listed` (`Date`), `updated` (`Date?`), `page` (`URL`), `link` (`URL?`),
/// `seller` (an optional nested model with `name` and `rating: Double?`, which rejects a negative rating), `offers` (an array of them), `owner` (one
/// that is not optional, with a default), `branches` (an optional array of them), `serials` (`[Int64]`), `codes`
/// (`[Int64]?`), `spot` and `origin` (an optional and a defaulted model of two doubles, `x` and `y`, whose
/// optionals are not its own bits), `stores` (a dictionary of sellers), `counts` (`[String: Int]`), `limits`
/// (`[String: Int]?`), `labels` (`[String: String]`) and `notes` (`[String: String]?`): every kind of slot. The two
/// must decode every input alike.
public enum TableDecodingChecks {
    /// Decodes inputs with conversions, both keys of a property, a nested model, arrays and an unknown key, from JSON,
    /// Foundation objects, a `Value` tree and property lists, through the table and through the twin, and expects the
    /// same models; then the table's model through both encoders and back (`name` is written under its first key,
    /// `user_name`).
    public static func expectDecodesAsTwin<
        Table: ModelDecodable & ModelEncodable, Twin: ModelDecodable & ModelEncodable
    >(
        _: Table.Type, _: Twin.Type, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let json = Data(
            #"{"id":"10","name":"Ann","user_name":"ann_k","score":"2.5","active":"yes","title":"Lamp","count":"7","total":"8","price":"3.25","tags":["a","b"],"aliases":["x"],"ids":[1,"2"],"ranks":null,"weights":[1.5,"2"],"bounds":[0,1],"listed":"2024-01-02T03:04:05Z","updated":1700000000,"page":"https://example.com/p","link":"https://example.com/l","seller":{"name":"S","rating":"4"},"offers":[{"name":"T"},{"name":"U","rating":1}],"owner":{"name":"O","rating":"2"},"branches":[{"name":"B"}],"serials":[1,"2"],"codes":null,"spot":{"x":1,"y":"2.5"},"origin":{"x":"3"},"stores":{"b":{"name":"Y"},"a":{"name":"X","rating":"2"}},"counts":{"a":1,"b":"2"},"limits":{"c":3},"labels":{"a":"x","b":4},"notes":null,"extra":[1,{"x":2}]}"#
                .utf8)
        let table = try Table(json: json)
        let expected =
            #"{"active":true,"aliases":["x"],"bounds":[0,1],"branches":[{"name":"B"}],"count":7,"counts":{"a":1,"b":2},"id":10,"ids":[1,2],"labels":{"a":"x","b":"4"},"limits":{"c":3},"link":"https:\/\/example.com\/l","listed":"2024-01-02T03:04:05Z","offers":[{"name":"T"},{"name":"U","rating":1}],"origin":{"x":3,"y":0},"owner":{"name":"O","rating":2},"page":"https:\/\/example.com\/p","price":3.25,"score":2.5,"seller":{"name":"S","rating":4},"serials":[1,2],"spot":{"x":1,"y":2.5},"stores":{"a":{"name":"X","rating":2},"b":{"name":"Y"}},"tags":["a","b"],"title":"Lamp","total":8,"updated":"2023-11-14T22:13:20Z","user_name":"ann_k","weights":[1.5,2]}"#
        let decoded = try sortedJSON(table)
        #expect(decoded == expected, "\(decoded)", sourceLocation: sourceLocation)
        #expect(try sortedJSON(Twin(json: json)) == expected, sourceLocation: sourceLocation)
        let object = try JSONSerialization.jsonObject(with: json)
        #expect(try sortedJSON(Table(object: object)) == expected, sourceLocation: sourceLocation)
        // A `Value` tree: a reader without a loop of its own in ModelKit, which the generic initializer reads.
        #expect(try sortedJSON(Table(value: Value(json: json))) == expected, sourceLocation: sourceLocation)
        // Property lists (no nulls; a null member is a missing one): read by the generic initializer, which under both
        // conditions jumps to their readers' loops in ModelKit.
        for plist in try propertyLists(of: object) {
            #expect(try sortedJSON(Table(data: plist)) == expected, sourceLocation: sourceLocation)
            #expect(try sortedJSON(Twin(data: plist)) == expected, sourceLocation: sourceLocation)
        }
        #expect(try sortedJSON(Table(json: table.jsonData())) == expected, sourceLocation: sourceLocation)
        #expect(try sortedJSON(Table(dictionary: table.dictionary())) == expected, sourceLocation: sourceLocation)
    }

    /// Encodes a listing decoded with every property set, and one with every optional `nil`, through the table's
    /// model and the twin, as JSON and as a dictionary, with `nil` omitted and written, keys as declared and in snake
    /// case, and dates as numbers: the same bytes, keys in the same order, and the same dictionaries; and as binary
    /// and XML property lists (`nil` omitted): the same bytes, which read back as the model.
    public static func expectEncodesAsTwin<
        Table: ModelDecodable & ModelEncodable, Twin: ModelDecodable & ModelEncodable
    >(
        _: Table.Type, _: Twin.Type, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let full = Data(
            #"{"id":3,"user_name":"ann","score":2.5,"active":false,"title":"Lamp","count":7,"total":8,"price":"3.25","tags":["a"],"aliases":[],"ids":[1,2],"ranks":[3],"weights":[1.5],"bounds":[0.5],"listed":"2024-01-02T03:04:05Z","updated":1700000000,"page":"https://example.com/p","link":"https://example.com/l","seller":{"name":"S","rating":4},"offers":[{"name":"T"},{"name":"U","rating":1}],"branches":[{"name":"V"}],"serials":[5],"codes":[6],"spot":{"x":1,"y":2},"origin":{"x":0.5,"y":1},"stores":{"c":{"name":"Z"},"a":{"name":"X","rating":2},"b":{}},"counts":{"b":2,"a":1},"limits":{"c":3},"labels":{"z":"y","x":"w"},"notes":{"n":""}}"#
                .utf8)
        let sparse = Data(#"{"title":"Lamp","offers":[{"name":"T"}]}"#.utf8)
        var written = EncodingOptions()
        written.nilEncoding = .writeNull
        written.keyStrategy = .snakeCase
        written.dateEncoding = .secondsSince1970
        for json in [full, sparse] {
            let table = try Table(json: json)
            let twin = try Twin(json: json)
            for options in [EncodingOptions(), written] {
                let tableJSON = String(decoding: try table.jsonData(options: options), as: UTF8.self)
                let twinJSON = String(decoding: try twin.jsonData(options: options), as: UTF8.self)
                #expect(tableJSON == twinJSON, sourceLocation: sourceLocation)
                let tableObject = try table.dictionary(options: options) as NSDictionary
                let twinObject = try twin.dictionary(options: options) as NSDictionary
                #expect(tableObject == twinObject, "\(tableObject)", sourceLocation: sourceLocation)
                // A writer with no loop in ModelKit (a `Value` tree, keys in order): under both conditions, the
                // table's loop compiled once for any writer.
                var tableValue = ValueWriter()
                try table.encode(to: &tableValue, context: EncodingContext(options: options))
                var twinValue = ValueWriter()
                try twin.encode(to: &twinValue, context: EncodingContext(options: options))
                #expect(tableValue.result != nil, sourceLocation: sourceLocation)
                #expect(tableValue.result == twinValue.result, sourceLocation: sourceLocation)
            }
        }
        // Property lists (no nulls): written by the generic `encode`, which under both conditions hands the struct to
        // its table's loop for the writer in ModelKit.
        var plistOptions = written
        plistOptions.nilEncoding = .omit
        for json in [full, sparse] {
            let table = try Table(json: json)
            let twin = try Twin(json: json)
            for options in [EncodingOptions(), plistOptions] {
                for format in [ModelFileFormat.binaryPropertyList, .xmlPropertyList] {
                    let tablePlist = try table.data(format: format, options: options)
                    #expect(
                        tablePlist == (try twin.data(format: format, options: options)), sourceLocation: sourceLocation)
                    #expect(
                        try sortedJSON(Table(data: tablePlist)) == sortedJSON(table), sourceLocation: sourceLocation)
                }
            }
        }
        let nulls = String(decoding: try Table(json: sparse).jsonData(options: written), as: UTF8.self)
        #expect(nulls.hasPrefix(#"{"id":0,"user_name":null,"#), "\(nulls)", sourceLocation: sourceLocation)
    }

    /// Expects errors that name their key paths: a value of the wrong type in an array's element, a value that is not
    /// a dictionary (naming the model it should have been), a missing required key and, strictly, an unknown key.
    public static func expectErrorsNameKeyPaths<Table: ModelDecodable>(
        _: Table.Type, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let badRating = #expect(throws: MappingError.self, sourceLocation: sourceLocation) {
            try Table(json: Data(#"{"title":"t","offers":[{"name":"A"},{"rating":"high"}]}"#.utf8), options: .strict)
        }
        #expect(badRating?.path == "offers[1].rating", sourceLocation: sourceLocation)
        #expect(
            badRating?.reason == .typeMismatch(expected: "Double", found: #"string "high""#),
            sourceLocation: sourceLocation)
        let notDictionary = #expect(throws: MappingError.self, sourceLocation: sourceLocation) {
            try Table(json: Data(#"{"title":"t","seller":[1]}"#.utf8), options: .strict)
        }
        #expect(notDictionary?.path == "seller", sourceLocation: sourceLocation)
        #expect(
            notDictionary?.description.contains("Seller (a dictionary)") == true,
            "\(String(describing: notDictionary))", sourceLocation: sourceLocation)
        let nullOwner = #expect(throws: MappingError.self, sourceLocation: sourceLocation) {
            try Table(json: Data(#"{"title":"t","owner":null}"#.utf8), options: .strict)
        }
        #expect(nullOwner?.path == "owner", sourceLocation: sourceLocation)
        #expect(nullOwner?.reason == .typeMismatch(expected: "Seller", found: "null"), sourceLocation: sourceLocation)
        let badBranch = #expect(throws: MappingError.self, sourceLocation: sourceLocation) {
            try Table(json: Data(#"{"title":"t","branches":[{"name":"A"},{"rating":"high"}]}"#.utf8), options: .strict)
        }
        #expect(badBranch?.path == "branches[1].rating", sourceLocation: sourceLocation)
        let invalidOwner = #expect(throws: MappingError.self, sourceLocation: sourceLocation) {
            try Table(json: Data(#"{"title":"t","owner":{"name":"O","rating":-1}}"#.utf8), options: .strict)
        }
        #expect(invalidOwner?.path == "owner", sourceLocation: sourceLocation)
        let badSpot = #expect(throws: MappingError.self, sourceLocation: sourceLocation) {
            try Table(json: Data(#"{"title":"t","spot":{"x":1,"y":"far"}}"#.utf8), options: .strict)
        }
        #expect(badSpot?.path == "spot.y", sourceLocation: sourceLocation)
        let badSerial = #expect(throws: MappingError.self, sourceLocation: sourceLocation) {
            try Table(json: Data(#"{"title":"t","codes":[1,9223372036854775808]}"#.utf8), options: .strict)
        }
        #expect(badSerial?.path == "codes[1]", sourceLocation: sourceLocation)
        let missing = #expect(throws: MappingError.self, sourceLocation: sourceLocation) {
            try Table(dictionary: ["id": 1])
        }
        #expect(missing?.reason == .missingKey, sourceLocation: sourceLocation)
        #expect(missing?.path == "title", sourceLocation: sourceLocation)
        let unknown = #expect(throws: MappingError.self, sourceLocation: sourceLocation) {
            try Table(json: Data(#"{"title":"t","colour":"red"}"#.utf8), options: .strict)
        }
        #expect(unknown?.path == "colour", sourceLocation: sourceLocation)
    }

    /// Decodes a JSON object of the 101 integer properties `p0` … `p100` of a model written in parts, strictly, and
    /// expects each value in its property (through the model's JSON and its dictionary), and an error naming `p100`
    /// for a value of the wrong type there.
    public static func expectWideRecordDecodes<Record: ModelDecodable & ModelEncodable>(
        _: Record.Type, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let values = Dictionary(uniqueKeysWithValues: (0...100).map { ("p\($0)", $0) })
        let json = "{" + values.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
        let record = try Record(json: Data(json.utf8), options: .strict)
        let decoded = try JSONSerialization.jsonObject(with: record.jsonData()) as? [String: Int]
        #expect(decoded == values, sourceLocation: sourceLocation)
        let again = try Record(dictionary: record.dictionary(), options: .strict)
        #expect(try again.dictionary() as? [String: Int] == values, sourceLocation: sourceLocation)
        let bad = #expect(throws: MappingError.self, sourceLocation: sourceLocation) {
            try Record(dictionary: ["p100": "many"], options: .strict)
        }
        #expect(bad?.path == "p100", sourceLocation: sourceLocation)
    }

    /// Property: a JSON object of up to ten members drawn from a listing's keys (repeats too, and an unknown one) and
    /// from values of every kind decodes through the table as through the twin's key switch, from JSON, from
    /// Foundation objects, from a `Value` tree and from binary and XML property lists (the generic initializer's
    /// readers), strictly and leniently: the same model, error or diagnostics.
    public static func expectTableDecodesAsSwitch<
        Table: ModelDecodable & ModelEncodable, Twin: ModelDecodable & ModelEncodable
    >(_: Table.Type, _: Twin.Type, count: Int = 300, sourceLocation: SourceLocation = #_sourceLocation) async {
        await propertyCheck(count: count, input: objects) { text in
            let json = Data(text.utf8)
            for options in [DecodingOptions.strict, DecodingOptions()] {
                let table = outcome { try Table.decode(json: json, options: options) }
                let twin = outcome { try Twin.decode(json: json, options: options) }
                #expect(
                    table == twin.replacingOccurrences(of: "Twin", with: ""), "\(text)", sourceLocation: sourceLocation)
                if let value = try? Value(json: json) {
                    let tableValue = outcome { try Table.decode(value: value, options: options) }
                    let twinValue = outcome { try Twin.decode(value: value, options: options) }
                    #expect(
                        tableValue == twinValue.replacingOccurrences(of: "Twin", with: ""), "\(text)",
                        sourceLocation: sourceLocation)
                }
                guard let object = try? JSONSerialization.jsonObject(with: json, options: .fragmentsAllowed) else {
                    continue
                }
                let tableObjects = outcome { try Table.decode(object: object, options: options) }
                let twinObjects = outcome { try Twin.decode(object: object, options: options) }
                #expect(
                    tableObjects == twinObjects.replacingOccurrences(of: "Twin", with: ""), "\(text)",
                    sourceLocation: sourceLocation)
                for plist in (try? propertyLists(of: object)) ?? [] {
                    let tablePlist = outcome { try Table.decode(data: plist, options: options) }
                    let twinPlist = outcome { try Twin.decode(data: plist, options: options) }
                    #expect(
                        tablePlist == twinPlist.replacingOccurrences(of: "Twin", with: ""), "\(text)",
                        sourceLocation: sourceLocation)
                }
            }
        }
    }

    /// `object` as a binary and as an XML property list, its nulls dropped (property lists have none); none if it is
    /// not a dictionary.
    private static func propertyLists(of object: Any) throws -> [Data] {
        guard let dictionary = droppingNulls(object) as? [String: Any] else { return [] }
        return try [PropertyListSerialization.PropertyListFormat.binary, .xml].map { format in
            try PropertyListSerialization.data(fromPropertyList: dictionary, format: format, options: 0)
        }
    }

    private static func droppingNulls(_ value: Any) -> Any? {
        switch value {
        case is NSNull: nil
        case let dictionary as [String: Any]: dictionary.compactMapValues(droppingNulls)
        case let array as [Any]: array.compactMap(droppingNulls)
        default: value
        }
    }

    private static let keys = Gen<String?>.element(of: [
        "id", "name", "user_name", "score", "active", "title", "count", "total", "price", "tags", "aliases", "ids",
        "ranks", "weights", "bounds", "listed", "updated", "page", "link", "seller", "offers", "owner", "branches",
        "serials", "codes", "spot", "origin", "stores", "counts", "limits", "labels", "notes", "other",
    ]).map { $0! }

    private static let values = Gen<String?>.element(of: [
        "1", "-7", "2.5", "1e3", "\"10\"", "\"yes\"", "\"no\"", "\"text\"", "\"\"", "true", "false", "null", "[]", "{}",
        #"["a",1]"#, "[1,2]", #"[2.5,"3",null]"#, #"{"name":"C","rating":"3"}"#, #"[{"name":"A"},{"rating":"x"}]"#,
        #"{"name":5}"#, #"{"x":1,"y":"2"}"#, #"{"name":"D","rating":-1}"#,
        #"[{"name":"E"},{"name":"F","rating":-2}]"#, #"{"x":"far"}"#, #"[{"x":1},{"y":[]}]"#, manySellers,
        #"{"b":{"name":"G"},"a":{"rating":"2"}}"#, "9223372036854775808", "\"3.25\"", "\"2024-01-02T03:04:05Z\"",
        "\"https://example.com/a\"", "1700000000", #"{"a":1,"b":"2"}"#, #"{"a":"x","a":3}"#, #"{"a":null,"b":[]}"#,
    ]).map { $0! }

    /// More sellers than an array's first room holds, one of them invalid.
    private static let manySellers =
        "[" + (0..<11).map { $0 == 7 ? #"{"rating":"x"}"# : #"{"name":"s\#($0)"}"# }.joined(separator: ",") + "]"

    private static let objects = zip(keys, values).array(of: 0...10).map { members in
        "{" + members.map { "\"\($0)\":\($1)" }.joined(separator: ",") + "}"
    }

    /// What decoding gave: the model's JSON, or the error; in lenient mode the diagnostics too.
    public static func outcome<Model: ModelEncodable>(_ decode: () throws -> Decoded<Model>) -> String {
        do {
            let decoded = try decode()
            let json = String(decoding: try decoded.model.jsonData(), as: UTF8.self)
            return json + " " + decoded.diagnostics.map(\.description).joined(separator: "; ")
        } catch {
            return "error: \(error)"
        }
    }

    /// The model's JSON with its keys sorted at every level, to compare models of two types.
    private static func sortedJSON(_ model: some ModelEncodable) throws -> String {
        let object = try JSONSerialization.jsonObject(with: model.jsonData())
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys), as: UTF8.self)
    }
}
