import Foundation
import Testing
import UnilinkAPI
import UnilinkCore

/// The link debugger's URLs per visitor (`ClickRouter.route`), on the app and link of
/// `ClickRouterTests`: every URL spelled out as the browser must receive it.
@Suite("Debugger routes: the URL each visitor is sent to")
struct ClickRouterDebugRouteTests {
    typealias Router = ClickRouterTests

    static let query = "deep_link_value=user&ul_code=Ab3xK9p"
    static let openButton = "https://open.example.com/u/42?\(query)&ul_click=\(Router.clickID)"

    static func visitor(_ id: String) throws -> DebugVisitor {
        try #require(DebugVisitor.all.first { $0.id == id })
    }

    static func route(
        _ id: String, link: ResolvedLink = Router.link(role: .short), alternate: ResolvedLink? = Router.link(role: .alternate),
        opensApp: (String) -> Bool = { _ in false }
    ) throws -> VisitorRoute {
        Router.router.route(
            link, for: try visitor(id), tappedURL: "https://exm.pl/Ab3xK9p", alternate: alternate, clickID: Router.clickID, time: Router.now,
            opensApp: opensApp)
    }

    static func urls(_ route: VisitorRoute) -> [String] {
        route.destinations.map { "\($0.step.rawValue) \($0.kind.rawValue) \($0.url)" }
    }

    /// Each visitor the debugger plays is the kind of visitor its name says.
    @Test func visitorsAreWhatTheirNamesSay() throws {
        let expected: [String: (UserAgent.OS, UserAgent.Device, UserAgent.App?)] = [
            "desktop": (.windows, .desktop, nil), "iphone-no-app": (.ios, .phone, nil), "ipad-no-app": (.ios, .tablet, nil),
            "android-no-app": (.android, .phone, nil), "wechat-iphone": (.ios, .phone, .wechat), "instagram-iphone": (.ios, .phone, .instagram),
            "facebook-iphone": (.ios, .phone, .facebook), "line-iphone": (.ios, .phone, .line), "facebook-android": (.android, .phone, .facebook),
        ]
        for (id, (os, device, app)) in expected {
            let agent = UserAgent(try Self.visitor(id).userAgent)
            #expect(agent.os == os && agent.device == device && agent.app == app, "\(id): \(agent)")
        }
        #expect(UserAgent(try Self.visitor("crawler").userAgent).isCrawler)
        #expect(Set(DebugVisitor.all.map(\.id)).count == DebugVisitor.all.count, "ids are unique")
    }

    @Test func iPhoneWithoutTheAppSeesThePreviewThenTheAppStore() throws {
        let route = try Self.route("iphone-no-app")
        #expect(route.outcome == .preview)
        #expect(
            Self.urls(route) == [
                "open-button alternate-host \(Self.openButton)",
                "store-button app-store \(Router.appStore)",
                "web-button web \(Router.webPage)",
                "alternate-redirect app-store \(Router.appStore)",
            ])
        #expect(route.destinations[1].why.contains("ios.app_store_id 123456789"))
        #expect(route.destinations[2].why == "the link's web_url")
    }

    @Test func androidWithoutTheAppGetsPlayWithReferrerAndTheIntent() throws {
        let route = try Self.route("android-no-app")
        #expect(
            Self.urls(route) == [
                "open-button alternate-host \(Self.openButton)",
                "store-button play-store \(Router.play)",
                "web-button web \(Router.webPage)",
                "alternate-redirect intent \(Router.intent(on: "open.example.com"))",
                "intent-fallback play-store \(Router.play)",
            ])
        #expect(route.destinations[1].why.contains("referrer = this click's id"))
    }

    /// An in-app web view cannot launch intents: the alternate host sends the Play link alone.
    @Test func facebookOnAndroidGetsPlayWithoutAnIntent() throws {
        let route = try Self.route("facebook-android")
        #expect(route.destinations.last.map { "\($0.step.rawValue) \($0.kind.rawValue) \($0.url)" } == "alternate-redirect play-store \(Router.play)")
        #expect(!route.destinations.contains { $0.kind == .intent })
    }

    @Test func desktopIsRedirectedToTheWebPage() throws {
        let route = try Self.route("desktop")
        #expect(route.outcome == .web && Self.urls(route) == ["redirect web \(Router.webPage)"])
        let desktop = try Self.route(
            "desktop", link: Router.link(LinkContent(path: "/u/42", webURL: "https://www.example.com/u/42", desktopURL: "https://www.example.com/d")))
        #expect(desktop.destinations.map(\.why) == ["the link's desktop_url"])
        let fallback = try Self.route("desktop", link: Router.link(LinkContent(path: "/u/42")))
        #expect(fallback.destinations.map(\.url) == ["https://www.example.com/"])
        #expect(fallback.destinations.map(\.why) == ["the app's web fallback_url (the link has no web_url)"])
    }

    @Test func theAppOpensWhenTheAssociationFileClaimsTheLink() throws {
        let direct = try Self.route("iphone-app", opensApp: { _ in true })
        #expect(direct.outcome == nil && Self.urls(direct) == ["app-opens link https://exm.pl/Ab3xK9p"])
        // The short host not claimed: the preview, whose button to the alternate host opens the app.
        let viaButton = try Self.route("iphone-app", opensApp: { $0.hasPrefix("https://open.example.com/") })
        #expect(viaButton.outcome == .preview)
        #expect(Self.urls(viaButton).last == "app-opens link \(Self.openButton)")
        #expect(!viaButton.destinations.contains { $0.step == .alternateRedirect })
    }

    @Test func aMarkedInstalledVisitorGoesToTheScheme() throws {
        let route = try Self.route("iphone-marked-installed")
        #expect(route.outcome == .scheme && Self.urls(route) == ["redirect scheme shop://u/42?\(Self.query)"])
        #expect(route.destinations[0].why.contains("ios.scheme"))
    }

    @Test func weChatShowsTheHintAndTheAlternateHostDoesNotRedirect() throws {
        let route = try Self.route("wechat-iphone")
        #expect(route.outcome == .browserHint)
        #expect(!route.destinations.contains { $0.step == .alternateRedirect })
        #expect(route.destinations.first?.url == Self.openButton)
    }

    @Test func crawlersSeeTheAppLinksTags() throws {
        let route = try Self.route("crawler")
        #expect(route.outcome == nil)
        #expect(
            route.destinations.map { "\($0.label) \($0.url)" } == [
                "og:url https://link.example.com/u/42?\(Self.query)", "al:ios:url shop://u/42?\(Self.query)",
                "al:android:url shop://u/42?\(Self.query)", "al:web:url \(Router.webPage)",
            ])
    }

    /// FDL's fallbacks, each named as the parameter that chose it.
    @Test func firebaseFallbacksAreNamed() throws {
        typealias FDL = FirebaseDynamicLinkTests
        let query =
            FDL.deep
            + "&ifl=https%3A%2F%2Fwww.example.com%2Fios&ipfl=https%3A%2F%2Fwww.example.com%2Fipad&afl=https%3A%2F%2Fwww.example.com%2Fandroid&ofl=https%3A%2F%2Fwww.example.com%2Fdesktop"
        func route(_ id: String) throws -> VisitorRoute {
            try Self.route(id, link: FDL.resolved(query), alternate: FDL.resolved(query, role: .alternate))
        }
        #expect(try route("desktop").destinations.map { "\($0.kind.rawValue) \($0.url)" } == ["ofl https://www.example.com/desktop"])
        #expect(try route("iphone-no-app").destinations.last.map { "\($0.kind.rawValue) \($0.url)" } == "ifl https://www.example.com/ios")
        #expect(try route("ipad-no-app").destinations.last.map { "\($0.kind.rawValue) \($0.url)" } == "ipfl https://www.example.com/ipad")
        let android = try route("android-no-app")
        #expect(android.outcome == .intent)
        #expect(android.destinations.map(\.kind) == [.intent, .androidFallback])
        #expect(android.destinations.last?.url == "https://www.example.com/android")
        #expect(android.destinations.first?.url.hasSuffix("S.browser_fallback_url=https%3A%2F%2Fwww.example.com%2Fandroid;end") == true)
        // The open button carries the dynamic link's parameters to the alternate host.
        #expect(try route("iphone-no-app").destinations.first?.url.contains("ifl=https%3A%2F%2Fwww.example.com%2Fios") == true)
    }
}
