import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing

/// Safari on an iPad asking for desktop sites sends a Mac's User-Agent byte for byte. In a
/// real headless Chromium with that User-Agent: without a touch screen the link lands on
/// the desktop page in one hop (by its script, and without JavaScript by its refresh); with
/// touch emulation (`maxTouchPoints` 5, as an iPad reports) it lands on the iPad's route.
@Suite("The touch check in a real browser", .serialized)
struct TouchCheckBrowserTests {
    static let macSafari = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15"
    static let desktopPage = "https://www.example.com/desktop"

    @Test(.enabled(if: WebDriver.available, "Chromium or chromedriver is not installed; .ci/run installs them"))
    func aMacLandsOnTheDesktopPageAndATouchScreenOnTheIPadsRoute() async throws {
        let bench = try await BrowserBench.start("touch")
        let (chromium, chromedriver, directory, admin, server, http, api) = (
            bench.chromium, bench.chromedriver, bench.directory, bench.admin, bench.server, bench.http, bench.api
        )
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = DestinationBrowserTests.json([
            "name": "Shop", "ios": ["team_id": "ABCDE12345", "bundle_id": "com.example.shop", "app_store_id": "123456789"],
            "web": ["allowed_hosts": ["www.example.com"]], "domains": [["host": "ipad.localhost", "role": "primary"]], "paths": ["/*"],
        ])
        let created = try await api.send("/v1/apps", method: .POST, bearer: admin, json: app)
        #expect(created.status == 201, "\(created.body)")
        let key = try #require((try JSONSerialization.jsonObject(with: Data(created.body.utf8)) as? [String: Any])?["secret_key"] as? String)
        let link = try await api.send("/v1/links", method: .POST, bearer: key, json: #"{"path": "/t/1", "web_url": "\#(Self.desktopPage)"}"#)
        #expect(link.status == 201, "\(link.body)")
        let code = try #require((try JSONSerialization.jsonObject(with: Data(link.body.utf8)) as? [String: Any])?["code"] as? String)

        let browser: WebDriver
        do {
            // Every name but the link host fails at once: the browser keeps the address it was sent to.
            browser = try await WebDriver(
                chromedriver: chromedriver, chromium: chromium,
                arguments: [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(directory.path)/profile",
                    "--host-resolver-rules=MAP ipad.localhost 127.0.0.1, MAP * ~NOTFOUND", "--user-agent=\(Self.macSafari)",
                ], http: http)
        } catch {
            try? await http.shutdown()
            _ = try? await server.stop()
            throw error
        }
        // The stored link, as a long link on its primary host.
        let url = "http://ipad.localhost:\(server.port)/t/1?ul_code=\(code)"
        do {
            // A Mac: no touch screen.
            #expect(try await browser.execute("return navigator.maxTouchPoints") as? Int == 0)
            try await Self.open(browser, url)
            #expect(try await Self.landing(browser, containing: Self.desktopPage) == Self.desktopPage)

            // A Mac without JavaScript: the refresh in <noscript>.
            try await browser.devTools("Emulation.setScriptExecutionDisabled", ["value": true])
            try await Self.open(browser, url)
            #expect(try await Self.landing(browser, containing: Self.desktopPage) == Self.desktopPage)
            try await browser.devTools("Emulation.setScriptExecutionDisabled", ["value": false])

            // An iPad asking for desktop sites: a touch screen, the same User-Agent.
            try await browser.devTools("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 5])
            try await Self.open(browser, url)
            let landed = try await Self.landing(browser, containing: "ul_touch=1")
            #expect(landed.hasPrefix("http://ipad.localhost:\(server.port)/t/1?"), "\(landed)")
            #expect(try await browser.execute("return navigator.maxTouchPoints") as? Int == 5)
            // The iPad's preview page: its store button leads to the App Store.
            #expect(try await browser.source.contains("https://apps.apple.com/app/id123456789"))
        } catch {
            Issue.record(error)
        }
        await browser.close()
        try await http.shutdown()
        #expect(try await server.stop() == 0)
    }

    /// Where the browser is once its address contains `fragment` (up to 10 s), or where it stayed.
    static func landing(_ browser: WebDriver, containing fragment: String) async throws -> String {
        do {
            try await browser.waitForURL(containing: fragment)
        } catch {
            Issue.record("stayed on \(try await browser.currentURL): \(try await browser.source)")
        }
        return try await browser.currentURL
    }

    /// Opens `url`; a destination that does not resolve here keeps its address on Chromium's error page.
    static func open(_ browser: WebDriver, _ url: String) async throws {
        do {
            try await browser.open(url)
        } catch let failure as WebDriver.Failure where failure.description.contains("net::ERR_NAME_NOT_RESOLVED") {}
    }
}
