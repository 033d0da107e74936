// swift-tools-version: 6.2
import PackageDescription

// A separate package so the main build and CI never compile it. Run through ../geo.sh.
let package = Package(
    name: "GeoBenchmark",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "unilink", path: "../.."),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
    ],
    targets: [
        .executableTarget(
            name: "GeoBenchmark",
            dependencies: [
                .product(name: "UnilinkServer", package: "unilink"),
                .product(name: "UnilinkCore", package: "unilink"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
