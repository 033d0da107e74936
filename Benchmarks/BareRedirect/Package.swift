// swift-tools-version: 6.2
import PackageDescription

// The floors for Benchmarks/ladder.sh: Hummingbird answering a fixed 302, nothing else;
// with `channel`, the same 302 from a handler in Hummingbird's channel (where Unilink's
// fast path answers), before Hummingbird makes a request of it.
let package = Package(
    name: "BareRedirect",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.10.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.20.0"),
    ],
    targets: [
        .executableTarget(
            name: "BareRedirect",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
