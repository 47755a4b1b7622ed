// swift-tools-version: 6.1
import PackageDescription

// A consumer of ModelKit shaped like an app: a `public` model library and an app target that uses it, with the
// models spread over files of their own. `scripts/consumer-fixture` builds it clean, then again after touching
// each file in turn, then in release mode, and runs the app, which checks every public entry point.
let package = Package(
    name: "PetShop",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder's name.
        .package(name: "ModelKit", path: "../../..")
    ],
    targets: [
        .target(
            name: "PetShopModels",
            dependencies: [.product(name: "ModelKit", package: "ModelKit")]
        ),
        // The guards against the compile-time cliffs: a model of 1,000 properties and a file of 100 models
        // (written by Benchmarks/CompileTime/generate.py --fixture), in a library of their own so that touching
        // another model does not expand them again.
        .target(
            name: "PetShopRecords",
            dependencies: [.product(name: "ModelKit", package: "ModelKit")]
        ),
        // Models compiled with both of ModelKit's conditions, as a large model module's release build may be: its
        // release build is where CI runs ModelKit's generic code optimized.
        .target(
            name: "PetShopSupplies",
            dependencies: [.product(name: "ModelKit", package: "ModelKit")],
            swiftSettings: [.define("MODELKIT_GENERIC_MODELS"), .define("MODELKIT_DECODING_TABLES")]
        ),
        .executableTarget(
            name: "PetShopApp",
            dependencies: [
                "PetShopModels",
                "PetShopRecords",
                "PetShopSupplies",
                .product(name: "ModelKit", package: "ModelKit"),
                .product(name: "ModelStore", package: "ModelKit"),
            ],
            resources: [.copy("Resources/pets.json"), .copy("Resources/owners.plist")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
