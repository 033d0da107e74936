import Foundation
import Testing
import UnilinkAPI
import UnilinkCore

/// Firebase Dynamic Links' long-link grammar and routing, parameter by parameter
/// (DOMAIN.md section 10), on the app of `ClickRouterTests`.
@Suite("Firebase Dynamic Links long links")
struct FirebaseDynamicLinkTests {
    typealias Router = ClickRouterTests

    static let iPad = "Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"

    /// The request's query as the resolver sees it, applied as the resolver applies it.
    static func resolved(_ query: String, role: HostRole = .primary) -> ResolvedLink {
        let items = URLText.queryItems(Substring(query))
        let dynamicLink = FirebaseDynamicLink(items: items)
        var content = LinkContent(path: "/")
        LinkParameters.apply(items.filter { !FirebaseDynamicLink.keys.contains($0.name) }, to: &content)
        dynamicLink?.apply(to: &content)
        return ResolvedLink(app: Router.app, link: nil, content: content, host: Router.app.host(for: role)!, role: role, dynamicLink: dynamicLink)
    }

    static func decide(_ query: String, _ agent: String, role: HostRole = .primary) -> ClickDecision {
        Router.router.decide(resolved(query, role: role), for: Router.visit(agent))
    }

    static let deep = "link=https%3A%2F%2Fwww.example.com%2Fitem%2F7"
    static let play = "https://play.google.com/store/apps/details?id=com.example.shop&referrer=click0000000000000000001"

    struct Row: CustomTestStringConvertible {
        let name: String
        let query: String
        let agent: String
        var role: HostRole = .primary
        let expected: ClickDecision
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "desktop goes to link", query: deep, agent: UA.macSafari, expected: .redirect("https://www.example.com/item/7", record: .web)),
        Row(
            name: "desktop goes to ofl when given", query: deep + "&ofl=https%3A%2F%2Fwww.example.com%2Fdesktop", agent: UA.macSafari,
            expected: .redirect("https://www.example.com/desktop", record: .web)),
        Row(
            name: "efr=1 on iPhone skips the preview to ifl", query: deep + "&efr=1&ifl=https%3A%2F%2Fwww.example.com%2Fios", agent: UA.iPhoneSafari,
            expected: .redirect("https://www.example.com/ios", record: .platformURL)),
        Row(
            name: "efr=1 on iPhone without ifl goes to the App Store", query: deep + "&efr=1&isi=123456789", agent: UA.iPhoneSafari,
            expected: .redirect("https://apps.apple.com/app/id123456789", record: .store)),
        Row(
            name: "iPad takes ipfl", query: deep + "&efr=1&ifl=https%3A%2F%2Fwww.example.com%2Fios&ipfl=https%3A%2F%2Fwww.example.com%2Fipad",
            agent: iPad,
            expected: .redirect("https://www.example.com/ipad", record: .platformURL)),
        Row(
            name: "iPhone's preview button step (alternate host) goes to ifl", query: deep + "&ifl=https%3A%2F%2Fwww.example.com%2Fios",
            agent: UA.iPhoneSafari,
            role: .alternate, expected: .redirect("https://www.example.com/ios", record: .platformURL)),
        Row(
            name: "Android in-app browser goes to afl", query: deep + "&apn=com.example.shop&afl=https%3A%2F%2Fwww.example.com%2Fandroid",
            agent: UA.instagramAndroid, expected: .redirect("https://www.example.com/android", record: .platformURL)),
        Row(
            name: "Android in-app browser without afl goes to Play with the click as referrer", query: deep + "&apn=com.example.shop",
            agent: UA.instagramAndroid, expected: .redirect(play, record: .store)),
        Row(
            name: "missing link is refused", query: "apn=com.example.shop&link=", agent: UA.macSafari,
            expected: .refused("the dynamic link has no 'link' parameter (the deep link to open)")),
        Row(
            name: "a link outside the allow-list is refused, never followed", query: "link=https%3A%2F%2Fevil.example.net%2F", agent: UA.macSafari,
            expected: .refused("link: the host 'evil.example.net' is not among the app's allowed hosts (web.allowed_hosts)")),
        Row(
            name: "a fallback outside the allow-list is refused", query: deep + "&ofl=https%3A%2F%2Fevil.example.net%2F", agent: UA.iPhoneSafari,
            expected: .refused("ofl: the host 'evil.example.net' is not among the app's allowed hosts (web.allowed_hosts)")),
        Row(
            name: "a link that is itself a dynamic link is refused",
            query: "link=https%3A%2F%2Flink.example.com%2F%3Flink%3Dhttps%253A%252F%252Fwww.example.com%252F",
            agent: UA.macSafari, expected: .refused("'link' is itself a dynamic link; point it at the content instead")),
        Row(
            name: "a double-encoded link is decoded once more", query: "link=https%253A%252F%252Fwww.example.com%252Fdouble", agent: UA.macSafari,
            expected: .redirect("https://www.example.com/double", record: .web)),
    ]

    @Test(arguments: rows) func routesAsFirebaseDid(row: Row) {
        #expect(Self.decide(row.query, row.agent, role: row.role) == row.expected)
    }

    @Test func iPhoneGetsThePreviewWithTheSocialCardAndAndroidChromeAnIntent() throws {
        let query =
            Self.deep
            + "&st=Summer%20sale&sd=Half%20price&si=https%3A%2F%2Fwww.example.com%2Fcard.png&apn=com.example.shop&ifl=https%3A%2F%2Fwww.example.com%2Fios"
        let page = Self.decide(query, UA.iPhoneSafari)
        guard case .previewPage = page, let model = Router.router.model(of: page, for: Self.resolved(query)) else {
            Issue.record("no preview"); return
        }
        #expect(model.title == "Summer sale" && model.description == "Half price" && model.imageURL == "https://www.example.com/card.png")
        // The page's button carries the FDL parameters to the alternate host, where the second step finds ifl.
        let open = try #require(model.openURL)
        #expect(open.hasPrefix("https://open.example.com/?") && open.contains("ifl=https%3A%2F%2Fwww.example.com%2Fios"))
        let crawler = Self.decide(query, UA.facebookCrawler)
        guard case .crawlerPage = crawler, let card = Router.router.model(of: crawler, for: Self.resolved(query)) else {
            Issue.record("no card"); return
        }
        #expect(card.title == "Summer sale")
        guard case .redirect(let intent, .intent) = Self.decide(query, UA.androidChrome) else { Issue.record("no intent"); return }
        #expect(intent.hasPrefix("intent://link.example.com/?") && intent.contains("package=com.example.shop"))
        #expect(intent.contains("S.browser_fallback_url=" + URLText.queryValue(Self.play)))
    }

    /// Chrome's intent for an FDL link with `afl` falls back to that URL, not to Play: the
    /// click never passed our referrer, and an install whose referrer names no click may
    /// still be its. Without `afl` the fallback is Play with the click id; an in-app browser's
    /// Play redirect carries it too, and the preview's button (through the alternate host).
    @Test func aClickRecordsWhetherPlaysReferrerNamesIt() {
        let clickID = Router.visit(UA.androidChrome).clickID
        let withFallback = Self.deep + "&apn=com.example.shop&afl=https%3A%2F%2Fwww.example.com%2Fandroid"
        let intent = Self.decide(withFallback, UA.androidChrome)
        #expect(intent.outcome == .intent)
        #expect(PlayReferral.namesClick(intent, clickID: clickID, os: .android) == false)
        let toPlay = Self.decide(Self.deep + "&apn=com.example.shop", UA.androidChrome)
        #expect(toPlay.outcome == .intent)
        #expect(PlayReferral.namesClick(toPlay, clickID: clickID, os: .android) == true)
        #expect(PlayReferral.namesClick(.redirect(Self.play, record: .store), clickID: clickID, os: .android) == true)
        #expect(PlayReferral.namesClick(.redirect(Self.play, record: .store), clickID: "another", os: .android) == false)
        #expect(PlayReferral.namesClick(.redirect("https://www.example.com/android", record: .store), clickID: clickID, os: .android) == false)
        #expect(PlayReferral.namesClick(.redirect(Self.play, record: .store), clickID: clickID, os: .ios) == nil)
        #expect(PlayReferral.namesClick(.redirect("https://www.example.com/", record: .web), clickID: clickID, os: .android) == nil)
    }

    /// The app gets `link` as its deep link; utm values become campaign data; the minimum
    /// versions reach the content.
    @Test func theContentCarriesTheDeepLinkCampaignAndVersions() {
        let resolved = Self.resolved(Self.deep + "&utm_source=news&utm_medium=mail&utm_campaign=spring&imv=5.2&amv=520&at=1010&ct=abc")
        #expect(resolved.content.deepLinkValue == "https://www.example.com/item/7")
        #expect(resolved.content.data["link"] == "https://www.example.com/item/7")
        #expect(resolved.content.campaign == .init(campaign: "spring", source: "news", medium: "mail"))
        #expect(resolved.content.minAppVersion == .init(ios: "5.2", android: "520"))
        #expect(resolved.content.data["at"] == "1010" && resolved.content.data["ct"] == "abc")
        #expect(resolved.content.data["apn"] == nil, "FDL keys are not ad-hoc data")
    }

    @Test func parametersForAnotherAppAreWarnedAbout() throws {
        let dynamicLink = try #require(FirebaseDynamicLink(items: URLText.queryItems(Substring(Self.deep + "&ibi=com.other&apn=com.other&isi=42"))))
        #expect(dynamicLink.warnings(for: Router.app).count == 3)
        #expect(FirebaseDynamicLink(items: URLText.queryItems("deep_link_value=x")) == nil, "no link parameter: not FDL")
    }
}
