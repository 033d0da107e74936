// swift-tools-version: 6.2
import PackageDescription

// A separate package so the main build and CI never compile the benchmark or its
// malloc interposer. Run through ../core.sh (release build, LD_PRELOAD of the interposer).
let package = Package(
    name: "CoreBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "unilink", path: "../.."),
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.6.0"),
    ],
    targets: [
        .executableTarget(
            name: "CoreBenchmarks",
            dependencies: [
                .product(name: "UnilinkCore", package: "unilink"),
                .product(name: "UnilinkAPI", package: "unilink"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
