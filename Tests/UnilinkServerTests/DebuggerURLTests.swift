import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import UnilinkAPI
import UnilinkCore

@testable import UnilinkServer

/// The link debugger names every URL a visitor is sent to, and each is the URL the real
/// click sends: the debugger's page is read as a browser test would read it (by element
/// id and `data-url-kind`), then compared with the redirect or the preview page the same
/// User-Agent gets.
@Suite("Debugger URLs")
struct DebuggerURLTests {
    static let link = #"{"path": "/u/42", "deep_link_value": "user", "web_url": "https://www.example.com/u/42"}"#

    struct Shown: Equatable {
        var step: String
        var kind: String
        var url: String
    }

    static func unescaped(_ html: Substring) -> String {
        html.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The URLs of one visitor's block, in order.
    static func shown(_ page: String, visitor: String) throws -> [Shown] {
        let start = try #require(page.range(of: #"<section class="visitor" id="visitor-\#(visitor)">"#), "no block for \(visitor)")
        let end = try #require(page[start.upperBound...].range(of: "</section>"))
        let block = page[start.upperBound..<end.lowerBound]
        return block.matches(of: /<li data-step="([^"]+)"><span class="label">[^<]*<\/span> <code data-url-kind="([^"]+)">([^<]*)<\/code>/).map {
            Shown(step: String($0.1), kind: String($0.2), url: unescaped($0.3))
        }
    }

    /// Each click has its own id (in `ul_click` and Play's referrer, encoded or not); the
    /// debugger shows `LinkDebugger.clickID` in its place.
    static func withExampleClickID(_ url: String) -> String {
        url.replacing(/(ul_click=|referrer=|referrer%3D)[A-Za-z0-9]{22}/) { "\($0.1)\(LinkDebugger.clickID)" }
    }

    static func attribute(_ html: String, _ pattern: Regex<(Substring, Substring)>) -> String? {
        html.firstMatch(of: pattern).map { withExampleClickID(unescaped($0.1)) }
    }

    static func debugger(_ client: some TestClientProtocol, url: String) async throws -> String {
        let session = try await DashboardTests.signIn(client, token: TestServer.adminToken)
        let encoded = try #require(url.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let page = try await client.execute(uri: "/debug?url=\(encoded)", method: .get, headers: [.cookie: session.cookie])
        #expect(page.status == .ok, "\(page.text)")
        return page.text
    }

    /// The final walk: the App Store URL for an iPhone visitor, the Play URL with its
    /// referrer and the intent for Android, as the page shows them.
    @Test func thePageNamesTheStoreURLsOfEachPhone() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let created = try await client.createLink(Self.link, app: shop)
            let code = try #require(created.shortURL?.split(separator: "/").last)
            let page = try await Self.debugger(client, url: try #require(created.shortURL))
            let open = "https://open.example.com/u/42?deep_link_value=user&ul_code=\(code)&ul_click=\(LinkDebugger.clickID)"
            let play = "https://play.google.com/store/apps/details?id=com.example.shop&referrer=\(LinkDebugger.clickID)"
            #expect(
                try Self.shown(page, visitor: "iphone-no-app") == [
                    Shown(step: "open-button", kind: "alternate-host", url: open),
                    Shown(step: "store-button", kind: "app-store", url: "https://apps.apple.com/app/id123456789"),
                    Shown(step: "web-button", kind: "web", url: "https://www.example.com/u/42"),
                    Shown(step: "alternate-redirect", kind: "app-store", url: "https://apps.apple.com/app/id123456789"),
                ])
            let android = try Self.shown(page, visitor: "android-no-app")
            #expect(android.first { $0.step == "store-button" } == Shown(step: "store-button", kind: "play-store", url: play))
            #expect(
                android.first { $0.kind == "intent" }?.url
                    == "intent://open.example.com/u/42?deep_link_value=user&ul_code=\(code)#Intent;scheme=https;package=com.example.shop;"
                    + "S.browser_fallback_url=https%3A%2F%2Fplay.google.com%2Fstore%2Fapps%2Fdetails%3Fid%3Dcom.example.shop%26referrer%3D\(LinkDebugger.clickID);end"
            )
            #expect(android.last == Shown(step: "intent-fallback", kind: "play-store", url: play))
            // A web view's block names the row of in-app-browsers.json the router read; Zalo's launches no intent.
            #expect(page.contains(#"<p class="muted in-app">In-app browser table: zalo on android: "#))
            #expect(try Self.shown(page, visitor: "zalo-android").allSatisfy { $0.kind != "intent" })
            #expect(try Self.shown(page, visitor: "android-no-app").contains { $0.kind == "intent" })
            // Each URL has its copy button, and the user agent is folded away.
            #expect(page.contains(#"data-copy="https://apps.apple.com/app/id123456789">Copy</button>"#))
            #expect(page.contains(#"<details><summary>User agent</summary><code class="agent">\#(DebugVisitor.iPhone)</code></details>"#))
        }
    }

    /// For every visitor the debugger plays without the app, the real click with its
    /// User-Agent: the redirect's Location, or the preview page's buttons (and where the
    /// open button's request on the alternate host goes), or the crawler's tags, equal
    /// the debugger's URLs.
    @Test func theDebuggersURLsAreWhatTheRealClickSends() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let created = try await client.createLink(Self.link, app: shop)
            let code = try #require(created.shortURL?.split(separator: "/").last)
            let page = try await Self.debugger(client, url: try #require(created.shortURL))
            var compared = 0
            for visitor in DebugVisitor.all where !visitor.hasApp && !visitor.knownInstalled {
                let shown = try Self.shown(page, visitor: visitor.id)
                compared += shown.count
                let real = try await client.send(.get, "/\(code)", host: "exm.pl", userAgent: visitor.userAgent)
                if real.status == .found {
                    let location = try #require(real.headers[.location])
                    #expect(shown.filter { $0.step == "redirect" }.map(\.url) == [Self.withExampleClickID(location)], "\(visitor.id)")
                    continue
                }
                #expect(real.status == .ok, "\(visitor.id)")
                if visitor.id == "crawler" {
                    var tags: [String] = []
                    for name in ["og:url", "al:ios:url", "al:android:url", "al:web:url"] {
                        let tag = try Regex(#"<meta property="\#(name)" content="([^"]*)">"#, as: (Substring, Substring).self)
                        if let value = Self.attribute(real.text, tag) { tags.append(value) }
                    }
                    #expect(shown.map(\.url) == tags, "\(visitor.id)")
                    continue
                }
                let buttons = [
                    ("open-button", /id="open" href="([^"]*)"/), ("store-button", /id="store" href="([^"]*)"/),
                    ("web-button", /id="web" href="([^"]*)"/),
                ]
                let hrefs = buttons.compactMap { step, pattern in Self.attribute(real.text, pattern).map { (step, $0) } }
                #expect(shown.filter { $0.step.hasSuffix("-button") }.map { "\($0.step) \($0.url)" } == hrefs.map { "\($0) \($1)" }, "\(visitor.id)")
                // The tap on the open button: a request on the alternate host with the page's own click id.
                let open = try #require(real.text.firstMatch(of: /id="open" href="([^"]*)"/).map { Self.unescaped($0.1) })
                let target = try #require(URLComponents(string: open))
                let next = try await client.send(
                    .get, target.percentEncodedPath + "?" + (target.percentEncodedQuery ?? ""), host: target.host, userAgent: visitor.userAgent)
                let shownNext = shown.filter { $0.step == "alternate-redirect" }.map(\.url)
                if next.status == .found {
                    #expect(shownNext == [Self.withExampleClickID(try #require(next.headers[.location]))], "\(visitor.id)")
                } else {
                    #expect(shownNext.isEmpty, "\(visitor.id): the alternate host answered \(next.status)")
                }
            }
            // Ten visitors: a redirect, buttons with their next step, or the crawler's tags.
            #expect(compared >= 30, "only \(compared) URLs shown")
        }
    }

    /// FDL's public `?d=1` page shows the same URLs, without the recent clicks.
    @Test func firebasesDebugPageShowsTheSameURLs() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let created = try await client.createLink(Self.link, app: shop)
            let code = try #require(created.shortURL?.split(separator: "/").last)
            let signedIn = try await Self.debugger(client, url: try #require(created.shortURL))
            let publicPage = try await client.send(.get, "/\(code)?d=1", host: "exm.pl", userAgent: UA.iPhoneSafari)
            #expect(publicPage.status == .ok && !publicPage.text.contains("Recent clicks"))
            for visitor in DebugVisitor.all {
                #expect(try Self.shown(publicPage.text, visitor: visitor.id) == Self.shown(signedIn, visitor: visitor.id), "\(visitor.id)")
            }
            let fdl = try await client.send(
                .get,
                "/?link=https%3A%2F%2Fwww.example.com%2Fitem%2F7&ifl=https%3A%2F%2Fwww.example.com%2Fios&afl=https%3A%2F%2Fwww.example.com%2Fandroid&d=1",
                host: "exm.pl", userAgent: UA.windowsChrome)
            #expect(fdl.status == .ok)
            #expect(
                try Self.shown(fdl.text, visitor: "iphone-no-app").last
                    == Shown(step: "alternate-redirect", kind: "ifl", url: "https://www.example.com/ios"))
            #expect(
                try Self.shown(fdl.text, visitor: "android-no-app").last
                    == Shown(step: "intent-fallback", kind: "afl", url: "https://www.example.com/android"))
            #expect(
                try Self.shown(fdl.text, visitor: "desktop") == [Shown(step: "redirect", kind: "fdl-link", url: "https://www.example.com/item/7")])
        }
    }

    /// A host whose association file does not claim the link says which component failed.
    @Test func anUnclaimedHostSaysWhy() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let created = try await client.createLink(#"{"path": "/help/faq", "web_url": "https://www.example.com/help"}"#, app: shop)
            let page = try await Self.debugger(client, url: try #require(created.shortURL))
            let rows = page.matches(of: /<div class="claim" data-decision="([^"]+)"><strong>([^<]+)<\/strong>.*?<span class="reason">([^<]*)<\/span>/)
                .map {
                    (decision: String($0.1), host: String($0.2), reason: Self.unescaped($0.3))
                }
            let primary = try #require(rows.first { $0.host == "link.example.com" })
            #expect(primary.decision == "exclude" && primary.reason.contains("(exclude: true)") && primary.reason.contains("/help/*"), "\(primary)")
            let short = try #require(rows.first { $0.host == "exm.pl" })
            #expect(short.decision == "match", "\(short)")

            let unclaimed = try await client.createLink(#"{"path": "/x/1", "web_url": "https://www.example.com/x"}"#, app: shop)
            let second = try await Self.debugger(client, url: try #require(unclaimed.shortURL))
            let reasons = second.matches(of: /<strong>([^<]+)<\/strong> · [^<]+ · <strong>no_match<\/strong>.*?<span class="reason">([^<]*)<\/span>/)
                .map {
                    "\($0.1): \(Self.unescaped($0.2))"
                }
            let why = #"the path /x/1 matches no "/" pattern: the patterns are /help/* (exclude), /u/*, /p/*"#
            #expect(reasons == ["link.example.com: \(why)", "open.example.com: \(why)"])
        }
    }
}
