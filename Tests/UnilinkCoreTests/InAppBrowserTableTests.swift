import Foundation
import Testing
import UnilinkAPI
import UnilinkCore

/// What each app's web view can open (`in-app-browsers.json`), and that the router does
/// what the row says: an Android web view that cannot launch `intent://` gets the Play link
/// (or the overlay), never an intent.
@Suite("In-app browser table")
struct InAppBrowserTableTests {
    static let table = InAppBrowserTable.builtIn
    static let router = ClickRouterTests.router
    static let play = ClickRouterTests.play

    static let zaloAndroid =
        "Mozilla/5.0 (Linux; Android 13; SM-A536E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 Zalo android/12100634 ZaloTheme/light ZaloLanguage/vi"
    static let zaloIOS =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Zalo iOS/640 ZaloTheme/light ZaloLanguage/vn"
    static let dingTalkAndroid =
        "Mozilla/5.0 (Linux; U; Android 9; zh-CN; MI 6 Build/PKQ1.190118.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/69.0.3497.100 UWS/3.22.1.161 Mobile Safari/537.36 AliApp(DingTalk/6.0.30) com.alibaba.android.rimet/15213560 Channel/700159 language/zh-CN UT4Aplus/0.2.25 colorScheme/light"
    static let dingTalkIOS =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 26_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/23E246 AliApp(DingTalk/7.8.1) com.laiwang.DingTalk/46766536 Channel/201200 language/zh-Hans-CN UT4Aplus/0.0.6 WK"

    @Test func everyNamedAppHasOneRowPerPlatform() {
        for app in UserAgent.App.allCases {
            for platform in [InAppBrowser.Platform.ios, .android] {
                let rows = Self.table.rows.filter { $0.app == app && $0.platform == platform }
                #expect(rows.count == 1, "\(app) on \(platform)")
                #expect(rows.first?.source.isEmpty == false, "\(app) on \(platform) names its source")
            }
        }
    }

    @Test func onlyWeChatQQAndWeiboNeedTheOverlay() {
        #expect(Set(Self.table.rows.filter(\.overlay).map(\.app)) == [.wechat, .qq, .weibo])
        #expect(Self.table.rows.filter { $0.overlay }.allSatisfy { $0.usableEscape == nil }, "an app with an overlay has no way out")
    }

    @Test func noNamedAndroidWebViewIsHandedAnIntentUnlessItsRowSaysSo() {
        for row in Self.table.rows where row.platform == .android {
            #expect(row.intents != .yes, "\(row.app): no source shows its web view launching intent:// URLs")
        }
    }

    @Test(arguments: [
        (zaloAndroid, UserAgent.OS.android, UserAgent.App.zalo), (zaloIOS, .ios, .zalo), (dingTalkAndroid, .android, .dingtalk),
        (dingTalkIOS, .ios, .dingtalk),
    ])
    func zaloAndDingTalkAreNamed(ua: String, os: UserAgent.OS, app: UserAgent.App) {
        let agent = UserAgent(ua)
        #expect(agent.os == os)
        #expect(agent.device == .phone)
        #expect(agent.app == app)
        #expect(Self.table.row(for: agent)?.app == app)
    }

    /// (User-Agent, host role, what the visitor gets): the rows at work.
    @Test(arguments: [
        // Web views that cannot launch intents: Play alone on the alternate host, the preview elsewhere.
        (zaloAndroid, HostRole.alternate, ClickDecision.redirect(play, record: .store)),
        (zaloAndroid, .short, .previewPage(ClickRouterTests.audience(.android))),
        (dingTalkAndroid, .alternate, .redirect(play, record: .store)),
        (UA.instagramAndroid, .alternate, .redirect(play, record: .store)),
        // Chrome launches intents.
        (UA.androidChrome, .alternate, .redirect(ClickRouterTests.intent(on: "open.example.com"), record: .intent)),
        // iOS web views: the store on the alternate host, like Safari.
        (zaloIOS, .alternate, .redirect(ClickRouterTests.appStore, record: .store)),
        (dingTalkIOS, .short, .previewPage(ClickRouterTests.audience(.ios))),
        // The overlay apps.
        (UA.weChatIOS, .alternate, .openInBrowserHint(ClickRouterTests.audience(.ios))),
    ])
    func theRouterFollowsTheRow(ua: String, role: HostRole, expected: ClickDecision) {
        #expect(Self.router.decide(ClickRouterTests.link(role: role), for: ClickRouterTests.visit(ua)) == expected)
    }

    /// The same visitor under another table: the router reads the row, not a list of its own.
    @Test func aRowThatLaunchesIntentsGetsTheIntentAndOneThatBlocksSchemesGetsNone() throws {
        let custom = try InAppBrowserTable(rows: [
            InAppBrowser(app: .zalo, platform: .android, intents: .yes, source: "test"),
            InAppBrowser(app: .instagram, platform: .android, customSchemes: .no, source: "test"),
            InAppBrowser(app: .line, platform: .ios, overlay: true, source: "test"),
        ])
        let router = ClickRouter(addressing: ClickRouterTests.addressing, inAppBrowsers: custom)
        #expect(
            router.decide(ClickRouterTests.link(role: .alternate), for: ClickRouterTests.visit(Self.zaloAndroid))
                == .redirect(ClickRouterTests.intent(on: "open.example.com"), record: .intent))
        // A ul_installed visitor in a web view that opens no scheme: the ordinary route.
        #expect(
            router.decide(ClickRouterTests.link(role: .short), for: ClickRouterTests.visit(UA.instagramAndroid, knownInstalled: true))
                == .previewPage(ClickRouterTests.audience(.android)))
        #expect(
            Self.router.decide(ClickRouterTests.link(role: .short), for: ClickRouterTests.visit(UA.instagramAndroid, knownInstalled: true))
                == .scheme(ClickRouterTests.scheme))
        let line = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.1.0"
        #expect(
            router.decide(ClickRouterTests.link(role: .short), for: ClickRouterTests.visit(line))
                == .openInBrowserHint(ClickRouterTests.audience(.ios)))
    }

    @Test func brokenDataIsRefused() throws {
        #expect(throws: InAppBrowserTable.DataError.self) {
            try InAppBrowserTable(rows: [
                InAppBrowser(app: .line, platform: .ios, source: "a"), InAppBrowser(app: .line, platform: .ios, source: "b"),
            ])
        }
        let unknownApp =
            #"{"rows": [{"app": "myspace", "platform": "ios", "universal_links": "yes", "intents": "no", "custom_schemes": "yes", "escape": null, "overlay": false, "source": "x"}]}"#
        #expect(throws: (any Error).self) { try InAppBrowserTable(json: Data(unknownApp.utf8)) }
    }

    @Test func theDebuggerShowsTheRowItUsed() throws {
        let visitor = try #require(DebugVisitor.all.first { $0.id == "zalo-android" })
        let route = Self.router.route(
            ClickRouterTests.link(role: .alternate), for: visitor, tappedURL: "https://open.example.com/u/42", alternate: nil,
            clickID: ClickRouterTests.clickID, time: ClickRouterTests.now, opensApp: { _ in false })
        #expect(route.inAppBrowser?.hasPrefix("zalo on android: ") == true)
        #expect(route.inAppBrowser?.contains("intent://: no") == true)
        #expect(route.destinations.first?.url == Self.play)
        let desktop = try #require(DebugVisitor.all.first { $0.id == "desktop" })
        let plain = Self.router.route(
            ClickRouterTests.link(), for: desktop, tappedURL: "https://exm.pl/Ab3xK9p", alternate: nil, clickID: ClickRouterTests.clickID,
            time: ClickRouterTests.now, opensApp: { _ in false })
        #expect(plain.inAppBrowser == nil)
    }
}

/// Escapes to the system browser (Docs/InAppBrowsers.md): used only when documented, once.
@Suite("In-app browser escapes")
struct InAppBrowserEscapeTests {
    static let lineIOS =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.1.0"
    static let kakaoAndroid =
        "Mozilla/5.0 (Linux; Android 13; SM-S908N) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120 Mobile Safari/537.36 KAKAOTALK 10.5.6"
    static let marked = "https://link.example.com/u/42?deep_link_value=user&ul_code=Ab3xK9p&ul_click=click0000000000000000001&ul_escaped=1"

    /// The rows with their escapes as documented, which the shipped table does not claim.
    static let documented: ClickRouter = {
        var rows = InAppBrowserTable.builtIn.rows
        for index in rows.indices where rows[index].escape != nil { rows[index].escape?.documented = true }
        return ClickRouter(addressing: ClickRouterTests.addressing, inAppBrowsers: try! InAppBrowserTable(rows: rows))
    }()

    static func link(_ role: HostRole = .short) -> ResolvedLink { ClickRouterTests.link(role: role) }

    @Test func theShippedTableUsesOnlyTheEscapeItsMakerDocuments() {
        // LINE documents openExternalBrowser=1; KakaoTalk's scheme is known from third parties only: not used.
        #expect(Set(InAppBrowserTable.builtIn.rows.filter { $0.escape != nil }.map(\.app)) == [.line, .kakaotalk])
        #expect(Set(InAppBrowserTable.builtIn.rows.filter { $0.usableEscape != nil }.map(\.app)) == [.line])
        #expect(
            ClickRouterTests.router.decide(Self.link(), for: ClickRouterTests.visit(Self.lineIOS))
                == .redirect(Self.marked + "&openExternalBrowser=1", record: .browserHint))
        #expect(
            ClickRouterTests.router.decide(Self.link(), for: ClickRouterTests.visit(Self.kakaoAndroid))
                == .previewPage(ClickRouterTests.audience(.android)))
    }

    /// (User-Agent, the request carries ul_escaped, what the visitor gets)
    @Test(arguments: [
        // LINE opens a URL carrying openExternalBrowser=1 in the default browser.
        (lineIOS, false, ClickDecision.redirect(marked + "&openExternalBrowser=1", record: .browserHint)),
        // KakaoTalk's scheme wraps the URL.
        (kakaoAndroid, false, .redirect("kakaotalk://web/openExternal?url=" + URLText.queryValue(marked), record: .browserHint)),
        // Back in the web view (the app ignored the escape): the ordinary route, not a second escape.
        (lineIOS, true, .previewPage(ClickRouterTests.audience(.ios))),
        (kakaoAndroid, true, .previewPage(ClickRouterTests.audience(.android))),
        // The system browser: the ordinary route.
        (UA.iPhoneSafari, true, .previewPage(ClickRouterTests.audience(.ios))),
        // WeChat has no escape: the overlay stays.
        (UA.weChatIOS, false, .openInBrowserHint(ClickRouterTests.audience(.ios))),
    ])
    func aDocumentedEscapeHandsThePersonToTheSystemBrowserOnce(ua: String, escaped: Bool, expected: ClickDecision) {
        var visit = ClickRouterTests.visit(ua)
        visit.escaped = escaped
        #expect(Self.documented.decide(Self.link(), for: visit) == expected)
    }

    @Test func noEscapeWhereNoAppCouldOpen() {
        var webOnly = LinkContent(path: "/u/42", webURL: "https://www.example.com/u/42")
        webOnly.webOnly = true
        #expect(
            Self.documented.decide(ClickRouterTests.link(webOnly), for: ClickRouterTests.visit(Self.lineIOS))
                == .redirect("https://www.example.com/u/42", record: .web))
    }

    /// The system browser's request continues the escaped click, on any host.
    @Test func theEscapedRequestContinuesTheClick() {
        let query = "deep_link_value=user&ul_click=AbCdEfGhIjKlMnOpQrStUv&ul_escaped=1"
        #expect(ClickRecording.carriedClickID(query: query, role: .short) == "AbCdEfGhIjKlMnOpQrStUv")
        #expect(ClickRecording.carriedClickID(query: "ul_click=AbCdEfGhIjKlMnOpQrStUv", role: .short) == nil)
        var content = LinkContent(path: "/u/42")
        LinkParameters.apply([("ul_escaped", "1"), ("x", "1")], to: &content)
        #expect(content.data["ul_escaped"] == nil)
        #expect(content.data["x"] == "1")
    }

    @Test func theDebuggerNamesTheEscape() {
        let visitor = DebugVisitor(id: "line", name: "LINE", userAgent: Self.lineIOS)
        let route = Self.documented.route(
            Self.link(), for: visitor, tappedURL: "https://exm.pl/Ab3xK9p", alternate: nil, clickID: ClickRouterTests.clickID,
            time: ClickRouterTests.now, opensApp: { _ in false })
        #expect(route.destinations.first?.url == Self.marked + "&openExternalBrowser=1")
        #expect(route.destinations.first?.why.contains("documented escape") == true)
    }
}
