import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import UnilinkAPI
import UnilinkServer

/// LINE's documented escape through a real loopback server: the tap in LINE's web view is
/// handed to the system browser once, that browser's request continues the same click on
/// its ordinary route, and LINE ignoring the escape leads to no loop.
@Suite("In-app browser escapes through the server")
struct InAppEscapeServerTests {
    static let lineIPhone =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.1.0"

    @Test func lineHandsTheTapToTheSystemBrowserOnceAndItIsOneClick() async throws {
        try await TestServer.run(.live) { client in
            let app = try await client.createApp()
            let link = try await client.createLink(#"{"path": "/u/7", "alias": "line", "web_url": "https://www.example.com/u/7"}"#, app: app)
            let escape = try await client.send(.get, "/line", host: "exm.pl", userAgent: Self.lineIPhone, address: "198.51.100.30")
            #expect(escape.status == .found)
            let location = try #require(escape.headers[.location])
            let parts = try #require(URLComponents(string: location))
            let query = Dictionary((parts.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
            // The link on the primary host, where the app's paths are claimed.
            #expect(parts.host == "link.example.com" && parts.path == "/u/7", "\(location)")
            #expect(query["openExternalBrowser"] == "1" && query["ul_escaped"] == "1")
            let clickID = try #require(query["ul_click"])

            // In Safari: the ordinary route (the preview page), the same click continued.
            let safari = try await client.send(
                .get, parts.path + "?" + (parts.percentEncodedQuery ?? ""), host: "link.example.com", userAgent: UA.iPhoneSafari,
                address: "198.51.100.30")
            #expect(safari.status == .ok && safari.text.contains(clickID), "the page carries the escaped click's id")
            // LINE ignoring the escape: its web view asks again with the marker and gets no second escape.
            let again = try await client.send(
                .get, parts.path + "?" + (parts.percentEncodedQuery ?? ""), host: "link.example.com", userAgent: Self.lineIPhone,
                address: "198.51.100.30")
            #expect(again.status == .ok && again.headers[.location] == nil)

            // One person's tap is one click, whose outcome the last step set.
            var stats = try await client.send(.get, "/v1/links/\(try #require(link.id))/stats", bearer: app.secretKey).decode(LinkStats.self)
            for _ in 0..<200 where stats.clicks < 1 {
                try await Task.sleep(for: .milliseconds(50))
                stats = try await client.send(.get, "/v1/links/\(try #require(link.id))/stats", bearer: app.secretKey).decode(LinkStats.self)
            }
            #expect(stats.clicks == 1)
            #expect(stats.bySource == ["line": 1])
        }
    }

    /// The escape carries the A/B variant the LINE tap got: Safari, with another User-Agent
    /// and without LINE's cookie, shows the same variant instead of drawing again.
    @Test func theSystemBrowserKeepsTheVariantTheTapGot() async throws {
        try await TestServer.run(.live) { client in
            let app = try await client.createApp()
            _ = try await client.createLink(
                """
                {"path": "/u/8", "alias": "split", "web_url": "https://www.example.com/u/8",
                 "variants": [{"name": "a", "weight": 1}, {"name": "b", "weight": 1, "destination": {"web_url": "https://www.example.com/b"}}]}
                """, app: app)
            var seen: Set<String> = []
            for last in 1...12 {
                let address = "198.51.100.\(100 + last)"
                let escape = try await client.send(.get, "/split", host: "exm.pl", userAgent: Self.lineIPhone, address: address)
                let location = try #require(escape.headers[.location])
                let parts = try #require(URLComponents(string: location))
                let variant = try #require(parts.queryItems?.first { $0.name == "ul_ab" }?.value, "\(parts)")
                seen.insert(variant)
                let safari = try await client.send(
                    .get, parts.path + "?" + (parts.percentEncodedQuery ?? ""), host: parts.host ?? "", userAgent: UA.iPhoneSafari,
                    address: address)
                #expect(safari.status == .ok)
                #expect(safari.text.contains("ul_ab=\(variant)"), "\(address): the page's button carries the tap's variant")
                #expect(!safari.text.contains("ul_ab=\(variant == "a" ? "b" : "a")"))
            }
            #expect(seen == ["a", "b"], "both arms were drawn for some address")
        }
    }
}
