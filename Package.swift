// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "ModelKit",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "ModelKit", targets: ["ModelKit"]),
        .library(name: "ModelStore", targets: ["ModelStore"]),
        .library(name: "ModelLayout", targets: ["ModelLayout"]),
        .executable(name: "ModelKitExample", targets: ["ModelKitExample"]),
        .library(name: "ModelKitGenerator", targets: ["ModelKitGenerator"]),
        .executable(name: "modelkit", targets: ["modelkit"]),
        // The seeds' property lists, for the example app, the Gallery (its own package) and the tests.
        .library(name: "ModelKitSeedData", targets: ["ModelKitSeedData"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", "602.0.0"..<"604.0.0"),
        .package(url: "https://github.com/apple/swift-atomics.git", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.1.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    ],
    targets: [
        // The rules the macro applies at compile time and ModelKit at run time: snake_case keys and the key-path
        // grammar, once. No dependencies, so that the macro plugin, which links it, stays small.
        .target(name: "ModelKitKeyRules"),
        .macro(
            name: "ModelKitMacros",
            dependencies: [
                "ModelKitKeyRules",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "_SwiftCompilerPluginMessageHandling", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "ModelKit",
            dependencies: [
                "ModelKitMacros",
                "ModelKitKeyRules",
                // The key order each key table learns is shared by every thread that reads with the table.
                .product(name: "Atomics", package: "swift-atomics"),
                .product(name: "OrderedCollections", package: "swift-collections"),
            ]
        ),
        .target(name: "ModelStore", dependencies: ["ModelKit"]),
        // Sample data → inferred shapes → Swift source, as a library so that tests and `check` need no process.
        .target(
            name: "ModelKitGenerator",
            dependencies: ["ModelKit", .product(name: "OrderedCollections", package: "swift-collections")]
        ),
        .executableTarget(
            name: "modelkit",
            dependencies: [
                "ModelKitGenerator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "ModelLayout"),
        // The benchmark's models again, public, in a module of their own: the cross-module cases decode them
        // from the benchmark executable (Benchmarks/BenchmarkModels/generate writes them).
        .target(
            name: "BenchmarkModels", dependencies: ["ModelKit"], path: "Benchmarks/BenchmarkModels",
            exclude: ["generate"],
            // Built as the README advises a model module's release build: as fast from another module, and built in
            // about Codable's time (Benchmarks/NOTES.md, 2026-11-30, fourth session).
            swiftSettings: [
                .define("MODELKIT_GENERIC_MODELS", .when(configuration: .release)),
                .define("MODELKIT_DECODING_TABLES", .when(configuration: .release)),
            ]),
        .executableTarget(
            name: "ModelKitBenchmarks",
            dependencies: [
                "ModelKit", "ModelLayout", "ModelStore", "ModelKitGenerator", "ModelKitTestSupport", "BenchmarkModels",
            ],
            path: "Benchmarks/ModelKitBenchmarks",
            plugins: ["CodableTwinsPlugin"]
        ),
        // The benchmark models' plain Codable twins (the Foundation coders' side), written at build time from the
        // @DictionaryModel models, so that each model's properties are declared once.
        .executableTarget(
            name: "CodableTwins", dependencies: ["ModelKitKeyRules"], path: "Benchmarks/CodableTwins/Generator"),
        .plugin(
            name: "CodableTwinsPlugin", capability: .buildTool(), dependencies: ["CodableTwins"],
            path: "Benchmarks/CodableTwins/Plugin"),
        .target(name: "ModelKitSeedData", resources: [.copy("SeedData")]),
        .executableTarget(name: "ModelKitExample", dependencies: ["ModelKit", "ModelKitSeedData"]),
        // What the tests and the benchmarks share: a seeded generator, temporary folders, the repository's Data/.
        .target(name: "ModelKitTestSupport", path: "Tests/ModelKitTestSupport"),
        .testTarget(
            name: "ModelKitTests",
            dependencies: [
                "ModelKit",
                "ModelKitSeedData",
                "ModelKitTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "ModelKitKeyRulesTests",
            dependencies: ["ModelKitKeyRules", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "ModelKitMacrosTests",
            dependencies: [
                "ModelKitMacros",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "_SwiftCompilerPluginMessageHandling", package: "swift-syntax"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "ModelStoreTests",
            dependencies: [
                "ModelStore", "ModelKitTestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "CodableTwinsTests", dependencies: ["CodableTwins"]),
        // Models whose entry points call the generic code: the build-time trade `ModelEntryPoints` describes.
        .testTarget(
            name: "ModelKitGenericModelsTests", dependencies: ["ModelKit"],
            swiftSettings: [.define("MODELKIT_GENERIC_MODELS")]
        ),
        // Models whose entry points decode through their field tables, which only optimized builds otherwise use.
        .testTarget(
            name: "ModelKitDecodingTablesTests", dependencies: ["ModelKit", "DecodingTablesTestSupport"],
            swiftSettings: [.define("MODELKIT_DECODING_TABLES")]
        ),
        // …and through tables of ModelKit's unspecialized slots, when a module asks for generic models as well.
        .testTarget(
            name: "ModelKitGenericTablesTests", dependencies: ["ModelKit", "DecodingTablesTestSupport"],
            swiftSettings: [.define("MODELKIT_GENERIC_MODELS"), .define("MODELKIT_DECODING_TABLES")]
        ),
        // The checks both table targets run on their models (a property-based one among them).
        .target(
            name: "DecodingTablesTestSupport",
            dependencies: ["ModelKit", .product(name: "PropertyBased", package: "swift-property-based")],
            path: "Tests/DecodingTablesTestSupport"
        ),
        .testTarget(
            name: "ModelKitGeneratorTests", dependencies: ["ModelKitGenerator", "ModelKit", "ModelKitTestSupport"]),
        .testTarget(
            name: "ModelLayoutTests",
            dependencies: [
                "ModelLayout",
                "ModelKitTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
