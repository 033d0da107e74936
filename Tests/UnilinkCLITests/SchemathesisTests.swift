import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing
import UnilinkTestSupport

/// schemathesis (PyPI) against the real server's own `/openapi.json`, as a team adopting
/// Unilink would try it: every check (`--checks all`), the repository's
/// `schemathesis.toml`. It must report nothing. `.ci/run` installs it and sets
/// UNILINK_REQUIRE_SCHEMATHESIS, so CI never skips this.
@Suite("/openapi.json under schemathesis", .serialized)
struct SchemathesisTests {
    static var schemathesis: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        return path.split(separator: ":").map { "\($0)/schemathesis" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var required: Bool { ProcessInfo.processInfo.environment["UNILINK_REQUIRE_SCHEMATHESIS"] != nil }

    /// The repository's root, where `schemathesis.toml` is.
    static var repository: URL {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/", !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }

    @Test(.enabled(if: schemathesis != nil || required, "schemathesis is not installed (pip install schemathesis); .ci/run installs it"))
    func reportsNoFailureWithEveryCheck() async throws {
        let schemathesis = try #require(Self.schemathesis, "UNILINK_REQUIRE_SCHEMATHESIS is set but schemathesis is not on PATH")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-schemathesis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let admin = "adm_schemathesis_" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        // The tool sends thousands of requests a minute: the limits would answer most of
        // them 429 before any other check is reached.
        let server = try await RunningServer(
            database: directory.appendingPathComponent("unilink.sqlite"),
            environment: ["UNILINK_ADMIN_TOKEN": admin, "UNILINK_RATE_LIMITS": "off"])
        defer { server.process.signal() }
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        defer { _ = http.shutdown() }
        let client = LoopbackClient(client: http, port: server.port)
        let rotated = try await client.send("/v1/apps", method: .POST, bearer: admin, json: #"{"name": "Keys to rotate"}"#)
        let rotatedID = try #require(rotated.body.firstMatch(of: /"id":"(app_[A-Za-z0-9]+)"/)?.1)
        let secret = try #require(server.banner.firstMatch(of: /sk_[A-Za-z0-9]+/)?.0)
        let publishable = try #require(server.banner.firstMatch(of: /pk_[A-Za-z0-9]+/)?.0)

        let run = Process()
        run.executableURL = URL(fileURLWithPath: schemathesis)
        let seed = ProcessInfo.processInfo.environment["UNILINK_SCHEMATHESIS_SEED"] ?? "20261125"
        run.arguments = [
            "--config-file", Self.repository.appendingPathComponent("schemathesis.toml").path, "--no-color", "run",
            "http://127.0.0.1:\(server.port)/openapi.json", "--checks", "all", "--seed", seed,
        ]
        run.currentDirectoryURL = directory
        run.environment = ProcessInfo.processInfo.environment.merging([
            "ST_ADMIN": admin, "ST_SECRET": String(secret), "ST_PUBLISHABLE": String(publishable), "ST_ROTATED_APP": String(rotatedID),
        ]) { $1 }
        let output = directory.appendingPathComponent("schemathesis.txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        run.standardOutput = handle
        run.standardError = handle
        try run.run()
        // It takes four minutes on two cores; a run that hangs is stopped and reported, not waited on.
        let deadline = ContinuousClock.now + .seconds(900)
        while run.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(200)) }
        let hung = run.isRunning
        if hung {
            run.terminate()
            for _ in 0..<50 where run.isRunning { try await Task.sleep(for: .milliseconds(200)) }
            if run.isRunning { kill(run.processIdentifier, SIGKILL) }
        }
        let report = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        #expect(!hung, "schemathesis was still running after 15 minutes; its output so far:\n\(report.suffix(12_000))")
        let summary = report.components(separatedBy: "SUMMARY").last ?? report
        #expect(run.terminationStatus == 0, "schemathesis (seed \(seed)) found failures:\n\(report.suffix(12_000))")
        // Every operation of the document was reached, none skipped for want of data or a key.
        let selected = try #require(summary.firstMatch(of: /Selected: (\d+)\/(\d+)/), "\(summary)")
        let tested = try #require(summary.firstMatch(of: /Tested: (\d+)/), "\(summary)")
        #expect(selected.1 == selected.2 && tested.1 == selected.2, "\(summary)")
        #expect(try await server.stop() == 0)
    }
}
