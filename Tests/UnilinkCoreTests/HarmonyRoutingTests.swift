import Foundation
import Testing
import UnilinkAPI
import UnilinkCore

/// HarmonyOS NEXT as a platform (issue 43, item 5): a phone or tablet reaches the server
/// only when App Linking did not open the app, and gets the link's web page, or the app's
/// AppGallery page when the link has none; HarmonyOS 2 to 4 stay Android; a 2-in-1 is a desktop.
@Suite("HarmonyOS NEXT routing")
struct HarmonyRoutingTests {
    typealias Fixture = ClickRouterTests

    static let phone =
        "Mozilla/5.0 (Phone; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile HuaweiBrowser/5.0.4.300"
    static let tablet =
        "Mozilla/5.0 (Tablet; OpenHarmony 6.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36ArkWeb/6.1.0.120 HuaweiBrowser/6.1.6.310"
    static let androidCompatiblePhone =
        "Mozilla/5.0 (Phone; OpenHarmony 6.1; Android 10) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36ArkWeb/6.1.0.120 Mobile HuaweiBrowser/6.1.6.310"
    static let twoInOne =
        "Mozilla/5.0 (PC; OpenHarmony 6.1; Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36 ArkWeb/6.1.0.100 HuaweiBrowser/6.1.3.321"
    static let harmonyOS3 =
        "Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00; HMSCore 6.11.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 HuaweiBrowser/14.0.0.320 Mobile Safari/537.36"

    /// WeChat on a HarmonyOS NEXT phone, as posted in Matomo device-detector's issue 8091.
    static let weChat =
        "Mozilla/5.0 (Phone; OpenHarmony 5.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36  ArkWeb/4.1.6.1 Mobile MicroMessenger/8.0.9.39(0xf3100927) Weixin NetType/WIFI Language/zh_CN MMWEBID/2777 MMWEBSDK/202507060011 XWEB/1140307"

    static let appGallery = "https://appgallery.huawei.com/app/detail?id=com.example.shop"

    /// The fixture app with a HarmonyOS app and no web fallback: only a link's own web_url is a web page.
    static func app(harmony: App.Harmony? = .init(bundleName: "com.example.shop", appIdentifiers: [.init(appIdentifier: "5765880207854258433")]))
        -> App
    {
        var app = Fixture.app
        app.harmony = harmony
        app.web.fallbackURL = nil
        return app
    }

    static let withWeb = LinkContent(path: "/u/42", deepLinkValue: "user", webURL: "https://www.example.com/u/42")
    static let withoutWeb = LinkContent(path: "/u/42", deepLinkValue: "user")

    @Test(arguments: [
        (phone, UserAgent.OS.harmony, UserAgent.Device.phone, "5.0", ClickPlatform.harmony),
        (tablet, .harmony, .tablet, "6.1", .harmony),
        (androidCompatiblePhone, .harmony, .phone, "6.1", .harmony),
        (twoInOne, .harmony, .desktop, "6.1", .desktop),
        (harmonyOS3, .android, .phone, "12", .android),
    ])
    func classifies(ua: String, os: UserAgent.OS, device: UserAgent.Device, version: String, platform: ClickPlatform) {
        let agent = UserAgent(ua)
        #expect(agent.os == os)
        #expect(agent.device == device)
        #expect(agent.osVersion == version)
        #expect(agent.bot == nil && agent.app == nil)
        #expect(ClickPlatform(agent) == platform)
    }

    /// Every role gives the same answer: the preview's button (the alternate host) would
    /// lead a phone without the app nowhere else.
    @Test(arguments: [
        (phone, withWeb, app(), ClickDecision.redirect(Fixture.webPage, record: .web)),
        (tablet, withWeb, app(), .redirect(Fixture.webPage, record: .web)),
        (phone, withoutWeb, app(), .redirect(appGallery, record: .store)),
        (tablet, withoutWeb, app(), .redirect(appGallery, record: .store)),
        (androidCompatiblePhone, withoutWeb, app(), .redirect(appGallery, record: .store)),
        (
            phone, withoutWeb,
            app(harmony: .init(bundleName: "com.example.shop", appGalleryURL: "https://appgallery.huawei.com/app/C110532345")),
            .redirect("https://appgallery.huawei.com/app/C110532345", record: .store)
        ),
        // No HarmonyOS app: the web page as before, and without one the preview page, never a desktop's URL.
        (phone, withoutWeb, app(harmony: nil), .previewPage(Fixture.audience(.harmony))),
        (phone, withWeb, app(harmony: nil), .redirect(Fixture.webPage, record: .web)),
        // A web-only link never sends anyone to a store.
        (phone, LinkContent(path: "/u/42", webOnly: true), app(), .previewPage(Fixture.audience(.harmony))),
        // A 2-in-1 is a desktop.
        (twoInOne, withoutWeb, app(), .previewPage(Fixture.audience(.desktop))),
    ])
    func routes(ua: String, content: LinkContent, app: App, expected: ClickDecision) {
        for role in HostRole.allCases {
            #expect(Fixture.router.decide(Fixture.link(content, app: app, role: role), for: Fixture.visit(ua)) == expected, "\(role)")
        }
    }

    /// An app's web view on HarmonyOS NEXT is named, but `in-app-browsers.json` has no
    /// HarmonyOS rows (no source says what any app's web view there opens): it gets the
    /// platform's route, the same as HarmonyOS's browser, not the overlay of WeChat's iOS and
    /// Android rows. Unconfirmed (Docs/InAppBrowsers.md).
    @Test func anInAppBrowserGetsThePlatformsRoute() {
        let agent = UserAgent(Self.weChat)
        #expect(agent.os == .harmony && agent.device == .phone && agent.app == .wechat)
        #expect(InAppBrowserTable.builtIn.row(for: agent) == nil)
        for content in [Self.withWeb, Self.withoutWeb] {
            for role in HostRole.allCases {
                let link = Fixture.link(content, app: Self.app(), role: role)
                #expect(Fixture.router.decide(link, for: Fixture.visit(Self.weChat)) == Fixture.router.decide(link, for: Fixture.visit(Self.phone)))
            }
        }
    }

    /// HarmonyOS 2 to 4 run Android apps: Android's route, the preview on a short host and
    /// Play on the alternate one, whatever the app's HarmonyOS block.
    @Test func harmonyOS3IsAndroid() {
        #expect(
            Fixture.router.decide(Fixture.link(Self.withoutWeb, app: Self.app()), for: Fixture.visit(Self.harmonyOS3))
                == .previewPage(Fixture.audience(.android)))
        let alternate = Fixture.router.decide(Fixture.link(Self.withoutWeb, app: Self.app(), role: .alternate), for: Fixture.visit(Self.harmonyOS3))
        #expect(alternate == .redirect(Fixture.intent(on: "open.example.com"), record: .intent))
    }

    @Test func aDesktopURLIsNotAPhonesWebPage() {
        let content = LinkContent(path: "/u/42", webURL: "https://www.example.com/m/42", desktopURL: "https://www.example.com/desktop/42")
        #expect(
            Fixture.router.decide(Fixture.link(content, app: Self.app()), for: Fixture.visit(Self.phone))
                == .redirect("https://www.example.com/m/42", record: .web))
        #expect(
            Fixture.router.decide(Fixture.link(content, app: Self.app()), for: Fixture.visit(Self.twoInOne))
                == .redirect("https://www.example.com/desktop/42", record: .web))
    }

    /// `ul_installed`: the sender knows the person has the app; its scheme opens it.
    @Test func aMarkedVisitorGetsTheHarmonySchemeWhenThereIsOne() {
        var app = Self.app()
        #expect(
            Fixture.router.decide(Fixture.link(Self.withWeb, app: app), for: Fixture.visit(Self.phone, knownInstalled: true))
                == .redirect(Fixture.webPage, record: .web))
        app.harmony?.scheme = "shopharmony"
        #expect(
            Fixture.router.decide(Fixture.link(Self.withWeb, app: app), for: Fixture.visit(Self.phone, knownInstalled: true))
                == .scheme("shopharmony://u/42?deep_link_value=user&ul_code=Ab3xK9p"))
        #expect(
            Fixture.router.decide(Fixture.link(Self.withWeb, app: app), for: Fixture.visit(Self.phone))
                == .redirect(Fixture.webPage, record: .web))
    }

    @Test func crawlersOnAHarmonyStringAreStillCrawlers() {
        let ua = Self.phone + " Googlebot/2.1"
        #expect(
            Fixture.router.decide(Fixture.link(Self.withoutWeb, app: Self.app()), for: Fixture.visit(ua)) == .crawlerPage(Fixture.audience(.other)))
    }

    /// A HarmonyOS click leaves no pending click: no SDK on the device would claim it.
    @Test func noPendingClickForHarmony() {
        let link = Fixture.link(Self.withoutWeb, app: Self.app())
        let pending = ClickRecording.pendingClick(
            link, Fixture.visit(Self.phone), outcome: .store, network: .unknown, userAgentHeader: Self.phone)
        #expect(pending == nil)
    }

    @Test func thePreviewOffersAppGallery() {
        let model = Fixture.router.model(.page, for: Fixture.audience(.harmony), of: Fixture.link(Self.withoutWeb, app: Self.app()))
        #expect(model.storeURL == Self.appGallery)
        #expect(model.storeName == "AppGallery")
        #expect(!model.collectsSignals)
    }

    @Test func theDebuggerNamesAppGalleryAndAppLinking() throws {
        let link = Fixture.link(Self.withoutWeb, app: Self.app())
        let visitors = Dictionary(uniqueKeysWithValues: DebugVisitor.all.map { ($0.id, $0) })
        let noApp = Fixture.router.route(
            link, for: try #require(visitors["harmony-no-app"]), tappedURL: "https://exm.pl/Ab3xK9p", alternate: nil, clickID: Fixture.clickID,
            time: Fixture.now, opensApp: { _ in false })
        #expect(noApp.outcome == .store)
        #expect(noApp.destinations.map(\.kind) == [.appGallery])
        #expect(noApp.destinations.first?.url == Self.appGallery)
        let withApp = Fixture.router.route(
            link, for: try #require(visitors["harmony-app"]), tappedURL: "https://exm.pl/Ab3xK9p", alternate: nil, clickID: Fixture.clickID,
            time: Fixture.now, opensApp: { _ in false })
        #expect(withApp.destinations.map(\.step) == [.appOpens])
        #expect(withApp.destinations.first?.why.contains("applinking.json") == true)
    }
}

/// `/.well-known/applinking.json` as every host of an app serves it.
@Suite("applinking.json")
struct AppLinkingFileTests {
    @Test(arguments: [
        (nil, #"{"applinking":{"apps":[]}}"#),
        (App.Harmony(bundleName: "com.example.shop"), #"{"applinking":{"apps":[]}}"#),
        (
            App.Harmony(bundleName: "com.example.shop", appIdentifiers: [.init(appIdentifier: "5765880207854258433")]),
            #"{"applinking":{"apps":[{"appIdentifier":"5765880207854258433"}]}}"#
        ),
        (
            App.Harmony(
                bundleName: "com.example.shop",
                appIdentifiers: [.init(appIdentifier: "5765880207854258433", index: 10), .init(appIdentifier: "6917613462213244123", index: -100)]),
            #"{"applinking":{"apps":[{"appIdentifier":"5765880207854258433","index":10},{"appIdentifier":"6917613462213244123","index":-100}]}}"#
        ),
    ])
    func listsTheAppsInOrder(harmony: App.Harmony?, expected: String) {
        var app = ClickRouterTests.app
        app.harmony = harmony
        #expect(String(decoding: app.appLinkingFile, as: UTF8.self) == expected)
    }

    @Test func robotsAllowIt() {
        #expect(RobotsFile.text.contains("Allow: /.well-known/applinking.json"))
    }
}

/// The preview page a HarmonyOS phone sees (an app without a HarmonyOS app, a link without
/// a web page): no other platform's store, and no button to the alternate host, which only
/// App Linking could turn into the app.
@Suite("HarmonyOS NEXT preview")
struct HarmonyPreviewTests {
    @Test func offersNoOtherPlatformsStoreNorAnOpenButtonWithoutAppLinking() {
        var app = ClickRouterTests.app
        app.web.fallbackURL = nil
        let link = ClickRouterTests.link(HarmonyRoutingTests.withoutWeb, app: app)
        let model = ClickRouterTests.router.model(.page, for: ClickRouterTests.audience(.harmony), of: link)
        #expect(model.openURL == nil && model.storeURL == nil)
        app.harmony = .init(bundleName: "com.example.shop", appIdentifiers: [.init(appIdentifier: "5765880207854258433")])
        let withAppLinking = ClickRouterTests.router.model(
            .page, for: ClickRouterTests.audience(.harmony), of: ClickRouterTests.link(HarmonyRoutingTests.withoutWeb, app: app))
        #expect(withAppLinking.openURL?.hasPrefix("https://open.example.com/u/42?") == true)
        #expect(withAppLinking.storeURL == HarmonyRoutingTests.appGallery)
    }
}
