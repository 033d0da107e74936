import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing
import Unilink
import UnilinkAPI

/// The SDK against the real server on a loopback port with a fresh database (the demo
/// app): links of every kind, then a deferred link after a simulated iPhone click.
@Suite("The SDK end to end", .serialized)
struct SDKEndToEndTests {
    static func sdk(_ server: RunningServer, publishable: String) -> Unilink {
        let configuration = UnilinkConfiguration(
            publishableKey: publishable, apiBaseURL: URL(string: "http://127.0.0.1:\(server.port)")!,
            linkHosts: ["link.localhost", "open.localhost", "go.localhost"], schemes: ["unilinkdemo"], retryDelay: 0.05
        )
        // A fresh UserDefaults suite: a new install, stored the way the app stores it.
        let defaults = UserDefaults(suiteName: "unilink-e2e-\(UUID().uuidString)")!
        let device = DeviceInfo(
            os: .ios, osVersion: "18.1", model: "iPhone14,7", screenWidth: 1170, screenHeight: 2532, screenScale: 3,
            languages: ["en-GB"], timeZone: "Europe/London", appVersion: "1.0")
        return Unilink(configuration: configuration, storage: UserDefaultsStorage(defaults: defaults), deviceInfo: { device })
    }

    @Test func linksOfEveryKindAndADeferredLink() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-sdk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await RunningServer(database: directory.appendingPathComponent("unilink.sqlite"))
        let publishable = try #require(server.bannerValue("publishable key:"))
        let demoLink = try #require(server.bannerValue("demo link:"))
        let port = server.port

        let app = Self.sdk(server, publishable: publishable)
        app.router.register("/p/:slug") { _ in }
        let short = await app.handle(url: URL(string: demoLink)!)
        #expect(short.status == .found)
        #expect(short.deepLink?.path == "/p/welcome")
        #expect(short.deepLink?.deepLinkValue == "welcome")
        #expect(short.deepLink?.isDeferred == false)
        #expect(short.deepLink?.clickEvent["ref"] == "demo")

        let long = await app.handle(url: URL(string: "http://link.localhost:\(port)/p/shoes?deep_link_value=shoes&deep_link_sub1=red&promo=autumn")!)
        #expect(long.status == .found)
        #expect(long.deepLink?.isProvisional == false)
        #expect(long.deepLink?.path == "/p/shoes")
        #expect(long.deepLink?.deepLinkSub1 == "red")
        #expect(long.deepLink?.clickEvent["promo"] == "autumn")

        let scheme = await app.handle(url: URL(string: "unilinkdemo://p/hats?deep_link_value=hats")!)
        #expect(scheme.status == .found)
        #expect(scheme.deepLink?.path == "/p/hats")
        #expect(app.canOpen(url: URL(string: "http://link.localhost:\(port)/p/x")!))
        #expect(!app.canOpen(url: URL(string: "http://link.localhost:\(port)/u/x")!))

        // A simulated iPhone without the app: preview page, the page's signals, the store.
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        defer { _ = http.shutdown() }
        let browser = LoopbackClient(client: http, port: port)
        let page = try await browser.send(
            "/welcome", host: "go.localhost", userAgent: ServerEndToEndTests.iPhone, headers: [("Accept-Language", "en-GB")])
        let clickID = String(try #require(page.body.firstMatch(of: /name="unilink:click-id" content="([A-Za-z0-9]{22})"/)?.1))
        let signals = try await browser.send(
            "/v1/clicks/\(clickID)/signals", method: .POST, host: "go.localhost",
            json: #"{"screen_width": 390, "screen_height": 844, "screen_scale": 3, "time_zone": "Europe/London", "languages": ["en-GB"]}"#)
        #expect(signals.status == 204)
        let openHref = try #require(page.body.firstMatch(of: /id="open" href="([^"]+)"/)?.1).replacingOccurrences(of: "&amp;", with: "&")
        let store = try await browser.send(
            String(openHref.drop(while: { $0 != "/" }).dropFirst(2).drop(while: { $0 != "/" })),
            host: "open.localhost", userAgent: ServerEndToEndTests.iPhone)
        #expect(store.location == "https://apps.apple.com/app/id1234567890")

        // The app is installed and launched for the first time.
        let firstLaunch = Self.sdk(server, publishable: publishable)
        let deferred = await firstLaunch.checkDeferredDeepLink()
        #expect(deferred.status == .found)
        #expect(deferred.deepLink?.isDeferred == true)
        #expect(deferred.deepLink?.path == "/p/welcome")
        #expect(deferred.deepLink?.deepLinkValue == "welcome")
        #expect(deferred.deepLink?.clickID == clickID)
        #expect(deferred.deepLink?.clickEvent["ref"] == nil, "campaign data stays on the server")
        #expect(await firstLaunch.checkDeferredDeepLink().deepLink == deferred.deepLink, "asked once: the same answer, no second call")

        let anotherInstall = Self.sdk(server, publishable: publishable)
        let other = await anotherInstall.checkDeferredDeepLink()
        #expect(other.status == .notFound)
        #expect(try await server.stop() == 0)
    }
}
