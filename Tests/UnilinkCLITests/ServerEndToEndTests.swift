import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing
import UnilinkAPI

/// The README's walk, against the real binary on a loopback port with a fresh SQLite
/// file: demo link, create app, create link, click as each kind of visitor, resolve
/// through the SDK endpoint, stop with SIGTERM and find every click stored.
@Suite("The server end to end, as a newcomer runs it", .serialized)
struct ServerEndToEndTests {
    static let iPhone =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
    static let android = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.0.0 Mobile Safari/537.36"
    static let desktop = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"
    static let crawler = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"
    static let weChat =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.31(0x18001e31) NetType/WIFI Language/zh_CN miniProgram"

    @Test func theReadmeDemoWalk() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("unilink.sqlite")
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        defer { _ = http.shutdown() }

        var server = try await RunningServer(database: database)
        var client = LoopbackClient(client: http, port: server.port)
        let admin = try #require(server.bannerValue("Admin token"))
        let demoLink = try #require(server.bannerValue("demo link:"))
        let demoPath = try #require(URL(string: demoLink)?.path)
        #expect(demoLink.hasPrefix("http://go.localhost:\(server.port)/"))

        let demo = try await client.send(demoPath, host: "go.localhost", userAgent: Self.iPhone)
        #expect(demo.status == 200)
        #expect(demo.body.contains("Welcome to Unilink"))
        #expect(demo.body.contains("href=\"http://open.localhost:\(server.port)/p/welcome?"))
        let demoAASA = try await client.send("/.well-known/apple-app-site-association", host: "link.localhost")
        #expect(demoAASA.status == 200)
        #expect(demoAASA.headers.first(name: "content-type") == "application/json")

        let appJSON = """
            {"name": "Shop", "ios": {"team_id": "ABCDE12345", "bundle_id": "com.example.shop", "app_store_id": "123456789", "scheme": "shop"},
             "android": {"package": "com.example.shop"}, "web": {"fallback_url": "https://www.example.com/", "allowed_hosts": ["www.example.com"]},
             "domains": [{"host": "link.example.com", "role": "primary"}, {"host": "open.example.com", "role": "alternate"}, {"host": "exm.pl", "role": "short"}],
             "paths": ["/u/*"]}
            """
        let created = try await client.send("/v1/apps", method: .POST, bearer: admin, json: appJSON)
        #expect(created.status == 201)
        let app = try JSONDecoder().decode(AppBody.self, from: Data(created.body.utf8))
        let secret = try #require(app.secretKey), publishable = try #require(app.publishableKey)
        let linkAnswer = try await client.send(
            "/v1/links", method: .POST, bearer: secret,
            json: #"{"path": "/u/42", "deep_link_value": "user", "web_url": "https://www.example.com/u/42", "social": {"title": "Anna"}}"#)
        #expect(linkAnswer.status == 201)
        let link = try JSONDecoder().decode(LinkBody.self, from: Data(linkAnswer.body.utf8))
        let code = try #require(link.code), linkID = try #require(link.id)

        let desktop = try await client.send("/\(code)", host: "exm.pl", userAgent: Self.desktop)
        #expect(desktop.status == 302)
        #expect(desktop.location == "https://www.example.com/u/42")
        let iPhone = try await client.send("/\(code)", host: "exm.pl", userAgent: Self.iPhone)
        #expect(iPhone.status == 200)
        #expect(iPhone.body.contains("name=\"unilink:click-id\""))
        let android = try await client.send("/\(code)", host: "exm.pl", userAgent: Self.android)
        #expect(android.body.contains("Google Play"))
        let crawler = try await client.send("/\(code)", host: "exm.pl", userAgent: Self.crawler)
        #expect(crawler.status == 200)
        #expect(crawler.body.contains("<meta property=\"og:title\" content=\"Anna\">"))
        let weChat = try await client.send("/\(code)", host: "exm.pl", userAgent: Self.weChat, headers: [("Accept-Language", "zh-CN")])
        #expect(weChat.body.contains("请在浏览器中打开此页面"))
        let store = try await client.send("/u/42?ul_code=\(code)", host: "open.example.com", userAgent: Self.iPhone)
        #expect(store.location == "https://apps.apple.com/app/id123456789")

        let resolved = try await client.send("/v1/sdk/resolve", method: .POST, key: publishable, json: #"{"url": "https://exm.pl/\#(code)"}"#)
        let result = try JSONDecoder().decode(DeepLinkResultBody.self, from: Data(resolved.body.utf8))
        #expect(result.status == .found)
        #expect(result.deepLink?.deepLinkValue == "user")
        #expect(result.deepLink?.path == "/u/42")

        // Stop at once: the clicks still queued must be flushed by the graceful shutdown.
        #expect(try await server.stop() == 0)
        server = try await RunningServer(database: database)
        client = LoopbackClient(client: http, port: server.port)
        #expect(!server.banner.contains("Admin token"))
        let statsAnswer = try await client.send("/v1/links/\(linkID)/stats", bearer: secret)
        let stats = try JSONDecoder().decode(LinkStats.self, from: Data(statsAnswer.body.utf8))
        #expect(stats.clicks == 5)
        #expect(stats.byOutcome["web"] == 1)
        #expect(stats.byOutcome["store"] == 1)
        #expect(stats.byOutcome["browser_hint"] == 1)
        #expect(stats.byOutcome["preview"] == 2)
        #expect(stats.byPlatform == ["ios": 3, "android": 1, "desktop": 1])
        #expect(try await server.stop() == 0)
    }

    /// Issue 4's walk: an iPhone clicks, its page reports signals, the app's first launch
    /// with the same device gets the content; another device gets nothing.
    @Test func aDeferredLinkOverHTTP() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        defer { _ = http.shutdown() }
        let server = try await RunningServer(
            database: directory.appendingPathComponent("unilink.sqlite"), arguments: ["--trusted-proxies", "127.0.0.1,::1"])
        let client = LoopbackClient(client: http, port: server.port)
        let publishable = try #require(server.bannerValue("publishable key:"))

        let page = try await client.send(
            "/welcome", host: "go.localhost", userAgent: Self.iPhone, headers: [("X-Forwarded-For", "198.51.100.20"), ("Accept-Language", "en-GB")])
        let clickID = String(try #require(page.body.firstMatch(of: /name="unilink:click-id" content="([A-Za-z0-9]{22})"/)?.1))
        let signals = try await client.send(
            "/v1/clicks/\(clickID)/signals", method: .POST, host: "go.localhost",
            json: #"{"screen_width": 390, "screen_height": 844, "screen_scale": 3, "time_zone": "Europe/London", "languages": ["en-GB"]}"#)
        #expect(signals.status == 204)
        let store = try await client.send(
            "/p/welcome?ul_code=x&ul_click=\(clickID)", host: "open.localhost", userAgent: Self.iPhone,
            headers: [("X-Forwarded-For", "198.51.100.20")])
        #expect(store.location == "https://apps.apple.com/app/id1234567890")

        func firstLaunch(_ install: String, from address: String, width: Int) async throws -> DeepLinkResultBody {
            let body =
                #"{"install_id": "\#(install)", "app_version": "1.0", "device": {"os": "ios", "os_version": "18.1", "model": "iPhone14,7", "screen_width": \#(width), "screen_height": 2532, "screen_scale": 3, "languages": ["en-GB"], "time_zone": "Europe/London"}}"#
            let answer = try await client.send(
                "/v1/sdk/deferred", method: .POST, key: publishable, json: body, headers: [("X-Forwarded-For", address)])
            #expect(answer.status == 200)
            return try JSONDecoder().decode(DeepLinkResultBody.self, from: Data(answer.body.utf8))
        }
        let stranger = try await firstLaunch("install-stranger-1", from: "198.51.100.20", width: 1284)
        #expect(stranger.status == .notFound)
        let match = try await firstLaunch("install-clicker-1", from: "198.51.100.20", width: 1170)
        #expect(match.status == .found)
        #expect(match.deepLink?.isDeferred == true)
        #expect(match.deepLink?.path == "/p/welcome")
        #expect(match.deepLink?.deepLinkValue == "welcome")
        #expect(match.deepLink?.clickEvent["ref"] == nil)
        #expect(try await server.stop() == 0)
    }
}
