// swift-tools-version: 6.2
import Foundation
import PackageDescription

/// One settings array for every target: Swift 6 language mode (strict concurrency)
/// plus the upcoming features we want to hold ourselves to early.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// libmaxminddb (the visitor's country from an operator's .mmdb file) where its header is
/// installed (`apt-get install libmaxminddb-dev`, `brew install libmaxminddb`); elsewhere the
/// server builds without it and knows no visitor's country. `UNILINK_NO_MAXMINDDB=1` builds
/// without it even where it is installed.
let maxMindDBHeaders = [
    "/usr/include", "/usr/include/x86_64-linux-gnu", "/usr/include/aarch64-linux-gnu", "/usr/local/include", "/opt/homebrew/include",
].map { $0 + "/maxminddb.h" }
let hasMaxMindDB =
    ProcessInfo.processInfo.environment["UNILINK_NO_MAXMINDDB"] == nil && maxMindDBHeaders.contains { FileManager.default.fileExists(atPath: $0) }
let serverSwiftSettings = swiftSettings + (hasMaxMindDB ? [.define("UNILINK_MAXMINDDB")] : [])
let maxMindDBTargets: [Target] =
    hasMaxMindDB
    ? [.systemLibrary(name: "CMaxMindDB", path: "Sources/CMaxMindDB", providers: [.apt(["libmaxminddb-dev"]), .brew(["libmaxminddb"])])] : []

let package = Package(
    name: "unilink",
    platforms: [.macOS(.v15), .iOS(.v15)],
    products: [
        .library(name: "Unilink", targets: ["Unilink"]),
        .library(name: "UnilinkCore", targets: ["UnilinkCore"]),
        .library(name: "UnilinkAPI", targets: ["UnilinkAPI"]),
        // For Benchmarks/StatsBenchmark, which seeds clicks through the recorder's own write.
        .library(name: "UnilinkStorage", targets: ["UnilinkStorage"]),
        // For Benchmarks/GeoBenchmark, which times `GeoLocator`'s lookups.
        .library(name: "UnilinkServer", targets: ["UnilinkServer"]),
        .executable(name: "unilink", targets: ["unilink"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.20.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.0.0"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.30.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.0"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.25.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.0.0"..<"5.0.0"),
        // Importing links exported from Firebase and Branch (CSV with quoted fields).
        .package(url: "https://github.com/swiftcsv/SwiftCSV.git", from: "0.10.0"),
        // Single sign-on: the provider's discovery, keys and token endpoint; and the end-to-end
        // tests, which talk to the real server over loopback.
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.20.0"),
        // Single sign-on: ID tokens verified against the provider's JWKS.
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.7.1"),
        // The command line's checks of a live host: its own trusted roots (a staging CA).
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.25.0"),
    ],
    targets: [
        // Pure domain logic. Foundation only: no NIO, no server packages.
        // May use UnilinkAPI's leaf values (link values, vocabulary): still no I/O.
        // zlib (the system's) for the QR PNGs it writes and the logos it reads.
        .target(
            name: "UnilinkCore", dependencies: ["UnilinkAPI", "CUnicodeIDNA", "CZlib"],
            // What each named app's in-app browser can open, compiled in (Docs/InAppBrowsers.md).
            resources: [.embedInCode("UserAgent/InAppBrowsers/in-app-browsers.json")], swiftSettings: swiftSettings),
        // The system's zlib, as Foundation and swift-nio-extras use it: deflate and inflate for PNG.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // UTS #46 (IDNA) from the ICU that Foundation already ships (lib_FoundationICU on
        // Linux, libicucore on Apple's systems): browsers' own tables for host names.
        .target(
            name: "CUnicodeIDNA",
            linkerSettings: [
                .linkedLibrary("_FoundationICU", .when(platforms: [.linux])),
                .linkedLibrary("icucore", .when(platforms: [.macOS, .iOS])),
            ]
        ),
        // The wire format shared by server, SDK and CLI.
        .target(name: "UnilinkAPI", swiftSettings: swiftSettings),
        .target(
            name: "UnilinkStorage",
            dependencies: [
                "UnilinkCore", "UnilinkAPI",
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "UnilinkServer",
            dependencies: [
                "UnilinkCore", "UnilinkAPI", "UnilinkStorage",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                // Passwords (bcrypt) and the second factor (TOTP) of people's accounts.
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "HummingbirdOTP", package: "hummingbird-auth"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "SwiftCSV", package: "SwiftCSV"),
            ] + (hasMaxMindDB ? ["CMaxMindDB"] : []),
            // The lists of automated visitors, compiled in (the binary stays one file); an
            // operator may replace them with files of their own.
            resources: [.embedInCode("Visitors/Automated/automated-agents.txt"), .embedInCode("Visitors/Automated/scanner-networks.txt")],
            swiftSettings: serverSwiftSettings
        ),
        .executableTarget(
            name: "unilink",
            dependencies: [
                "UnilinkCore", "UnilinkAPI", "UnilinkServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // The association checks and `import` over HTTPS, without Foundation's libcurl.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: swiftSettings
        ),
        // The app-side SDK: Foundation (URLSession) and the wire types only.
        // The iOS SDK; its privacy manifest ships with it (UserDefaults reason CA92.1, no tracking).
        .target(name: "Unilink", dependencies: ["UnilinkAPI"], resources: [.copy("PrivacyInfo.xcprivacy")], swiftSettings: swiftSettings),

        // Tests only: fresh databases on the PostgreSQL that .ci/run starts.
        .target(
            name: "UnilinkTestSupport",
            dependencies: [
                "UnilinkStorage", .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "SQLiteKit", package: "sqlite-kit"),
            ],
            path: "Tests/UnilinkTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "UnilinkCoreTests", dependencies: ["UnilinkCore", "UnilinkAPI", "UnilinkTestSupport"], resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "UnilinkCLITests",
            dependencies: [
                "unilink", "UnilinkAPI", "Unilink", "UnilinkTestSupport", .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "UnilinkServerTests",
            dependencies: [
                "UnilinkServer", "UnilinkStorage", "UnilinkCore", "UnilinkAPI", "UnilinkTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                // Storage tests set SQLite's limits on the store's own connection, and
                // end PostgreSQL's under a pooled one.
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                // Page-model tests render templates with an object that records what they read.
                .product(name: "Mustache", package: "swift-mustache"),
                // The single sign-on test walks the provider's redirects itself.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        // A sample app's link handling against the SDK's public API; UIKit parts compile only where UIKit exists.
        .target(name: "ShopSample", dependencies: ["Unilink"], path: "Examples/ShopSample", swiftSettings: swiftSettings),
        .testTarget(name: "UnilinkTests", dependencies: ["Unilink", "UnilinkAPI", "ShopSample", "UnilinkTestSupport"], swiftSettings: swiftSettings),
    ] + maxMindDBTargets
)
