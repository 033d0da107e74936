// swift-tools-version: 6.2
import PackageDescription

// A separate package so the main build and CI never compile it. Run through ../stats.sh.
let package = Package(
    name: "StatsBenchmark",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "unilink", path: "../..")],
    targets: [
        .executableTarget(
            name: "StatsSeed",
            dependencies: [
                .product(name: "UnilinkCore", package: "unilink"),
                .product(name: "UnilinkStorage", package: "unilink"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
