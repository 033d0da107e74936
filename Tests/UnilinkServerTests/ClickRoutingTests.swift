import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import UnilinkAPI

@testable import UnilinkServer

@Suite("Clicks on an app's hosts")
struct ClickRoutingTests {
    static let link = """
        {"path": "/u/42", "deep_link_value": "user", "alias": "anna", "web_url": "https://www.example.com/u/42",
         "social": {"title": "Anna <script>alert(1)</script> & co", "description": "\\"quoted\\"", "image_url": "https://www.example.com/a.jpg"}}
        """

    enum Answer: Equatable {
        case page(String)
        case redirect(prefix: String)
        case status(Int)
    }

    static let table: [(ua: String, host: String, path: String, answer: Answer)] = [
        (UA.macChrome, "exm.pl", "/anna", .redirect(prefix: "https://www.example.com/u/42")),
        // Safari's Mac string may be an iPad asking for desktop sites: the page that tells.
        (UA.macSafari, "exm.pl", "/anna", .page("<noscript><meta http-equiv=\"refresh\" content=\"0;url=https://www.example.com/u/42\"></noscript>")),
        (UA.windowsChrome, "link.example.com", "/u/42", .redirect(prefix: "https://www.example.com/")),
        (UA.iPhoneSafari, "exm.pl", "/anna", .page("Open in the app")),
        (UA.iPadSafari, "link.example.com", "/u/42", .page("Open in the app")),
        (UA.androidChrome, "exm.pl", "/anna", .page("Google Play")),
        (UA.iPhoneSafari, "open.example.com", "/u/42", .redirect(prefix: "https://apps.apple.com/app/id123456789")),
        (UA.androidChrome, "open.example.com", "/u/42", .redirect(prefix: "intent://open.example.com/u/42")),
        (
            UA.instagramAndroid, "open.example.com", "/u/42",
            .redirect(prefix: "https://play.google.com/store/apps/details?id=com.example.shop&referrer=")
        ),
        // Zalo's Android web view launches no intent:// URL (in-app-browsers.json): Play alone.
        (
            UA.zaloAndroid, "open.example.com", "/u/42",
            .redirect(prefix: "https://play.google.com/store/apps/details?id=com.example.shop&referrer=")
        ),
        (UA.facebookCrawler, "exm.pl", "/anna", .page("og:title")),
        (UA.iMessage, "link.example.com", "/u/42", .page("og:title")),
        (UA.slack, "open.example.com", "/u/42", .page("og:title")),
        (UA.weChatIOS, "exm.pl", "/anna", .page("class=\"hint\"")),
        (UA.weiboIOS, "link.example.com", "/u/42", .page("class=\"hint\"")),
        (UA.iPhoneSafari, "link.example.com", "/help/faq", .status(404)),
        (UA.iPhoneSafari, "link.example.com", "/not-claimed", .status(404)),
        (UA.iPhoneSafari, "exm.pl", "/nosuchcode", .status(404)),
        (UA.iPhoneSafari, unknownHost, "/u/42", .status(404)),
    ]

    static let unknownHost = "unknown.example.net"

    static func answeredFromMemory(_ client: some TestClientProtocol) async throws -> Int {
        let metrics = try await client.send(.get, "/metrics").text
        let line = try #require(metrics.split(separator: "\n").first { $0.hasPrefix("unilink_clicks_answered_from_memory_total ") })
        return try #require(Int(line.split(separator: " ")[1]))
    }

    /// Over a real socket, twice: the first click may go through the router, the repeat is
    /// answered by `LinkHostFastPath` from memory, as nearly every click is in production.
    @Test(arguments: 0..<table.count)
    func everyVisitorGetsTheRightAnswer(row: Int) async throws {
        let (ua, host, path, answer) = Self.table[row]
        try await TestServer.run(.live) { client in
            let app = try await client.createApp()
            _ = try await client.createLink(Self.link, app: app)
            for attempt in ["first", "repeat"] {
                let fromMemory = try await Self.answeredFromMemory(client)
                let response = try await client.send(.get, path, host: host, userAgent: ua)
                if attempt == "repeat" {
                    let expected = host == Self.unknownHost ? fromMemory : fromMemory + 1
                    #expect(try await Self.answeredFromMemory(client) == expected, "the repeat is LinkHostFastPath's answer")
                }
                switch answer {
                case .page(let marker):
                    #expect(response.status == .ok, "\(attempt)")
                    #expect(response.headers[.contentType] == "text/html; charset=utf-8", "\(attempt)")
                    #expect(response.text.contains(marker), "\(attempt)")
                case .redirect(let prefix):
                    #expect(response.status == .found, "\(attempt)")
                    #expect(response.headers[.location]?.hasPrefix(prefix) == true, "\(attempt): \(response.headers[.location] ?? "none")")
                    #expect(response.headers[.cacheControl] == "no-store", "\(attempt)")
                case .status(let code):
                    #expect(response.status.code == code, "\(attempt)")
                }
            }
        }
    }

    @Test func previewPageCarriesEveryTagEscaped() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            _ = try await client.createLink(Self.link, app: app)
            let page = try await client.send(.get, "/anna", host: "exm.pl", userAgent: UA.iPhoneSafari).text
            #expect(!page.contains("<script>alert(1)</script>"))
            #expect(page.contains("Anna &lt;script&gt;alert(1)&lt;/script&gt; &amp; co"))
            #expect(page.contains("&quot;quoted&quot;"))
            for tag in [
                "og:title", "og:description", "og:image", "og:url", "og:type", "twitter:card", "twitter:app:id:iphone", "twitter:app:id:googleplay",
                "al:ios:url\" content=\"shop://u/42", "al:ios:app_store_id", "al:android:package", "al:android:url", "al:web:url",
                "name=\"apple-itunes-app\" content=\"app-id=123456789, app-argument=https://link.example.com/u/42",
            ] {
                #expect(page.contains(tag), "\(tag)")
            }
            let clickID = try #require(page.firstMatch(of: /name="unilink:click-id" content="([A-Za-z0-9]{22})"/)?.1)
            #expect(page.contains("href=\"https://open.example.com/u/42?deep_link_value=user&amp;ul_code="))
            #expect(page.contains("ul_click=\(clickID)"))
            #expect(!page.contains("cdn"))
        }
    }

    @Test func cachedPreviewPagesCarryEachClicksOwnIDAndFollowEdits() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let link = try await client.createLink(Self.link, app: app)
            let first = try await client.send(.get, "/anna", host: "exm.pl", userAgent: UA.androidChrome).text
            let second = try await client.send(.get, "/anna", host: "exm.pl", userAgent: UA.androidChrome).text
            let ids = [first, second].compactMap { $0.firstMatch(of: /name="unilink:click-id" content="([A-Za-z0-9]{22})"/).map { String($0.1) } }
            #expect(ids.count == 2)
            #expect(ids[0] != ids[1])
            #expect(second.contains("referrer%3D\(ids[1])") || second.contains("referrer=\(ids[1])"))
            #expect(!second.contains(ids[0]))
            #expect(first.replacing(ids[0], with: "ID") == second.replacing(ids[1], with: "ID"))
            _ = try await client.send(.patch, "/v1/links/\(try #require(link.id))", json: #"{"social": {"title": "Edited"}}"#, bearer: app.secretKey)
            let edited = try await client.send(.get, "/anna", host: "exm.pl", userAgent: UA.androidChrome).text
            #expect(edited.contains("<h1>Edited</h1>"))
        }
    }

    @Test func theAlternateHostContinuesThePreviewsClickIntoThePlayReferrer() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            _ = try await client.createLink(Self.link, app: app)
            let page = try await client.send(.get, "/anna", host: "exm.pl", userAgent: UA.instagramAndroid).text
            let clickID = String(try #require(page.firstMatch(of: /name="unilink:click-id" content="([A-Za-z0-9]{22})"/)?.1))
            let open = try await client.send(.get, "/u/42?ul_click=\(clickID)", host: "open.example.com", userAgent: UA.instagramAndroid)
            #expect(open.headers[.location] == "https://play.google.com/store/apps/details?id=com.example.shop&referrer=\(clickID)")
        }
    }

    @Test func weChatOverlaySpeaksChineseToChineseReaders() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            _ = try await client.createLink(Self.link, app: app)
            let zh = try await client.send(.get, "/anna", host: "exm.pl", userAgent: UA.weChatIOS, headers: [.acceptLanguage: "zh-CN,zh;q=0.9"]).text
            #expect(zh.contains("请在浏览器中打开此页面"))
            #expect(zh.contains("<html lang=\"zh\">"))
            // WeChat blocks schemes: the app's scheme is only in the app-link tags, never a link or a redirect.
            #expect(zh.contains(#"content="shop://"#))
            #expect(zh.matches(of: /shop:\/\//).count == zh.matches(of: /content="shop:\/\//).count)
            let en = try await client.send(.get, "/anna", host: "exm.pl", userAgent: UA.weChatIOS, headers: [.acceptLanguage: "en-US"]).text
            #expect(en.contains("Open this page in your browser"))
        }
    }

    @Test func longLinksNeedNoAPICallAndTheirQueryOverrides() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp()
            let page = try await client.send(
                .get, "/p/shoes?deep_link_value=shoes&deep_link_sub1=red&utm_source=mail", host: "link.example.com", userAgent: UA.iPhoneSafari)
            #expect(page.status == .ok)
            #expect(page.text.contains("open.example.com/p/shoes?deep_link_value=shoes&amp;deep_link_sub1=red"))
        }
    }

    @Test func headRequestsAndCrawlersAreNotCountedButPeopleAre() async throws {
        try await TestServer.run { client, server in
            let app = try await client.createApp()
            let link = try await client.createLink(Self.link, app: app)
            let id = try #require(link.id)
            let head = try await client.send(.head, "/anna", host: "exm.pl", userAgent: UA.iPhoneSafari)
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            try await client.send(.get, "/anna", host: "exm.pl", userAgent: UA.facebookCrawler)
            try await client.send(.get, "/anna", host: "exm.pl", userAgent: UA.iPhoneSafari)
            try await client.send(.get, "/anna", host: "exm.pl", userAgent: UA.macSafari)
            try await client.send(.get, "/u/42?ul_code=\(try #require(link.code))", host: "open.example.com", userAgent: UA.iPhoneSafari)
            await server.clicksStored()
            let stats = try await client.send(.get, "/v1/links/\(id)/stats", bearer: app.secretKey).decode(LinkStats.self)
            #expect(stats.clicks == 3)
            #expect(stats.byPlatform == ["ios": 2, "desktop": 1])
            #expect(stats.byOutcome == ["preview": 1, "web": 1, "store": 1])
            #expect(stats.daily.map(\.clicks) == [3])
            let bad = try await client.send(.get, "/v1/links/\(id)/stats?from=yesterday", bearer: app.secretKey)
            #expect(bad.status == .badRequest)
            let noSuchDay = try await client.send(.get, "/v1/links/\(id)/stats?to=2026-02-30", bearer: app.secretKey)
            #expect(noSuchDay.status == .badRequest)
            #expect(noSuchDay.text.contains("'to' must be a date"))
        }
    }

    @Test func expiredLinksSendPeopleToTheWeb() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            _ = try await client.createLink(#"{"path": "/u/1", "alias": "old", "expires_at": "2020-01-01T00:00:00Z"}"#, app: app)
            let response = try await client.send(.get, "/old", host: "exm.pl", userAgent: UA.iPhoneSafari)
            #expect(response.status == .found)
            #expect(response.headers[.location] == "https://www.example.com/")
        }
    }

    /// E-mails to signed-in users: the link's signed URL opens the app's scheme where
    /// universal links did not fire; a forged, altered or borrowed marker changes nothing.
    @Test func aSignedMarkerOpensTheAppForKnownUsersOnly() async throws {
        try await TestServer.run { client, server in
            let app = try await client.createApp()
            let link = try await client.createLink(Self.link, app: app)
            let other = try await client.createLink(#"{"path": "/u/43"}"#, app: app)
            let signed = try #require(link.knownUserURL)
            #expect(signed.hasPrefix("https://exm.pl/anna?ul_installed="))
            let marker = String(try #require(signed.split(separator: "=").last))
            #expect(marker.count == 22)
            let known = try await client.send(.get, "/anna?ul_installed=\(marker)", host: "exm.pl", userAgent: UA.iPhoneSafari)
            #expect(known.status == .found)
            #expect(known.headers[.location] == "shop://u/42?deep_link_value=user&ul_code=\(try #require(link.code))")
            let borrowed = String(try #require(other.knownUserURL?.split(separator: "=").last))
            var altered = Array(marker)
            altered[0] = altered[0] == "A" ? "B" : "A"
            for forged in [borrowed, String(altered), "", String(repeating: "x", count: 1000)] {
                let page = try await client.send(.get, "/anna?ul_installed=\(forged)", host: "exm.pl", userAgent: UA.iPhoneSafari)
                #expect(page.status == .ok, "\(forged.prefix(30))")
                #expect(!page.text.contains("ul_installed"), "the marker is not content")
            }
            let weChat = try await client.send(.get, "/anna?ul_installed=\(marker)", host: "exm.pl", userAgent: UA.weChatIOS)
            #expect(weChat.status == .ok)
            await server.clicksStored()
            let stats = try await client.send(.get, "/v1/links/\(try #require(link.id))/stats", bearer: app.secretKey).decode(LinkStats.self)
            #expect(stats.clicks == 6)
            #expect(stats.byOutcome["scheme"] == 1)
        }
    }
}

/// Safari's Mac string (an iPad asking for desktop sites sends it too): the desktop answer
/// is a page whose one script, allowed by its hash, sends a touch screen to the link with
/// `ul_touch`, which routes as an iPad and continues the same click.
@Suite("The touch check of Safari's Mac string")
struct TouchCheckPageTests {
    @Test func thePageAllowsOnlyItsScriptAndTheTouchRequestIsTheIPadsRoute() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            _ = try await client.createLink(ClickRoutingTests.link, app: app)
            let page = try await client.send(.get, "/anna", host: "exm.pl", userAgent: UA.macSafari)
            #expect(page.status == .ok)
            #expect(page.headers[.cacheControl] == "no-store")
            let policy = try #require(page.headers[.contentSecurityPolicy])
            let script = try #require(page.text.firstMatch(of: /<script>([^<]*)<\/script>/)?.1)
            #expect(script == Pages.touchScript)
            // Its hash is the only script the policy allows (the browser test shows it runs).
            #expect(Pages.touchScriptHash.wholeMatch(of: /sha256-[A-Za-z0-9+\/]{43}=/) != nil)
            #expect(policy.contains("script-src '\(Pages.touchScriptHash)';"), "\(policy)")
            #expect(!policy.contains("unsafe-inline"))
            let touch = try #require(page.text.firstMatch(of: /<a id="touch" href="([^"]+)"/)?.1).replacingOccurrences(of: "&amp;", with: "&")
            // A short host answers only codes: the link on the primary host, the same route.
            #expect(touch.hasPrefix("https://link.example.com/u/42?"))
            #expect(touch.contains("&ul_touch=1"))
            let path = String(touch.dropFirst("https://link.example.com".count))
            let iPad = try await client.send(.get, path, host: "link.example.com", userAgent: UA.macSafari)
            #expect(iPad.status == .ok)
            #expect(iPad.text.contains("Open in the app"), "the iPad's preview page")
            // Any other browser ignores the marker.
            let chrome = try await client.send(.get, path, host: "link.example.com", userAgent: UA.macChrome)
            #expect(chrome.status == .found)
        }
    }
}
