import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import UnilinkAPI
import UnilinkServer

/// Routing rules and A/B tests through a real loopback server: the click goes where the
/// rule says, a refused rule loses nothing, a visitor keeps their variant, and an install
/// from a variant's click counts for it.
@Suite("Routing rules and A/B tests through the server")
struct RoutingRulesServerTests {
    static let germanDesktop = HTTPFields([.init(name: .acceptLanguage, value: "de-DE,de;q=0.9,en;q=0.5")])

    @Test func aClickGoesWhereTheFirstRuleThatHoldsSays() async throws {
        try await TestServer.run(.live) { client in
            let app = try await client.createApp()
            _ = try await client.createLink(
                """
                {"path": "/u/1", "alias": "sale", "web_url": "https://www.example.com/sale",
                 "rules": [
                   {"name": "German", "conditions": [{"language": ["de"]}], "destination": {"web_url": "https://www.example.com/de/sale"}},
                   {"conditions": [{"query": {"name": "src", "equals": "print"}}], "destination": {"desktop_url": "https://www.example.com/print"}}
                 ]}
                """, app: app)
            let german = try await client.send(.get, "/sale", host: "exm.pl", userAgent: UA.windowsChrome, headers: Self.germanDesktop)
            #expect(german.headers[.location] == "https://www.example.com/de/sale")
            let english = try await client.send(.get, "/sale", host: "exm.pl", userAgent: UA.windowsChrome)
            #expect(english.headers[.location] == "https://www.example.com/sale")
            let printed = try await client.send(.get, "/sale?src=print", host: "exm.pl", userAgent: UA.windowsChrome)
            #expect(printed.headers[.location] == "https://www.example.com/print")
            // The app's default rules come after the link's own, for every link.
            let patched = try await client.send(
                .patch, "/v1/apps/\(app.id)",
                json: #"{"default_rules": [{"conditions": [{"device": ["desktop"]}], "destination": {"web_url": "https://www.example.com/desk"}}]}"#,
                bearer: TestServer.adminToken)
            #expect(patched.status == .ok, "\(patched.text)")
            _ = try await client.createLink(#"{"path": "/u/2", "alias": "plain"}"#, app: app)
            let plain = try await client.send(.get, "/plain", host: "exm.pl", userAgent: UA.windowsChrome)
            #expect(plain.headers[.location] == "https://www.example.com/desk")
            let stillGerman = try await client.send(.get, "/sale", host: "exm.pl", userAgent: UA.windowsChrome, headers: Self.germanDesktop)
            #expect(stillGerman.headers[.location] == "https://www.example.com/de/sale")
        }
    }

    /// A rule on the short link's query holds for the whole click: the preview's button
    /// carries the decision to the alternate host, whose URL has no `src` (a rule for links
    /// without one would hold there). A place the rules no longer have is tested again.
    @Test func aQueryRuleHoldsThroughThePreviewsButton() async throws {
        try await TestServer.run(.live) { client in
            let app = try await client.createApp()
            _ = try await client.createLink(
                """
                {"path": "/u/1", "alias": "qr",
                 "rules": [
                   {"conditions": [{"query": {"name": "src", "equals": "print"}}], "destination": {"ios_url": "https://www.example.com/print"}},
                   {"conditions": [{"query": {"name": "src"}, "negate": true}], "destination": {"ios_url": "https://www.example.com/no-src"}}
                 ]}
                """, app: app)
            for (query, carried, expected) in [
                ("?src=print", "ul_rule=0", "https://www.example.com/print"), ("", "ul_rule=1", "https://www.example.com/no-src"),
                ("?src=mail", "ul_rule=none", "https://apps.apple.com/app/id123456789"),
            ] {
                let page = try await client.send(.get, "/qr\(query)", host: "exm.pl", userAgent: UA.iPhoneSafari)
                let button = try #require(page.text.firstMatch(of: /id="open" href="https?:\/\/([^\/"]+)([^"]*)"/))
                let target = String(button.2).replacingOccurrences(of: "&amp;", with: "&")
                #expect(target.contains(carried) && !target.contains("src="), "\(target)")
                let tap = try await client.send(.get, target, host: String(button.1), userAgent: UA.iPhoneSafari)
                #expect(tap.headers[.location] == expected, "\(query): \(target)")
                if query == "?src=print" {
                    let stale = target.replacingOccurrences(of: carried, with: "ul_rule=7")
                    let tested = try await client.send(.get, stale, host: String(button.1), userAgent: UA.iPhoneSafari)
                    #expect(tested.headers[.location] == "https://www.example.com/no-src", "a rule the link does not have: tested again")
                }
            }
        }
    }

    /// Country and region rules against a real MaxMind database built by MaxMind's own
    /// writer: a visitor from Berlin's network gets the German page, one from California's
    /// the American, one from a network the database does not know the link's own.
    @Test(.enabled(GeoLocatorTests.reason) { await GeoLocatorTests.runsHere() })
    func countryAndRegionRulesFollowTheDatabase() async throws {
        var settings = TestServer.settings()
        settings.geoipDatabase = try await GeoLocatorTests.database().path
        try await TestServer.run(.live, settings: settings) { client in
            let app = try await client.createApp()
            _ = try await client.createLink(
                """
                {"path": "/u/1", "alias": "where", "web_url": "https://www.example.com/",
                 "rules": [
                   {"conditions": [{"region": ["US-CA"]}], "destination": {"web_url": "https://www.example.com/california"}},
                   {"conditions": [{"country": ["DE", "AT", "CH"]}], "destination": {"web_url": "https://www.example.com/de"}},
                   {"conditions": [{"country": ["US"], "negate": true}, {"platform": ["desktop"]}], "destination": {"web_url": "https://www.example.com/world"}}
                 ]}
                """, app: app)
            for (address, expected) in [
                ("192.0.2.1", "https://www.example.com/de"), ("198.51.100.7", "https://www.example.com/california"),
                ("203.0.113.9", "https://www.example.com/world"), ("2001:db8:1::1", "https://www.example.com/world"),
                ("100.64.0.1", "https://www.example.com/"),
            ] {
                let click = try await client.send(.get, "/where", host: "exm.pl", userAgent: UA.windowsChrome, address: address)
                #expect(click.headers[.location] == expected, "\(address)")
            }
        }
    }

    /// A rule naming a country that does not exist, or sending people off the allow-list:
    /// 422 naming the rule and its field, and the link keeps what it had.
    @Test func aRefusedRuleNamesItsFieldAndLosesNothing() async throws {
        try await TestServer.run(.live) { client in
            let app = try await client.createApp()
            let link = try await client.createLink(
                #"{"path": "/u/1", "rules": [{"conditions": [{"platform": ["ios"]}], "destination": {"web_url": "https://www.example.com/ios"}}]}"#,
                app: app)
            let id = try #require(link.id)
            for (body, field) in [
                (
                    #"{"rules": [{"conditions": [{"country": ["XX"]}], "destination": {"web_url": "https://www.example.com/x"}}]}"#,
                    "rules[0].conditions[0].country[0]"
                ),
                (
                    #"{"rules": [{"conditions": [{"platform": ["ios"]}], "destination": {"web_url": "https://www.example.com/x"}}, {"conditions": [{"platform": ["android"]}], "destination": {"web_url": "https://evil.example.net/"}}]}"#,
                    "rules[1].destination.web_url"
                ),
                (#"{"variants": [{"name": "a", "weight": 1}]}"#, "variants"),
                (
                    #"{"variants": [{"name": "a", "weight": 1, "destination": {"ios_url": "https://evil.example.net/"}}, {"name": "b", "weight": 1}]}"#,
                    "variants[0].destination.ios_url"
                ),
            ] {
                let refused = try await client.send(.patch, "/v1/links/\(id)", json: body, bearer: app.secretKey)
                #expect(refused.status == .unprocessableContent, "\(body): \(refused.text)")
                #expect(refused.text.contains("'\(field)'"), "\(refused.text)")
            }
            let kept = try await client.send(.get, "/v1/links/\(id)", bearer: app.secretKey).decode(LinkBody.self)
            #expect(kept.rules == link.rules && kept.rules?.count == 1)
            #expect(kept.variants == [])
        }
    }

    /// Two variants, half and half: a first click is given one and its cookie, the next
    /// click with the cookie keeps it; an iPhone's click in variant b that installs gives
    /// the install (and its opens) to b, and the deferred answer says so.
    @Test func aVisitorKeepsTheirVariantAndTheirInstallCountsForIt() async throws {
        try await TestServer.run(.live) { client in
            let (app, _) = try await DeferredTests.setUp(client)
            let link = try await client.createLink(
                """
                {"path": "/u/9", "alias": "test", "web_url": "https://www.example.com/a",
                 "variants": [{"name": "a", "weight": 1},
                              {"name": "b", "weight": 1, "destination": {"web_url": "https://www.example.com/b", "ios_url": "https://www.example.com/b-ios"}}]}
                """, app: app)
            let code = try #require(link.code)
            let first = try await client.send(.get, "/test", host: "exm.pl", userAgent: UA.windowsChrome, address: "198.51.100.70")
            let cookie = try #require(first.headers[.setCookie])
            let variant = try #require(cookie.firstMatch(of: /^ul_ab_([A-Za-z0-9]+)=([ab]);/))
            #expect(variant.1 == code)
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))
            #expect(first.headers[.location] == "https://www.example.com/\(variant.2)")
            for address in ["198.51.100.71", "198.51.100.72", "198.51.100.73"] {
                let again = try await client.send(
                    .get, "/test", host: "exm.pl", userAgent: UA.windowsChrome, address: address,
                    headers: [.cookie: "other=1; ul_ab_\(code)=\(variant.2)"])
                #expect(again.headers[.location] == first.headers[.location])
                #expect(again.headers[.setCookie] == nil)
            }
            // A link preview's crawler and a HEAD check take no part: no variant, no cookie.
            let crawler = try await client.send(.get, "/test", host: "exm.pl", userAgent: UA.facebookCrawler, address: "198.51.100.74")
            #expect(crawler.status == .ok && crawler.headers[.setCookie] == nil)
            let head = try await client.send(.head, "/test", host: "exm.pl", userAgent: UA.windowsChrome, address: "198.51.100.75")
            #expect(head.headers[.setCookie] == nil)
            // An iPhone held in b by its cookie goes to the store and installs. The preview's
            // button carries b to the alternate host, which the short host's cookie never
            // reaches: from any address it gives b's store page, not the control's.
            let page = try await client.send(
                .get, "/test", host: "exm.pl", userAgent: UA.iPhoneSafari, address: "198.51.100.80", headers: [.cookie: "ul_ab_\(code)=b"])
            let clickID = String(try #require(page.text.firstMatch(of: /name="unilink:click-id" content="([A-Za-z0-9]{22})"/)?.1))
            let button = try #require(page.text.firstMatch(of: /id="open" href="https?:\/\/([^\/"]+)([^"]*)"/))
            #expect(button.2.contains("ul_ab=b"))
            for last in 90..<98 {
                let tap = try await client.send(
                    .get, String(button.2).replacingOccurrences(of: "&amp;", with: "&"), host: String(button.1), userAgent: UA.iPhoneSafari,
                    address: "198.51.100.\(last)")
                #expect(tap.headers[.location] == "https://www.example.com/b-ios")
            }
            let signals = #"{"screen_width": 393, "screen_height": 852, "screen_scale": 3, "time_zone": "Europe/Berlin", "languages": ["de-DE"]}"#
            #expect(try await client.send(.post, "/v1/clicks/\(clickID)/signals", json: signals).status == .noContent)
            let found = try await DeferredTests.deferred(client, app: app, install: "install-ab-0001", address: "198.51.100.80").decode(
                DeepLinkResultBody.self)
            #expect(found.deepLink?.clickID == clickID)
            #expect(found.deepLink?.variant == "b")
            let open = #"{"install_id": "install-ab-0001", "type": "open", "click_id": "\#(clickID)"}"#
            #expect(try await client.send(.post, "/v1/sdk/events", json: open, headers: [DeferredTests.key: app.publishableKey]).status == .accepted)
            // An app that reports its install before asking for its deferred link: the match
            // attributes that install, to the link and to b.
            let second = try await client.send(
                .get, "/test", host: "exm.pl", userAgent: UA.iPhoneSafari, address: "198.51.100.81", headers: [.cookie: "ul_ab_\(code)=b"])
            let secondID = String(try #require(second.text.firstMatch(of: /name="unilink:click-id" content="([A-Za-z0-9]{22})"/)?.1))
            #expect(try await client.send(.post, "/v1/clicks/\(secondID)/signals", json: signals).status == .noContent)
            let early = #"{"install_id": "install-ab-0002", "type": "install"}"#
            #expect(try await client.send(.post, "/v1/sdk/events", json: early, headers: [DeferredTests.key: app.publishableKey]).status == .accepted)
            let matched = try await DeferredTests.deferred(client, app: app, install: "install-ab-0002", address: "198.51.100.81").decode(
                DeepLinkResultBody.self)
            #expect(matched.deepLink?.clickID == secondID && matched.deepLink?.variant == "b")
            // The recorder writes clicks in batches: wait until the report has them all.
            var report = VariantReportBody(linkID: "", variants: [])
            for _ in 0..<100 {
                report = try await client.send(.get, "/v1/links/\(try #require(link.id))/variants", bearer: app.secretKey).decode(
                    VariantReportBody.self)
                if report.variants.map(\.clicks).reduce(0, +) == 6 { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(report.variants.map(\.name) == ["a", "b"])
            let b = try #require(report.variants.last)
            #expect(b.installs == 2 && b.opens == 1)
            #expect(report.variants.map(\.clicks).reduce(0, +) == 6)
            #expect(b.verdict == "too_small")
            // The link's page shows the test, and says a country rule cannot hold without a database.
            let patched = try await client.send(
                .patch, "/v1/links/\(try #require(link.id))",
                json:
                    #"{"rules": [{"name": "Swiss", "conditions": [{"country": ["CH"]}], "destination": {"web_url": "https://www.example.com/ch"}}]}"#,
                bearer: app.secretKey)
            #expect(patched.status == .ok, "\(patched.text)")
            let (session, _) = try await DashboardTests.signIn(client, token: TestServer.adminToken)
            let linkPage = try await client.execute(uri: "/links/\(try #require(link.id))", method: .get, headers: [.cookie: session])
            #expect(linkPage.status == .ok)
            let variants = try #require(linkPage.text.firstMatch(of: /<table id="variants">(.*?)<\/table>/.dotMatchesNewlines())?.1)
            #expect(variants.contains("<th scope=\"row\">b</th><td>1</td>") && variants.contains("too few clicks or installs to tell"), "\(variants)")
            #expect(linkPage.text.contains("country is CH") && linkPage.text.contains("web: https://www.example.com/ch"))
            #expect(linkPage.text.contains(#"id="country-unavailable""#))
        }
    }

    /// People's clicks counted by country (from a database built by MaxMind's writer) and by
    /// the rule that gave the destination, in the link's and the app's numbers and on the
    /// link's page; a robot's click in neither, and no address kept.
    @Test(.enabled(GeoLocatorTests.reason) { await GeoLocatorTests.runsHere() })
    func clicksAreCountedByCountryAndByRule() async throws {
        var settings = TestServer.settings()
        settings.geoipDatabase = try await GeoLocatorTests.database().path
        try await TestServer.run(.live, settings: settings) { client in
            let app = try await client.createApp()
            let patched = try await client.send(
                .patch, "/v1/apps/\(app.id)",
                json:
                    #"{"default_rules": [{"name": "Phones", "conditions": [{"device": ["phone"]}], "destination": {"web_url": "https://www.example.com/phone"}}]}"#,
                bearer: TestServer.adminToken)
            #expect(patched.status == .ok, "\(patched.text)")
            let link = try await client.createLink(
                """
                {"path": "/u/1", "alias": "where", "web_url": "https://www.example.com/",
                 "rules": [
                   {"name": "German", "conditions": [{"country": ["DE"]}], "destination": {"web_url": "https://www.example.com/de"}},
                   {"conditions": [{"country": ["JP", "FR"]}], "destination": {"web_url": "https://www.example.com/world"}}
                 ]}
                """, app: app)
            _ = try await client.createLink(#"{"path": "/u/2", "alias": "plain", "web_url": "https://www.example.com/"}"#, app: app)
            let linkID = try #require(link.id)
            for (address, agent, path) in [
                ("192.0.2.1", UA.windowsChrome, "/where"), ("192.0.2.77", UA.windowsChrome, "/where"), ("198.51.100.7", UA.windowsChrome, "/where"),
                ("203.0.113.9", UA.windowsChrome, "/where"), ("2001:db8:1::1", UA.windowsChrome, "/where"),
                ("100.64.0.1", UA.windowsChrome, "/where"),
                ("198.51.100.8", UA.iPhoneSafari, "/where"), ("203.0.113.10", UA.windowsChrome, "/plain"),
                ("192.0.2.5", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", "/where"),
            ] {
                let click = try await client.send(.get, path, host: "exm.pl", userAgent: agent, address: address)
                #expect(click.status == .found || click.status == .ok, "\(address)")
            }
            // The recorder writes clicks in batches: wait until the numbers have them all.
            var stats = try await client.send(.get, "/v1/links/\(linkID)/stats", bearer: app.secretKey).decode(LinkStats.self)
            for _ in 0..<200 where stats.byCountry.values.reduce(0, +) < 7 {
                try await Task.sleep(for: .milliseconds(50))
                stats = try await client.send(.get, "/v1/links/\(linkID)/stats", bearer: app.secretKey).decode(LinkStats.self)
            }
            #expect(stats.clicks == 7)
            // Slackbot's fetch from Germany (192.0.2.5) is no person's click.
            #expect(stats.byCountry == ["DE": 2, "US": 2, "JP": 1, "FR": 1, "unknown": 1])
            #expect(
                stats.byRule == [
                    RuleClicks(rule: 1, name: "German", fromApp: false, clicks: 2), RuleClicks(rule: 2, name: nil, fromApp: false, clicks: 2),
                    RuleClicks(rule: 1, name: "Phones", fromApp: true, clicks: 1), RuleClicks(rule: nil, name: nil, fromApp: false, clicks: 2),
                ])
            var numbers = try await client.send(.get, "/v1/apps/\(app.id)/stats", bearer: app.secretKey).decode(AppStats.self)
            for _ in 0..<200 where numbers.byCountry.values.reduce(0, +) < 8 {
                try await Task.sleep(for: .milliseconds(50))
                numbers = try await client.send(.get, "/v1/apps/\(app.id)/stats", bearer: app.secretKey).decode(AppStats.self)
            }
            #expect(numbers.byCountry == ["DE": 2, "US": 2, "JP": 2, "FR": 1, "unknown": 1])
            #expect(
                numbers.byRule == [RuleClicks(rule: 1, name: "Phones", fromApp: true, clicks: 1)], "the app's own rules only, by their own number")

            let (session, _) = try await DashboardTests.signIn(client, token: TestServer.adminToken)
            let page = try await client.execute(uri: "/links/\(linkID)", method: .get, headers: [.cookie: session])
            #expect(page.text.contains("By country") && page.text.contains("Germany (DE)") && page.text.contains("not in the database"))
            #expect(page.text.contains("By routing rule") && page.text.contains("rule 1 “German”") && page.text.contains("app rule 1 “Phones”"))
        }
    }
}
