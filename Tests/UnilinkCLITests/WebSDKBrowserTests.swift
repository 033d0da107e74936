import AsyncHTTPClient
import Foundation
import Testing

/// The web SDK on a page of "the team's own site" (another origin than the API), in a
/// real headless Chromium: the app banner for an iPhone visitor, its button to the
/// alternate host that sends a visitor without the app to the App Store, the close button
/// remembered across reloads, no banner on a desktop, and a short link made for the page
/// through the publishable key (a cross-origin call).
@Suite("The web SDK in a real browser", .serialized)
struct WebSDKBrowserTests {
    @Test(.enabled(if: WebDriver.available, "Chromium or chromedriver is not installed; .ci/run installs them"))
    func theBannerAndTheShareLinkWorkOnTheTeamsSite() async throws {
        let chromium = try #require(PreviewPageBrowserTests.chromium, "no Chromium")
        let chromedriver = try #require(WebDriver.chromedriver, "no chromedriver")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-websdk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await RunningServer(database: directory.appendingPathComponent("unilink.sqlite"))
        let key = try #require(server.bannerValue("publishable key:"))
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        let port = server.port
        let page = "http://127.0.0.1:\(port)/sdk/try?key=\(key)&api=http://link.localhost:\(port)&open=http://open.localhost:\(port)&path=/p/shoes"
        func browser(_ userAgent: String, profile: String) async throws -> WebDriver {
            try await WebDriver(
                chromedriver: chromedriver, chromium: chromium,
                arguments: [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--window-size=390,844",
                    "--user-data-dir=\(directory.path)/\(profile)",
                    "--host-resolver-rules=MAP *.localhost 127.0.0.1", "--user-agent=\(userAgent)",
                ], http: http)
        }
        var sessions: [WebDriver] = []
        do {
            let phone = try await browser(ServerEndToEndTests.iPhone, profile: "phone")
            sessions.append(phone)
            try await phone.open(page)
            let open = try await phone.waitFor(
                "document.getElementById('unilink-banner-open') ? document.getElementById('unilink-banner-open').href : ''")
            #expect(open == "http://open.localhost:\(port)/p/shoes", "the banner points to the alternate host with the page's path")

            // The share helper makes a short link for the page, across origins, with the publishable key.
            try await phone.press("#share")
            let short = try await phone.waitFor("document.getElementById('short').textContent")
            #expect(short.hasPrefix("http://go.localhost:\(port)/"), "got '\(short)'")
            let client = LoopbackClient(client: http, port: port)
            let path = String(short.dropFirst("http://go.localhost:\(port)".count))
            let desktop = try await client.send(path, host: "go.localhost", userAgent: ServerEndToEndTests.desktop)
            #expect(desktop.status == 302, "the new short link works")

            // Without the app, the banner's button goes to the App Store through the alternate host (a click waiting for the install).
            try await phone.click("#unilink-banner-open")
            let store = try await phone.currentURL
            #expect(store.hasPrefix("https://apps.apple.com/app/id"), "got \(store)")

            // Closed, the banner stays away on the next visit.
            try await phone.open(page)
            _ = try await phone.waitFor("document.getElementById('unilink-banner') ? 'shown' : ''")
            try await phone.press("#unilink-banner-close")
            #expect(try await phone.execute("return document.getElementById('unilink-banner') === null") as? Bool == true)
            // `open` returns once the page is complete: the SDK decided on the banner at
            // DOMContentLoaded, before that, so its absence now is its decision.
            try await phone.open(page)
            #expect(try await phone.execute("return window.unilink && window.unilink.version") as? String == "1.0.0")
            #expect(try await phone.execute("return document.getElementById('unilink-banner') === null") as? Bool == true, "closed for 7 days")

            let computer = try await browser(ServerEndToEndTests.desktop, profile: "desktop")
            sessions.append(computer)
            try await computer.open(page)
            #expect(try await computer.execute("return window.unilink && window.unilink.version") as? String == "1.0.0")
            #expect(
                try await computer.execute("return document.getElementById('unilink-banner') === null") as? Bool == true, "no banner on a desktop")
        } catch {
            for session in sessions { await session.close() }
            try? await http.shutdown()
            _ = try? await server.stop()
            throw error
        }
        for session in sessions { await session.close() }
        try await http.shutdown()
        #expect(try await server.stop() == 0)
    }
}
