import Foundation
import NIOCore
import Testing
import UnilinkAPI
import UnilinkCore

@testable import UnilinkServer

/// Kept preview pages are found without building the page's model: by the host as the
/// directory made it, the stored link, the form and the audience. Each of those must
/// tell pages apart, and a link edited under the same id must not get its old page.
@Suite("The preview page cache")
struct PreviewPageCacheTests {
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
    static let router = ClickRouter(addressing: HostAddressing(localPort: 443))

    static func host(_ app: App = app) -> HostDirectory.Host {
        HostDirectory.Host(
            app: app, role: .short, associationFile: ByteBuffer(), assetLinks: ByteBuffer(), appLinking: ByteBuffer(), claims: app.pathClaims,
            destinations: DestinationPolicy(app: app)
        )
    }

    static func link(title: String = "Anna", adHoc: String? = nil, app: App = app) -> ResolvedLink {
        let content = LinkContent(path: "/u/42", deepLinkValue: "user", social: .init(title: title))
        let stored = Link(
            id: "lnk_1", appID: app.id, code: "Ab3xK9p", content: content,
            createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
        var resolved = content
        if let adHoc { resolved.deepLinkValue = adHoc }
        return ResolvedLink(app: app, link: stored, content: resolved, host: "exm.pl", role: .short)
    }

    static func audience(_ clickID: String, _ platform: ClickPlatform = .ios, _ language: PreviewModel.Language = .en) -> PreviewAudience {
        PreviewAudience(platform: platform, language: language, clickID: clickID)
    }

    /// What the router's own model renders to: the page a cache hit must equal.
    static func rendered(_ form: PreviewForm, _ audience: PreviewAudience, _ link: ResolvedLink) throws -> String {
        try PreviewRenderer().render(router.model(form, for: audience, of: link))
    }

    @Test func aKeptPageIsTheRenderedPageWithEachClicksID() throws {
        let cache = PreviewPageCache(renderer: try PreviewRenderer())
        let host = Self.host(), link = Self.link()
        let first = cache.page(.page, for: Self.audience("click0000000000000000001"), of: link, on: host, router: Self.router)
        let second = cache.page(.page, for: Self.audience("click0000000000000000002"), of: link, on: host, router: Self.router)
        #expect(cache.count.pages == 1)
        #expect(String(buffer: first) == (try Self.rendered(.page, Self.audience("click0000000000000000001"), link)))
        #expect(String(buffer: second) == (try Self.rendered(.page, Self.audience("click0000000000000000002"), link)))
        #expect(!String(buffer: second).contains("click0000000000000000001"))
    }

    @Test func formPlatformAndLanguageEachHaveTheirPage() throws {
        let cache = PreviewPageCache(renderer: try PreviewRenderer())
        let host = Self.host(), link = Self.link()
        let cases: [(PreviewForm, PreviewAudience)] = [
            (.page, Self.audience("click0000000000000000001")),
            (.crawlerCard, Self.audience("click0000000000000000002")),
            (.browserHint, Self.audience("click0000000000000000003")),
            (.page, Self.audience("click0000000000000000004", .android)),
            (.page, Self.audience("click0000000000000000005", .ios, .zh)),
        ]
        for (form, audience) in cases + cases {
            let page = cache.page(form, for: audience, of: link, on: host, router: Self.router)
            #expect(String(buffer: page) == (try Self.rendered(form, audience, link)), "\(form) \(audience)")
        }
        #expect(cache.count.pages == cases.count)
    }

    @Test func anEditedLinkOrAChangedAppIsRenderedAgainAndReplacesItsPage() throws {
        let cache = PreviewPageCache(renderer: try PreviewRenderer())
        let audience = Self.audience("click0000000000000000001"), host = Self.host()
        _ = cache.page(.page, for: audience, of: Self.link(), on: host, router: Self.router)
        let bytes = cache.count.bytes

        let edited = cache.page(.page, for: audience, of: Self.link(title: "Edited"), on: host, router: Self.router)
        #expect(String(buffer: edited).contains("<h1>Edited</h1>"))
        #expect(cache.count.pages == 1)

        var renamed = Self.app
        renamed.name = "Shop Two"
        let reloaded = Self.host(renamed), link = Self.link(title: "Edited", app: renamed)
        let page = cache.page(.page, for: audience, of: link, on: reloaded, router: Self.router)
        #expect(String(buffer: page) == (try Self.rendered(.page, audience, link)))
        #expect(String(buffer: page).contains("Shop Two"))
        // The same host made again is another host: the old one's page stays until the cache starts over.
        #expect(cache.count.pages == 2)
        #expect(cache.count.bytes < 3 * bytes)
    }

    @Test func adHocValuesAreRenderedAndNotKept() throws {
        let cache = PreviewPageCache(renderer: try PreviewRenderer())
        let audience = Self.audience("click0000000000000000001")
        let link = Self.link(adHoc: "from-the-query")
        let page = cache.page(.page, for: audience, of: link, on: Self.host(), router: Self.router)
        #expect(String(buffer: page) == (try Self.rendered(.page, audience, link)))
        #expect(String(buffer: page).contains("from-the-query"))
        #expect(cache.count.pages == 0)
    }

    @Test func pagesStayWithinTheBudget() throws {
        let host = Self.host()
        let one = PreviewPageCache(renderer: try PreviewRenderer())
        _ = one.page(.page, for: Self.audience("click0000000000000000001"), of: Self.link(), on: host, router: Self.router)
        let cache = PreviewPageCache(renderer: try PreviewRenderer(), byteBudget: 3 * one.count.bytes)
        for index in 0..<10 {
            let audience = Self.audience("click000000000000000000\(index)", index.isMultiple(of: 2) ? .ios : .android, index % 4 < 2 ? .en : .zh)
            _ = cache.page(index % 3 == 0 ? .crawlerCard : .page, for: audience, of: Self.link(), on: host, router: Self.router)
            #expect(cache.count.bytes <= cache.byteBudget)
        }
        #expect(cache.count.pages >= 1)
    }
}
