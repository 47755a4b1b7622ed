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
        .executableTarget(
            name: "PetShopApp",
            dependencies: [
                "PetShopModels",
                .product(name: "ModelKit", package: "ModelKit"),
                .product(name: "ModelStore", package: "ModelKit"),
            ],
            resources: [.copy("Resources/pets.json"), .copy("Resources/owners.plist")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
