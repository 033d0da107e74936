// swift-tools-version: 6.2
import PackageDescription

// The baseline for Benchmarks/clicks.sh: Hummingbird answering a fixed 302, nothing else.
let package = Package(
    name: "BareRedirect",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "BareRedirect",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
