import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import UnilinkAPI
import UnilinkStorage
import UnilinkTestSupport

@testable import UnilinkServer

/// A server on a fresh in-memory SQLite database, driven through HummingbirdTesting.
enum TestServer {
    static let adminToken = "test-admin-token-0123456789"

    static func settings() -> ServerSettings {
        var settings = ServerSettings(
            port: 0, database: .sqliteMemory, adminToken: adminToken, trustedProxies: ["127.0.0.1", "::1"].compactMap(AddressRange.init),
            createsDemo: false, maxBodyBytes: 256 * 1024, maxURLBytes: 4096
        )
        settings.databasePool = .forTests
        return settings
    }

    /// `.router` by default; `.live` runs a real server on a loopback port, which trusts
    /// loopback as a proxy so tests can play visitors from any address with X-Forwarded-For.
    static func run(
        _ mode: TestingSetup = .router, settings: ServerSettings = settings(),
        _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        try await run(mode, settings: settings) { client, _ in try await test(client) }
    }

    /// With a probe into the running server, to wait for what it does after answering.
    static func run(
        _ mode: TestingSetup = .router, settings: ServerSettings = settings(),
        _ test: @escaping @Sendable (any TestClientProtocol, ServerProbe) async throws -> Void
    ) async throws {
        let (app, parts) = try await buildApplicationAndParts(settings: settings, announce: { _ in })
        let probe = ServerProbe(clicks: parts.clicks)
        try await app.test(mode) { client in try await test(client, probe) }
    }

    /// The app of API.md's example, on link.example.com / open.example.com / exm.pl.
    static let shopApp = """
        {"name": "Shop",
         "ios": {"team_id": "ABCDE12345", "bundle_id": "com.example.shop", "app_store_id": "123456789", "scheme": "shop"},
         "android": {"package": "com.example.shop", "scheme": "shop",
                     "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
         "web": {"fallback_url": "https://www.example.com/", "allowed_hosts": ["www.example.com"]},
         "domains": [{"host": "link.example.com", "role": "primary"}, {"host": "open.example.com", "role": "alternate"}, {"host": "exm.pl", "role": "short"}],
         "paths": ["/u/*", "/p/*"], "exclude_paths": ["/help/*"]}
        """

    static let otherApp = """
        {"name": "Other", "ios": {"team_id": "FGHIJ67890", "bundle_id": "com.other.app", "app_store_id": "987654321"},
         "web": {"fallback_url": "https://other.example.org/"},
         "domains": [{"host": "go.other.example.org", "role": "short"}, {"host": "l.other.example.org", "role": "primary"}], "paths": ["/*"]}
        """
}

/// What a test may wait for inside the server.
struct ServerProbe: Sendable {
    let clicks: ClickQueue

    /// Every click answered so far is stored (the recorder's own signal, not a poll):
    /// stats read after this count them. The wait ends at the signal; its 60 s only stop a
    /// recorder that never writes (how soon it writes is `ClickRecorderTests`' to check).
    func clicksStored(sourceLocation: SourceLocation = #_sourceLocation) async {
        let stored = await clicks.waitUntilStored(clicks.acceptedMark, timeout: .seconds(60))
        #expect(stored, "the answered clicks were not stored within 60 s", sourceLocation: sourceLocation)
    }
}

struct CreatedApp {
    let id: String
    let secretKey: String
    let publishableKey: String
}

extension TestClientProtocol {
    @discardableResult
    func send(
        _ method: HTTPRequest.Method, _ uri: String, json: String? = nil, bearer: String? = nil, host: String? = nil,
        userAgent: String? = nil, address: String? = nil, headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = extra
        if let bearer { headers[.authorization] = "Bearer \(bearer)" }
        if let host { headers[HTTPField.Name("Host")!] = host }
        if let address { headers[HTTPField.Name("X-Forwarded-For")!] = address }
        if let userAgent { headers[.userAgent] = userAgent }
        if json != nil { headers[.contentType] = "application/json" }
        return try await execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }

    func createApp(_ json: String = TestServer.shopApp) async throws -> CreatedApp {
        let response = try await send(.post, "/v1/apps", json: json, bearer: TestServer.adminToken)
        #expect(response.status == .created, "\(String(buffer: response.body))")
        let body = try response.decode(AppBody.self)
        return CreatedApp(id: try #require(body.id), secretKey: try #require(body.secretKey), publishableKey: try #require(body.publishableKey))
    }

    func createLink(_ json: String, app: CreatedApp) async throws -> LinkBody {
        let response = try await send(.post, "/v1/links", json: json, bearer: app.secretKey)
        #expect(response.status == .created, "\(String(buffer: response.body))")
        return try response.decode(LinkBody.self)
    }
}

extension TestResponse {
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: Data(body.readableBytesView))
    }

    var text: String { String(buffer: body) }

    /// The `code` of a JSON error body.
    var errorCode: String? { try? decode(ErrorBody.self).error.code }
}

/// User-Agents from the foundation's corpus (Tests/UnilinkCoreTests/Fixtures).
enum UA {
    static let iPhoneSafari =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
    static let iPadSafari =
        "Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"
    static let androidChrome = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.0.0 Mobile Safari/537.36"
    static let macSafari = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15"
    /// A desktop that is nothing else (Safari's Mac string may be an iPad asking for desktop sites).
    static let macChrome = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
    static let zaloAndroid =
        "Mozilla/5.0 (Linux; Android 13; SM-A536E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 Zalo android/12100634 ZaloTheme/light ZaloLanguage/vi"
    static let windowsChrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"
    static let facebookCrawler = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"
    static let iMessage =
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15 facebookexternalhit/1.1 Facebot Twitterbot/1.0"
    static let slack = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"
    static let weChatIOS =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.31(0x18001e31) NetType/WIFI Language/zh_CN miniProgram"
    static let weiboIOS =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Weibo (iPhone15,3__weibo__16.2.0__iphone__os17.6)"
    static let instagramAndroid =
        "Mozilla/5.0 (Linux; Android 13; SM-S918B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 Instagram 315.0.0.29.109 Android (33/13; 480dpi; 1080x2340; samsung; SM-S918B; dm3q; qcom; en_US; 556277207)"
}
