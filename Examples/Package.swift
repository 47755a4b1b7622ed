// swift-tools-version: 6.1
import PackageDescription

// The Gallery: the seed apps served as web pages. It is its own package so that the ModelKit library
// never pulls a web server into the apps that use it.
let package = Package(
    name: "ModelKitExamples",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "Gallery", targets: ["Gallery"])
    ],
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder's name, which differs
        // between a developer's checkout and a CI clone.
        .package(name: "ModelKit", path: ".."),
        // No traits: the Gallery reads no swift-configuration settings (ConfigurationSupport) and needs none of
        // the Foundation-only API (FullFoundation), so neither is built.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0", traits: []),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
    ],
    targets: [
        .executableTarget(
            name: "Gallery",
            dependencies: [
                .product(name: "ModelKit", package: "ModelKit"),
                .product(name: "ModelLayout", package: "ModelKit"),
                .product(name: "ModelStore", package: "ModelKit"),
                .product(name: "ModelKitSeedData", package: "ModelKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Resources/Assets")]
        ),
        // The route tests drive the router with their own RouterClient rather than HummingbirdTesting, whose
        // AsyncHTTPClient would add NIOSSL (BoringSSL's C sources), NIOHTTP2 and more to the build.
        .testTarget(
            name: "GalleryTests",
            dependencies: [
                "Gallery",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ModelKit", package: "ModelKit"),
                .product(name: "ModelLayout", package: "ModelKit"),
                .product(name: "ModelStore", package: "ModelKit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
