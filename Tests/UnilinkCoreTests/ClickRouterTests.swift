import UnilinkAPI
import Foundation
import Testing
import UnilinkCore

/// The routing table of DESIGN.md section 2 and the issue: every branch, and every real
/// User-Agent of the corpus on every host role.
@Suite("Click routing decisions")
struct ClickRouterTests {
    static let addressing = HostAddressing(localPort: 8080)
    static let router = ClickRouter(addressing: addressing)
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static let app = App(
        id: "app_1", name: "Shop",
        ios: .init(teamID: "ABCDE12345", bundleID: "com.example.shop", appStoreID: "123456789", scheme: "shop"),
        android: .init(package: "com.example.shop", scheme: "shop"),
        web: .init(fallbackURL: "https://www.example.com/", allowedHosts: ["www.example.com"]),
        domains: [.init(host: "link.example.com", role: .primary), .init(host: "open.example.com", role: .alternate), .init(host: "exm.pl", role: .short)],
        paths: ["/u/*"]
    )

    static func link(_ content: LinkContent = LinkContent(path: "/u/42", deepLinkValue: "user", webURL: "https://www.example.com/u/42"),
                     expiresAt: Date? = nil, app: App = app, role: HostRole = .short) -> ResolvedLink {
        let stored = Link(id: "lnk_1", appID: app.id, code: "Ab3xK9p", content: content, expiresAt: expiresAt, createdAt: now, updatedAt: now)
        return ResolvedLink(app: app, link: stored, content: content, host: app.host(for: role)!, role: role)
    }

    static func visit(_ ua: String, head: Bool = false, languages: [String] = [], knownInstalled: Bool = false) -> Visit {
        Visit(userAgent: UserAgent(ua), isHead: head, languages: languages, clickID: "click0000000000000000001", time: now, knownInstalled: knownInstalled)
    }

    enum Kind: String {
        case preview, crawler, hint, web, store, intent, platformURL, gone, scheme, refused
    }

    static func kind(_ decision: ClickDecision) -> Kind {
        switch decision {
        case .previewPage: .preview
        case .crawlerPage: .crawler
        case .openInBrowserHint: .hint
        case .gone: .gone
        case .refused: .refused
        case .scheme: .scheme
        case .redirect(let url, let outcome):
            switch outcome {
            case .store: .store
            case .intent: url.hasPrefix("intent://") ? .intent : .web
            case .platformURL: .platformURL
            default: .web
            }
        }
    }

    /// What the issue promises for a visitor with these labels on a host of this role.
    static func expected(_ sample: UserAgentSample, role: HostRole) -> Kind {
        if sample.bot != nil { return .crawler }
        let mobile = sample.device == "phone" || sample.device == "tablet"
        // WeChat on Windows or a Mac opens web pages like any browser: there is no app to open.
        if ["wechat", "qq", "weibo"].contains(sample.app ?? ""), mobile { return .hint }
        switch (sample.os, mobile, role) {
        case ("ios", true, .alternate): return .store
        case ("android", true, .alternate): return sample.app == nil ? .intent : .store
        case ("ios", true, _), ("android", true, _): return .preview
        default: return .web
        }
    }

    @Test(arguments: UserAgentSample.corpus)
    func everyRealVisitorGetsWhatTheRoleRequires(sample: UserAgentSample) {
        for role in HostRole.allCases {
            let decision = Self.router.decide(Self.link(role: role), for: Self.visit(sample.ua))
            #expect(Self.kind(decision) == Self.expected(sample, role: role), "role \(role)")
        }
    }

    @Test func desktopPrefersDesktopURLThenWebThenFallback() {
        let mac = Self.visit(UA.macSafari)
        var content = LinkContent(path: "/u/1", webURL: "https://www.example.com/web", desktopURL: "https://www.example.com/desktop")
        #expect(Self.router.decide(Self.link(content), for: mac) == .redirect("https://www.example.com/desktop", record: .web))
        content.desktopURL = nil
        #expect(Self.router.decide(Self.link(content), for: mac) == .redirect("https://www.example.com/web", record: .web))
        content.webURL = nil
        #expect(Self.router.decide(Self.link(content), for: mac) == .redirect("https://www.example.com/", record: .web))
    }

    @Test func desktopWithoutAnyWebPageSeesThePreview() {
        var app = Self.app
        app.web = .init()
        let decision = Self.router.decide(Self.link(LinkContent(path: "/u/1"), app: app), for: Self.visit(UA.macSafari))
        #expect(Self.kind(decision) == .preview)
    }

    @Test func iPhoneOnAlternateHostGoesToTheAppStore() {
        let decision = Self.router.decide(Self.link(role: .alternate), for: Self.visit(UA.iPhoneSafari))
        #expect(decision == .redirect("https://apps.apple.com/app/id123456789", record: .store))
    }

    @Test func webOnlyLinksOpenTheWebPageOnPhones() {
        let content = LinkContent(path: "/u/1", webURL: "https://www.example.com/article", webOnly: true)
        for ua in [UA.iPhoneSafari, UA.androidChrome] {
            for role in HostRole.allCases {
                #expect(Self.router.decide(Self.link(content, role: role), for: Self.visit(ua)) == .redirect("https://www.example.com/article", record: .web))
            }
        }
    }

    @Test func androidAlternateIsAnIntentWithPlayFallbackCarryingTheClickID() throws {
        let decision = Self.router.decide(Self.link(role: .alternate), for: Self.visit(UA.androidChrome))
        guard case .redirect(let url, .intent) = decision else { Issue.record("not an intent: \(decision)"); return }
        #expect(url.hasPrefix("intent://open.example.com/u/42?"))
        #expect(url.contains("#Intent;scheme=https;package=com.example.shop;S.browser_fallback_url="))
        #expect(url.hasSuffix(";end"))
        let fallback = try #require(url.split(separator: ";").first { $0.hasPrefix("S.browser_fallback_url=") })
        let decoded = URLText.decode(fallback.dropFirst("S.browser_fallback_url=".count))
        #expect(decoded == "https://play.google.com/store/apps/details?id=com.example.shop&referrer=click0000000000000000001")
    }

    @Test func androidInAppBrowserGetsThePlayLinkAlone() {
        let decision = Self.router.decide(Self.link(role: .alternate), for: Self.visit(UA.instagramAndroid))
        #expect(decision == .redirect("https://play.google.com/store/apps/details?id=com.example.shop&referrer=click0000000000000000001", record: .store))
    }

    @Test func platformWithoutAnAppGetsTheWebPage() {
        var app = Self.app
        app.android = nil
        let decision = Self.router.decide(Self.link(app: app), for: Self.visit(UA.androidChrome))
        #expect(decision == .redirect("https://www.example.com/u/42", record: .web))
    }

    /// HEAD is GET without a body (RFC 9110): the same decision for the same visitor. The
    /// server neither counts nor keeps it (ClickRoutingTests checks that end).
    @Test(arguments: [(UA.iPhoneSafari, HostRole.short), (UA.iPhoneSafari, .alternate), (UA.macSafari, .short), (UA.androidChrome, .alternate),
                      (UA.facebookCrawler, .short)])
    func headGetsTheDecisionOfGet(ua: String, role: HostRole) {
        let get = Self.router.decide(Self.link(role: role), for: Self.visit(ua))
        let head = Self.router.decide(Self.link(role: role), for: Self.visit(ua, head: true))
        #expect(head == get)
    }

    @Test func expiredLinksGoToTheWebOrAreGone() {
        let expired = Self.link(expiresAt: Self.now.addingTimeInterval(-1))
        #expect(Self.router.decide(expired, for: Self.visit(UA.iPhoneSafari)) == .redirect("https://www.example.com/u/42", record: .expired))
        var app = Self.app
        app.web = .init()
        let bare = Self.link(LinkContent(path: "/u/1"), expiresAt: Self.now, app: app)
        #expect(Self.router.decide(bare, for: Self.visit(UA.iPhoneSafari)) == .gone)
        #expect(Self.kind(Self.router.decide(Self.link(expiresAt: Self.now.addingTimeInterval(60)), for: Self.visit(UA.iPhoneSafari))) == .preview)
    }

    @Test func previewButtonPointsToTheAlternateHostWithTheClickID() throws {
        let decision = Self.router.decide(Self.link(), for: Self.visit(UA.iPhoneSafari))
        guard case .previewPage = decision, let model = Self.router.model(of: decision, for: Self.link()) else { Issue.record("no preview"); return }
        let open = try #require(model.openURL)
        #expect(open.hasPrefix("https://open.example.com/u/42?deep_link_value=user&ul_code=Ab3xK9p"))
        #expect(open.hasSuffix("&ul_click=click0000000000000000001"))
        #expect(model.canonicalURL == "https://link.example.com/u/42?deep_link_value=user&ul_code=Ab3xK9p")
        #expect(model.storeURL == "https://apps.apple.com/app/id123456789")
        #expect(model.iosSchemeURL == "shop://u/42?deep_link_value=user&ul_code=Ab3xK9p")
        #expect(model.clickID == "click0000000000000000001")
    }

    @Test func chineseVisitorsInWeChatGetTheOverlayInChinese() {
        let decision = Self.router.decide(Self.link(), for: Self.visit(UA.weChatIOS, languages: ["zh-CN", "en"]))
        guard case .openInBrowserHint = decision, let model = Self.router.model(of: decision, for: Self.link()) else {
            Issue.record("no hint")
            return
        }
        #expect(model.showsBrowserHint)
        #expect(model.language == .zh)
    }

    @Test func namedUserAgentsComeFromTheCorpus() {
        let corpus = Set(UserAgentSample.corpus.map(\.ua))
        for ua in [UA.iPhoneSafari, UA.androidChrome, UA.macSafari, UA.instagramAndroid, UA.weChatIOS, UA.facebookCrawler] {
            let known = corpus.contains(ua)
            #expect(known, "\(ua.prefix(60))")
        }
    }

    @Test func longLinkParametersOverrideTheStoredOnes() {
        var content = LinkContent(path: "/u/1", deepLinkValue: "user", deepLinkSubs: [1: "a"], ref: "stored")
        LinkParameters.apply([("deep_link_sub1", "b"), ("ref", "adhoc"), ("utm_source", "mail"), ("color", "red"), ("ul_code", "x")], to: &content)
        #expect(content.deepLinkSubs[1] == "b")
        #expect(content.ref == "adhoc")
        #expect(content.campaign?.source == "mail")
        #expect(content.data == ["color": "red"])
    }
}

/// Links to people who certainly have the app (DOMAIN.md section 2 item 7, Branch's
/// `$uri_redirect_mode`): the sender's signed marker lets a click go to the app's scheme
/// where universal links did not fire; nobody else ever gets a scheme URL.
extension ClickRouterTests {
    static let scheme = "shop://u/42?deep_link_value=user&ul_code=Ab3xK9p"

    @Test(arguments: [
        // (User-Agent, marker, role, what the visitor gets)
        (UA.iPhoneSafari, true, HostRole.short, Kind.scheme),
        (UA.iPhoneSafari, true, .primary, .scheme),
        (UA.iPhoneSafari, true, .alternate, .scheme),
        (UA.iPhoneSafari, false, .short, .preview),
        (UA.iPhoneSafari, false, .alternate, .store),
        (UA.weChatIOS, true, .short, .hint),           // WeChat blocks schemes: the overlay, never a scheme
        (UA.androidChrome, true, .short, .intent),     // Chrome: the intent, which falls back to Play if the app is gone
        (UA.androidChrome, false, .short, .preview),
        (UA.instagramAndroid, true, .short, .scheme),  // web views cannot launch intents
        (UA.instagramAndroid, false, .short, .preview),
        (UA.macSafari, true, .short, .web),            // a desktop has no app to open
        (UA.facebookCrawler, true, .short, .crawler),  // a crawler is never a visitor
    ])
    func knownUsersGoStraightToTheApp(ua: String, marker: Bool, role: HostRole, expected: Kind) {
        let decision = Self.router.decide(Self.link(role: role), for: Self.visit(ua, knownInstalled: marker))
        #expect(Self.kind(decision) == expected)
        if expected == .scheme, ua == UA.iPhoneSafari { #expect(decision == .scheme(Self.scheme)) }
        if expected == .scheme { #expect(decision.outcome == .scheme) }
    }

    @Test func theMarkerNeverOverridesWhatTheLinkOrAppForbids() {
        let known = Self.visit(UA.iPhoneSafari, knownInstalled: true)
        var webOnly = LinkContent(path: "/u/42", webURL: "https://www.example.com/u/42")
        webOnly.webOnly = true
        #expect(Self.router.decide(Self.link(webOnly), for: known) == .redirect("https://www.example.com/u/42", record: .web))
        let expired = Self.link(expiresAt: Self.now.addingTimeInterval(-1))
        #expect(Self.router.decide(expired, for: known) == .redirect("https://www.example.com/u/42", record: .expired))
        var noScheme = Self.app
        noScheme.ios?.scheme = nil
        #expect(Self.kind(Self.router.decide(Self.link(app: noScheme), for: known)) == .preview)
    }
}

extension ClickRouterTests {
    /// Destinations are checked again at click time: narrowing `allowed_hosts` stops old
    /// links from redirecting to hosts the app no longer allows.
    @Test func storedDestinationsAreCheckedAgainstTodaysAllowList() {
        var narrowed = Self.app
        narrowed.web.allowedHosts = []
        let content = LinkContent(path: "/u/42", webURL: "https://www.example.com/u/42", iosURL: "https://old-partner.example/x",
                                  desktopURL: "https://old-partner.example/desktop")
        let mac = Self.visit(UA.macSafari)
        #expect(Self.router.decide(Self.link(content, app: narrowed), for: mac) == .redirect("https://www.example.com/u/42", record: .web))
        let iPhone = Self.visit(UA.iPhoneSafari)
        #expect(Self.router.decide(Self.link(content, app: narrowed, role: .alternate), for: iPhone) == .redirect("https://apps.apple.com/app/id123456789", record: .store))
        var hostile = Self.app
        hostile.web.fallbackURL = #"https://evil.example\@www.example.com/"#
        #expect(Self.router.decide(Self.link(LinkContent(path: "/u/1"), app: hostile), for: mac).outcome == .preview)
    }

    /// Links stored before destinations were parsed as browsers parse them: one that a
    /// browser would take outside the allow-list, or refuse, answers the web fallback; one
    /// that is fine is redirected to as the browser serializes it.
    @Test func destinationsStoredBeforeTheBrowserParserAreCheckedAgain() {
        var app = Self.app
        app.web.allowedHosts = ["www.example.com", "0.0.0.1"]
        let mac = Self.visit(UA.macSafari)
        for stored in ["https://0000000000000000000000000000000000000000177.0.0.1/", "https://www.exa<mple.com/", "https://www.example.com\t/"] {
            let content = LinkContent(path: "/u/42", webURL: "https://www.example.com/u/42", desktopURL: stored)
            #expect(Self.router.decide(Self.link(content, app: app), for: mac) == .redirect("https://www.example.com/u/42", record: .web), "\(stored)")
        }
        let content = LinkContent(path: "/u/42", desktopURL: "http:WWW.example.com/a/../b c")
        #expect(Self.router.decide(Self.link(content, app: app), for: mac) == .redirect("https://www.example.com/", record: .web))
        let serialized = LinkContent(path: "/u/42", desktopURL: "http:WWW.example.com/a/../b%20c")
        #expect(Self.router.decide(Self.link(serialized, app: app), for: mac) == .redirect("http://www.example.com/b%20c", record: .web))
    }
}

/// A few User-Agents by name, all from the corpus (a test checks).
enum UA {
    static let iPhoneSafari = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
    static let androidChrome = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.0.0 Mobile Safari/537.36"
    static let macSafari = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15"
    static let instagramAndroid = "Mozilla/5.0 (Linux; Android 13; SM-S918B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 Instagram 315.0.0.29.109 Android (33/13; 480dpi; 1080x2340; samsung; SM-S918B; dm3q; qcom; en_US; 556277207)"
    static let weChatIOS = "Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.31(0x18001e31) NetType/WIFI Language/zh_CN miniProgram"
    static let facebookCrawler = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"
}
