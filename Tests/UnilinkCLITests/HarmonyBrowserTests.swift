import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing

/// A HarmonyOS NEXT phone in a real headless Chromium (its User-Agent, Huawei Browser's):
/// a link without a web page lands on the app's AppGallery page, one with a web page there;
/// an app with no HarmonyOS app shows the preview page, with no other platform's store and
/// no button that only App Linking could use.
@Suite("HarmonyOS NEXT in a real browser", .serialized)
struct HarmonyBrowserTests {
    static let harmonyPhone =
        "Mozilla/5.0 (Phone; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile HuaweiBrowser/5.0.4.300"
    static let appGallery = "https://appgallery.huawei.com/app/detail?id=com.example.shop"

    @Test(.enabled(if: WebDriver.available, "Chromium or chromedriver is not installed; .ci/run installs them"))
    func aHuaweiPhoneLandsOnAppGalleryOrTheWebPage() async throws {
        let bench = try await BrowserBench.start("harmony-browser")
        let (chromium, chromedriver, directory, admin, server, http, api) = (
            bench.chromium, bench.chromedriver, bench.directory, bench.admin, bench.server, bench.http, bench.api
        )
        defer { try? FileManager.default.removeItem(at: directory) }
        func create(_ app: [String: Any], links: [String]) async throws -> [String] {
            let created = try await api.send("/v1/apps", method: .POST, bearer: admin, json: DestinationBrowserTests.json(app))
            #expect(created.status == 201, "\(created.body)")
            let key = try #require((try JSONSerialization.jsonObject(with: Data(created.body.utf8)) as? [String: Any])?["secret_key"] as? String)
            var codes: [String] = []
            for link in links {
                let answer = try await api.send("/v1/links", method: .POST, bearer: key, json: link)
                #expect(answer.status == 201, "\(answer.body)")
                codes.append(try #require((try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])?["code"] as? String))
            }
            return codes
        }
        let harmonyCodes = try await create(
            [
                "name": "Shop", "harmony": ["bundle_name": "com.example.shop", "app_identifiers": [["app_identifier": "5765880207854258433"]]],
                "web": ["allowed_hosts": ["www.example.com"]], "domains": [["host": "harmony.localhost", "role": "short"]],
            ], links: [#"{"path": "/u/1"}"#, #"{"path": "/u/2", "web_url": "https://www.example.com/u/2"}"#])
        let otherCodes = try await create(
            [
                "name": "Elsewhere", "ios": ["team_id": "ABCDE12345", "bundle_id": "com.example.elsewhere", "app_store_id": "123456789"],
                "android": ["package": "com.example.elsewhere"],
                "domains": [["host": "elsewhere.localhost", "role": "short"], ["host": "open.elsewhere.localhost", "role": "alternate"]],
            ], links: [#"{"path": "/u/3", "social": {"title": "Anna's list"}}"#])

        let browser: WebDriver
        do {
            // Every name but the link hosts fails at once: the browser keeps the address it was sent to.
            browser = try await WebDriver(
                chromedriver: chromedriver, chromium: chromium,
                arguments: [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(directory.path)/profile",
                    "--host-resolver-rules=MAP harmony.localhost 127.0.0.1, MAP elsewhere.localhost 127.0.0.1, MAP * ~NOTFOUND",
                    "--user-agent=\(Self.harmonyPhone)",
                ], http: http)
        } catch {
            try? await http.shutdown()
            _ = try? await server.stop()
            throw error
        }
        do {
            #expect(try await browser.execute("return navigator.userAgent") as? String == Self.harmonyPhone)
            try await TouchCheckBrowserTests.open(browser, "http://harmony.localhost:\(server.port)/\(harmonyCodes[0])")
            #expect(try await TouchCheckBrowserTests.landing(browser, containing: "appgallery.huawei.com") == Self.appGallery)
            try await TouchCheckBrowserTests.open(browser, "http://harmony.localhost:\(server.port)/\(harmonyCodes[1])")
            #expect(try await TouchCheckBrowserTests.landing(browser, containing: "www.example.com") == "https://www.example.com/u/2")

            try await TouchCheckBrowserTests.open(browser, "http://elsewhere.localhost:\(server.port)/\(otherCodes[0])")
            #expect(try await browser.currentURL == "http://elsewhere.localhost:\(server.port)/\(otherCodes[0])")
            let page = try await browser.source
            #expect(page.contains("Anna"), "\(page)")
            #expect(
                try await browser.execute("return document.getElementById('open') === null && document.getElementById('store') === null") as? Bool
                    == true)
            #expect(!page.contains("apps.apple.com") && !page.contains("play.google.com"))
        } catch {
            Issue.record(error)
        }
        await browser.close()
        try await http.shutdown()
        #expect(try await server.stop() == 0)
    }
}
