import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing
import UnilinkTestSupport

/// The preview page in a real headless Chromium with an iPhone User-Agent: it renders
/// the content and its script reports the browser's signals for deferred matching.
/// `.ci/run` installs Chromium and sets UNILINK_REQUIRE_CHROMIUM, so CI never skips this.
@Suite("The preview page in a real browser", .serialized)
struct PreviewPageBrowserTests {
    static var chromium: String? {
        for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        return nil
    }

    static var required: Bool { ProcessInfo.processInfo.environment["UNILINK_REQUIRE_CHROMIUM"] != nil }

    @Test(.enabled(if: chromium != nil || required, "Chromium is not installed; .ci/run installs it"))
    func thePageRendersAndItsScriptSendsTheSignals() async throws {
        let chromium = try #require(Self.chromium, "UNILINK_REQUIRE_CHROMIUM is set but no Chromium was found")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await RunningServer(database: directory.appendingPathComponent("unilink.sqlite"))
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        defer { _ = http.shutdown() }

        let dom = try await ChildProcess.run(
            URL(fileURLWithPath: chromium),
            [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(directory.path)/profile",
                "--host-resolver-rules=MAP *.localhost 127.0.0.1", "--user-agent=\(ServerEndToEndTests.iPhone)",
                "--window-size=390,844", "--virtual-time-budget=5000", "--dump-dom", "http://go.localhost:\(server.port)/welcome",
            ], errors: .discarded
        ).output
        #expect(dom.contains("<h1>Welcome to Unilink</h1>"))
        let clickID = String(try #require(dom.firstMatch(of: /name="unilink:click-id" content="([A-Za-z0-9]{22})"/)?.1))

        // The page's script already reported this click, so one more report is refused
        // (one try only: a 204 here would mean the script never sent anything). No wait is
        // needed: virtual time does not run out while a fetch is pending, so Chromium dumps
        // the page only after the server answered the script's report, which it stored first.
        let client = LoopbackClient(client: http, port: server.port)
        let again = try await client.send("/v1/clicks/\(clickID)/signals", method: .POST, host: "go.localhost", json: #"{"screen_width": 1}"#)
        #expect(again.status == 409, "the page's script did not report the signals (got \(again.status))")
        #expect(try await server.stop() == 0)
    }
}
