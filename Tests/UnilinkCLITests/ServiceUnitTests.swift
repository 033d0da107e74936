import Foundation
import Testing
import UnilinkTestSupport

/// `Deploy/unilink.service` and the nightly backup (`unilink-backup.service` and its timer)
/// as systemd reads them: `systemd-analyze verify` finds nothing wrong (the units' binary
/// replaced by the one these tests built), and `systemd-analyze security --offline` rates
/// each service's exposure at most 2.0 ("OK"; the deployment guide gives the figures).
@Suite("The systemd service unit")
struct ServiceUnitTests {
    static var analyze: String? { ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first { FileManager.default.isExecutableFile(atPath: $0) } }
    /// `UNILINK_REQUIRE_SYSTEMD` (CI sets it): the checks may not be left out.
    static var required: Bool { ProcessInfo.processInfo.environment["UNILINK_REQUIRE_SYSTEMD"] != nil }

    static func run(_ arguments: [String]) async throws -> ChildProcess.Ran {
        try await ChildProcess.run(URL(fileURLWithPath: analyze ?? "/usr/bin/systemd-analyze"), arguments)
    }

    @Test(.enabled(if: analyze != nil || required, "systemd-analyze is not installed; .ci/run installs systemd"))
    func theUnitsVerifyAndTheirExposureIsLow() async throws {
        _ = try #require(Self.analyze, "UNILINK_REQUIRE_SYSTEMD is set but systemd-analyze is missing")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String: URL] = [:]
        for name in ["unilink.service", "unilink-backup.service", "unilink-backup.timer"] {
            let unit = try String(contentsOf: CaddyTLSTests.repository.appendingPathComponent("Deploy/\(name)"), encoding: .utf8)
            files[name] = directory.appendingPathComponent(name)
            try unit.replacingOccurrences(of: "/usr/local/bin/unilink", with: JSONLinesAdapterTests.binary.path).write(
                to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let unit = try String(contentsOf: try #require(files["unilink.service"]), encoding: .utf8)
        #expect(unit.contains("ExecStart=\(JSONLinesAdapterTests.binary.path) serve"))
        // The command the timer runs is the one BackupTests runs: a folder, --keep.
        let backup = try String(contentsOf: try #require(files["unilink-backup.service"]), encoding: .utf8)
        #expect(backup.contains("ExecStart=\(JSONLinesAdapterTests.binary.path) backup /var/lib/unilink-backups/ --keep 14 --database-url"))

        let verified = try await Self.run(["verify", "--man=no"] + files.values.map(\.path).sorted())
        #expect(verified.status == 0 && verified.output.isEmpty, "\(verified.output)")
        for name in ["unilink.service", "unilink-backup.service"] {
            let security = try await Self.run(["security", "--offline=true", "--no-pager", try #require(files[name]).path])
            let exposure = try #require(
                security.output.firstMatch(of: /Overall exposure level for [a-z.-]+: (\d+\.\d)/)?.1, "\(name): \(security.output)")
            print("systemd-analyze security: \(name) \(exposure)")
            #expect(Double(exposure) ?? 10 <= 2.0, "\(name): exposure \(exposure)")
        }
    }
}
