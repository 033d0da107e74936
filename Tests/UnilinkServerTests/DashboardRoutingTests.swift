import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import UnilinkAPI

@testable import UnilinkServer

/// Routing rules in the dashboard: edited on the link's form as the API's JSON, tried on a
/// visitor before saving, and explained per visitor by the link debugger.
@Suite("Routing rules in the dashboard")
struct DashboardRoutingTests {
    static let rules = """
        [{"name": "German site", "conditions": [{"country": ["DE", "AT"]}, {"language": ["de"]}],
          "destination": {"web_url": "https://www.example.com/de"}},
         {"conditions": [{"device": ["tablet"]}], "destination": {"web_url": "https://www.example.com/tablet"}}]
        """

    static func encoded(_ fields: [(String, String)]) -> ByteBuffer {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return ByteBuffer(
            string: fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed)!)" }.joined(separator: "&"))
    }

    /// What the form shows in a textarea, unescaped as a browser would send it back.
    static func textarea(_ id: String, in page: String) throws -> String {
        let raw = try #require(page.firstMatch(of: try Regex("<textarea id=\"\(id)\"[^>]*>([^<]*)</textarea>"))?.output[1].substring)
        return String(raw).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test func theFormShowsEditsAndKeepsTheRulesAndRefusesABadOneWithoutLosingThem() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let link = try await client.createLink(
                #"{"path": "/p/1", "alias": "one", "web_url": "https://www.example.com/", "rules": \#(Self.rules)}"#, app: shop)
            let linkID = try #require(link.id)
            let session = try await DashboardTests.signIn(client, token: shop.secretKey)
            let headers = DashboardTests.form.merging([.cookie: session.cookie])
            let edit = try await client.execute(uri: "/links/\(linkID)/edit", method: .get, headers: [.cookie: session.cookie])
            let shown = try Self.textarea("rules", in: edit.text)
            #expect(try JSONDecoder().decode([RoutingRuleBody].self, from: Data(shown.utf8)).map(\.name) == ["German site", nil])

            // Saved as shown, with another path: the rules stay (a form without them once dropped them).
            let saved = try await client.execute(
                uri: "/links/\(linkID)", method: .post, headers: headers,
                body: Self.encoded([
                    ("csrf", session.csrf), ("path", "/p/2"), ("alias", "one"), ("web_url", "https://www.example.com/"), ("rules", shown),
                    ("variants", ""),
                ]))
            #expect(saved.status == .seeOther, "\(saved.text)")
            var stored = try await client.send(.get, "/v1/links/\(linkID)", bearer: shop.secretKey).decode(LinkBody.self)
            #expect(stored.path == "/p/2" && stored.rules?.count == 2)

            // A form without the fields (an older page) keeps them too.
            let older = try await client.execute(
                uri: "/links/\(linkID)", method: .post, headers: headers,
                body: Self.encoded([("csrf", session.csrf), ("path", "/p/3"), ("alias", "one"), ("web_url", "https://www.example.com/")]))
            #expect(older.status == .seeOther, "\(older.text)")
            stored = try await client.send(.get, "/v1/links/\(linkID)", bearer: shop.secretKey).decode(LinkBody.self)
            #expect(stored.path == "/p/3" && stored.rules?.count == 2)

            // Refused at the field, with what was typed kept, and nothing stored changes.
            for (typed, message) in [
                ("[{\"conditions\": [", "&#39;rules&#39;: is not valid JSON"),
                (
                    #"[{"conditions": [{"country": ["XX"]}], "destination": {"web_url": "https://www.example.com/x"}}]"#,
                    "rules[0].conditions[0].country[0]"
                ),
                (#"[{"conditions": [{"country": ["DE"]}], "destination": {"web_url": "https://evil.example/"}}]"#, "rules[0].destination.web_url"),
                (#"[{"conditions": {"country": ["DE"]}}]"#, "at [0].conditions: expected"),
            ] {
                let refused = try await client.execute(
                    uri: "/links/\(linkID)", method: .post, headers: headers,
                    body: Self.encoded([("csrf", session.csrf), ("path", "/p/4"), ("alias", "one"), ("rules", typed)]))
                #expect(refused.status == .unprocessableContent, "\(typed): \(refused.status)")
                #expect(refused.text.contains("id=\"rules-error\"") && refused.text.contains(message), "\(typed): \(refused.text)")
                #expect(try Self.textarea("rules", in: refused.text) == typed)
            }
            stored = try await client.send(.get, "/v1/links/\(linkID)", bearer: shop.secretKey).decode(LinkBody.self)
            #expect(stored.path == "/p/3" && stored.rules?.map(\.name) == ["German site", nil])

            // Emptied, they are gone.
            let emptied = try await client.execute(
                uri: "/links/\(linkID)", method: .post, headers: headers,
                body: Self.encoded([("csrf", session.csrf), ("path", "/p/3"), ("alias", "one"), ("rules", " \n"), ("variants", "")]))
            #expect(emptied.status == .seeOther)
            stored = try await client.send(.get, "/v1/links/\(linkID)", bearer: shop.secretKey).decode(LinkBody.self)
            #expect((stored.rules ?? []).isEmpty)
        }
    }

    @Test func aVisitorIsTriedOnTheFormAsTypedAndNothingIsSaved() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let link = try await client.createLink(#"{"path": "/p/1", "alias": "one", "web_url": "https://www.example.com/"}"#, app: shop)
            let linkID = try #require(link.id)
            let session = try await DashboardTests.signIn(client, token: shop.secretKey)
            let headers = DashboardTests.form.merging([.cookie: session.cookie])
            func preview(_ visitor: String, country: String, languages: String, at: String = "") async throws -> String {
                let answer = try await client.execute(
                    uri: "/links/\(linkID)", method: .post, headers: headers,
                    body: Self.encoded([
                        ("csrf", session.csrf), ("path", "/p/1"), ("alias", "one"), ("web_url", "https://www.example.com/"), ("rules", Self.rules),
                        ("intent", "preview"), ("preview_visitor", visitor), ("preview_country", country), ("preview_languages", languages),
                        ("preview_at", at),
                    ]))
                #expect(answer.status == .ok, "\(answer.text)")
                return answer.text
            }
            let german = try await preview("desktop", country: "de", languages: "de-DE,de;q=0.9")
            #expect(german.contains("Desktop browser, from DE, with de-DE first"))
            #expect(german.contains("Rule 1 “German site” holds: web: https://www.example.com/de."))
            #expect(german.contains(">https://www.example.com/de</code>"), "the redirect the rule gives")
            #expect(german.contains("✓ country is DE, AT (visitor: DE)"))

            let american = try await preview("ipad-no-app", country: "US", languages: "en-US", at: "2026-11-27T09:30")
            #expect(american.contains("✗ country is DE, AT (visitor: US)"))
            #expect(american.contains("Rule 2 holds: web: https://www.example.com/tablet."))
            #expect(american.contains("at fri 2026-11-27T09:30 GMT"))

            let nowhere = try await preview("desktop", country: "XX", languages: "")
            #expect(nowhere.contains("&#39;XX&#39; is not an ISO 3166-1 country code") || nowhere.contains("'XX' is not an ISO 3166-1 country code"))
            #expect(
                nowhere.contains("No rule holds: the link&#39;s own destinations.") || nowhere.contains("No rule holds: the link's own destinations.")
            )
            #expect(nowhere.contains(">https://www.example.com/</code>"))

            let stored = try await client.send(.get, "/v1/links/\(linkID)", bearer: shop.secretKey).decode(LinkBody.self)
            #expect((stored.rules ?? []).isEmpty, "a preview saves nothing")
        }
    }

    @Test func theDebuggerSaysWhichRuleHeldForEachVisitorAndWhy() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let link = try await client.createLink(
                #"{"path": "/p/1", "alias": "one", "web_url": "https://www.example.com/", "rules": \#(Self.rules)}"#, app: shop)
            let url = try #require(link.shortURL)
            let session = try await DashboardTests.signIn(client, token: shop.secretKey)
            func debug(_ query: String) async throws -> String {
                let page = try await client.execute(
                    uri: "/debug?url=\(url.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)\(query)", method: .get,
                    headers: [.cookie: session.cookie])
                #expect(page.status == .ok)
                return page.text
            }
            func block(_ id: String, in page: String) throws -> Substring {
                let start = try #require(page.range(of: "id=\"visitor-\(id)\""))
                let rest = page[start.upperBound...]
                return rest[..<(rest.range(of: "</section>")?.lowerBound ?? rest.endIndex)]
            }
            let german = try await debug("&country=DE&languages=de-DE")
            #expect(try block("desktop", in: german).contains("Rule 1 “German site” holds"))
            #expect(try block("desktop", in: german).contains("<code data-url-kind=\"web\">https://www.example.com/de</code>"))
            #expect(try block("ipad-no-app", in: german).contains("Rule 1 “German site” holds"), "the first rule wins over the tablet's")
            #expect(try block("crawler", in: german).contains("Rule 1"))

            let unplaced = try await debug("&languages=de-DE")
            let desktop = try block("desktop", in: unplaced)
            #expect(desktop.contains("No rule holds: the link") && desktop.contains("✗ country is DE, AT (visitor: unknown"))
            #expect(desktop.contains("<code data-url-kind=\"web\">https://www.example.com/</code>"))
            #expect(try block("ipad-no-app", in: unplaced).contains("Rule 2 holds"))

            let bad = try await debug("&country=Germany&at=yesterday")
            #expect(bad.contains("not an ISO 3166-1 country code") && bad.contains("is not a UTC time"))

            // FDL's public page (?d=1) explains the link without the team's rules.
            let publicPage = try await client.send(.get, "/one?d=1", host: "exm.pl", userAgent: UA.windowsChrome)
            #expect(publicPage.status == .ok && !publicPage.text.contains("German site"))
        }
    }

    @Test func theAppFormEditsTheDefaultRulesEveryLinkFollows() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let session = try await DashboardTests.signIn(client, token: TestServer.adminToken)
            let headers = DashboardTests.form.merging([.cookie: session.cookie])
            let fields: [(String, String)] = [
                ("csrf", session.csrf), ("name", "Shop"), ("ios_team_id", "ABCDE12345"), ("ios_bundle_id", "com.example.shop"),
                ("ios_app_store_id", "123456789"), ("ios_scheme", "shop"), ("android_package", "com.example.shop"), ("android_scheme", "shop"),
                ("web_fallback_url", "https://www.example.com/"), ("web_allowed_hosts", "www.example.com"),
                ("domains", "link.example.com primary\nopen.example.com alternate\nexm.pl short"), ("paths", "/u/*\n/p/*"),
            ]
            let tablets =
                #"[{"name": "Tablets", "conditions": [{"device": ["tablet"]}], "destination": {"web_url": "https://www.example.com/tablet"}}]"#
            let refused = try await client.execute(
                uri: "/apps/\(shop.id)", method: .post, headers: headers,
                body: Self.encoded(fields + [("default_rules", tablets.replacingOccurrences(of: "www.example.com/tablet", with: "evil.example/"))]))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("id=\"default_rules-error\"") && refused.text.contains("default_rules[0].destination.web_url"))
            let saved = try await client.execute(
                uri: "/apps/\(shop.id)", method: .post, headers: headers, body: Self.encoded(fields + [("default_rules", tablets)]))
            #expect(saved.status == .seeOther, "\(saved.text)")
            let app = try await client.send(.get, "/v1/apps/\(shop.id)", bearer: TestServer.adminToken).decode(AppBody.self)
            #expect(app.defaultRules?.map(\.name) == ["Tablets"])
            let edit = try await client.execute(uri: "/apps/\(shop.id)/edit", method: .get, headers: [.cookie: session.cookie])
            #expect(try JSONDecoder().decode([RoutingRuleBody].self, from: Data(Self.textarea("default_rules", in: edit.text).utf8)).count == 1)
            _ = try await client.createLink(#"{"path": "/p/1", "alias": "one", "web_url": "https://www.example.com/"}"#, app: shop)
            let iPad = try await client.send(.get, "/one", host: "exm.pl", userAgent: UA.iPadSafari)
            #expect(iPad.headers[.location] == "https://www.example.com/tablet" || iPad.text.contains("https://www.example.com/tablet"))
            // Saved without the field (an older page): kept.
            let older = try await client.execute(uri: "/apps/\(shop.id)", method: .post, headers: headers, body: Self.encoded(fields))
            #expect(older.status == .seeOther)
            let kept = try await client.send(.get, "/v1/apps/\(shop.id)", bearer: TestServer.adminToken).decode(AppBody.self)
            #expect(kept.defaultRules?.count == 1)
        }
    }
}
