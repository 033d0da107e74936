import AsyncHTTPClient
import Foundation
import Testing
import UnilinkTestSupport

/// What each browser test starts from: Chromium and chromedriver found, a fresh server
/// without the demo app in a directory of its own, with an admin token, and a loopback
/// client of its API.
struct BrowserBench {
    let chromium: String
    let chromedriver: String
    let directory: URL
    let admin: String
    let server: RunningServer
    let http: HTTPClient
    let api: LoopbackClient

    /// `name` names the directory and the token (`unilink-<name>-…`).
    static func start(_ name: String) async throws -> BrowserBench {
        let chromium = try #require(PreviewPageBrowserTests.chromium, "UNILINK_REQUIRE_CHROMIUM is set but no Chromium was found")
        let chromedriver = try #require(WebDriver.chromedriver, "UNILINK_REQUIRE_CHROMIUM is set but no chromedriver was found")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let admin = "adm_\(name.replacingOccurrences(of: "-", with: "_"))_test_token_0123456789"
        let server = try await RunningServer(
            database: directory.appendingPathComponent("unilink.sqlite"), arguments: ["--no-demo"], environment: ["UNILINK_ADMIN_TOKEN": admin])
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        return BrowserBench(
            chromium: chromium, chromedriver: chromedriver, directory: directory, admin: admin, server: server, http: http,
            api: LoopbackClient(client: http, port: server.port))
    }
}
