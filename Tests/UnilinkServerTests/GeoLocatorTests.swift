import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import Testing
import UnilinkCore
import UnilinkTestSupport

@testable import UnilinkServer

/// The visitor's country against a real `.mmdb` that MaxMind's own writer
/// (libmaxmind-db-writer-perl, Tests/GeoIPWriter/write-test-mmdb.pl) builds in the test:
/// IPv4, IPv6 and IPv4-mapped lookups, regions, garbage, a replaced file read again, a
/// corrupt and a missing file, and what `/readyz` says about each.
@Suite("Country from a MaxMind-format database")
struct GeoLocatorTests {
    static let writer = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("GeoIPWriter/write-test-mmdb.pl")
    static var required: Bool { ProcessInfo.processInfo.environment["UNILINK_REQUIRE_GEOIP"] != nil }
    static func available() async -> Bool {
        guard GeoLocator.isBuiltIn else { return false }
        return await Installed.perlModule("MaxMind::DB::Writer::Tree")
    }
    /// Whether its tests run here: CI requires them, or everything they need is installed.
    static func runsHere() async -> Bool { required ? true : await available() }
    static let reason: Comment =
        "needs libmaxminddb-dev at build time and libmaxmind-db-writer-perl (apt-get install libmaxminddb-dev libmaxmind-db-writer-perl); .ci/run installs both"

    static let logger = Logger(label: "geo-test")

    /// A fresh directory with the writer's `variant` at `test.mmdb`.
    static func database(_ variant: String = "first") async throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-geo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("test.mmdb")
        try await write(variant, to: file)
        return file
    }

    static func write(_ variant: String, to file: URL) async throws {
        let ran = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["perl", writer.path, file.path, variant])
        #expect(ran.status == 0, "the writer failed: \(ran.output)")
    }

    @Test("Is skipped, visibly, only where allowed")
    func requirementHolds() async {
        if Self.required { #expect(await Self.available(), "UNILINK_REQUIRE_GEOIP is set: \(Self.reason)") }
    }

    @Test(
        .enabled(reason) { await runsHere() },
        arguments: [
            ("192.0.2.1", VisitorPlace(country: "DE", region: "DE-BE")),
            ("192.0.2.255", VisitorPlace(country: "DE", region: "DE-BE")),
            ("198.51.100.7", VisitorPlace(country: "US", region: "US-CA")),
            ("203.0.113.9", VisitorPlace(country: "JP")),
            ("2001:db8:1::1", VisitorPlace(country: "FR", region: "FR-IDF")),
            ("2001:db8:2:ffff::42", VisitorPlace(country: "GB", region: "GB-ENG")),
            ("2001:DB8:1:0:0:0:0:9", VisitorPlace(country: "FR", region: "FR-IDF")),
            ("::ffff:192.0.2.1", VisitorPlace(country: "DE", region: "DE-BE")),
            ("::ffff:c633:6407", VisitorPlace(country: "US", region: "US-CA")),
        ])
    func findsThePlace(address: String, expected: VisitorPlace) async throws {
        let geo = GeoLocator(path: try await Self.database().path, logger: Self.logger)
        #expect(geo.isAvailable)
        #expect(geo.place(of: address) == expected)
    }

    @Test(
        .enabled(reason) { await runsHere() },
        arguments: [
            "10.0.0.1", "192.0.3.1", "2001:db8:3::1", "::1", "::ffff:10.0.0.1", "", " ", "192.0.2.1 ", " 192.0.2.1", "192.0.2", "192.0.2.1.5",
            "192.0.2.256", "2001:db8:1::1%eth0", "[2001:db8:1::1]", "192.0.2.1:443", "not an address", "ÿÿÿÿ", "2001:db8:1::1::1",
            String(repeating: "1", count: 10_000), "192.0.2.1\u{0}junk",
        ])
    func knowsNothingOutsideItsNetworks(address: String) async throws {
        let geo = GeoLocator(path: try await Self.database().path, logger: Self.logger)
        #expect(geo.isAvailable)
        #expect(geo.place(of: address) == nil)
    }

    @Test("A replaced file is read on the next refresh, an unchanged one is not", .enabled(reason) { await runsHere() })
    func readsAReplacedFile() async throws {
        let file = try await Self.database()
        let geo = GeoLocator(path: file.path, logger: Self.logger)
        #expect(geo.place(of: "192.0.2.1") == VisitorPlace(country: "DE", region: "DE-BE"))
        #expect(geo.status.hasPrefix("Unilink-Test-Country of "), "\(geo.status)")
        #expect(geo.status.hasSuffix("(\(file.path))"), "\(geo.status)")
        #expect(!geo.refresh(), "the file did not change")

        // Written beside it and renamed over it, as geoipupdate does.
        try await Self.write("second", to: file)
        #expect(geo.refresh())
        #expect(geo.place(of: "192.0.2.1") == VisitorPlace(country: "AT", region: "AT-9"))
        #expect(geo.place(of: "2001:db8:1::1") == VisitorPlace(country: "FR", region: "FR-IDF"))

        // Overwritten in place (cp): the open copy is not the file being written.
        let first = try Data(contentsOf: try await Self.database())
        try first.write(to: file)
        #expect(geo.refresh())
        #expect(geo.place(of: "192.0.2.1") == VisitorPlace(country: "DE", region: "DE-BE"))
    }

    @Test("Lookups during swaps always find a place", .enabled(reason) { await runsHere() })
    func lookupsDuringSwaps() async throws {
        let file = try await Self.database()
        let second = try await Self.database("second")
        let first = try await Self.database("first")
        let geo = GeoLocator(path: file.path, logger: Self.logger)
        let swaps = 40
        let misses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    var misses = 0
                    for _ in 0..<20_000 where geo.place(of: "192.0.2.1") == nil { misses += 1 }
                    return misses
                }
            }
            group.addTask {
                for swap in 0..<swaps {
                    let source = swap.isMultiple(of: 2) ? second : first
                    let staged = file.deletingLastPathComponent().appendingPathComponent("staged-\(swap).mmdb")
                    try? FileManager.default.copyItem(at: source, to: staged)
                    // rename(2): never a moment without the file (Foundation's replaceItemAt has one).
                    #expect(rename(staged.path, file.path) == 0)
                    geo.refresh()
                }
                return 0
            }
            return await group.reduce(0, +)
        }
        #expect(misses == 0)
        #expect(geo.isAvailable)
    }

    @Test("A corrupt or missing file: no country, the status says why, a good file later recovers", .enabled(reason) { await runsHere() })
    func corruptAndMissingFiles() async throws {
        let file = try await Self.database()
        let good = try Data(contentsOf: file)
        var random = SystemRandomNumberGenerator()
        try Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }).write(to: file)

        let geo = GeoLocator(path: file.path, logger: Self.logger)
        #expect(!geo.isAvailable)
        #expect(geo.place(of: "192.0.2.1") == nil)
        #expect(geo.status.hasPrefix("cannot read \(file.path): "), "\(geo.status)")
        #expect(geo.status.localizedCaseInsensitiveContains("metadata"), "libmaxminddb's reason: \(geo.status)")

        try FileManager.default.removeItem(at: file)
        #expect(geo.refresh())
        #expect(geo.place(of: "192.0.2.1") == nil)
        #expect(geo.status == "cannot read \(file.path): no such file")
        #expect(!geo.refresh(), "still missing: nothing new to read or log")

        try good.write(to: file)
        #expect(geo.refresh())
        #expect(geo.isAvailable)
        #expect(geo.place(of: "192.0.2.1") == VisitorPlace(country: "DE", region: "DE-BE"))

        let empty = file.deletingLastPathComponent().appendingPathComponent("empty.mmdb")
        try Data().write(to: empty)
        let emptyGeo = GeoLocator(path: empty.path, logger: Self.logger)
        #expect(!emptyGeo.isAvailable)
        #expect(emptyGeo.place(of: "192.0.2.1") == nil)
        #expect(emptyGeo.status.hasPrefix("cannot read \(empty.path): "), "\(emptyGeo.status)")
    }

    @Test(
        "A file made unreadable while serving keeps the last good database, and the status says so",
        .enabled(reason) { await runsHere() })
    func failedReloadKeepsTheLastGoodDatabase() async throws {
        let file = try await Self.database()
        let geo = GeoLocator(path: file.path, logger: Self.logger)
        #expect(geo.place(of: "192.0.2.1") == VisitorPlace(country: "DE", region: "DE-BE"))
        let good = geo.status

        var random = SystemRandomNumberGenerator()
        try Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }).write(to: file)
        #expect(geo.refresh())
        #expect(geo.isAvailable)
        #expect(geo.place(of: "192.0.2.1") == VisitorPlace(country: "DE", region: "DE-BE"))
        #expect(geo.status.hasPrefix("\(good), kept: cannot read \(file.path) now: "), "\(geo.status)")
        #expect(!geo.refresh(), "the same bad file: nothing new to read or log")

        try FileManager.default.removeItem(at: file)
        #expect(geo.refresh())
        #expect(geo.place(of: "192.0.2.1") == VisitorPlace(country: "DE", region: "DE-BE"))
        #expect(geo.status == "\(good), kept: cannot read \(file.path) now: no such file")

        try await Self.write("second", to: file)
        #expect(geo.refresh())
        #expect(geo.place(of: "192.0.2.1") == VisitorPlace(country: "AT", region: "AT-9"))
        #expect(!geo.status.contains("kept"), "\(geo.status)")
        #expect(geo.status.hasSuffix("(\(file.path))"), "\(geo.status)")
    }

    @Test("Without a database nobody has a country")
    func withoutADatabase() {
        let geo = GeoLocator(path: nil, logger: Self.logger)
        #expect(!geo.isAvailable)
        #expect(geo.place(of: "192.0.2.1") == nil)
        #expect(geo.status == "no database configured")
        #expect(!geo.refresh())
    }

    struct Readiness: Decodable {
        let status: String
        let details: Details
        struct Details: Decodable {
            let geoip: String
            let geoip_available: Bool
        }
    }

    @Test("/readyz names the database, or why there is none, and stays ready", .enabled(reason) { await runsHere() })
    func readinessDetails() async throws {
        let file = try await Self.database()
        var settings = TestServer.settings()
        settings.geoipDatabase = file.path
        try await TestServer.run(.live, settings: settings) { client in
            let response = try await client.send(.get, "/readyz")
            #expect(response.status == .ok)
            let readiness = try response.decode(Readiness.self)
            #expect(readiness.status == "ready")
            #expect(readiness.details.geoip_available)
            #expect(readiness.details.geoip.hasPrefix("Unilink-Test-Country of "), "\(readiness.details.geoip)")
        }

        let absent = file.deletingLastPathComponent().appendingPathComponent("absent.mmdb").path
        settings.geoipDatabase = absent
        try await TestServer.run(.live, settings: settings) { client in
            let response = try await client.send(.get, "/readyz")
            #expect(response.status == .ok)
            let readiness = try response.decode(Readiness.self)
            #expect(readiness.status == "ready")
            #expect(!readiness.details.geoip_available)
            #expect(readiness.details.geoip == "cannot read \(absent): no such file")
        }
    }

    @Test("/readyz without a database says so")
    func readinessWithoutADatabase() async throws {
        try await TestServer.run(.live) { client in
            let readiness = try await client.send(.get, "/readyz").decode(Readiness.self)
            #expect(readiness.status == "ready")
            #expect(!readiness.details.geoip_available)
            #expect(readiness.details.geoip == "no database configured")
        }
    }
}
