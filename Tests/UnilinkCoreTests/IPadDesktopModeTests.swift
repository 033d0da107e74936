import Foundation
import Testing
import UnilinkAPI
import UnilinkCore

/// iPadOS asks for desktop sites with a Mac's User-Agent. Chrome, Edge and Firefox still
/// name themselves (`CriOS/`, `EdgiOS/`, `FxiOS/`) and route as an iPad; Safari's string is
/// a Mac's byte for byte, so the desktop answer is a page that sends a touch screen to the
/// iPad's route (`ul_touch`).
@Suite("iPad in desktop mode")
struct IPadDesktopModeTests {
    static let chromeIPad =
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Safari/604.1"
    static let edgeIPad =
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 EdgiOS/131.2903.68 Safari/605.1.15"
    static let firefoxIPad =
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Safari/605.1.15"
    static let macSafari = UA.macSafari
    static let macChrome = UA.macChrome
    static let macEdge =
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86"
    static let macFirefox = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0"
    static let iMessage =
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0"

    /// (User-Agent, OS, device, may be an iPad)
    @Test(arguments: [
        (chromeIPad, UserAgent.OS.ios, UserAgent.Device.tablet, false), (edgeIPad, .ios, .tablet, false), (firefoxIPad, .ios, .tablet, false),
        (macSafari, .macos, .desktop, true), (macChrome, .macos, .desktop, false), (macEdge, .macos, .desktop, false),
        (macFirefox, .macos, .desktop, false), (iMessage, .macos, .bot, false),
    ])
    func classifies(ua: String, os: UserAgent.OS, device: UserAgent.Device, mayBeIPad: Bool) {
        let agent = UserAgent(ua)
        #expect(agent.os == os)
        #expect(agent.device == device)
        #expect(agent.mayBeIPad == mayBeIPad)
    }

    static func touch(on host: String) -> String { ClickRouterTests.touch(on: host) }

    /// (User-Agent, the request carries ul_touch, host role, what the visitor gets)
    @Test(arguments: [
        // Chrome, Edge and Firefox on an iPad asking for desktop sites: an iPad.
        (chromeIPad, false, HostRole.short, ClickDecision.previewPage(ClickRouterTests.audience(.ios))),
        (edgeIPad, false, .alternate, .redirect(ClickRouterTests.appStore, record: .store)),
        (firefoxIPad, false, .primary, .previewPage(ClickRouterTests.audience(.ios))),
        // Safari's Mac string: the page that tells a Mac from an iPad.
        (macSafari, false, .short, .touchCheck(desktop: ClickRouterTests.webPage, touch: touch(on: "link.example.com"))),
        (macSafari, false, .alternate, .touchCheck(desktop: ClickRouterTests.webPage, touch: touch(on: "open.example.com"))),
        // Its touch screen's request: the iPad's route.
        (macSafari, true, .short, .previewPage(ClickRouterTests.audience(.ios))),
        (macSafari, true, .alternate, .redirect(ClickRouterTests.appStore, record: .store)),
        // Every other desktop keeps the plain redirect, marker or not.
        (macChrome, false, .short, .redirect(ClickRouterTests.webPage, record: .web)),
        (macChrome, true, .short, .redirect(ClickRouterTests.webPage, record: .web)),
        (macFirefox, false, .short, .redirect(ClickRouterTests.webPage, record: .web)),
        (DebugVisitor.desktop, true, .short, .redirect(ClickRouterTests.webPage, record: .web)),
        (iMessage, false, .short, .crawlerPage(ClickRouterTests.audience(.other))),
    ])
    func routes(ua: String, touchScreen: Bool, role: HostRole, expected: ClickDecision) {
        let visit = Visit(
            userAgent: UserAgent(ua), languages: [], clickID: ClickRouterTests.clickID, time: ClickRouterTests.now, touchScreen: touchScreen)
        #expect(ClickRouterTests.router.decide(ClickRouterTests.link(role: role), for: visit) == expected)
    }

    @Test func noCheckWhereTheIPadWouldGetTheSame() {
        var app = ClickRouterTests.app
        app.ios = nil
        let visit = ClickRouterTests.visit(Self.macSafari)
        #expect(ClickRouterTests.router.decide(ClickRouterTests.link(app: app), for: visit) == .redirect(ClickRouterTests.webPage, record: .web))
        #expect(ClickDecision.touchCheck(desktop: "a", touch: "b").outcome == .web)
    }

    @Test func theTouchRequestContinuesTheClickAndIsNoContent() {
        #expect(ClickRecording.carriedClickID(query: "ul_click=AbCdEfGhIjKlMnOpQrStUv&ul_touch=1", role: .primary) == "AbCdEfGhIjKlMnOpQrStUv")
        var content = LinkContent(path: "/u/42")
        LinkParameters.apply([("ul_touch", "1")], to: &content)
        #expect(content.data.isEmpty)
    }
}

/// An AI crawler or fetcher (the server's automated lists decide, `Visit.aiAgent`) gets the
/// card on every host, whatever its User-Agent looks like.
@Suite("AI agents get the card")
struct AIAgentRoutingTests {
    @Test(arguments: HostRole.allCases)
    func theCardOnEveryHost(role: HostRole) {
        // A User-Agent the classifier takes for a desktop browser: only the flag makes it an AI agent.
        var visit = ClickRouterTests.visit(DebugVisitor.desktop)
        #expect(ClickRouterTests.router.decide(ClickRouterTests.link(role: role), for: visit) == .redirect(ClickRouterTests.webPage, record: .web))
        visit.aiAgent = true
        #expect(ClickRouterTests.router.decide(ClickRouterTests.link(role: role), for: visit) == .crawlerPage(ClickRouterTests.audience(.desktop)))
        var iPhone = ClickRouterTests.visit(UA.iPhoneSafari)
        iPhone.aiAgent = true
        #expect(ClickRouterTests.router.decide(ClickRouterTests.link(role: role), for: iPhone) == .crawlerPage(ClickRouterTests.audience(.ios)))
    }
}
