import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing

/// The hardest destinations of the URL Standard's test data, created through the API of
/// the real server and clicked in a real headless Chromium: what the server accepts lands
/// the browser exactly where the API said it would, on a host of the allow-list; what a
/// naive reading would have let through is refused.
@Suite("Destinations in a real browser", .serialized)
struct DestinationBrowserTests {
    /// Each URL as typed, and the URL the API stores and Chromium must land on.
    static let accepted: [(typed: String, lands: String)] = [
        ("https://0000000000000000000000000000000000000000177.0.0.1/long-octal", "https://127.0.0.1/long-octal"),
        ("http://0x0000000000000007f.0.0.1/long-hex", "http://127.0.0.1/long-hex"),
        ("http://www.exam\u{AD}ple.com/soft-hyphen", "http://www.example.com/soft-hyphen"),
        ("http://GOO\u{200B}\u{2060}\u{FEFF}goo.com/ignored", "http://googoo.com/ignored"),
        ("http://\u{915}\u{94D}\u{200D}\u{937}.example/zwj-after-virama", "http://xn--11b2ezcw70k.example/zwj-after-virama"),
        ("http://www\u{FF0E}example\u{3002}com/fullwidth-dots", "http://www.example.com/fullwidth-dots"),
        ("http:example.com/no-slashes", "http://example.com/no-slashes"),
        ("http://münchen.de/straße", "http://xn--mnchen-3ya.de/stra%C3%9Fe"),
    ]

    /// Refused with the naive allow-list (the text before the first `/`), which browsers
    /// would leave for loopback or a host that is not listed.
    static let refused: [(typed: String, code: String)] = [
        ("https://0000000000000000000000000000000000000000177.0.0.1/", "destination_not_allowed"),
        ("http://0x0000000000000007f.0.0.1/", "destination_not_allowed"),
        ("http://www.exam\u{200D}ple.com/zwj-in-latin", "invalid_destination"),
        ("http://www.exa%3Cmple.com/", "invalid_destination"),
    ]

    @Test(.enabled(if: WebDriver.available, "Chromium or chromedriver is not installed; .ci/run installs them"))
    func whatIsAcceptedLandsTheBrowserOnTheAllowedHost() async throws {
        let bench = try await BrowserBench.start("destinations")
        let (chromium, chromedriver, directory, admin, server, http, api) = (
            bench.chromium, bench.chromedriver, bench.directory, bench.admin, bench.server, bench.http, bench.api
        )
        defer { try? FileManager.default.removeItem(at: directory) }
        let allowed = ["127.0.0.1", "www.example.com", "googoo.com", "xn--11b2ezcw70k.example", "example.com", "xn--mnchen-3ya.de"]
        let browserApp = try await Self.createApp(api, admin: admin, host: "go.localhost", allowed: allowed)
        let naiveApp = try await Self.createApp(api, admin: admin, host: "naive.localhost", allowed: ["0.0.0.1", "7.0.0.1", "www.example.com"])

        for (typed, code) in Self.refused {
            let answer = try await api.send("/v1/links", method: .POST, bearer: naiveApp, json: Self.json(["path": "/r", "web_url": typed]))
            #expect(answer.status == 422, "\(typed.debugDescription): \(answer.body)")
            #expect(answer.body.contains("\"\(code)\""), "\(typed.debugDescription): \(answer.body)")
        }
        var codes: [(code: String, lands: String)] = []
        for (typed, lands) in Self.accepted {
            let answer = try await api.send("/v1/links", method: .POST, bearer: browserApp, json: Self.json(["path": "/a", "web_url": typed]))
            #expect(answer.status == 201, "\(typed.debugDescription): \(answer.body)")
            let body = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
            #expect(body?["web_url"] as? String == lands, "\(typed.debugDescription)")
            if let code = body?["code"] as? String { codes.append((code, lands)) }
        }
        #expect(codes.count == Self.accepted.count)

        let browser: WebDriver
        do {
            // Every name but the link host fails to resolve at once: the browser stays on the
            // address it was sent to, which is what the test reads.
            browser = try await WebDriver(
                chromedriver: chromedriver, chromium: chromium,
                arguments: [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(directory.path)/profile",
                    "--host-resolver-rules=MAP go.localhost 127.0.0.1, MAP * ~NOTFOUND", "--user-agent=\(Self.desktopChrome)",
                ], http: http)
        } catch {
            try? await http.shutdown()
            _ = try? await server.stop()
            throw error
        }
        do {
            for (code, lands) in codes {
                do {
                    try await browser.open("http://go.localhost:\(server.port)/\(code)")
                } catch let failure as WebDriver.Failure where failure.description.contains("net::ERR_NAME_NOT_RESOLVED") {
                    // Where it was sent does not exist here: its error page keeps the address.
                }
                let landed = try await browser.currentURL
                #expect(landed == lands, "the link to \(lands) took Chromium to \(landed)")
                // The host as Chromium wrote it (Foundation's URL would turn Punycode back into Unicode).
                let authority = landed.components(separatedBy: "://").dropFirst().first?.prefix { $0 != "/" } ?? ""
                let host = authority.hasPrefix("[") ? String(authority) : String(authority.prefix { $0 != ":" })
                #expect(allowed.contains(host), "Chromium landed on \(host), which is not on the allow-list")
            }
        } catch {
            Issue.record(error)
        }
        await browser.close()
        try await http.shutdown()
        #expect(try await server.stop() == 0)
    }

    /// A desktop browser's own User-Agent: headless Chromium's says HeadlessChrome, a bot's word.
    static let desktopChrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36"

    static func createApp(_ api: LoopbackClient, admin: String, host: String, allowed: [String]) async throws -> String {
        let app = json([
            "name": host, "web": ["allowed_hosts": allowed], "domains": [["host": host, "role": "short"]], "paths": ["/*"],
        ])
        let answer = try await api.send("/v1/apps", method: .POST, bearer: admin, json: app)
        #expect(answer.status == 201, "\(answer.body)")
        let body = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
        return try #require(body?["secret_key"] as? String)
    }

    static func json(_ object: [String: Any]) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: object)) ?? Data(), as: UTF8.self)
    }
}
