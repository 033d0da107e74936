import Foundation
import Testing

/// `Deploy/unilink.service` as systemd reads it: `systemd-analyze verify` finds nothing
/// wrong (the unit's binary replaced by the one these tests built), and `systemd-analyze
/// security --offline` rates its exposure at most 2.0 ("OK"; the deployment guide gives
/// the figure).
@Suite("The systemd service unit")
struct ServiceUnitTests {
    static var analyze: String? { ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first { FileManager.default.isExecutableFile(atPath: $0) } }
    /// `UNILINK_REQUIRE_SYSTEMD` (CI sets it): the checks may not be left out.
    static var required: Bool { ProcessInfo.processInfo.environment["UNILINK_REQUIRE_SYSTEMD"] != nil }

    static func run(_ arguments: [String]) async throws -> ChildProcess.Ran {
        try await ChildProcess.run(URL(fileURLWithPath: analyze ?? "/usr/bin/systemd-analyze"), arguments)
    }

    @Test(.enabled(if: analyze != nil || required, "systemd-analyze is not installed; .ci/run installs systemd"))
    func theUnitVerifiesAndItsExposureIsLow() async throws {
        _ = try #require(Self.analyze, "UNILINK_REQUIRE_SYSTEMD is set but systemd-analyze is missing")
        let unit = try String(contentsOf: CaddyTLSTests.repository.appendingPathComponent("Deploy/unilink.service"), encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/local/bin/unilink serve"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("unilink.service")
        try unit.replacingOccurrences(of: "/usr/local/bin/unilink", with: JSONLinesAdapterTests.binary.path).write(
            to: file, atomically: true, encoding: .utf8)

        let verified = try await Self.run(["verify", "--man=no", file.path])
        #expect(verified.status == 0 && verified.output.isEmpty, "\(verified.output)")
        let security = try await Self.run(["security", "--offline=true", "--no-pager", file.path])
        let exposure = try #require(security.output.firstMatch(of: /Overall exposure level for unilink\.service: (\d+\.\d)/)?.1, "\(security.output)")
        #expect(Double(exposure) ?? 10 <= 2.0, "exposure \(exposure)")
    }
}
