import Foundation
import Testing
import UnilinkTestSupport

/// `Scripts/update-private-relay.sh` replaces the ranges file only with something that looks
/// like Apple's list, whole: an error page or a short answer leaves the old file in place.
@Suite("Updating the Private Relay ranges")
struct PrivateRelayScriptTests {
    @Test(.enabled(if: CaddyTLSTests.curl != nil || CaddyTLSTests.required, "curl is not installed; .ci/run installs it"))
    func onlyAWholeListReplacesTheFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-relay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = CaddyTLSTests.repository.appendingPathComponent("Scripts/update-private-relay.sh")
        let target = directory.appendingPathComponent("egress-ip-ranges.csv")
        func update(from text: String) async throws -> ChildProcess.Ran {
            let source = directory.appendingPathComponent("source-\(UUID().uuidString).csv")
            try text.write(to: source, atomically: true, encoding: .utf8)
            return try await ChildProcess.run(
                URL(fileURLWithPath: "/bin/bash"), [script.path, target.path],
                environment: ["RELAY_SOURCE": "file://\(source.path)", "PATH": "/usr/bin:/bin"])
        }
        let list = (0..<20).map { "172.224.\($0).0/27,DE,DE-BE,Berlin," }.joined(separator: "\n") + "\n"
        let first = try await update(from: list)
        #expect(first.status == 0 && first.output.contains("20 ranges"), "\(first.output)")
        #expect(try String(contentsOf: target, encoding: .utf8) == list)
        for bad in ["<html>Service Unavailable</html>\n", "172.224.0.0/27,DE,DE-BE,Berlin,\n"] {
            let refused = try await update(from: bad)
            #expect(refused.status != 0 && refused.output.contains("unchanged"), "\(refused.output)")
            #expect(try String(contentsOf: target, encoding: .utf8) == list)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".egress") }
        #expect(leftovers.isEmpty)
    }
}
