import Foundation
import Testing
import UnilinkAPI
import UnilinkCore

/// The routing table of Docs/ARCHITECTURE.md section 3a and Docs/API.md "Clicks": every branch, and every real
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
        domains: [
            .init(host: "link.example.com", role: .primary), .init(host: "open.example.com", role: .alternate), .init(host: "exm.pl", role: .short),
        ],
        paths: ["/u/*"]
    )

    static func link(
        _ content: LinkContent = LinkContent(path: "/u/42", deepLinkValue: "user", webURL: "https://www.example.com/u/42"),
        expiresAt: Date? = nil, app: App = app, role: HostRole = .short
    ) -> ResolvedLink {
        let stored = Link(id: "lnk_1", appID: app.id, code: "Ab3xK9p", content: content, expiresAt: expiresAt, createdAt: now, updatedAt: now)
        return ResolvedLink(app: app, link: stored, content: content, host: app.host(for: role)!, role: role)
    }

    static func visit(_ ua: String, head: Bool = false, languages: [String] = [], knownInstalled: Bool = false) -> Visit {
        Visit(userAgent: UserAgent(ua), isHead: head, languages: languages, clickID: clickID, time: now, knownInstalled: knownInstalled)
    }

    // What visitors get, spelled out (Docs/API.md "Clicks", Docs/ARCHITECTURE.md's table of
    // what ClickRouter decides) for the fixture link /u/42 of the fixture app.
    static let clickID = "click0000000000000000001"
    static let webPage = "https://www.example.com/u/42"
    static let appStore = "https://apps.apple.com/app/id123456789"
    static let play = "https://play.google.com/store/apps/details?id=com.example.shop&referrer=click0000000000000000001"
    /// Chrome's intent for the link on `host`: the app if installed, else Play with the click id.
    static func intent(on host: String) -> String {
        "intent://\(host)/u/42?deep_link_value=user&ul_code=Ab3xK9p#Intent;scheme=https;package=com.example.shop;"
            + "S.browser_fallback_url=https%3A%2F%2Fplay.google.com%2Fstore%2Fapps%2Fdetails%3Fid%3Dcom.example.shop%26referrer%3Dclick0000000000000000001;end"
    }
    /// The link on `host` as LINE's documented escape hands it to the default browser.
    static func escaped(on host: String) -> String {
        "https://\(host)/u/42?deep_link_value=user&ul_code=Ab3xK9p&ul_click=\(clickID)&ul_escaped=1&openExternalBrowser=1"
    }
    /// The link with `ul_touch`, where the desktop answer sends a touch screen.
    static func touch(on host: String) -> String {
        "https://\(host)/u/42?deep_link_value=user&ul_code=Ab3xK9p&ul_click=\(clickID)&ul_touch=1"
    }
    static func audience(_ platform: ClickPlatform) -> PreviewAudience {
        PreviewAudience(platform: platform, language: .en, clickID: clickID)
    }

    /// The visitors the product tells apart (DOMAIN.md section 1), read from the corpus's
    /// labels (which OS and device, which in-app browser, which crawler), not from the router.
    enum Visitor: String, CaseIterable {
        case iOSBrowser, iOSInAppBrowser, iOSWeChatLike, androidBrowser, androidInAppBrowser, androidWeChatLike
        case iOSLine, androidLine
        case harmony, desktop, macSafari, neitherIOSNorAndroid, iOSCrawler, androidCrawler, otherCrawler

        init(_ sample: UserAgentSample) {
            let handheld = sample.device == "phone" || sample.device == "tablet"
            let blocksAppLinks = ["wechat", "qq", "weibo"].contains(sample.app ?? "")
            // LY Corporation documents LINE's way out to the default browser (openExternalBrowser=1).
            if sample.bot == nil, handheld, sample.app == "line", ["ios", "android"].contains(sample.os) {
                self = sample.os == "ios" ? .iOSLine : .androidLine
                return
            }
            switch (sample.os, sample.bot != nil, handheld, sample.app != nil) {
            case ("ios", true, _, _): self = .iOSCrawler
            case ("android", true, _, _): self = .androidCrawler
            case (_, true, _, _): self = .otherCrawler
            case ("ios", false, true, false): self = .iOSBrowser
            case ("ios", false, true, true): self = blocksAppLinks ? .iOSWeChatLike : .iOSInAppBrowser
            case ("android", false, true, false): self = .androidBrowser
            case ("android", false, true, true): self = blocksAppLinks ? .androidWeChatLike : .androidInAppBrowser
            case ("harmony", false, true, _): self = .harmony
            // Safari's Mac string, which an iPad asking for desktop sites sends too.
            case ("macos", false, _, false)
            where sample.device == "desktop" && sample.ua.contains("Version/") && sample.ua.contains("Safari/") && !sample.ua.contains("Chrome/"):
                self = .macSafari
            case (_, false, _, _) where sample.device == "desktop": self = .desktop
            default: self = .neitherIOSNorAndroid
            }
        }
    }

    /// Every visitor on every host role, and what it must get. Written from the product's
    /// rules, one row each: crawlers get meta tags and are no click; WeChat, QQ and Weibo on
    /// a phone or tablet get the "open in your browser" page; phones and tablets see the
    /// preview on the primary and short hosts, and on the alternate host (universal links did
    /// not fire: no app) go to the store, Android's Chrome through its intent, in-app
    /// browsers by the Play link alone; a HarmonyOS NEXT phone or tablet goes to the link's web
    /// page (AppGallery only when it has none: HarmonyRoutingTests); everything else (desktops,
    /// a HarmonyOS 2-in-1, WeChat on a Mac, TVs, consoles, Windows Phone) goes to the web page.
    static let routing: [(Visitor, HostRole, ClickDecision)] = [
        (.iOSBrowser, .primary, .previewPage(audience(.ios))),
        (.iOSBrowser, .short, .previewPage(audience(.ios))),
        (.iOSBrowser, .alternate, .redirect(appStore, record: .store)),
        (.iOSInAppBrowser, .primary, .previewPage(audience(.ios))),
        (.iOSInAppBrowser, .short, .previewPage(audience(.ios))),
        (.iOSInAppBrowser, .alternate, .redirect(appStore, record: .store)),
        (.iOSWeChatLike, .primary, .openInBrowserHint(audience(.ios))),
        (.iOSWeChatLike, .short, .openInBrowserHint(audience(.ios))),
        (.iOSWeChatLike, .alternate, .openInBrowserHint(audience(.ios))),
        (.iOSLine, .primary, .redirect(escaped(on: "link.example.com"), record: .browserHint)),
        (.iOSLine, .short, .redirect(escaped(on: "link.example.com"), record: .browserHint)),
        (.iOSLine, .alternate, .redirect(escaped(on: "open.example.com"), record: .browserHint)),
        (.androidLine, .primary, .redirect(escaped(on: "link.example.com"), record: .browserHint)),
        (.androidLine, .short, .redirect(escaped(on: "link.example.com"), record: .browserHint)),
        (.androidLine, .alternate, .redirect(escaped(on: "open.example.com"), record: .browserHint)),
        (.androidBrowser, .primary, .previewPage(audience(.android))),
        (.androidBrowser, .short, .previewPage(audience(.android))),
        (.androidBrowser, .alternate, .redirect(intent(on: "open.example.com"), record: .intent)),
        (.androidInAppBrowser, .primary, .previewPage(audience(.android))),
        (.androidInAppBrowser, .short, .previewPage(audience(.android))),
        (.androidInAppBrowser, .alternate, .redirect(play, record: .store)),
        (.androidWeChatLike, .primary, .openInBrowserHint(audience(.android))),
        (.androidWeChatLike, .short, .openInBrowserHint(audience(.android))),
        (.androidWeChatLike, .alternate, .openInBrowserHint(audience(.android))),
        (.harmony, .primary, .redirect(webPage, record: .web)),
        (.harmony, .short, .redirect(webPage, record: .web)),
        (.harmony, .alternate, .redirect(webPage, record: .web)),
        (.desktop, .primary, .redirect(webPage, record: .web)),
        (.desktop, .short, .redirect(webPage, record: .web)),
        (.desktop, .alternate, .redirect(webPage, record: .web)),
        (.macSafari, .primary, .touchCheck(desktop: webPage, touch: touch(on: "link.example.com"))),
        (.macSafari, .short, .touchCheck(desktop: webPage, touch: touch(on: "link.example.com"))),
        (.macSafari, .alternate, .touchCheck(desktop: webPage, touch: touch(on: "open.example.com"))),
        (.neitherIOSNorAndroid, .primary, .redirect(webPage, record: .web)),
        (.neitherIOSNorAndroid, .short, .redirect(webPage, record: .web)),
        (.neitherIOSNorAndroid, .alternate, .redirect(webPage, record: .web)),
        (.iOSCrawler, .primary, .crawlerPage(audience(.ios))),
        (.iOSCrawler, .short, .crawlerPage(audience(.ios))),
        (.iOSCrawler, .alternate, .crawlerPage(audience(.ios))),
        (.androidCrawler, .primary, .crawlerPage(audience(.android))),
        (.androidCrawler, .short, .crawlerPage(audience(.android))),
        (.androidCrawler, .alternate, .crawlerPage(audience(.android))),
        (.otherCrawler, .primary, .crawlerPage(audience(.other))),
        (.otherCrawler, .short, .crawlerPage(audience(.other))),
        (.otherCrawler, .alternate, .crawlerPage(audience(.other))),
    ]

    static func expected(_ visitor: Visitor, on role: HostRole) -> ClickDecision? {
        routing.first { $0.0 == visitor && $0.1 == role }?.2
    }

    @Test(arguments: UserAgentSample.corpus)
    func everyRealVisitorGetsWhatTheRoleRequires(sample: UserAgentSample) throws {
        let visitor = Visitor(sample)
        for role in HostRole.allCases {
            let expected = try #require(Self.expected(visitor, on: role), "no row for \(visitor) on \(role)")
            #expect(Self.router.decide(Self.link(role: role), for: Self.visit(sample.ua)) == expected, "\(visitor) on \(role)")
        }
    }

    /// The table covers what the corpus holds: every kind of visitor has a real sample, and a row on every role.
    @Test func everyRowIsExercisedByRealVisitors() {
        #expect(Set(UserAgentSample.corpus.map(Visitor.init)) == Set(Visitor.allCases))
        for visitor in Visitor.allCases {
            #expect(Set(Self.routing.filter { $0.0 == visitor }.map(\.1)) == Set(HostRole.allCases), "\(visitor)")
        }
    }

    @Test func desktopPrefersDesktopURLThenWebThenFallback() {
        let mac = Self.visit(UA.macChrome)
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
        let decision = Self.router.decide(Self.link(LinkContent(path: "/u/1"), app: app), for: Self.visit(UA.macChrome))
        #expect(decision == .previewPage(Self.audience(.desktop)))
    }

    @Test func iPhoneOnAlternateHostGoesToTheAppStore() {
        let decision = Self.router.decide(Self.link(role: .alternate), for: Self.visit(UA.iPhoneSafari))
        #expect(decision == .redirect("https://apps.apple.com/app/id123456789", record: .store))
    }

    @Test func webOnlyLinksOpenTheWebPageOnPhones() {
        let content = LinkContent(path: "/u/1", webURL: "https://www.example.com/article", webOnly: true)
        for ua in [UA.iPhoneSafari, UA.androidChrome] {
            for role in HostRole.allCases {
                #expect(
                    Self.router.decide(Self.link(content, role: role), for: Self.visit(ua))
                        == .redirect("https://www.example.com/article", record: .web))
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
        #expect(
            decision == .redirect("https://play.google.com/store/apps/details?id=com.example.shop&referrer=click0000000000000000001", record: .store))
    }

    @Test func platformWithoutAnAppGetsTheWebPage() {
        var app = Self.app
        app.android = nil
        let decision = Self.router.decide(Self.link(app: app), for: Self.visit(UA.androidChrome))
        #expect(decision == .redirect("https://www.example.com/u/42", record: .web))
    }

    /// HEAD is GET without a body (RFC 9110): the same decision for the same visitor. The
    /// server neither counts nor keeps it (ClickRoutingTests checks that end).
    @Test(arguments: [
        (UA.iPhoneSafari, HostRole.short), (UA.iPhoneSafari, .alternate), (UA.macChrome, .short), (UA.androidChrome, .alternate),
        (UA.facebookCrawler, .short),
    ])
    func headGetsTheDecisionOfGet(ua: String, role: HostRole) {
        let get = Self.router.decide(Self.link(role: role), for: Self.visit(ua))
        let head = Self.router.decide(Self.link(role: role), for: Self.visit(ua, head: true))
        #expect(head == get)
    }

    /// After `expires_at` every click goes to the link's web page, counted `expired`, or
    /// is a 410 page when there is none; crawlers still get their meta tags.
    @Test(arguments: [
        (UA.iPhoneSafari, HostRole.short, ClickDecision.redirect(ClickRouterTests.webPage, record: .expired)),
        (UA.iPhoneSafari, .alternate, .redirect(ClickRouterTests.webPage, record: .expired)),
        (UA.androidChrome, .alternate, .redirect(ClickRouterTests.webPage, record: .expired)),
        (UA.weChatIOS, .short, .redirect(ClickRouterTests.webPage, record: .expired)),
        (UA.macChrome, .primary, .redirect(ClickRouterTests.webPage, record: .expired)),
        (UA.facebookCrawler, .short, .crawlerPage(ClickRouterTests.audience(.other))),
    ])
    func expiredLinksGoToTheWebPage(ua: String, role: HostRole, expected: ClickDecision) {
        let expired = Self.link(expiresAt: Self.now.addingTimeInterval(-1), role: role)
        #expect(Self.router.decide(expired, for: Self.visit(ua)) == expected)
    }

    @Test func expiredLinksWithoutAWebPageAreGoneAndUnexpiredOnesAreNot() {
        var app = Self.app
        app.web = .init()
        let bare = Self.link(LinkContent(path: "/u/1"), expiresAt: Self.now, app: app)
        #expect(Self.router.decide(bare, for: Self.visit(UA.iPhoneSafari)) == .gone)
        #expect(
            Self.router.decide(Self.link(expiresAt: Self.now.addingTimeInterval(60)), for: Self.visit(UA.iPhoneSafari))
                == .previewPage(Self.audience(.ios)))
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
        (UA.iPhoneSafari, true, HostRole.short, ClickDecision.scheme(ClickRouterTests.scheme)),
        (UA.iPhoneSafari, true, .primary, .scheme(ClickRouterTests.scheme)),
        (UA.iPhoneSafari, true, .alternate, .scheme(ClickRouterTests.scheme)),
        (UA.iPhoneSafari, false, .short, .previewPage(ClickRouterTests.audience(.ios))),
        (UA.iPhoneSafari, false, .alternate, .redirect(ClickRouterTests.appStore, record: .store)),
        // WeChat blocks schemes: the overlay, never a scheme.
        (UA.weChatIOS, true, .short, .openInBrowserHint(ClickRouterTests.audience(.ios))),
        // Chrome: the intent (for the link on the host clicked), which falls back to Play if the app is gone.
        (UA.androidChrome, true, .short, .redirect(ClickRouterTests.intent(on: "exm.pl"), record: .intent)),
        (UA.androidChrome, false, .short, .previewPage(ClickRouterTests.audience(.android))),
        // Web views cannot launch intents.
        (UA.instagramAndroid, true, .short, .scheme(ClickRouterTests.scheme)),
        (UA.instagramAndroid, false, .short, .previewPage(ClickRouterTests.audience(.android))),
        // A desktop has no app to open.
        (UA.macChrome, true, .short, .redirect(ClickRouterTests.webPage, record: .web)),
        // A crawler is never a visitor.
        (UA.facebookCrawler, true, .short, .crawlerPage(ClickRouterTests.audience(.other))),
    ])
    func knownUsersGoStraightToTheApp(ua: String, marker: Bool, role: HostRole, expected: ClickDecision) {
        #expect(Self.router.decide(Self.link(role: role), for: Self.visit(ua, knownInstalled: marker)) == expected)
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
        #expect(Self.router.decide(Self.link(app: noScheme), for: known) == .previewPage(Self.audience(.ios)))
    }
}

extension ClickRouterTests {
    /// Destinations are checked again at click time: narrowing `allowed_hosts` stops old
    /// links from redirecting to hosts the app no longer allows.
    @Test func storedDestinationsAreCheckedAgainstTodaysAllowList() {
        var narrowed = Self.app
        narrowed.web.allowedHosts = []
        let content = LinkContent(
            path: "/u/42", webURL: "https://www.example.com/u/42", iosURL: "https://old-partner.example/x",
            desktopURL: "https://old-partner.example/desktop")
        let mac = Self.visit(UA.macChrome)
        #expect(Self.router.decide(Self.link(content, app: narrowed), for: mac) == .redirect("https://www.example.com/u/42", record: .web))
        let iPhone = Self.visit(UA.iPhoneSafari)
        #expect(
            Self.router.decide(Self.link(content, app: narrowed, role: .alternate), for: iPhone)
                == .redirect("https://apps.apple.com/app/id123456789", record: .store))
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
        let mac = Self.visit(UA.macChrome)
        for stored in ["https://0000000000000000000000000000000000000000177.0.0.1/", "https://www.exa<mple.com/", "https://www.example.com\t/"] {
            let content = LinkContent(path: "/u/42", webURL: "https://www.example.com/u/42", desktopURL: stored)
            #expect(
                Self.router.decide(Self.link(content, app: app), for: mac) == .redirect("https://www.example.com/u/42", record: .web), "\(stored)")
        }
        let content = LinkContent(path: "/u/42", desktopURL: "http:WWW.example.com/a/../b c")
        #expect(Self.router.decide(Self.link(content, app: app), for: mac) == .redirect("https://www.example.com/", record: .web))
        let serialized = LinkContent(path: "/u/42", desktopURL: "http:WWW.example.com/a/../b%20c")
        #expect(Self.router.decide(Self.link(serialized, app: app), for: mac) == .redirect("http://www.example.com/b%20c", record: .web))
    }
}

/// A few real User-Agents by name, taken from the corpus.
enum UA {
    static let iPhoneSafari =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
    static let androidChrome = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.0.0 Mobile Safari/537.36"
    static let macSafari = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15"
    /// A desktop that is nothing else (Safari's Mac string may be an iPad: `IPadDesktopModeTests`).
    static let macChrome =
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
    static let instagramAndroid =
        "Mozilla/5.0 (Linux; Android 13; SM-S918B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 Instagram 315.0.0.29.109 Android (33/13; 480dpi; 1080x2340; samsung; SM-S918B; dm3q; qcom; en_US; 556277207)"
    static let weChatIOS =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.31(0x18001e31) NetType/WIFI Language/zh_CN miniProgram"
    static let facebookCrawler = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"
}
