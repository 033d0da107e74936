import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing
import UnilinkTestSupport

/// `Deploy/prometheus.yml` run by Debian's real Prometheus against a real Unilink on
/// loopback that asks for its metrics token: the target comes up and Unilink's own series
/// can be queried. The file is used as shipped but for the target's port, the token file's
/// path and a one-second interval (the first scrape comes within one interval).
@Suite("Prometheus scraping /metrics")
struct PrometheusScrapeTests {
    static var prometheus: String? {
        ["/usr/bin/prometheus", "/usr/local/bin/prometheus"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }
    /// `UNILINK_REQUIRE_PROMETHEUS` (CI sets it): the test may not be left out.
    static var required: Bool { ProcessInfo.processInfo.environment["UNILINK_REQUIRE_PROMETHEUS"] != nil }
    static let token = "metrics_token_for_the_scrape_test_0123456789"

    @Test(.enabled(if: prometheus != nil || required, "prometheus is not installed; .ci/run installs it"))
    func theShippedScrapeConfigurationReadsUnilinksMetricsWithItsToken() async throws {
        let prometheus = try #require(Self.prometheus, "UNILINK_REQUIRE_PROMETHEUS is set but Debian's prometheus is not installed")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-prometheus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { if ProcessInfo.processInfo.environment["KEEP"] == nil { try? FileManager.default.removeItem(at: directory) } }
        let server = try await RunningServer(
            database: directory.appendingPathComponent("unilink.sqlite"), environment: ["UNILINK_METRICS_TOKEN": Self.token])
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        var scraper: TetheredProcess?
        do {
            // Without the token, /metrics is not there for anyone.
            #expect(try await LoopbackClient(client: http, port: server.port).send("/metrics").status == 404)
            let shipped = try String(contentsOf: CaddyTLSTests.repository.appendingPathComponent("Deploy/prometheus.yml"), encoding: .utf8)
            let tokenFile = directory.appendingPathComponent("unilink-metrics-token")
            try Self.token.write(to: tokenFile, atomically: true, encoding: .utf8)
            let configuration =
                shipped
                .replacingOccurrences(of: "/etc/prometheus/unilink-metrics-token", with: tokenFile.path)
                .replacingOccurrences(of: "127.0.0.1:8080", with: "127.0.0.1:\(server.port)")
                .replacingOccurrences(of: "scrape_interval: 15s", with: "scrape_interval: 1s")
            #expect(configuration != shipped)
            let file = directory.appendingPathComponent("prometheus.yml")
            try configuration.write(to: file, atomically: true, encoding: .utf8)
            let port = try FreePorts.consecutive(1, in: 26_000...28_999)
            scraper = try TetheredProcess(
                prometheus,
                [
                    "--config.file=\(file.path)", "--storage.tsdb.path=\(directory.appendingPathComponent("data").path)",
                    "--web.listen-address=127.0.0.1:\(port)",
                ],
                environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path], log: directory.appendingPathComponent("prometheus.log"))
            let api = LoopbackClient(client: http, port: port)
            var answer = ""
            for _ in 0..<150 {
                if let found = try? await api.send("/api/v1/query?query=unilink_click_queue_depth"), found.status == 200,
                    found.body.contains("\"job\":\"unilink\"")
                {
                    answer = found.body
                    break
                }
                try await Task.sleep(for: .milliseconds(200))
            }
            #expect(answer.contains("\"__name__\":\"unilink_click_queue_depth\""), "prometheus's log: \(scraper?.output.suffix(2_000) ?? "")")
            let targets = try await api.send("/api/v1/targets")
            #expect(targets.body.contains("\"health\":\"up\"") && !targets.body.contains("\"health\":\"down\""), "\(targets.body)")
        } catch {
            await scraper?.stop()
            try? await http.shutdown()
            _ = try? await server.stop()
            throw error
        }
        await scraper?.stop()
        try await http.shutdown()
        #expect(try await server.stop() == 0)
    }
}
