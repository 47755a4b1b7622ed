// swift-tools-version: 6.1
import PackageDescription

// Models that `modelkit generate` wrote for the benchmark corpus, the seeds' property lists, the samples and the
// schemas of Samples/, one module per
// sample so that their type names cannot clash. `scripts/generated-models` writes each module's
// `Generated/Models.swift` (not checked in: the golden tests pin the output for small cases, this package proves
// that whatever the generator writes today compiles and decodes), builds the package and runs the runner, which
// decodes every sample in strict mode through each module's checked-in `decodeSample` and fails on any diagnostic.
let modelModules = [
    "UserModels", "WeiboModels", "TwitterModels", "CitmCatalogModels", "CanadaModels", "ChecklistsModels",
    "AppModels", "BookDataModels", "QuestionsModels", "EdgeCaseModels", "KeysAsDataModels", "ShapeChoiceModels",
    "OrderSchemaModels", "CatalogSchemaModels", "PetstoreModels",
]

let package = Package(
    name: "GeneratedModels",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder's name.
        .package(name: "ModelKit", path: "../../..")
    ],
    targets: modelModules.map { name in
        .target(name: name, dependencies: [.product(name: "ModelKit", package: "ModelKit")])
    } + [
        .executableTarget(
            name: "GeneratedModelsRunner",
            dependencies: [.product(name: "ModelKit", package: "ModelKit")] + modelModules.map { .target(name: $0) }
        )
    ],
    swiftLanguageModes: [.v6]
)
