import AppModels
import BookDataModels
import CanadaModels
import CatalogSchemaModels
import ChecklistsModels
import CitmCatalogModels
import EdgeCaseModels
import Foundation
import KeysAsDataModels
import ModelKit
import OrderSchemaModels
import PetstoreModels
import QuestionsModels
import ShapeChoiceModels
import TwitterModels
import UserModels
import WeiboModels

// Decodes every sample with the models generated from it, in strict mode: any diagnostic or error fails the run.
// The first argument is the repository's root; the samples are where scripts/generated-models read them.
let root = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ".")
let bench = root.appendingPathComponent("Data/bench")
let seeds = root.appendingPathComponent("Sources/ModelKitSeedData/SeedData")
let edgeCases = root.appendingPathComponent("Tests/Fixtures/GeneratedModels/Samples")

/// A sample and the decoding of it with its models, which returns the diagnostics.
struct Check {
    var file: URL
    var decode: (Data) throws -> [Diagnostic]
}

let checks =
    [
        Check(file: bench.appendingPathComponent("user.json")) { try UserModels.decodeSample($0) },
        Check(file: bench.appendingPathComponent("weibo.json")) { try WeiboModels.decodeSample($0) },
        Check(file: bench.appendingPathComponent("twitter.json")) { try TwitterModels.decodeSample($0) },
        Check(file: bench.appendingPathComponent("citm_catalog.json")) { try CitmCatalogModels.decodeSample($0) },
        Check(file: bench.appendingPathComponent("canada.json")) { try CanadaModels.decodeSample($0) },
        Check(file: seeds.appendingPathComponent("Checklists.plist")) { try ChecklistsModels.decodeSample($0) },
        Check(file: seeds.appendingPathComponent("app.plist")) { try AppModels.decodeSample($0) },
        Check(file: seeds.appendingPathComponent("bookData.plist")) { try BookDataModels.decodeSample($0) },
        Check(file: seeds.appendingPathComponent("questions.plist")) { try QuestionsModels.decodeSample($0) },
        Check(file: edgeCases.appendingPathComponent("edge-cases-1.json")) { try EdgeCaseModels.decodeSample($0) },
        Check(file: edgeCases.appendingPathComponent("edge-cases-2.json")) { try EdgeCaseModels.decodeSample($0) },
        Check(file: edgeCases.appendingPathComponent("keys-as-data.json")) { try KeysAsDataModels.decodeSample($0) },
        Check(file: edgeCases.appendingPathComponent("shape-choices-1.json")) {
            try ShapeChoiceModels.decodeSample($0)
        },
        Check(file: edgeCases.appendingPathComponent("shape-choices-2.json")) {
            try ShapeChoiceModels.decodeSample($0)
        },
    ] + schemaChecks()

/// Every example document that SchemaConverterTests wrote from the fixture schemas, each decoded with the models
/// generated from its schema: `order-root-0.json`, `petstore-Dog-1.json`.
func schemaChecks() -> [Check] {
    let examples = edgeCases.appendingPathComponent("Schemas/Examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path))?.sorted() ?? []
    return names.compactMap { name -> Check? in
        let parts = name.split(separator: "-")
        guard parts.count == 3 else { return nil }
        let file = examples.appendingPathComponent(name)
        switch parts[0] {
        case "order": return Check(file: file) { try OrderSchemaModels.decodeSample($0) }
        case "catalog": return Check(file: file) { try CatalogSchemaModels.decodeSample($0) }
        case "petstore": return Check(file: file) { try PetstoreModels.decodeSample($0, schema: String(parts[1])) }
        default: return nil
        }
    }
}

var passed = 0
var failed = 0
for check in checks {
    let name = check.file.lastPathComponent
    do {
        let diagnostics = try check.decode(try Data(contentsOf: check.file))
        if diagnostics.isEmpty {
            print("\(name): decoded strictly, no diagnostics")
            passed += 1
        } else {
            print("\(name): \(diagnostics.count) diagnostics")
            for diagnostic in diagnostics.prefix(20) { print("  \(diagnostic)") }
            failed += 1
        }
    } catch {
        print("\(name): \(error)")
        failed += 1
    }
}
print("generated models: \(passed) passed, \(failed) failed")
exit(failed == 0 ? 0 : 1)
