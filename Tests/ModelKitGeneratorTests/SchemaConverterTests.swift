import Foundation
import ModelKit
import Testing

@testable import ModelKitGenerator

/// `modelkit generate --schema`: JSON Schema and OpenAPI to models, and the example documents that
/// scripts/generated-models decodes strictly with the models generated from each schema.
@Suite struct SchemaConverterTests {
    static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/GeneratedModels/Samples/Schemas").standardizedFileURL

    func source(_ schema: String, options: GeneratorOptions = GeneratorOptions()) throws -> String {
        let sample = try SampleReader().sample(named: "schema.json", data: Data(schema.utf8))
        let source = try ModelGenerator(options: options).files(forSchema: sample, split: false)[0].source
        guard let start = source.range(of: "\nimport ") else { return source }
        return String(source[source.index(after: start.lowerBound)...])
    }

    @Test func typesRequiredFormatsEnumsAndMaps() throws {
        let schema = #"""
            {"type": "object", "required": ["id", "at"],
             "properties": {
               "id": {"type": "string", "format": "uuid"}, "at": {"type": "string", "format": "date-time"},
               "link": {"type": "string", "format": "uri"}, "count": {"type": "integer"}, "ok": {"type": "boolean"},
               "note": {"type": ["string", "null"], "description": "Free text."},
               "mode": {"enum": ["fast", "slow"]}, "scores": {"additionalProperties": {"type": "number"}},
               "items": {"type": "array", "items": {"$ref": "#/$defs/item"}}, "any": {}},
             "$defs": {"item": {"type": "object", "properties": {"name": {"type": "string"}}}}}
            """#
        #expect(
            try source(schema) == """
                import Foundation
                import ModelKit

                @DictionaryModel
                struct Root: Sendable {
                    var id: UUID
                    var at: Date
                    var link: URL?
                    var count: Int?
                    var ok: Bool?
                    /// Free text.
                    var note: String?
                    var mode: Mode?
                    var scores: [String: Double]?
                    var items: [Item]?
                    var any: Value?
                }

                enum Mode: String, ModelEnum, Sendable {
                    case fast
                    case slow
                    case unknown

                    static var fallback: Mode? { .unknown }
                }

                /// `#/$defs/item` in the schema.
                @DictionaryModel
                struct Item: Sendable {
                    var name: String?
                }

                """)
    }

    @Test func aOneOfThatAConstantTellsApartIsAPolymorphicEnum() throws {
        let schema = #"""
            {"$defs": {"shape": {"oneOf": [
               {"type": "object", "required": ["kind"], "properties": {"kind": {"const": "circle"}, "r": {"type": "number"}}},
               {"type": "object", "required": ["kind"], "properties": {"kind": {"enum": ["square"]}, "side": {"type": "number"}}}]}}}
            """#
        let output = try source(schema)
        #expect(
            output.contains(
                """
                @DictionaryModel(discriminator: "kind")
                enum Shape: Sendable {
                    case circle(ShapeCircle)
                    case square(ShapeSquare)
                }
                """))
        #expect(output.contains("struct ShapeSquare: Sendable {\n    var kind: String\n    var side: Double?\n}"))
    }

    @Test func aOneOfOfObjectsWithoutATagIsOneStructAndNullMakesOptional() throws {
        let schema = #"""
            {"type": "object", "required": ["place"], "properties": {"place": {"oneOf": [
               {"type": "object", "required": ["a", "b"], "properties": {"a": {"type": "string"}, "b": {"type": "string"}}},
               {"type": "object", "required": ["a"], "properties": {"a": {"type": "string"}, "c": {"type": "integer"}}},
               {"type": "null"}]}}}
            """#
        let output = try source(schema)
        #expect(output.contains("var place: Place?"))
        #expect(output.contains("    var a: String\n    var b: String?\n    var c: Int?\n}"))
    }

    @Test func definitionsThatWouldHideTypesAreRenamedAndReferencesFollow() throws {
        let schema = #"""
            {"openapi": "3.1.0", "components": {"schemas": {
               "Result": {"type": "object", "properties": {"error": {"$ref": "#/components/schemas/Error"}}},
               "Error": {"type": "object", "properties": {"code": {"type": "integer"}}}}}}
            """#
        let output = try source(schema)
        #expect(output.contains("struct ResultModel: Sendable {\n    var error: ErrorModel?\n}"))
        #expect(output.contains("struct ErrorModel: Sendable {"))
    }

    @Test func aRecursiveDefinitionHoldsItselfOnlyThroughACollection() throws {
        let schema = #"""
            {"$ref": "#/$defs/node", "$defs": {"node": {"type": "object", "properties": {
               "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}, "parent": {"$ref": "#/$defs/node"}}}}}
            """#
        let output = try source(schema)
        #expect(output.contains("struct Node: Sendable {\n    var children: [Node]?\n    var parent: Value?\n}"))
        #expect(output.contains("typealias Root = Node"))
    }

    @Test func badSchemasAreErrorsNamingThePlace() throws {
        func failure(_ schema: String, name: String = "Root") -> SampleError? {
            #expect(throws: SampleError.self) { try self.source(schema, options: options { $0.rootName = name }) }
            do {
                _ = try source(schema, options: options { $0.rootName = name })
            } catch let error as SampleError {
                return error
            } catch {}
            return nil
        }
        #expect(
            failure(#"{"properties": {"a": {"$ref": "other.json#/a"}}}"#)?.detail
                == "#/properties/a: $ref other.json#/a is not in this document; only #/… references are read")
        #expect(
            failure(##"{"properties": {"a": {"$ref": "#/$defs/missing"}}}"##)?.detail
                == "#/properties/a: $ref #/$defs/missing leads nowhere")
        #expect(
            failure(#"{"openapi": "3.0.0", "paths": {}}"#)?.detail
                == "#/components/schemas: an OpenAPI document needs schemas here to make models of")
        #expect(
            failure(#"{"openapi": "3.0.0", "components": {"schemas": {"A": {"type": "object"}}}}"#, name: "B")?.detail
                == "#: no schema is named B (the schemas are A)")
        #expect(
            failure(#"{"properties": {"a": 3}}"#)?.detail
                == "#/properties/a: a schema must be an object or a boolean, not number 3")
    }

    @Test func aTitleSuggestsTheRootName() throws {
        #expect(SchemaConverter.suggestedRootName(for: ["title": "Purchase order"]) == "PurchaseOrder")
        #expect(SchemaConverter.suggestedRootName(for: ["title": "Date"]) == nil)
    }

    /// The documents scripts/generated-models decodes with the models of each fixture schema, written here from
    /// the schema alone (see ``SchemaExamples``); a stale copy fails the test and is rewritten.
    @Test func theExampleDocumentsOfEachSchemaAreCurrent() throws {
        var stale: [String] = []
        let folder = Self.schemas.appendingPathComponent("Examples")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in ["order.schema.json", "catalog.draft-07.schema.json", "petstore.openapi.json"] {
            let document = try SampleReader().sample(
                named: file, data: try Data(contentsOf: Self.schemas.appendingPathComponent(file))
            ).value
            let examples = SchemaExamples(document: document)
            var roots: [(name: String, schema: Value)] = []
            if case .dictionary(let schemas)? = document["components"]?["schemas"] {
                roots = schemas.map { ($0.key, $0.value) }
            } else {
                roots = [("root", document)]
            }
            let stem = file.split(separator: ".")[0]
            for (name, schema) in roots {
                for variant in 0..<examples.count(for: schema) {
                    let value = examples.example(schema, variant: variant)
                    var text = String(
                        decoding: try JSONFormat.data(from: value, options: .init(prettyPrinted: true)), as: UTF8.self)
                    text += "\n"
                    let url = folder.appendingPathComponent("\(stem)-\(name)-\(variant).json")
                    if (try? String(contentsOf: url, encoding: .utf8)) != text {
                        stale.append(url.lastPathComponent)
                        try Data(text.utf8).write(to: url)
                    }
                }
            }
        }
        #expect(stale == [], "rewritten; commit them")
    }
}
